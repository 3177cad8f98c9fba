import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CommentVisibility } from '@app/contracts';

/** Roles that see every comment of their team's transactions. */
export const TEAM_WIDE_COMMENT_ROLES = ['ADMIN', 'TRANC', 'ISISA'] as const;

/**
 * The one rule of who may see a transaction's comments (and its tasks' and documents'), as SQL over a
 * messaging.users row `u` and a messaging.transactions row `t`, for a comment of `visibility` (an SQL
 * expression: a column or a parameter): the team's ADMIN, TRANC and ISISA; the primary agent and the TC;
 * the assignees of its tasks; its vendor users; its client users, client-facing ('c') comments only.
 * A deleted transaction's comments are seen by no one; inactive users see nothing.
 */
export function maySeeCommentSql(u: string, t: string, visibility: string): string {
  return `(${u}.team_id = ${t}.team_id AND NOT ${t}.deleted AND ${u}.status = 'active' AND CASE
      WHEN 'CLIENT' = ANY(${u}.roles) THEN ${visibility} = 'c' AND ${u}.agent_id = ANY(${t}.client_user_ids)
      ELSE ${u}.roles && ARRAY['${TEAM_WIDE_COMMENT_ROLES.join("','")}']::text[]
        OR ${u}.agent_id = ${t}.primary_agent_id OR ${u}.agent_id = ${t}.tc_agent_id
        OR ${u}.agent_id = ANY(${t}.vendor_user_ids)
        OR EXISTS (SELECT 1 FROM messaging.tasks audience_task
                   WHERE audience_task.client_id = ${t}.client_id AND NOT audience_task.deleted AND audience_task.assigned_to_agent_id = ${u}.agent_id)
    END)`;
}

/** What a comment is on, resolved to its transaction (null when the caller's team has no such live item). */
export interface CommentTarget {
  client_id: number;
  team_id: number;
}

/** Checks one user and lists a comment's audience with maySeeCommentSql. */
@Injectable()
export class CommentAudienceRepository {
  /** Whether the user may see comments of `visibility` on the transaction. */
  async maySee(manager: EntityManager, agentId: number, clientId: number, visibility: CommentVisibility): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM messaging.users u JOIN messaging.transactions t ON t.client_id = $2
       WHERE u.agent_id = $1 AND ${maySeeCommentSql('u', 't', '$3')}`,
      [agentId, clientId, visibility],
    );
    return rows.length > 0;
  }

  /** Every user who may see a comment of `visibility` on the transaction (the realtime push's recipients). */
  async audienceOf(manager: EntityManager, clientId: number, visibility: CommentVisibility): Promise<number[]> {
    const rows: { agent_id: number }[] = await manager.query(
      `SELECT u.agent_id FROM messaging.transactions t JOIN messaging.users u ON u.team_id = t.team_id
       WHERE t.client_id = $1 AND ${maySeeCommentSql('u', 't', '$2')} ORDER BY u.agent_id`,
      [clientId, visibility],
    );
    return rows.map((r) => r.agent_id);
  }

  /**
   * The transaction a comment on (type, id) belongs to, within the team and not deleted (the task or
   * document not deleted either); null otherwise.
   */
  async targetOf(manager: EntityManager, teamId: number, commentType: string, commentOnId: number): Promise<CommentTarget | null> {
    const sql =
      commentType === 'trans'
        ? `SELECT t.client_id, t.team_id FROM messaging.transactions t WHERE t.client_id = $1 AND t.team_id = $2 AND NOT t.deleted`
        : commentType === 'task'
          ? `SELECT t.client_id, t.team_id FROM messaging.tasks k JOIN messaging.transactions t ON t.client_id = k.client_id
             WHERE k.task_id = $1 AND k.team_id = $2 AND NOT k.deleted AND t.team_id = $2 AND NOT t.deleted`
          : `SELECT t.client_id, t.team_id FROM messaging.documents d JOIN messaging.transactions t ON t.client_id = d.client_id
             WHERE d.document_id = $1 AND d.team_id = $2 AND NOT d.deleted AND t.team_id = $2 AND NOT t.deleted`;
    const [row]: CommentTarget[] = await manager.query(sql, [commentOnId, teamId]);
    return row ?? null;
  }
}
