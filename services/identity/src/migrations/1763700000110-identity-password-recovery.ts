import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Captchas of the recovery form and password reset keys; both keep only a hash of the secret. */
export class IdentityPasswordRecovery1763700000110 implements MigrationInterface {
  name = 'IdentityPasswordRecovery1763700000110';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.captchas (
        id text PRIMARY KEY,
        answer_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX captchas_expires_idx ON identity.captchas (expires_at)`);
    await q.query(`
      CREATE TABLE identity.password_reset_keys (
        id uuid PRIMARY KEY,
        agent_id integer NOT NULL REFERENCES identity.users(agent_id) ON DELETE CASCADE,
        key_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        requested_ip text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_reset_keys_agent_idx ON identity.password_reset_keys (agent_id)`);
    await q.query(`CREATE INDEX password_reset_keys_expires_idx ON identity.password_reset_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE identity.password_reset_keys`);
    await q.query(`DROP TABLE identity.captchas`);
  }
}
