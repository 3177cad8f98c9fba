import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactions service's copy of identity's vendor organisations (identity.vendor.enrolled), for its
 * vendor options (label: name, logo_path).
 */
export class TransactionsVendorsReadCopy1763700000285 implements MigrationInterface {
  name = 'TransactionsVendorsReadCopy1763700000285';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.vendors (
        vendor_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        agent_id integer NOT NULL,
        name text NOT NULL,
        vendor_type text NULL,
        logo_path text NULL,
        enrolled_ts timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX vendors_team_name_idx ON transactions.vendors (team_id, lower(name))`);
    await q.query(
      `COMMENT ON TABLE transactions.vendors IS 'Read copy of identity vendor organisations (identity.vendor.enrolled) for vendor options'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions.vendors`);
  }
}
