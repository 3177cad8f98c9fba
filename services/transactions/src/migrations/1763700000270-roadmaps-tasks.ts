import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roadmap templates and tasks (spec 001): templates and their steps (seeded, read-only), the roadmaps
 * assigned to transactions, tasks with their due-date rules, the team calendar of blackout days (from
 * team-admin.blackout-days.changed) and the snapshot view every task event is built from.
 */
export class RoadmapsTasks1763700000270 implements MigrationInterface {
  name = 'RoadmapsTasks1763700000270';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transactions.roadmap_templates (
        rtc_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        name text NOT NULL,
        client_type char(1) CHECK (client_type IN ('b','s'))
      )`);
    await q.query(`CREATE UNIQUE INDEX roadmap_templates_team_name_key ON transactions.roadmap_templates (team_id, lower(name))`);
    await q.query(`
      CREATE TABLE transactions.roadmap_steps (
        rtc_id integer NOT NULL REFERENCES transactions.roadmap_templates (rtc_id) ON DELETE CASCADE,
        step integer NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        task_type char(1) CHECK (task_type = 'N'),
        trigger text NOT NULL CHECK (trigger IN ('assigned','signed_dt','under_contract_dt','est_close_dt','closed_dt')),
        offset_days integer NOT NULL,
        -- primary_agent, tc, or a user (assignee_agent_id).
        assignee text NOT NULL CHECK (assignee IN ('primary_agent','tc','user')),
        assignee_agent_id integer CHECK ((assignee = 'user') = (assignee_agent_id IS NOT NULL)),
        doc_type_id integer,
        PRIMARY KEY (rtc_id, step)
      )`);
    await q.query(`
      CREATE TABLE transactions.transaction_roadmaps (
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        rtc_id integer NOT NULL REFERENCES transactions.roadmap_templates (rtc_id),
        -- The 'assigned' trigger: the day it was assigned, in the team's time zone.
        assigned_dt date NOT NULL,
        created_ts timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (client_id, rtc_id)
      )`);

    // The team's blackout days, as team-admin resolved them; applied_revision is the last one the
    // recompute job finished, so a worker that starts finds a change it has not applied yet.
    await q.query(`
      CREATE TABLE transactions.team_calendars (
        team_id integer PRIMARY KEY,
        revision integer NOT NULL,
        weekdays integer[] NOT NULL DEFAULT '{}',
        dates date[] NOT NULL DEFAULT '{}',
        applied_revision integer NOT NULL DEFAULT 0,
        updated_ts timestamptz NOT NULL DEFAULT now()
      )`);

    // The first day from d (d itself included) that is neither a blacked-out weekday nor a blacked-out
    // date, looking 366 days ahead; d itself when none is free.
    await q.query(`
      CREATE FUNCTION transactions.off_blackout(d date, weekdays integer[], dates date[]) RETURNS date
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN d IS NULL THEN NULL
          WHEN cardinality(weekdays) = 0 AND cardinality(dates) = 0 THEN d
          -- Most dates are free: no look-ahead for them.
          WHEN NOT (extract(dow FROM d)::int = ANY (weekdays)) AND NOT (d = ANY (dates)) THEN d
          ELSE coalesce((SELECT d + i FROM generate_series(1, 366) AS i
                          WHERE NOT (extract(dow FROM d + i)::int = ANY (weekdays)) AND NOT ((d + i) = ANY (dates))
                          ORDER BY i LIMIT 1), d)
        END
      $$`);

    await q.query(`
      CREATE TABLE transactions.tasks (
        task_id serial PRIMARY KEY,
        team_id integer NOT NULL,
        client_id integer NOT NULL REFERENCES transactions.transactions (client_id) ON DELETE CASCADE,
        name text NOT NULL,
        dscr text NOT NULL DEFAULT '',
        task_type char(1) CHECK (task_type = 'N'),
        status_id smallint NOT NULL DEFAULT 1 CHECK (status_id BETWEEN 1 AND 4),
        -- The date before any blackout move (a roadmap's trigger date plus offset, or the one set by hand).
        original_due_dt date,
        -- original_due_dt moved off blackout days while the task is open.
        due_dt date,
        due_source text NOT NULL DEFAULT 'manual' CHECK (due_source IN ('roadmap','manual')),
        rtc_id integer REFERENCES transactions.roadmap_templates (rtc_id),
        step integer,
        trigger text CHECK (trigger IN ('assigned','signed_dt','under_contract_dt','est_close_dt','closed_dt')),
        offset_days integer,
        on_roadmap boolean NOT NULL DEFAULT false,
        assigned_to_agent_id integer,
        previous_assigned_to_agent_id integer,
        doc_type_id integer,
        doc_id integer,
        pinned_on_boards boolean NOT NULL DEFAULT false,
        completed_ts timestamptz,
        version integer NOT NULL DEFAULT 1,
        created_ts timestamptz NOT NULL DEFAULT now(),
        updated_ts timestamptz NOT NULL DEFAULT now(),
        done boolean GENERATED ALWAYS AS (status_id IN (3, 4)) STORED
      )`);
    // A transaction's tasks by due date (no due last); a team's; a roadmap's tasks; an assignee's tasks; the
    // recompute job's open dated tasks of a team.
    await q.query(`CREATE INDEX tasks_client_due_idx ON transactions.tasks (client_id, due_dt NULLS LAST, task_id)`);
    await q.query(`CREATE INDEX tasks_client_roadmap_idx ON transactions.tasks (client_id, rtc_id) WHERE rtc_id IS NOT NULL`);
    await q.query(`CREATE INDEX tasks_team_due_idx ON transactions.tasks (team_id, due_dt NULLS LAST, task_id)`);
    await q.query(`CREATE INDEX tasks_assignee_idx ON transactions.tasks (assigned_to_agent_id, due_dt NULLS LAST, task_id)`);
    await q.query(
      `CREATE INDEX tasks_team_open_dated_idx ON transactions.tasks (team_id, task_id) WHERE NOT done AND original_due_dt IS NOT NULL`,
    );

    await q.query(`
      CREATE VIEW transactions.task_snapshots AS
      SELECT k.task_id, k.team_id, k.version, jsonb_build_object(
        'task_id', k.task_id, 'client_id', k.client_id, 'team_id', k.team_id, 'name', k.name, 'task_type', k.task_type,
        'status_id', k.status_id, 'done', k.done, 'due_dt', k.due_dt,
        'assigned_to_agent_id', k.assigned_to_agent_id, 'previous_assigned_to_agent_id', k.previous_assigned_to_agent_id,
        'doc_type_id', k.doc_type_id, 'version', k.version
      ) AS payload
      FROM transactions.tasks k`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW transactions.task_snapshots`);
    await q.query(`DROP TABLE transactions.tasks`);
    await q.query(`DROP FUNCTION transactions.off_blackout(date, integer[], date[])`);
    await q.query(`DROP TABLE transactions.team_calendars`);
    await q.query(`DROP TABLE transactions.transaction_roadmaps`);
    await q.query(`DROP TABLE transactions.roadmap_steps`);
    await q.query(`DROP TABLE transactions.roadmap_templates`);
  }
}
