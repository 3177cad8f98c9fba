import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_TEAM_TIMEZONE, TASK_STATUS } from '@app/contracts';
import type { TableRow } from '@app/database';
import { EventOutbox } from '@app/events';
import { PINNED_AFTER, PLACEMENT_SQL, type BoardPlacement } from '../boards/board-placement';
import { returned } from '../common/returned';
import { ActivityWriter } from '../dashboards/activity-writer';

/** A task added by hand. Dates are 'YYYY-MM-DD'. */
export interface NewTask {
  team_id: number;
  client_id: number;
  name: string;
  dscr: string;
  due_dt: string | null;
  assigned_to_agent_id: number | null;
  doc_type_id: number | null;
}

/** The columns a task update may set (the caller checked them). due_dt is 'YYYY-MM-DD' or null, set by hand. */
export interface TaskChanges {
  status_id?: number;
  due_dt?: string | null;
  assigned_to_agent_id?: number;
  name?: string;
  dscr?: string;
  doc_id?: number | null;
  /** A card's place on the task board (sets pinned_on_boards and its order). */
  board?: BoardPlacement;
}

/** Today in a team's time zone (`team` is the SQL of its id). */
export const teamTodaySql = (team: string) =>
  `(now() AT TIME ZONE coalesce((SELECT tm.timezone FROM transactions.teams tm WHERE tm.team_id = ${team}), '${DEFAULT_TEAM_TIMEZONE}'))::date`;

/** The date a roadmap trigger names: the roadmap's assigned day, or the transaction's (t) date. */
const triggerDateSql = (trigger: string, assignedDt: string) =>
  `(CASE ${trigger} WHEN 'assigned' THEN ${assignedDt} WHEN 'signed_dt' THEN t.signed_dt WHEN 'under_contract_dt' THEN t.under_contract_dt
                    WHEN 'est_close_dt' THEN t.est_close_dt WHEN 'closed_dt' THEN t.closed_dt END)`;

/**
 * The due date of open tasks chosen by `filter` (SQL over k, the tasks), recomputed: a roadmap task's is
 * its trigger date plus offset_days (none without a trigger date), a hand-set one stays; then moved off
 * the team's blackout days. Only rows whose dates change are written (the version up when `bump`: not when
 * the change that caused it raised it already). Answers task_id, client_id.
 */
const redueSql = (filter: string, bump: boolean) => `
  WITH b AS (
    SELECT k.task_id,
           CASE WHEN k.due_source = 'roadmap' THEN
             ${triggerDateSql('k.trigger', 'r.assigned_dt')} + k.offset_days
           ELSE k.original_due_dt END AS base,
           coalesce(cal.weekdays, '{}') AS weekdays, coalesce(cal.dates, '{}') AS dates
      FROM transactions.tasks k
      JOIN transactions.transactions t ON t.client_id = k.client_id
      LEFT JOIN transactions.transaction_roadmaps r ON r.client_id = k.client_id AND r.rtc_id = k.rtc_id
      LEFT JOIN transactions.team_calendars cal ON cal.team_id = k.team_id
     WHERE NOT k.done AND ${filter}
  ), n AS (SELECT task_id, base, transactions.off_blackout(base, weekdays, dates) AS due FROM b)
  UPDATE transactions.tasks k SET original_due_dt = n.base, due_dt = n.due, version = k.version + ${bump ? 1 : 0}, updated_ts = now()
    FROM n
   WHERE k.task_id = n.task_id AND (k.original_due_dt IS DISTINCT FROM n.base OR k.due_dt IS DISTINCT FROM n.due)
  RETURNING k.task_id, k.client_id`;

/** The Completed task status (the activity feed records each completion). */
const TASK_COMPLETED = TASK_STATUS.completed;

const TASK_EVENTS_SQL = `SELECT team_id, payload FROM transactions.task_snapshots WHERE task_id = ANY($1::int[])`;

const unique = (ids: readonly number[]) => [...new Set(ids)];

/**
 * Every write of tasks and roadmaps goes through here: the rows, their due dates, the transactions'
 * counters and every event (transactions.task.*, and transactions.transaction.updated when a
 * transaction's counters move), all in the caller's database transaction, one statement per step
 * whatever the number of rows.
 */
@Injectable()
export class TaskWriter {
  constructor(private readonly outbox: EventOutbox) {}

  /** Adds a task by hand (due_source manual); answers its id. */
  async create(manager: EntityManager, task: NewTask): Promise<number> {
    const [row]: Pick<TableRow<'transactions.tasks'>, 'task_id'>[] = await manager.query(
      `INSERT INTO transactions.tasks (team_id, client_id, name, dscr, original_due_dt, due_dt, due_source, assigned_to_agent_id, doc_type_id)
       VALUES ($1, $2, $3, $4, $5, $5, 'manual', $6, $7) RETURNING task_id`,
      [task.team_id, task.client_id, task.name, task.dscr, task.due_dt, task.assigned_to_agent_id, task.doc_type_id],
    );
    await this.redue(manager, 'k.task_id = ANY($1::int[])', [[row.task_id]], { publish: false });
    await this.outbox.publishEach(manager, 'transactions.task.created', TASK_EVENTS_SQL, [[row.task_id]]);
    await this.settle(manager, [task.client_id]);
    return row.task_id;
  }

  /**
   * Applies changes to one task: only what differs is written, the version goes up once, the due date
   * follows (a hand-set date makes it manual; reopening recomputes it), then the event and the
   * transaction's counters. Answers the changed fields (empty: nothing changed, no event).
   */
  async update(manager: EntityManager, taskId: number, changes: TaskChanges): Promise<{ changed: string[]; version: number }> {
    // The dates are read with to_char: 'YYYY-MM-DD' text.
    const [old]: (Pick<
      TableRow<'transactions.tasks'>,
      'client_id' | 'status_id' | 'due_source' | 'assigned_to_agent_id' | 'name' | 'dscr' | 'doc_id' | 'version'
    > & {
      due_dt: string | null;
      original_due_dt: string | null;
    })[] = await manager.query(
      `SELECT client_id, status_id, to_char(due_dt, 'YYYY-MM-DD') AS due_dt, to_char(original_due_dt, 'YYYY-MM-DD') AS original_due_dt,
                due_source, assigned_to_agent_id, name, dscr, doc_id, version
           FROM transactions.tasks WHERE task_id = $1 FOR UPDATE`,
      [taskId],
    );
    if (!old) throw new Error(`task ${taskId} does not exist`);
    const assignments: string[] = [];
    const params: unknown[] = [taskId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const changed: string[] = [];
    if (changes.status_id !== undefined && changes.status_id !== old.status_id) {
      changed.push('status_id');
      const status = param(changes.status_id);
      assignments.push(
        `status_id = ${status}::int`,
        `completed_ts = CASE WHEN ${status}::int IN (3, 4) THEN coalesce(completed_ts, now()) ELSE NULL END`,
      );
    }
    // A date set by hand replaces the roadmap's; the same date sent again changes nothing.
    if (changes.due_dt !== undefined && (changes.due_dt !== old.original_due_dt || old.due_source !== 'manual')) {
      changed.push('due_dt');
      const due = param(changes.due_dt);
      assignments.push(`original_due_dt = ${due}::date`, `due_dt = ${due}::date`, `due_source = 'manual'`);
    }
    if (changes.assigned_to_agent_id !== undefined && changes.assigned_to_agent_id !== old.assigned_to_agent_id) {
      changed.push('assigned_to_agent_id');
      assignments.push(
        `previous_assigned_to_agent_id = assigned_to_agent_id`,
        `assigned_to_agent_id = ${param(changes.assigned_to_agent_id)}`,
      );
    }
    for (const key of ['name', 'dscr', 'doc_id'] as const) {
      if (changes[key] !== undefined && changes[key] !== old[key]) {
        changed.push(key);
        assignments.push(`${key} = ${param(changes[key])}`);
      }
    }
    if (changes.board) {
      changed.push('pinned_on_boards');
      assignments.push(`pinned_on_boards = ${param(PINNED_AFTER[changes.board])}`, PLACEMENT_SQL[changes.board]);
    }
    if (changed.length === 0) return { changed, version: old.version };
    await manager.query(
      `UPDATE transactions.tasks SET ${assignments.join(', ')}, version = version + 1, updated_ts = now() WHERE task_id = $1`,
      params,
    );
    if (changes.status_id === TASK_COMPLETED && old.status_id !== TASK_COMPLETED) await ActivityWriter.tasksCompleted(manager, [taskId]);
    await this.redue(manager, 'k.task_id = ANY($1::int[])', [[taskId]], { publish: false });
    await this.outbox.publishEach(manager, 'transactions.task.updated', TASK_EVENTS_SQL, [[taskId]]);
    await this.settle(manager, [old.client_id]);
    const [{ version }]: Pick<TableRow<'transactions.tasks'>, 'version'>[] = await manager.query(
      `SELECT version FROM transactions.tasks WHERE task_id = $1`,
      [taskId],
    );
    return { changed, version };
  }

  /** Deletes tasks (their events carry their last state), then the transactions' counters. */
  async remove(manager: EntityManager, taskIds: readonly number[]): Promise<void> {
    if (taskIds.length === 0) return;
    await this.outbox.publishEach(manager, 'transactions.task.deleted', TASK_EVENTS_SQL, [unique(taskIds)]);
    const rows = returned<{ client_id: number }>(
      await manager.query(`DELETE FROM transactions.tasks WHERE task_id = ANY($1::int[]) RETURNING client_id`, [unique(taskIds)]),
    );
    await this.settle(
      manager,
      rows.map((row) => row.client_id),
    );
  }

  /**
   * Assigns every template to every transaction (the caller checked them): a pair already assigned, or a
   * template for the other side, is skipped; one task per step, its assignee and due date from the step.
   */
  async assignRoadmaps(
    manager: EntityManager,
    teamId: number,
    clientIds: readonly number[],
    rtcIds: readonly number[],
  ): Promise<{ assigned: number; skipped: number; taskIds: number[] }> {
    const rows: { client_id: number; task_id: number | null }[] = await manager.query(
      `WITH pairs AS (
         INSERT INTO transactions.transaction_roadmaps (client_id, rtc_id, assigned_dt)
         SELECT t.client_id, r.rtc_id, ${teamTodaySql('$1')}
           FROM transactions.transactions t
           JOIN transactions.roadmap_templates r ON r.rtc_id = ANY($3::int[]) AND r.team_id = t.team_id
          WHERE t.client_id = ANY($2::int[]) AND t.team_id = $1 AND (r.client_type IS NULL OR r.client_type = t.type)
         ON CONFLICT DO NOTHING
         RETURNING client_id, rtc_id, assigned_dt
       ), created AS (
         INSERT INTO transactions.tasks (team_id, client_id, name, dscr, task_type, due_source, rtc_id, step, trigger, offset_days,
                                         on_roadmap, original_due_dt, due_dt, assigned_to_agent_id, doc_type_id)
         SELECT t.team_id, p.client_id, s.name, s.description, s.task_type, 'roadmap', p.rtc_id, s.step, s.trigger, s.offset_days, true,
                d.base, transactions.off_blackout(d.base, coalesce(cal.weekdays, '{}'), coalesce(cal.dates, '{}')),
                CASE s.assignee
                  WHEN 'primary_agent' THEN t.primary_agent_id
                  WHEN 'tc' THEN coalesce(t.tc_agent_id, t.primary_agent_id)
                  -- A named user who has left the team: the primary agent takes the task.
                  ELSE coalesce((SELECT a.agent_id FROM transactions.agents a WHERE a.agent_id = s.assignee_agent_id AND a.team_id = t.team_id AND a.status = 'active'),
                                t.primary_agent_id)
                END,
                s.doc_type_id
           FROM pairs p
           JOIN transactions.transactions t ON t.client_id = p.client_id
           JOIN transactions.roadmap_steps s ON s.rtc_id = p.rtc_id
           LEFT JOIN transactions.team_calendars cal ON cal.team_id = t.team_id
           -- The due date as redueSql computes it, written with the row (no second pass over the new tasks).
           CROSS JOIN LATERAL (SELECT ${triggerDateSql('s.trigger', 'p.assigned_dt')} + s.offset_days AS base) d
         RETURNING task_id, client_id
       )
       SELECT p.client_id, NULL::int AS task_id FROM pairs p
       UNION ALL SELECT client_id, task_id FROM created`,
      [teamId, unique(clientIds), unique(rtcIds)],
    );
    const pairs = rows.filter((row) => row.task_id === null).length;
    const taskIds = rows.flatMap((row) => (row.task_id === null ? [] : [row.task_id]));
    const touched = unique(rows.map((row) => row.client_id));
    if (taskIds.length > 0) await this.outbox.publishEach(manager, 'transactions.task.created', TASK_EVENTS_SQL, [taskIds]);
    await this.settle(manager, touched);
    return { assigned: pairs, skipped: unique(clientIds).length * unique(rtcIds).length - pairs, taskIds };
  }

  /** Sets one status on many tasks (the seed's progress), with their events and the counters. */
  async setStatusMany(manager: EntityManager, taskIds: readonly number[], statusId: number): Promise<number> {
    if (taskIds.length === 0) return 0;
    const rows = returned<{ task_id: number; client_id: number }>(
      await manager.query(
        `UPDATE transactions.tasks SET status_id = $2::int, completed_ts = CASE WHEN $2::int IN (3, 4) THEN coalesce(completed_ts, now()) END,
                version = version + 1, updated_ts = now()
          WHERE task_id = ANY($1::int[]) AND status_id <> $2::int RETURNING task_id, client_id`,
        [unique(taskIds), statusId],
      ),
    );
    if (rows.length === 0) return 0;
    if (statusId === TASK_COMPLETED)
      await ActivityWriter.tasksCompleted(
        manager,
        rows.map((row) => row.task_id),
      );
    await this.redue(manager, 'k.task_id = ANY($1::int[])', [rows.map((row) => row.task_id)], { publish: false });
    await this.outbox.publishEach(manager, 'transactions.task.updated', TASK_EVENTS_SQL, [rows.map((row) => row.task_id)]);
    await this.settle(
      manager,
      rows.map((row) => row.client_id),
    );
    return rows.length;
  }

  /** Unassigns the templates: their open tasks go, done ones stay with on_roadmap false. */
  async removeRoadmaps(
    manager: EntityManager,
    teamId: number,
    clientIds: readonly number[],
    rtcIds: readonly number[],
  ): Promise<{ removed: number; skipped: number }> {
    const pairs = returned<{ client_id: number }>(
      await manager.query(
        `DELETE FROM transactions.transaction_roadmaps r USING transactions.transactions t
          WHERE r.client_id = t.client_id AND t.team_id = $1 AND r.client_id = ANY($2::int[]) AND r.rtc_id = ANY($3::int[])
        RETURNING r.client_id`,
        [teamId, unique(clientIds), unique(rtcIds)],
      ),
    );
    const filter = `client_id = ANY($1::int[]) AND rtc_id = ANY($2::int[]) AND on_roadmap`;
    const open: Pick<TableRow<'transactions.tasks'>, 'task_id'>[] = await manager.query(
      `SELECT task_id FROM transactions.tasks WHERE ${filter} AND NOT done`,
      [unique(clientIds), unique(rtcIds)],
    );
    await this.remove(
      manager,
      open.map((row) => row.task_id),
    );
    const kept = returned<{ task_id: number }>(
      await manager.query(
        `UPDATE transactions.tasks SET on_roadmap = false, version = version + 1, updated_ts = now() WHERE ${filter} RETURNING task_id`,
        [unique(clientIds), unique(rtcIds)],
      ),
    );
    if (kept.length > 0)
      await this.outbox.publishEach(manager, 'transactions.task.updated', TASK_EVENTS_SQL, [kept.map((row) => row.task_id)]);
    await this.settle(
      manager,
      pairs.map((row) => row.client_id),
    );
    return { removed: pairs.length, skipped: unique(clientIds).length * unique(rtcIds).length - pairs.length };
  }

  /**
   * After a transaction's dates changed (its writer calls this before publishing the transaction):
   * its open roadmap tasks' due dates follow, with their events; the counters are set without a
   * version or event of their own (the caller's transaction event carries them).
   */
  async followTransactionDates(manager: EntityManager, clientId: number): Promise<void> {
    await this.redue(manager, `k.client_id = ANY($1::int[]) AND k.due_source = 'roadmap'`, [[clientId]], { publish: true });
    await this.settle(manager, [clientId], { publishTransactions: false });
  }

  /**
   * One chunk of a team's open dated tasks after its blackout days changed, from task ids above
   * `afterTaskId`: due dates moved, events, counters. Answers the chunk's last task id (null: no
   * more) and how many tasks moved. Idempotent: a chunk run twice moves nothing the second time.
   */
  async redueTeamChunk(
    manager: EntityManager,
    teamId: number,
    afterTaskId: number,
    size: number,
  ): Promise<{ lastTaskId: number | null; moved: number }> {
    const [chunk]: { last: number | null }[] = await manager.query(
      `SELECT max(task_id) AS last FROM (
         SELECT task_id FROM transactions.tasks WHERE team_id = $1 AND NOT done AND original_due_dt IS NOT NULL AND task_id > $2
          ORDER BY task_id LIMIT $3) c`,
      [teamId, afterTaskId, size],
    );
    if (chunk.last === null) return { lastTaskId: null, moved: 0 };
    // Only the calendar changed: each date moves from the one before any move (original_due_dt).
    const moved = returned<{ task_id: number; client_id: number }>(
      await manager.query(
        `UPDATE transactions.tasks k SET due_dt = n.due, version = k.version + 1, updated_ts = now()
           FROM (SELECT k2.task_id, transactions.off_blackout(k2.original_due_dt, cal.weekdays, cal.dates) AS due
                   FROM transactions.tasks k2 JOIN transactions.team_calendars cal ON cal.team_id = k2.team_id
                  WHERE k2.team_id = $1 AND NOT k2.done AND k2.original_due_dt IS NOT NULL AND k2.task_id > $2 AND k2.task_id <= $3) n
          WHERE k.task_id = n.task_id AND k.due_dt IS DISTINCT FROM n.due
        RETURNING k.task_id, k.client_id`,
        [teamId, afterTaskId, chunk.last],
      ),
    );
    if (moved.length > 0)
      await this.outbox.publishEach(manager, 'transactions.task.updated', TASK_EVENTS_SQL, [moved.map((row) => row.task_id)]);
    await this.settle(
      manager,
      moved.map((row) => row.client_id),
    );
    return { lastTaskId: chunk.last, moved: moved.length };
  }

  /** publish: the recompute is the change (its own version and event); else the caller's change carries it. */
  private async redue(
    manager: EntityManager,
    filter: string,
    params: unknown[],
    options: { publish: boolean },
  ): Promise<{ task_id: number; client_id: number }[]> {
    const rows = returned<{ task_id: number; client_id: number }>(await manager.query(redueSql(filter, options.publish), params));
    if (options.publish && rows.length > 0)
      await this.outbox.publishEach(manager, 'transactions.task.updated', TASK_EVENTS_SQL, [rows.map((row) => row.task_id)]);
    return rows;
  }

  /**
   * The transactions' task counters (completed, total, roadmaps, next open due date) set from their
   * tasks; those that moved get a version and transactions.transaction.updated unless the caller
   * publishes the transaction itself.
   */
  private async settle(
    manager: EntityManager,
    clientIds: readonly number[],
    options: { publishTransactions: boolean } = { publishTransactions: true },
  ): Promise<void> {
    if (clientIds.length === 0) return;
    const moved = returned<{ client_id: number }>(
      await manager.query(
        `UPDATE transactions.transactions t
            SET completed_task_count = c.done, total_task_count = c.total, next_open_due_dt = c.next_due, rtc_count = c.rtc,
                version = t.version + CASE WHEN $2 THEN 1 ELSE 0 END, updated_ts = now()
           FROM (SELECT x.client_id, coalesce(k.done, 0) AS done, coalesce(k.total, 0) AS total, k.next_due,
                        (SELECT count(*)::int FROM transactions.transaction_roadmaps r WHERE r.client_id = x.client_id) AS rtc
                   FROM unnest($1::int[]) AS x(client_id)
                   LEFT JOIN LATERAL (SELECT count(*) FILTER (WHERE done)::int AS done, count(*)::int AS total,
                                             min(due_dt) FILTER (WHERE NOT done) AS next_due
                                        FROM transactions.tasks WHERE client_id = x.client_id) k ON true) c
          WHERE t.client_id = c.client_id
            AND (t.completed_task_count, t.total_task_count, t.next_open_due_dt, t.rtc_count) IS DISTINCT FROM (c.done, c.total, c.next_due, c.rtc)
        RETURNING t.client_id`,
        [unique(clientIds), options.publishTransactions],
      ),
    );
    if (options.publishTransactions && moved.length > 0) {
      await this.outbox.publishEach(
        manager,
        'transactions.transaction.updated',
        `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = ANY($1::int[])`,
        [moved.map((row) => row.client_id)],
      );
    }
  }
}
