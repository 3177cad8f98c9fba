import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SkySlope transaction sync (spec 002 section 2.6): the latest row of each transaction as its events carry it, and one
 * sync row per (team, transaction) with SkySlope's guid, the last synced version and payload hash, the
 * result and its reason. The sync row is written before a file is created (create_started_ts, the agent
 * used), so a retry can find and adopt a file whose create answered but was never recorded.
 */
export class SkySlopeTransactionSync1763700000530 implements MigrationInterface {
  name = 'SkySlopeTransactionSync1763700000530';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations_sync.skyslope_transactions (
        client_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        version integer NOT NULL,
        -- false while the row holds only what a status-changed or closed event added to an older full row
        complete boolean NOT NULL DEFAULT true,
        row jsonb NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX skyslope_transactions_team_idx ON integrations_sync.skyslope_transactions (team_id, client_id)`);
    await q.query(`
      CREATE TABLE integrations_sync.skyslope_sync (
        team_id integer NOT NULL,
        client_id integer PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('sale','listing')),
        guid text,
        synced_version integer,
        payload_hash text,
        contacts_sent text[] NOT NULL DEFAULT '{}',
        result text NOT NULL CHECK (result IN ('pending','synced','retrying','failed')),
        reason text,
        create_started_ts timestamptz,
        create_agent_guid text,
        last_synced_ts timestamptz,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // Sync Activity: the team's rows, latest first; requeueing a team's failed rows.
    await q.query(`CREATE INDEX skyslope_sync_team_idx ON integrations_sync.skyslope_sync (team_id, updated_ts DESC, client_id DESC)`);
    await q.query(`CREATE INDEX skyslope_sync_team_failed_idx ON integrations_sync.skyslope_sync (team_id) WHERE result = 'failed'`);
    // The first office save queues the backfill once.
    await q.query(`ALTER TABLE integrations_sync.skyslope_settings ADD COLUMN backfill_queued_ts timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE integrations_sync.skyslope_settings DROP COLUMN backfill_queued_ts`);
    await q.query(`DROP TABLE integrations_sync.skyslope_sync`);
    await q.query(`DROP TABLE integrations_sync.skyslope_transactions`);
  }
}
