import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TASK_STATUS, type RoadmapTrigger, type TaskType } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { boardOrderSql } from '../boards/board-placement';
import { scopeSql, type TransactionScope } from '../transactions/transactions.repository';
import { teamTodaySql } from './task-writer';

type Agents = TableRow<'transactions.agents'>;

/** A task row as the calls answer it (before `due` is derived). Dates 'YYYY-MM-DD'. */
export type TaskRecord = Narrow<
  Pick<
    TableRow<'transactions.tasks'>,
    | 'task_id'
    | 'client_id'
    | 'team_id'
    | 'name'
    | 'dscr'
    | 'status_id'
    | 'done'
    | 'task_type'
    | 'due_source'
    | 'trigger'
    | 'offset_days'
    | 'on_roadmap'
    | 'rtc_id'
    | 'step'
    | 'assigned_to_agent_id'
    | 'doc_type_id'
    | 'doc_id'
    | 'pinned_on_boards'
    | 'completed_ts'
    | 'version'
  >,
  // done is generated from the NOT NULL status_id (never null, though the schema cannot say so).
  { done: boolean; task_type: TaskType; due_source: 'roadmap' | 'manual'; trigger: RoadmapTrigger | null }
> & {
  due_dt: string | null;
  original_due_dt: string | null;
  // The assignee is left-joined: null without one.
  assignee_first_name: Agents['first_name'] | null;
  assignee_last_name: Agents['last_name'] | null;
  assignee_profile_path: Agents['profile_image_path'] | null;
  today: string;
};

/** The transaction part of GET /tasks/{task_id}. */
export type TaskTransactionRecord = Narrow<
  Pick<
    TableRow<'transactions.transactions'>,
    'type' | 'first_name' | 'last_name' | 'address_1' | 'address_2' | 'primary_agent_id' | 'tc_agent_id'
  >,
  { type: 'b' | 's' }
> & {
  stage: { id: number; label: string; color: string; font_color: string } | null;
  status: { id: number; label: string; color: string; font_color: string };
  tags: { id: number; label: string; border: string }[];
};

export type TaskOrder = 'due_dt' | 'name' | 'status_id' | 'created_ts' | 'task_id';
const ORDER_TERMS: Record<TaskOrder, string> = {
  due_dt: 'k.due_dt',
  name: 'lower(k.name)',
  status_id: 'k.status_id',
  created_ts: 'k.created_ts',
  task_id: 'k.task_id',
};

const TASK_COLUMNS = `
  k.task_id, k.client_id, k.team_id, k.name, k.dscr, k.status_id, k.done, k.task_type,
  to_char(k.due_dt, 'YYYY-MM-DD') AS due_dt, to_char(k.original_due_dt, 'YYYY-MM-DD') AS original_due_dt,
  k.due_source, k.trigger, k.offset_days, k.on_roadmap, k.rtc_id, k.step, k.assigned_to_agent_id,
  a.first_name AS assignee_first_name, a.last_name AS assignee_last_name, a.profile_image_path AS assignee_profile_path,
  k.doc_type_id, k.doc_id, k.pinned_on_boards, k.completed_ts, k.version`;

/** The transaction part of a task (over t, its transaction). */
const TASK_TRANSACTION_COLUMNS = `
  t.type, t.first_name, t.last_name, t.address_1, t.address_2, t.primary_agent_id, t.tc_agent_id,
  CASE WHEN g.stage_id IS NULL THEN NULL ELSE jsonb_build_object('id', g.stage_id, 'label', g.label, 'color', g.color, 'font_color', g.font_color) END AS stage,
  jsonb_build_object('id', s.status_id, 'label', s.label, 'color', s.color, 'font_color', s.font_color) AS status,
  coalesce((SELECT jsonb_agg(jsonb_build_object('id', tg.tag_id, 'label', tg.label, 'border', tg.border) ORDER BY lower(tg.label))
              FROM transactions.tags tg WHERE tg.tag_id = ANY(t.tag_ids)), '[]'::jsonb) AS tags`;
const TASK_TRANSACTION_FROM = `
  FROM transactions.transactions t
  JOIN transactions.statuses s ON s.status_id = t.status_id
  LEFT JOIN transactions.stages g ON g.stage_id = t.stage_id`;

/**
 * Which tasks a caller reaches: those of the transactions they see, and those assigned to them
 * (appends its parameters; over k the task and t its transaction).
 */
export function taskScopeSql(scope: TransactionScope, params: unknown[]): string {
  const transactions = scopeSql(scope, params);
  if (scope.kind === 'team') return transactions;
  params.push(scope.teamId, scope.agentId);
  return `((${transactions}) OR (k.team_id = $${params.length - 1} AND k.assigned_to_agent_id = $${params.length}))`;
}

@Injectable()
export class TasksRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** One page of the tasks the caller reaches (of one transaction when clientId is given) and the total, in one query. */
  async page(
    scope: TransactionScope,
    clientId: number | undefined,
    order: TaskOrder,
    dir: 1 | -1,
    page: number,
    perPage: number,
  ): Promise<{ records: TaskRecord[]; total: number }> {
    const params: unknown[] = [];
    const where = [taskScopeSql(scope, params)];
    if (clientId !== undefined) where.push(`k.client_id = $${params.push(clientId)}`);
    const direction = dir === 1 ? 'ASC' : 'DESC';
    // No due date sorts last whichever the direction; the id breaks ties.
    const orderBy = `${ORDER_TERMS[order]} ${direction} NULLS LAST, k.task_id ${direction}`;
    const limit = `$${params.push(perPage)}`;
    const offset = `$${params.push((page - 1) * perPage)}`;
    const team = `$${params.push(scope.teamId)}`;
    const rows: (TaskRecord & { total: number })[] = await this.dataSource.query(
      `WITH matched AS (
         SELECT k.task_id FROM transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id WHERE ${where.join(' AND ')}
       ), total AS (SELECT count(*)::int AS total FROM matched)
       SELECT ${TASK_COLUMNS}, to_char(${teamTodaySql(team)}, 'YYYY-MM-DD') AS today, total.total
         FROM total
         LEFT JOIN LATERAL (
           SELECT k.* FROM transactions.tasks k WHERE k.task_id IN (SELECT task_id FROM matched)
            ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) k ON true
         LEFT JOIN transactions.agents a ON a.agent_id = k.assigned_to_agent_id
        ORDER BY ${orderBy}`,
      params,
    );
    const total = rows[0]?.total ?? 0;
    return { records: rows.filter((row) => row.task_id !== null).map(({ total: _total, ...record }) => record as TaskRecord), total };
  }

  /** A task the caller reaches (locked for update when a manager is given), else null. */
  async visible(scope: TransactionScope, taskId: number, manager?: EntityManager): Promise<TaskRecord | null> {
    const rows = await this.reached(scope, [taskId], manager);
    return rows[0] ?? null;
  }

  /** Of the ids, the tasks the caller reaches (locked when a manager is given). */
  async reached(scope: TransactionScope, taskIds: readonly number[], manager?: EntityManager): Promise<TaskRecord[]> {
    if (taskIds.length === 0) return [];
    const params: unknown[] = [[...new Set(taskIds)]];
    const where = taskScopeSql(scope, params);
    const team = `$${params.push(scope.teamId)}`;
    return (manager ?? this.dataSource.manager).query(
      `SELECT ${TASK_COLUMNS}, to_char(${teamTodaySql(team)}, 'YYYY-MM-DD') AS today
         FROM transactions.tasks k
         JOIN transactions.transactions t ON t.client_id = k.client_id
         LEFT JOIN transactions.agents a ON a.agent_id = k.assigned_to_agent_id
        WHERE k.task_id = ANY($1::int[]) AND ${where}
        ORDER BY k.task_id${manager ? ' FOR UPDATE OF k' : ''}`,
      params,
    );
  }

  /** The transaction part of a task's answer. */
  async transactionOf(clientId: number): Promise<TaskTransactionRecord> {
    const [row]: TaskTransactionRecord[] = await this.dataSource.query(
      `SELECT ${TASK_TRANSACTION_COLUMNS} ${TASK_TRANSACTION_FROM} WHERE t.client_id = $1`,
      [clientId],
    );
    return row;
  }

  /**
   * One page of a task board column (a status; Completed: completed within completedDays) in board
   * order, each task with its transaction, and the column's total, in one query.
   */
  async boardPage(
    scope: TransactionScope,
    statusId: number,
    completedDays: number,
    page: number,
    perPage: number,
  ): Promise<{ records: (TaskRecord & { transaction: TaskTransactionRecord })[]; total: number }> {
    const params: unknown[] = [];
    const where = [taskScopeSql(scope, params), `k.team_id = $${params.push(scope.teamId)}`, `k.status_id = $${params.push(statusId)}`];
    // Only the Completed column is limited by date (boardWhere's rule for one column): the other columns read
    // their count from the board index alone.
    if (statusId === TASK_STATUS.completed) where.push(`k.completed_ts >= now() - make_interval(days => $${params.push(completedDays)})`);
    const from = `transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id WHERE ${where.join(' AND ')}`;
    const orderBy = boardOrderSql('k', 'k.due_dt ASC NULLS LAST, k.task_id ASC');
    const limit = `$${params.push(perPage)}`;
    const offset = `$${params.push((page - 1) * perPage)}`;
    const team = `$${params.push(scope.teamId)}`;
    // The page walks tasks_board_order_idx (team, status, then the board order) and stops after its cards; the
    // total counts the column without sorting it (index-only on the same index). See migration 1763700000350.
    const rows: (TaskRecord & { total: number; transaction: TaskTransactionRecord })[] = await this.dataSource.query(
      `WITH total AS (SELECT count(*)::int AS total FROM ${from})
       SELECT ${TASK_COLUMNS}, to_char(${teamTodaySql(team)}, 'YYYY-MM-DD') AS today, total.total,
              (SELECT to_jsonb(x) FROM (SELECT ${TASK_TRANSACTION_COLUMNS} ${TASK_TRANSACTION_FROM} WHERE t.client_id = k.client_id) x) AS transaction
         FROM total
         LEFT JOIN LATERAL (SELECT k.* FROM ${from} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) k ON true
         LEFT JOIN transactions.agents a ON a.agent_id = k.assigned_to_agent_id
        ORDER BY ${orderBy}`,
      params,
    );
    const total = rows[0]?.total ?? 0;
    return { records: rows.filter((row) => row.task_id !== null).map(({ total: _total, ...record }) => record), total };
  }

  /** The tasks board's cards per status the caller reaches (Completed: within completedDays). */
  async boardTotals(scope: TransactionScope, completedDays: number): Promise<Map<number, number>> {
    const params: unknown[] = [];
    const where = this.boardWhere(scope, params, completedDays);
    const rows: { status_id: number; total: number }[] = await this.dataSource.query(
      `SELECT k.status_id, count(*)::int AS total
         FROM transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id
        WHERE ${where.join(' AND ')} GROUP BY k.status_id`,
      params,
    );
    return new Map(rows.map((row) => [row.status_id, row.total]));
  }

  /** The tasks of a task board the caller reaches (Completed: completed within completedDays). */
  private boardWhere(scope: TransactionScope, params: unknown[], completedDays: number): string[] {
    return [
      taskScopeSql(scope, params),
      `k.team_id = $${params.push(scope.teamId)}`,
      `(k.status_id <> ${TASK_STATUS.completed} OR k.completed_ts >= now() - make_interval(days => $${params.push(completedDays)}))`,
    ];
  }

  /** Whether the id is one of the team's document types (the read copy of team-admin's list). */
  async isDocumentType(teamId: number, docTypeId: number, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(
      `SELECT 1 FROM transactions.document_types WHERE team_id = $1 AND doc_type_id = $2`,
      [teamId, docTypeId],
    );
    return rows.length > 0;
  }

  /** Whether the user may be given tasks: an active user of the team who is not a client. */
  async isAssignable(teamId: number, agentId: number, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.dataSource.manager).query(
      `SELECT 1 FROM transactions.agents WHERE team_id = $1 AND agent_id = $2 AND status = 'active' AND NOT ('CLIENT' = ANY(roles))`,
      [teamId, agentId],
    );
    return rows.length > 0;
  }
}
