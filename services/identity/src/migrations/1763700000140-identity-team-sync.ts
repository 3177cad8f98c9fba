import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * team-admin owns the team's settings (issue "Administration area"); identity keeps the name and the
 * team's notification switches from its events. The revisions let a late, older event be ignored.
 */
export class IdentityTeamSync1763700000140 implements MigrationInterface {
  name = 'IdentityTeamSync1763700000140';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE identity.teams
        ADD COLUMN settings_revision integer NOT NULL DEFAULT 0,
        ADD COLUMN notification_settings_revision integer NOT NULL DEFAULT 0`);
    // Team names are chosen by each team in Team Settings: two brokerages may share one.
    await q.query(`DROP INDEX identity.teams_name_key`);
    await q.query(`CREATE INDEX teams_name_idx ON identity.teams (lower(name))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX identity.teams_name_idx`);
    await q.query(`CREATE UNIQUE INDEX teams_name_key ON identity.teams (lower(name))`);
    await q.query(`ALTER TABLE identity.teams DROP COLUMN settings_revision, DROP COLUMN notification_settings_revision`);
  }
}
