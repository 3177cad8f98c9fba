import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { DirectMessage, InboxStatusFilter } from '@app/contracts';
import { containsPattern, type TableRow } from '@app/database';
import { AUTHOR_COLUMNS, authorOf, isoOf, readMarkOf, type AuthorColumns } from '../inbox/inbox-rows';

type MessageRow = AuthorColumns &
  Pick<TableRow<'messaging.direct_messages'>, 'dm_id' | 'parent_dm_id' | 'dm_value' | 'author_agent_id' | 'created_ts' | 'updated_ts'>;

type ThreadRow = MessageRow & Pick<TableRow<'messaging.dm_participants'>, 'read_ts'> & { total?: number };

export interface DirectMessageFilter {
  status?: InboxStatusFilter;
  search?: string;
}

/** A thread of the caller's inbox: its top-level message and the caller's state. */
export type ThreadRef = Pick<TableRow<'messaging.direct_messages'>, 'dm_id' | 'author_agent_id' | 'team_id'>;

const STATUS_CONDITION: Record<'all' | InboxStatusFilter, string> = {
  all: 'NOT p.archived',
  unread: 'NOT p.archived AND p.read_ts IS NULL',
  archived: 'p.archived',
};

/** Direct messages and each participant's thread state (read_ts, archived). Only this class runs their SQL. */
@Injectable()
export class DirectMessagesRepository {
  /** One page of the caller's threads, latest activity first, with their replies (two queries). */
  async page(
    manager: EntityManager,
    agentId: number,
    teamId: number,
    filter: DirectMessageFilter,
    page: number,
    perPage: number,
  ): Promise<{ records: DirectMessage[]; total: number }> {
    const params: unknown[] = [agentId, teamId];
    const conditions = [STATUS_CONDITION[filter.status ?? 'all']];
    if (filter.search?.trim()) {
      params.push(containsPattern(filter.search.trim()));
      conditions.push(`EXISTS (SELECT 1 FROM messaging.direct_messages m LEFT JOIN messaging.users ma ON ma.agent_id = m.author_agent_id
                               WHERE (m.dm_id = d.dm_id OR m.parent_dm_id = d.dm_id)
                                 AND (m.dm_text ILIKE $${params.length} OR (coalesce(ma.first_name, '') || ' ' || coalesce(ma.last_name, '')) ILIKE $${params.length}))`);
    }
    const where = `p.agent_id = $1 AND d.team_id = $2 AND ${conditions.join(' AND ')}`;
    params.push(perPage, (page - 1) * perPage);
    const rows: ThreadRow[] = await manager.query(
      `SELECT d.dm_id, d.parent_dm_id, d.dm_value, d.author_agent_id, d.created_ts, d.updated_ts, p.read_ts, ${AUTHOR_COLUMNS},
              count(*) OVER ()::int AS total
       FROM messaging.dm_participants p
       JOIN messaging.direct_messages d ON d.dm_id = p.dm_id
       LEFT JOIN messaging.users a ON a.agent_id = d.author_agent_id
       WHERE ${where}
       ORDER BY d.last_activity_ts DESC, d.dm_id DESC
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [row]: { n: number }[] = await manager.query(
        `SELECT count(*)::int AS n FROM messaging.dm_participants p JOIN messaging.direct_messages d ON d.dm_id = p.dm_id WHERE ${where}`,
        params.slice(0, -2),
      );
      total = row.n;
    }
    return { records: await this.withReplies(manager, rows), total };
  }

  /** Threads as one user sees them (their read_ts), in the given order; threads they are not in are left out. */
  async threadsOf(manager: EntityManager, agentId: number, dmIds: number[]): Promise<DirectMessage[]> {
    if (dmIds.length === 0) return [];
    const rows: ThreadRow[] = await manager.query(
      `SELECT d.dm_id, d.parent_dm_id, d.dm_value, d.author_agent_id, d.created_ts, d.updated_ts, p.read_ts, ${AUTHOR_COLUMNS}
       FROM messaging.dm_participants p
       JOIN messaging.direct_messages d ON d.dm_id = p.dm_id
       LEFT JOIN messaging.users a ON a.agent_id = d.author_agent_id
       WHERE p.agent_id = $1 AND p.dm_id = ANY($2::int[])
       ORDER BY array_position($2::int[], d.dm_id)`,
      [agentId, dmIds],
    );
    return this.withReplies(manager, rows);
  }

  private async withReplies(manager: EntityManager, threads: ThreadRow[]): Promise<DirectMessage[]> {
    if (threads.length === 0) return [];
    const replies: MessageRow[] = await manager.query(
      `SELECT d.dm_id, d.parent_dm_id, d.dm_value, d.author_agent_id, d.created_ts, d.updated_ts, ${AUTHOR_COLUMNS}
       FROM messaging.direct_messages d LEFT JOIN messaging.users a ON a.agent_id = d.author_agent_id
       WHERE d.parent_dm_id = ANY($1::int[]) ORDER BY d.created_ts, d.dm_id`,
      [threads.map((t) => t.dm_id)],
    );
    return threads.map((thread) => ({
      ...this.toMessage(thread, isoOf(thread.read_ts)),
      thread: replies
        .filter((r) => r.parent_dm_id === thread.dm_id)
        .map((r) => this.toMessage(r, readMarkOf(thread.read_ts, r.created_ts))),
    }));
  }

  private toMessage(row: MessageRow, readTs: string | null): DirectMessage {
    return {
      dm_id: row.dm_id,
      parent_dm_id: row.parent_dm_id,
      dm_value: row.dm_value,
      author: { ...authorOf(row), agent_id: row.author_agent_id },
      created_ts: isoOf(row.created_ts)!,
      updated_ts: isoOf(row.updated_ts),
      read_ts: readTs,
      thread: [],
    };
  }

  /** The thread (top-level message) of a message the caller takes part in, in their team; null otherwise. */
  async threadOfMessage(
    manager: EntityManager,
    agentId: number,
    teamId: number,
    dmId: number,
  ): Promise<(ThreadRef & { message_author_agent_id: number }) | null> {
    const [row] = await manager.query(
      `SELECT top.dm_id, top.author_agent_id, top.team_id, m.author_agent_id AS message_author_agent_id
       FROM messaging.direct_messages m
       JOIN messaging.direct_messages top ON top.dm_id = coalesce(m.parent_dm_id, m.dm_id)
       JOIN messaging.dm_participants p ON p.dm_id = top.dm_id AND p.agent_id = $1
       WHERE m.dm_id = $3 AND m.team_id = $2`,
      [agentId, teamId, dmId],
    );
    return row ?? null;
  }

  async insert(
    manager: EntityManager,
    message: { team_id: number; parent_dm_id: number | null; author_agent_id: number; dm_value: string; dm_text: string },
  ): Promise<number> {
    const [row]: Pick<TableRow<'messaging.direct_messages'>, 'dm_id'>[] = await manager.query(
      `INSERT INTO messaging.direct_messages (team_id, parent_dm_id, author_agent_id, dm_value, dm_text) VALUES ($1, $2, $3, $4, $5) RETURNING dm_id`,
      [message.team_id, message.parent_dm_id, message.author_agent_id, message.dm_value, message.dm_text],
    );
    return row.dm_id;
  }

  async updateText(manager: EntityManager, dmId: number, dmValue: string, dmText: string): Promise<void> {
    await manager.query(`UPDATE messaging.direct_messages SET dm_value = $2, dm_text = $3, updated_ts = now() WHERE dm_id = $1`, [
      dmId,
      dmValue,
      dmText,
    ]);
  }

  /** A new message in a thread: its latest activity, unread and unarchived for all in it but the author, read by the author. */
  async touchThread(manager: EntityManager, threadId: number, authorId: number): Promise<void> {
    await manager.query(`UPDATE messaging.direct_messages SET last_activity_ts = now() WHERE dm_id = $1`, [threadId]);
    await manager.query(`UPDATE messaging.dm_participants SET read_ts = NULL, archived = false WHERE dm_id = $1 AND agent_id <> $2`, [
      threadId,
      authorId,
    ]);
    await manager.query(
      `INSERT INTO messaging.dm_participants (dm_id, agent_id, read_ts) VALUES ($1, $2, now())
       ON CONFLICT (agent_id, dm_id) DO UPDATE SET read_ts = now()`,
      [threadId, authorId],
    );
  }

  /** Adds users to a thread (unread, in their inbox); those already in it are left as they are. Answers who was added. */
  async addParticipants(manager: EntityManager, threadId: number, agentIds: number[]): Promise<number[]> {
    if (agentIds.length === 0) return [];
    const rows: Pick<TableRow<'messaging.dm_participants'>, 'agent_id'>[] = await manager.query(
      `INSERT INTO messaging.dm_participants (dm_id, agent_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING RETURNING agent_id`,
      [threadId, agentIds],
    );
    return rows.map((r) => r.agent_id);
  }

  async participantsOf(manager: EntityManager, threadId: number): Promise<number[]> {
    const rows: Pick<TableRow<'messaging.dm_participants'>, 'agent_id'>[] = await manager.query(
      `SELECT agent_id FROM messaging.dm_participants WHERE dm_id = $1 ORDER BY agent_id`,
      [threadId],
    );
    return rows.map((r) => r.agent_id);
  }

  /** Sets the caller's state of threads (all of their inbox when `threadIds` is null). Answers how many changed. */
  async setState(
    manager: EntityManager,
    agentId: number,
    teamId: number,
    threadIds: number[] | null,
    change: 'read' | 'unread' | 'archived' | 'unarchived',
  ): Promise<number> {
    const set = { read: 'read_ts = now()', unread: 'read_ts = NULL', archived: 'archived = true', unarchived: 'archived = false' }[change];
    // Bulk read of the whole inbox leaves archived threads alone (they are out of All and Unread).
    const scope = threadIds === null ? (change === 'read' ? 'AND NOT p.archived' : '') : 'AND p.dm_id = ANY($3::int[])';
    const [row]: { n: number }[] = await manager.query(
      `WITH changed AS (
         UPDATE messaging.dm_participants p SET ${set}
         FROM messaging.direct_messages d
         WHERE d.dm_id = p.dm_id AND d.team_id = $2 AND p.agent_id = $1 ${scope}
         RETURNING p.dm_id)
       SELECT count(*)::int AS n FROM changed`,
      threadIds === null ? [agentId, teamId] : [agentId, teamId, threadIds],
    );
    return row.n;
  }

  /** The top-level threads of the given messages that the caller takes part in (their team only). */
  async threadIdsOf(manager: EntityManager, agentId: number, teamId: number, dmIds: number[]): Promise<Map<number, number>> {
    const rows: (Pick<TableRow<'messaging.direct_messages'>, 'dm_id'> & { thread_id: number })[] = await manager.query(
      `SELECT m.dm_id, coalesce(m.parent_dm_id, m.dm_id) AS thread_id
       FROM messaging.direct_messages m
       JOIN messaging.dm_participants p ON p.dm_id = coalesce(m.parent_dm_id, m.dm_id) AND p.agent_id = $1
       WHERE m.team_id = $2 AND m.dm_id = ANY($3::int[])`,
      [agentId, teamId, dmIds],
    );
    return new Map(rows.map((r) => [r.dm_id, r.thread_id]));
  }

  /** Each user's unread threads in All (not archived). */
  async unreadCounts(manager: EntityManager, agentIds: number[]): Promise<Map<number, number>> {
    const rows: { agent_id: number; n: number }[] = await manager.query(
      `SELECT who.agent_id, count(p.dm_id)::int AS n
       FROM unnest($1::int[]) AS who(agent_id)
       LEFT JOIN messaging.dm_participants p ON p.agent_id = who.agent_id AND p.read_ts IS NULL AND NOT p.archived
       GROUP BY who.agent_id`,
      [agentIds],
    );
    return new Map(rows.map((r) => [r.agent_id, r.n]));
  }

  /** The thread's participants with their read marks. */
  async participantStates(manager: EntityManager, threadId: number): Promise<{ agent_id: number; read_ts: Date | null }[]> {
    return manager.query(`SELECT agent_id, read_ts FROM messaging.dm_participants WHERE dm_id = $1 ORDER BY agent_id`, [threadId]);
  }
}
