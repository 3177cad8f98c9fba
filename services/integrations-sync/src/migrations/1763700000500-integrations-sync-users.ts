import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * integrations-sync's copy of identity's users (identity.user.created / .updated): what SkySlope user
 * matching reads (the team's active users by email, and a user's own skyslope_agent_guid).
 */
export class IntegrationsSyncUsers1763700000500 implements MigrationInterface {
  name = 'IntegrationsSyncUsers1763700000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE integrations_sync.users (
        agent_id integer PRIMARY KEY,
        team_id integer NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        status text NOT NULL CHECK (status IN ('active','inactive')),
        roles text[] NOT NULL,
        skyslope_agent_guid text,
        source_occurred_at timestamptz NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // Matching reads a team's active users by email, case and spaces aside.
    await q.query(`CREATE INDEX users_team_email_idx ON integrations_sync.users (team_id, lower(btrim(email))) WHERE status = 'active'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE integrations_sync.users`);
  }
}
