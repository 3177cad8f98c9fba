import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-sign requests whose Update Transaction values were applied to their transaction (spec 002,
 * ApplyEsignFieldChangesWhenUpdateRequested): one row per request, so a re-published
 * esign.transaction-fields.update-requested (a new event id, the same request) changes nothing. The row keeps what
 * was written and what was left out (with why), for support.
 */
export class EsignFieldUpdates1763700000370 implements MigrationInterface {
  name = 'EsignFieldUpdates1763700000370';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.esign_field_updates (
        esig_request_id integer PRIMARY KEY,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        changed text[] NOT NULL DEFAULT '{}',
        left_out jsonb NOT NULL DEFAULT '[]',
        applied_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX esign_field_updates_client_idx ON transactions.esign_field_updates (client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE transactions.esign_field_updates`);
  }
}
