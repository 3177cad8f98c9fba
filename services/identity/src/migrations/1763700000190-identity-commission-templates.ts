import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * identity's copy of each team's commission template ids per side (transactions.commission-templates.changed,
 * the team's whole list with a revision): the admin user form refuses a default template that is not the
 * team's. An older revision is ignored.
 */
export class IdentityCommissionTemplates1763700000190 implements MigrationInterface {
  name = 'IdentityCommissionTemplates1763700000190';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.commission_templates (
        team_id integer PRIMARY KEY,
        revision integer NOT NULL,
        buyer_ids integer[] NOT NULL DEFAULT '{}',
        seller_ids integer[] NOT NULL DEFAULT '{}',
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `COMMENT ON TABLE identity.commission_templates IS 'Read copy of the transactions service''s commission template ids per team and side'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.commission_templates`);
  }
}
