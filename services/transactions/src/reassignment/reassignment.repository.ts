import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ReassignType } from '@app/contracts';
import type { TableRow } from '@app/database';
import { returned } from '../common/returned';

/** A user of the team as reassignment sees them (any status; roles say whether they can be a primary agent). */
export type ReassignUser = Pick<TableRow<'transactions.agents'>, 'agent_id' | 'roles'> & { name: string };

/** Active: not in a closed or lost status. */
const ACTIVE_SQL = `status_category NOT IN ('closed', 'lost')`;

/** The queries of transaction reassignment; the caller runs the writes in one database transaction. */
@Injectable()
export class ReassignmentRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async user(teamId: number, agentId: number, manager?: EntityManager): Promise<ReassignUser | null> {
    const rows: ReassignUser[] = await (manager ?? this.dataSource.manager).query(
      `SELECT agent_id, btrim(first_name || ' ' || last_name) AS name, roles FROM transactions.agents WHERE team_id = $1 AND agent_id = $2`,
      [teamId, agentId],
    );
    return rows[0] ?? null;
  }

  /** The agent's transactions, all and active, in one scan of their index. */
  async counts(teamId: number, agentId: number): Promise<{ total_trans_count: number; active_trans_count: number }> {
    const [row]: { total_trans_count: number; active_trans_count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total_trans_count, count(*) FILTER (WHERE ${ACTIVE_SQL})::int AS active_trans_count
         FROM transactions.transactions WHERE team_id = $1 AND primary_agent_id = $2`,
      [teamId, agentId],
    );
    return row;
  }

  /**
   * Moves the from-agent's transactions (all, or the active ones) to the to-agent, locked first so that a
   * concurrent edit waits: a new version each, a transaction_history row each (source reassignment).
   * Answers the moved ids and which of them are closed (their commission lines stay as they are).
   */
  async moveTransactions(
    manager: EntityManager,
    teamId: number,
    fromAgentId: number,
    toAgentId: number,
    type: ReassignType,
    actorId: number,
  ): Promise<{ client_id: number; closed: boolean }[]> {
    const moved: { client_id: number; closed: boolean }[] = await manager.query(
      `WITH picked AS (
         SELECT client_id FROM transactions.transactions
          WHERE team_id = $1 AND primary_agent_id = $2 ${type === 'active_only' ? `AND ${ACTIVE_SQL}` : ''}
          ORDER BY client_id FOR UPDATE
       ), moved AS (
         UPDATE transactions.transactions t
            SET primary_agent_id = $3,
                primary_agent_name = coalesce((SELECT btrim(a.first_name || ' ' || a.last_name) FROM transactions.agents a WHERE a.agent_id = $3), ''),
                version = t.version + 1, updated_ts = now()
           FROM picked WHERE t.client_id = picked.client_id
         RETURNING t.client_id, t.status_category = 'closed' AS closed
       ), history AS (
         INSERT INTO transactions.transaction_history (client_id, team_id, agent_id, source, field, old_value, new_value)
         SELECT client_id, $1, $4, 'reassignment', 'primary_agent_id', $2::text, $3::text FROM moved
       )
       SELECT client_id, closed FROM moved ORDER BY client_id`,
      [teamId, fromAgentId, toAgentId, actorId],
    );
    return moved;
  }

  /** The open tasks assigned to the from-agent on those transactions go to the to-agent; answers their ids. */
  async moveOpenTasks(manager: EntityManager, clientIds: readonly number[], fromAgentId: number, toAgentId: number): Promise<number[]> {
    if (clientIds.length === 0) return [];
    const rows = returned<{ task_id: number }>(
      await manager.query(
        `UPDATE transactions.tasks
          SET previous_assigned_to_agent_id = assigned_to_agent_id, assigned_to_agent_id = $3, version = version + 1, updated_ts = now()
        WHERE client_id = ANY($1::int[]) AND assigned_to_agent_id = $2 AND NOT done
        RETURNING task_id`,
        [clientIds, fromAgentId, toAgentId],
      ),
    );
    return rows.map((row) => row.task_id);
  }
}
