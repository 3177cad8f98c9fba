import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * team-admin keeps a team's settings from identity.team.provisioned, which identity publishes when it
 * creates a team. Teams created before that event existed are announced once here, through the outbox
 * in this migration's transaction (the consumer ignores a team it already has).
 */
export class IdentityProvisionExistingTeams1763700000150 implements MigrationInterface {
  name = 'IdentityProvisionExistingTeams1763700000150';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO identity.outbox (id, type, team_id, version, payload, occurred_at)
      SELECT gen_random_uuid(), 'identity.team.provisioned', t.team_id, 1,
             jsonb_build_object('team_id', t.team_id, 'name', t.name, 'market_id', t.market_id), now()
        FROM identity.teams t`);
  }

  async down(): Promise<void> {
    // Events already sent cannot be taken back; team-admin's rows stay.
  }
}
