import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Contacts and merge (spec 001): a merged status pointing at the survivor, custom fields (the merge
 * dialog's dynamic fields), the count of linked transactions kept by triggers on the links (the
 * list sorts by it), quick-search columns and one index per sort.
 */
export class Contacts1763700000250 implements MigrationInterface {
  name = 'Contacts1763700000250';

  private readonly sorts: Record<string, string> = {
    first_name: 'lower(first_name), lower(last_name)',
    last_name: 'lower(last_name), lower(first_name)',
    email: 'lower(email)',
    mobile_phone: 'mobile_phone',
    address_1: 'lower(address_1)',
    address_2: 'lower(address_2)',
    city: 'lower(city)',
    state: 'lower(state)',
    postal_code: 'postal_code',
    lead_type_id: 'lead_type_id',
    client_transaction_count: 'client_transaction_count',
    status: 'status',
  };

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE transactions.contacts DROP CONSTRAINT contacts_status_check`);
    await q.query(
      `ALTER TABLE transactions.contacts ADD CONSTRAINT contacts_status_check CHECK (status IN ('active','inactive','merged'))`,
    );
    await q.query(
      `ALTER TABLE transactions.contacts ADD COLUMN merged_into_contact_id integer REFERENCES transactions.contacts (contact_id)`,
    );
    await q.query(
      `ALTER TABLE transactions.contacts ADD CONSTRAINT contacts_merged_has_survivor CHECK ((status = 'merged') = (merged_into_contact_id IS NOT NULL))`,
    );
    await q.query(`ALTER TABLE transactions.contacts ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '{}'`);
    await q.query(`ALTER TABLE transactions.contacts ADD COLUMN client_transaction_count integer NOT NULL DEFAULT 0`);
    await q.query(`
      ALTER TABLE transactions.contacts
        ADD COLUMN search_text text GENERATED ALWAYS AS (
          lower(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || address_1 || ' ' || address_2 || ' ' || city || ' ' || state || ' ' || postal_code)
        ) STORED,
        ADD COLUMN phone_digits text GENERATED ALWAYS AS (regexp_replace(coalesce(mobile_phone, ''), '[^0-9]', '', 'g')) STORED`);
    await q.query(`
      UPDATE transactions.contacts c SET client_transaction_count = n.count
        FROM (SELECT contact_id, count(*)::int AS count FROM transactions.transaction_contacts GROUP BY contact_id) n
       WHERE n.contact_id = c.contact_id`);

    // The links keep the count: one statement-level trigger per change (the seed links thousands at once).
    await q.query(`
      CREATE FUNCTION transactions.contact_links_counted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          UPDATE transactions.contacts c SET client_transaction_count = c.client_transaction_count - o.n
            FROM (SELECT contact_id, count(*)::int AS n FROM old_links GROUP BY contact_id) o WHERE o.contact_id = c.contact_id;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          UPDATE transactions.contacts c SET client_transaction_count = c.client_transaction_count + i.n
            FROM (SELECT contact_id, count(*)::int AS n FROM new_links GROUP BY contact_id) i WHERE i.contact_id = c.contact_id;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER contact_links_inserted AFTER INSERT ON transactions.transaction_contacts
        REFERENCING NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION transactions.contact_links_counted()`);
    await q.query(`
      CREATE TRIGGER contact_links_deleted AFTER DELETE ON transactions.transaction_contacts
        REFERENCING OLD TABLE AS old_links FOR EACH STATEMENT EXECUTE FUNCTION transactions.contact_links_counted()`);
    await q.query(`
      CREATE TRIGGER contact_links_updated AFTER UPDATE ON transactions.transaction_contacts
        REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links FOR EACH STATEMENT EXECUTE FUNCTION transactions.contact_links_counted()`);

    // One index per sort (team first, the id last as the tie-break), the filters and quick search.
    await q.query(`DROP INDEX transactions.contacts_team_name_idx`);
    for (const [name, expression] of Object.entries(this.sorts)) {
      await q.query(`CREATE INDEX contacts_sort_${name}_idx ON transactions.contacts (team_id, ${expression}, contact_id)`);
    }
    await q.query(
      `CREATE INDEX contacts_team_agent_idx ON transactions.contacts (team_id, agent_id, lower(first_name), lower(last_name), contact_id)`,
    );
    await q.query(`CREATE INDEX contacts_team_lead_type_idx ON transactions.contacts (team_id, lead_type_id)`);
    await q.query(
      `CREATE INDEX contacts_merged_into_idx ON transactions.contacts (merged_into_contact_id) WHERE merged_into_contact_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX contacts_search_trgm_idx ON transactions.contacts USING gin (search_text public.gin_trgm_ops)`);
    await q.query(`CREATE INDEX contacts_phone_trgm_idx ON transactions.contacts USING gin (phone_digits public.gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions.contacts_phone_trgm_idx`);
    await q.query(`DROP INDEX transactions.contacts_search_trgm_idx`);
    await q.query(`DROP INDEX transactions.contacts_merged_into_idx`);
    await q.query(`DROP INDEX transactions.contacts_team_lead_type_idx`);
    await q.query(`DROP INDEX transactions.contacts_team_agent_idx`);
    for (const name of Object.keys(this.sorts)) await q.query(`DROP INDEX transactions.contacts_sort_${name}_idx`);
    await q.query(
      `CREATE INDEX contacts_team_name_idx ON transactions.contacts (team_id, lower(first_name), lower(last_name), contact_id)`,
    );
    await q.query(`DROP TRIGGER contact_links_updated ON transactions.transaction_contacts`);
    await q.query(`DROP TRIGGER contact_links_deleted ON transactions.transaction_contacts`);
    await q.query(`DROP TRIGGER contact_links_inserted ON transactions.transaction_contacts`);
    await q.query(`DROP FUNCTION transactions.contact_links_counted()`);
    await q.query(
      `ALTER TABLE transactions.contacts DROP COLUMN phone_digits, DROP COLUMN search_text, DROP COLUMN client_transaction_count, DROP COLUMN custom_fields`,
    );
    await q.query(`ALTER TABLE transactions.contacts DROP CONSTRAINT contacts_merged_has_survivor`);
    await q.query(`ALTER TABLE transactions.contacts DROP COLUMN merged_into_contact_id`);
    await q.query(`UPDATE transactions.contacts SET status = 'inactive' WHERE status = 'merged'`);
    await q.query(`ALTER TABLE transactions.contacts DROP CONSTRAINT contacts_status_check`);
    await q.query(`ALTER TABLE transactions.contacts ADD CONSTRAINT contacts_status_check CHECK (status IN ('active','inactive'))`);
  }
}
