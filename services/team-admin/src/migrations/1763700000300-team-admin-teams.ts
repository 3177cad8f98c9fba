import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Team settings (one row per team, created from identity.team.provisioned) and team notification switches. */
export class TeamAdminTeams1763700000300 implements MigrationInterface {
  name = 'TeamAdminTeams1763700000300';

  async up(q: QueryRunner): Promise<void> {
    // team_id comes from identity (no sequence here). Each *_revision counts the changes of one event stream.
    await q.query(`
      CREATE TABLE team_admin.teams (
        team_id integer PRIMARY KEY,
        name text NOT NULL,
        address_1 text,
        address_2 text,
        city text,
        state text,
        postal_code text,
        timezone text,
        logo_path text,
        message_template text,
        settings_revision integer NOT NULL DEFAULT 0,
        notification_settings_revision integer NOT NULL DEFAULT 0,
        blackout_days_revision integer NOT NULL DEFAULT 0,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    // A missing row means enabled (the default); notification ids are NOTIFICATION_CATALOGUE's.
    await q.query(`
      CREATE TABLE team_admin.team_notification_settings (
        team_id integer NOT NULL REFERENCES team_admin.teams(team_id) ON DELETE CASCADE,
        notification_id integer NOT NULL,
        enabled boolean NOT NULL,
        updated_ts timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, notification_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE team_admin.team_notification_settings`);
    await q.query(`DROP TABLE team_admin.teams`);
  }
}
