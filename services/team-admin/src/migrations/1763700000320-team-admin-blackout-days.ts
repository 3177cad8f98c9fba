import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Blackout days: predefined (a weekday or a US federal holiday, by key) or custom (a label and a date). */
export class TeamAdminBlackoutDays1763700000320 implements MigrationInterface {
  name = 'TeamAdminBlackoutDays1763700000320';

  async up(q: QueryRunner): Promise<void> {
    // sort_order is the option's position (Sunday 0 .. Saturday 6; holidays in calendar order); 0 for custom days.
    await q.query(`
      CREATE TABLE team_admin.team_blackout_days (
        team_blackout_day_id serial PRIMARY KEY,
        team_id integer NOT NULL REFERENCES team_admin.teams(team_id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('holiday', 'weekday', 'custom')),
        predefined_day_key text,
        day_label text,
        day_date date,
        sort_order smallint NOT NULL DEFAULT 0,
        created_ts timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'custom') = (predefined_day_key IS NULL)),
        CHECK ((kind = 'custom') = (day_date IS NOT NULL AND day_label IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX team_blackout_days_key_key ON team_admin.team_blackout_days (team_id, predefined_day_key) WHERE predefined_day_key IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX team_blackout_days_date_key ON team_admin.team_blackout_days (team_id, day_date) WHERE day_date IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE team_admin.team_blackout_days`);
  }
}
