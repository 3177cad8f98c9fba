import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@app/database';
import { DEFAULT_TEAM_TIMEZONE } from '@app/contracts';

/** The milestones an activity row records, with the status date that reaches each and its words. */
export const MILESTONE_ACTIVITIES = [
  { kind: 'appt_set', column: 'appt_set_dt', words: 'Appointment set' },
  { kind: 'appt_met', column: 'appt_met_dt', words: 'Appointment met' },
  { kind: 'signed', column: 'signed_dt', words: 'Signed' },
  { kind: 'under_contract', column: 'under_contract_dt', words: 'Under contract' },
  { kind: 'closed', column: 'closed_dt', words: 'Closed' },
] as const;
export type MilestoneColumn = (typeof MILESTONE_ACTIVITIES)[number]['column'];

/** How a transaction is named in the feed: its address, else its contact's name. */
const LABEL_SQL = `coalesce(nullif(btrim(t.formatted_address), ''), nullif(btrim(t.first_name || ' ' || t.last_name), ''), 'transaction #' || t.client_id)`;
const SIDE_SQL = `CASE t.type WHEN 'b' THEN 'buyer' ELSE 'seller' END`;

/**
 * The activity feed (dashboard 3, Log Activity) is written here, in the changing database transaction,
 * one statement whatever the number of rows: the writers of transactions and tasks call it.
 */
export const ActivityWriter = {
  /**
   * New transactions: 'created', and each milestone whose date they already have (a past deal entered now).
   * The seed's rows are dated when they happened (the milestone's date at noon in the team's zone); anyone
   * else's now.
   */
  async created(manager: EntityManager, clientIds: readonly number[], options: { datedByMilestones: boolean }): Promise<void> {
    if (clientIds.length === 0) return;
    const milestoneTs = (column: string) =>
      options.datedByMilestones
        ? `least(now(), (t.${column} + time '12:00') AT TIME ZONE coalesce((SELECT tm.timezone FROM transactions.teams tm WHERE tm.team_id = t.team_id), '${DEFAULT_TEAM_TIMEZONE}'))`
        : 'now()';
    await preparedQuery(
      manager,
      `INSERT INTO transactions.activities (team_id, agent_id, client_id, kind, text, ts)
       SELECT t.team_id, t.primary_agent_id, t.client_id, 'created', 'New ' || ${SIDE_SQL} || ' transaction: ' || ${LABEL_SQL}, t.created_ts
         FROM transactions.transactions t WHERE t.client_id = ANY($1::int[])
       ${MILESTONE_ACTIVITIES.map(
         (m) => `UNION ALL
       SELECT t.team_id, t.primary_agent_id, t.client_id, '${m.kind}', '${m.words}: ' || ${LABEL_SQL}, ${milestoneTs(m.column)}
         FROM transactions.transactions t WHERE t.client_id = ANY($1::int[]) AND t.${m.column} IS NOT NULL`,
       ).join('\n')}`,
      [clientIds],
    );
  },

  /** A transaction reached milestones (their dates were set where they had none). */
  async milestones(manager: EntityManager, clientId: number, columns: readonly MilestoneColumn[]): Promise<void> {
    const reached = MILESTONE_ACTIVITIES.filter((m) => columns.includes(m.column));
    if (reached.length === 0) return;
    await manager.query(
      `INSERT INTO transactions.activities (team_id, agent_id, client_id, kind, text)
       SELECT t.team_id, t.primary_agent_id, t.client_id, m.kind, m.words || ': ' || ${LABEL_SQL}
         FROM transactions.transactions t, unnest($2::text[], $3::text[]) AS m(kind, words)
        WHERE t.client_id = $1`,
      [clientId, reached.map((m) => m.kind), reached.map((m) => m.words)],
    );
  },

  /** Tasks completed (status Completed): about their assignee, else the transaction's primary agent. */
  async tasksCompleted(manager: EntityManager, taskIds: readonly number[]): Promise<void> {
    if (taskIds.length === 0) return;
    await manager.query(
      `INSERT INTO transactions.activities (team_id, agent_id, client_id, task_id, kind, text)
       SELECT k.team_id, coalesce(k.assigned_to_agent_id, t.primary_agent_id), k.client_id, k.task_id, 'task_completed',
              'Completed ' || chr(8216) || k.name || chr(8217) || ' for ' || ${LABEL_SQL}
         FROM transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id
        WHERE k.task_id = ANY($1::int[])`,
      [taskIds],
    );
  },
};
