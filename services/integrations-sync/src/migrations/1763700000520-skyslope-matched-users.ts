import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The team's users matched to a SkySlope user (spec 002 section 2.6), written by the matching job; SkySlope's name and email kept for the choices. */
export class SkySlopeMatchedUsers1763700000520 implements MigrationInterface {
  name = 'SkySlopeMatchedUsers1763700000520';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations_sync.matched_users (
        team_id integer NOT NULL,
        agent_id integer NOT NULL,
        guid text NOT NULL,
        matching_email text NOT NULL,
        skyslope_first_name text NOT NULL DEFAULT '',
        skyslope_last_name text NOT NULL DEFAULT '',
        matched_ts timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, agent_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE integrations_sync.matched_users`);
  }
}
