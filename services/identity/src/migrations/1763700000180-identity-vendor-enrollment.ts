import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Vendor enrollment: invites (only the SHA-256 of a token is kept; 14 days; single use), the vendor
 * organisations an enrollment makes, and users.vendor_id for the organisation's VENDOR user (such users
 * take no user licence).
 */
export class IdentityVendorEnrollment1763700000180 implements MigrationInterface {
  name = 'IdentityVendorEnrollment1763700000180';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.vendor_organisations (
        vendor_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES identity.teams(team_id) ON DELETE CASCADE,
        name text NOT NULL,
        vendor_type text NULL CHECK (vendor_type IN ('Attorney', 'Mortgage', 'Title')),
        address_1 text NOT NULL,
        address_2 text NULL,
        city text NOT NULL,
        state text NOT NULL,
        postal_code text NOT NULL,
        logo_path text NULL,
        created_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX vendor_organisations_team_idx ON identity.vendor_organisations (team_id)`);
    // token_hash is not unique on its own: the demo seed re-issues its well-known token as a new invite
    // once the last one is spent; a lookup takes the newest row of a hash.
    await q.query(`
      CREATE TABLE identity.vendor_invites (
        invite_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES identity.teams(team_id) ON DELETE CASCADE,
        token_hash text NOT NULL,
        email text NULL,
        name text NULL,
        vendor_type text NULL CHECK (vendor_type IN ('Attorney', 'Mortgage', 'Title')),
        created_by_agent_id integer NULL REFERENCES identity.users(agent_id) ON DELETE SET NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_ts timestamptz NULL,
        revoked_ts timestamptz NULL,
        vendor_id integer NULL REFERENCES identity.vendor_organisations(vendor_id) ON DELETE SET NULL,
        seeded boolean NOT NULL DEFAULT false
      )`);
    await q.query(`CREATE INDEX vendor_invites_token_idx ON identity.vendor_invites (token_hash, invite_id DESC)`);
    await q.query(`CREATE INDEX vendor_invites_team_idx ON identity.vendor_invites (team_id, created_ts DESC)`);
    await q.query(
      `ALTER TABLE identity.users ADD COLUMN vendor_id integer NULL REFERENCES identity.vendor_organisations(vendor_id) ON DELETE SET NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE identity.users DROP COLUMN vendor_id`);
    await q.query(`DROP TABLE identity.vendor_invites`);
    await q.query(`DROP TABLE identity.vendor_organisations`);
  }
}
