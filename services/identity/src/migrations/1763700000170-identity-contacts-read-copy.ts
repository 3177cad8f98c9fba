import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * identity's small copy of the transactions service's contacts (transactions.contact.* events): who
 * each contact belongs to and whether it is active, so users.client_count can be recounted. version
 * is the contact row's: a late, older event is ignored.
 */
export class IdentityContactsReadCopy1763700000170 implements MigrationInterface {
  name = 'IdentityContactsReadCopy1763700000170';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.contacts (
        contact_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        agent_id integer NULL,
        status text NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(`CREATE INDEX contacts_agent_id_idx ON identity.contacts (agent_id)`);
    await q.query(`COMMENT ON TABLE identity.contacts IS 'Read copy of transactions contacts (owner, status) for users.client_count'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.contacts`);
  }
}
