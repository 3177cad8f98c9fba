import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Draft clean-up: a draft sent as a request is no longer deleted but marked (sent_ts and the request's id, in the
 * request's database transaction), so that a second send of it answers 409 rather than sending twice; the worker's
 * esign-remove-old-drafts deletes sent drafts a day after sending and unsent drafts not updated for
 * ESIGN_DRAFT_RETENTION_DAYS. Both walks are by age, each on an index of its own drafts.
 */
export class EsignDraftCleanup1763700002500 implements MigrationInterface {
  name = 'EsignDraftCleanup1763700002500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE esign.drafts ADD COLUMN sent_ts timestamptz, ADD COLUMN esig_request_id integer`);
    // Unsent drafts by last update (abandoned ones), sent drafts by sending time.
    await q.query(`CREATE INDEX drafts_unsent_updated_idx ON esign.drafts (updated_ts) WHERE sent_ts IS NULL`);
    await q.query(`CREATE INDEX drafts_sent_idx ON esign.drafts (sent_ts) WHERE sent_ts IS NOT NULL`);
    // Replaced by the partial index above (the only query walking drafts by age leaves sent ones out).
    await q.query(`DROP INDEX esign.drafts_updated_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX drafts_updated_idx ON esign.drafts (updated_ts)`);
    await q.query(`DROP INDEX esign.drafts_sent_idx`);
    await q.query(`DROP INDEX esign.drafts_unsent_updated_idx`);
    // Sent drafts were deleted before this migration: going back deletes them.
    await q.query(`DELETE FROM esign.drafts WHERE sent_ts IS NOT NULL`);
    await q.query(`ALTER TABLE esign.drafts DROP COLUMN esig_request_id, DROP COLUMN sent_ts`);
  }
}
