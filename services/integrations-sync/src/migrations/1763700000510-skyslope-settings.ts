import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team's SkySlope connection (spec 002 section 2.6): its Access Key and Secret encrypted with AES-256-GCM (the team id
 * as additional data; the key version inside each value), its commission preferences, office and primary agent.
 */
export class SkySlopeSettings1763700000510 implements MigrationInterface {
  name = 'SkySlopeSettings1763700000510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations_sync.skyslope_settings (
        team_id integer PRIMARY KEY,
        access_key_encrypted text,
        access_secret_encrypted text,
        prefs jsonb NOT NULL DEFAULT '{}',
        office_guid text,
        primary_agent_guid text,
        updated_by integer,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE integrations_sync.skyslope_settings`);
  }
}
