import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Display Mode's figures (spec 002): yearly goals per team and agent, the team's slide
 * configuration, and the activity feed the transactions service writes in the changing database
 * transaction (a transaction created, a milestone reached, a task completed).
 */
export class Dashboards1763700000340 implements MigrationInterface {
  name = 'Dashboards1763700000340';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.goals (
        goal_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        year integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
        metric text NOT NULL CHECK (metric IN ('appointments_set','appointments_met','signed','under_contract','closed','closed_volume','closed_gci')),
        -- null: the team's own goal.
        agent_id integer,
        value numeric(14,2) NOT NULL CHECK (value >= 0),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX goals_key ON transactions.goals (team_id, year, metric, coalesce(agent_id, 0))`);
    // The revision of each team's goals, carried by transactions.goals.changed.
    await q.query(`CREATE TABLE transactions.goal_revisions (team_id integer PRIMARY KEY, revision integer NOT NULL)`);
    await q.query(`
      CREATE TABLE transactions.display_configs (
        team_id integer PRIMARY KEY,
        slides jsonb NOT NULL,
        default_dashboard_id integer NOT NULL CHECK (default_dashboard_id IN (7, 9)),
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE transactions.activities (
        activity_id bigserial PRIMARY KEY,
        team_id integer NOT NULL,
        -- Whom it is about: the transaction's primary agent, the task's assignee (null: nobody).
        agent_id integer,
        client_id integer REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        task_id integer,
        kind text NOT NULL CHECK (kind IN ('created','appt_set','appt_met','signed','under_contract','closed','task_completed')),
        text text NOT NULL,
        ts timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX activities_team_ts_idx ON transactions.activities (team_id, ts DESC, activity_id DESC)`);
    await q.query(`CREATE INDEX activities_agent_ts_idx ON transactions.activities (agent_id, ts DESC, activity_id DESC)`);
    await q.query(`CREATE INDEX activities_client_idx ON transactions.activities (client_id)`);
    // The leaderboard's appointments set are credited to the setter; the ISA scopes read them too.
    await q.query(
      `CREATE INDEX transactions_appt_setter_idx ON transactions.transactions (appt_set_by_agent_id) WHERE appt_set_by_agent_id IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX transactions.transactions_appt_setter_idx`);
    await q.query(`DROP TABLE transactions.activities`);
    await q.query(`DROP TABLE transactions.display_configs`);
    await q.query(`DROP TABLE transactions.goal_revisions`);
    await q.query(`DROP TABLE transactions.goals`);
  }
}
