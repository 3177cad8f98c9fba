import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';
import { MENTION_GROUPS, type CommentVisibility } from '@app/contracts';
import { maySeeCommentSql } from '../audience/comment-audience';
import type { ParsedMentions } from './mention-parser';

/** Roles of the mentioned groups (MENTION_GROUPS), deduplicated. */
export function rolesOfGroups(groups: ParsedMentions['groups']): string[] {
  return [...new Set(groups.flatMap((group) => [...MENTION_GROUPS[group]]))];
}

/** Who a message may reach: any active non-client user of the team (DMs), or those who may see a comment. */
export type MentionAudience =
  | { kind: 'dm' }
  /** author_is_client: a client reaches only the transaction's primary agent and TC (what their mention options offer). */
  | { kind: 'comment'; client_id: number; visibility: CommentVisibility; author_is_client?: boolean };

/** Resolves mentions to users and keeps each message's resolved mentions. */
@Injectable()
export class MentionsRepository {
  /**
   * The users the mentions name: mentioned users and the groups' roles among the author's team's active
   * users who may see the message; the author and those who may not see it left out.
   */
  async resolve(
    manager: EntityManager,
    teamId: number,
    authorId: number,
    mentions: ParsedMentions,
    audience: MentionAudience,
  ): Promise<number[]> {
    if (mentions.userIds.length === 0 && mentions.groups.length === 0) return [];
    const params: unknown[] = [teamId, authorId, mentions.userIds, rolesOfGroups(mentions.groups)];
    let join = '';
    let condition = `NOT ('CLIENT' = ANY(u.roles))`;
    if (audience.kind === 'comment') {
      params.push(audience.client_id, audience.visibility);
      join = 'JOIN messaging.transactions t ON t.client_id = $5';
      condition = maySeeCommentSql('u', 't', '$6');
      if (audience.author_is_client) condition += ' AND u.agent_id IN (t.primary_agent_id, t.tc_agent_id)';
    }
    const rows: Pick<TableRow<'messaging.users'>, 'agent_id'>[] = await manager.query(
      `SELECT u.agent_id FROM messaging.users u ${join}
       WHERE u.team_id = $1 AND u.status = 'active' AND u.agent_id <> $2
         AND (u.agent_id = ANY($3::int[]) OR u.roles && $4::text[])
         AND ${condition}
       ORDER BY u.agent_id`,
      params,
    );
    return rows.map((r) => r.agent_id);
  }

  /** Replaces the resolved mentions of one message. */
  async replace(manager: EntityManager, kind: 'dm' | 'comment', messageId: number, agentIds: number[]): Promise<void> {
    await manager.query(`DELETE FROM messaging.mentions WHERE kind = $1 AND message_id = $2`, [kind, messageId]);
    if (agentIds.length) {
      await manager.query(
        `INSERT INTO messaging.mentions (kind, message_id, agent_id) SELECT $1, $2, unnest($3::int[]) ON CONFLICT DO NOTHING`,
        [kind, messageId, agentIds],
      );
    }
  }
}
