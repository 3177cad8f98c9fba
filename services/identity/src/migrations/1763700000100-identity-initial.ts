import type { MigrationInterface, QueryRunner } from 'typeorm';

export class IdentityInitial1763700000100 implements MigrationInterface {
  name = 'IdentityInitial1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.teams (
        team_id serial PRIMARY KEY,
        name text NOT NULL,
        market_id integer NOT NULL DEFAULT 0,
        permissions text[] NOT NULL DEFAULT '{}',
        user_licenses_total integer NOT NULL DEFAULT 0,
        esign_seats_total integer NOT NULL DEFAULT 0,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX teams_name_key ON identity.teams (lower(name))`);
    await q.query(`
      CREATE TABLE identity.users (
        agent_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES identity.teams(team_id),
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        mobile_phone text,
        alternate_email text,
        address_1 text, address_2 text, city text, state text, postal_code text,
        timezone text,
        default_landing_page text NOT NULL DEFAULT 'SNAPSHOT',
        business_entity text,
        notes text,
        brokerage_cap_amt numeric(12,2), royalty_cap_amt numeric(12,2),
        brokerage_cap_anniversary_dt date, royalty_cap_anniversary_dt date,
        brokerage_pct numeric(5,2), agent_pct numeric(5,2),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active','inactive')),
        roles text[] NOT NULL,
        permissions text[] NOT NULL DEFAULT '{}',
        profile_image_path text,
        leader_board_exclude boolean NOT NULL DEFAULT false,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        last_access_ts timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON identity.users (lower(email))`);
    await q.query(`CREATE INDEX users_team_status_idx ON identity.users (team_id, status)`);
    await q.query(`
      CREATE TABLE identity.refresh_tokens (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL,
        agent_id integer NOT NULL REFERENCES identity.users(agent_id),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        rotated_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        ip text,
        user_agent text
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON identity.refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_agent_idx ON identity.refresh_tokens (agent_id)`);
    await q.query(`
      CREATE TABLE identity.login_history (
        id bigserial PRIMARY KEY,
        agent_id integer REFERENCES identity.users(agent_id),
        team_id integer,
        email text NOT NULL,
        success boolean NOT NULL,
        ip text,
        user_agent text,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX login_history_agent_idx ON identity.login_history (agent_id, created_ts DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.login_history`);
    await q.query(`DROP TABLE identity.refresh_tokens`);
    await q.query(`DROP TABLE identity.users`);
    await q.query(`DROP TABLE identity.teams`);
  }
}
