import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { containsPattern, preparedQuery, type Narrow, type TableRow } from '@app/database';
import type { Comment, CommentType, CommentVisibility, InboxStatusFilter } from '@app/contracts';
import { maySeeCommentSql } from '../audience/comment-audience';
import { AUTHOR_COLUMNS, authorOf, isoOf, readMarkOf, type AuthorColumns } from '../inbox/inbox-rows';

type CommentRow = AuthorColumns &
  Narrow<
    Pick<
      TableRow<'messaging.comments'>,
      | 'comment_id'
      | 'parent_comment_id'
      | 'comment_type'
      | 'comment_on_id'
      | 'comment_value'
      | 'visibility'
      | 'author_agent_id'
      | 'created_ts'
      | 'updated_ts'
    >,
    { comment_type: CommentType; visibility: CommentVisibility }
  >;

/** THREAD_COLUMNS: the comment, the caller's state, its transaction and what it is on (left-joined: null without one). */
type ThreadRow = CommentRow &
  Pick<TableRow<'messaging.comment_states'>, 'viewed_ts'> &
  Pick<TableRow<'messaging.transactions'>, 'client_id' | 'first_name' | 'last_name' | 'formatted_address'> & {
    task_name: TableRow<'messaging.tasks'>['name'] | null;
    document_filename: TableRow<'messaging.documents'>['filename'] | null;
    total?: number;
  };

export interface CommentFilter {
  comment_type?: CommentType;
  status?: InboxStatusFilter;
  search?: string;
  mention_only?: boolean;
}

/** A comment found for the caller: its own fields and its thread's. */
export type CommentRef = Narrow<
  Pick<
    TableRow<'messaging.comments'>,
    'comment_id' | 'parent_comment_id' | 'comment_type' | 'comment_on_id' | 'client_id' | 'visibility' | 'author_agent_id'
  >,
  { comment_type: CommentType; visibility: CommentVisibility }
> & { thread_id: number };

/**
 * The FROM and WHERE of top-level comments `c` that user `u` may see (maySeeCommentSql), with their
 * transaction `t`, the user's state `s`, and the task `k` or document `dd` they are on (live ones only).
 */
const THREAD_JOINS = `
  JOIN messaging.transactions t ON t.client_id = c.client_id
  LEFT JOIN messaging.comment_states s ON s.comment_id = c.comment_id AND s.agent_id = u.agent_id
  LEFT JOIN messaging.tasks k ON c.comment_type = 'task' AND k.task_id = c.comment_on_id
  LEFT JOIN messaging.documents dd ON c.comment_type = 'doc' AND dd.document_id = c.comment_on_id`;
/** Users `u` with their team's comments `c` (filtered by the conditions below). */
const USER_THREADS = `messaging.users u JOIN messaging.comments c ON c.team_id = u.team_id ${THREAD_JOINS}`;
const VISIBLE_CONDITION = `c.parent_comment_id IS NULL AND c.team_id = u.team_id
  AND (c.comment_type <> 'task' OR k.deleted = false) AND (c.comment_type <> 'doc' OR dd.deleted = false)
  AND ${maySeeCommentSql('u', 't', 'c.visibility')}`;
/** Part of the thread: the transaction's primary agent, TC, clients and vendors, the task's assignee, earlier commenters, the mentioned. */
const PART_OF_CONDITION = `(u.agent_id = t.primary_agent_id OR u.agent_id = t.tc_agent_id OR u.agent_id = ANY(t.client_user_ids)
  OR u.agent_id = ANY(t.vendor_user_ids) OR (c.comment_type = 'task' AND k.assigned_to_agent_id = u.agent_id)
  OR coalesce(s.participant, false) OR coalesce(s.mentioned, false))`;
const INBOX_CONDITION = `${VISIBLE_CONDITION} AND ${PART_OF_CONDITION}`;

/**
 * The top-level comments user `u` (a messaging.users row) may be part of, each source read through its index:
 * threads on transactions where they are primary agent, TC, client or vendor, on tasks assigned to them, and
 * those they took part in or were mentioned in. A superset that INBOX_CONDITION then confirms: an inbox reads
 * what its user is involved in, never every comment of the team (counts run for many users at once).
 */
const partOfCandidates = (u: string) => {
  const who = `${u}.agent_id`;
  // Only clients are a transaction's client users and only vendors its vendor users: the other roles skip those scans.
  return `
  SELECT pc.comment_id FROM messaging.comments pc
  WHERE pc.parent_comment_id IS NULL AND pc.client_id = ANY(ARRAY(
    SELECT pt.client_id FROM messaging.transactions pt WHERE NOT pt.deleted AND pt.primary_agent_id = ${who}
    UNION SELECT pt.client_id FROM messaging.transactions pt WHERE NOT pt.deleted AND pt.tc_agent_id = ${who}
    UNION SELECT pt.client_id FROM messaging.transactions pt WHERE 'CLIENT' = ANY(${u}.roles) AND pt.client_user_ids @> ARRAY[${who}]::int[]
    UNION SELECT pt.client_id FROM messaging.transactions pt WHERE 'VENDOR' = ANY(${u}.roles) AND pt.vendor_user_ids @> ARRAY[${who}]::int[]))
  UNION SELECT pc.comment_id FROM messaging.comments pc
  WHERE pc.parent_comment_id IS NULL AND pc.comment_type = 'task' AND pc.comment_on_id = ANY(ARRAY(
    SELECT pk.task_id FROM messaging.tasks pk WHERE NOT pk.deleted AND pk.assigned_to_agent_id = ${who}))
  UNION SELECT ps.comment_id FROM messaging.comment_states ps WHERE ps.agent_id = ${who} AND (ps.participant OR ps.mentioned)`;
};
/**
 * The top-level comments each user of `agentsSql` (a condition on `u`) may be part of, as the first CTE of a
 * statement, read once whatever join order the planner picks: as a join condition or a lateral set of `u`, a
 * plan made while the comments were few (a fresh team, a cached plan) re-ran them for every comment of the team.
 */
const inboxCandidates = (agentsSql: string) => `inbox_candidates AS MATERIALIZED (
  SELECT u.agent_id, candidate.comment_id FROM messaging.users u
  CROSS JOIN LATERAL unnest(ARRAY(${partOfCandidates('u')})) AS candidate(comment_id)
  WHERE ${agentsSql})`;
/** Users `u` with the top-level comments `c` they may be part of (INBOX_CONDITION decides); needs inboxCandidates. */
const USER_INBOX_THREADS = `messaging.users u
  JOIN inbox_candidates candidate ON candidate.agent_id = u.agent_id
  JOIN messaging.comments c ON c.comment_id = candidate.comment_id ${THREAD_JOINS}`;

/** Latest activity first: for a client the latest client-facing activity (an internal reply they never see does not move a thread). */
const LATEST_ACTIVITY_ORDER = `CASE WHEN 'CLIENT' = ANY(u.roles) THEN c.client_activity_ts ELSE c.last_activity_ts END DESC, c.comment_id DESC`;

const STATUS_CONDITION: Record<'all' | InboxStatusFilter, string> = {
  all: 'NOT coalesce(s.archived, false)',
  unread: 'NOT coalesce(s.archived, false) AND s.viewed_ts IS NULL',
  archived: 'coalesce(s.archived, false)',
};

const THREAD_COLUMNS = `c.comment_id, c.parent_comment_id, c.comment_type, c.comment_on_id, c.comment_value, c.visibility, c.author_agent_id,
  c.created_ts, c.updated_ts, s.viewed_ts, t.client_id, t.first_name, t.last_name, t.formatted_address,
  k.name AS task_name, dd.filename AS document_filename, ${AUTHOR_COLUMNS}`;

/** Comments and each user's state per thread. Only this class runs their SQL. */
@Injectable()
export class CommentsRepository {
  /** One page of the caller's comment inbox, latest activity first, with the replies they may see. */
  async page(
    manager: EntityManager,
    agentId: number,
    teamId: number,
    filter: CommentFilter,
    page: number,
    perPage: number,
  ): Promise<{ records: Comment[]; total: number }> {
    const params: unknown[] = [agentId, teamId];
    const conditions = [INBOX_CONDITION, STATUS_CONDITION[filter.status ?? 'all']];
    if (filter.comment_type) {
      params.push(filter.comment_type);
      conditions.push(`c.comment_type = $${params.length}`);
    }
    if (filter.mention_only) conditions.push('coalesce(s.mentioned, false)');
    if (filter.search?.trim()) {
      params.push(containsPattern(filter.search.trim()));
      const p = `$${params.length}`;
      conditions.push(`(t.first_name ILIKE ${p} OR t.last_name ILIKE ${p} OR (t.first_name || ' ' || t.last_name) ILIKE ${p} OR t.formatted_address ILIKE ${p}
        OR EXISTS (SELECT 1 FROM messaging.comments m LEFT JOIN messaging.users ma ON ma.agent_id = m.author_agent_id
                   WHERE (m.comment_id = c.comment_id OR m.parent_comment_id = c.comment_id) AND (m.visibility = 'c' OR NOT 'CLIENT' = ANY(u.roles))
                     AND (m.comment_text ILIKE ${p} OR (coalesce(ma.first_name, '') || ' ' || coalesce(ma.last_name, '')) ILIKE ${p})))`);
    }
    const from = `${USER_INBOX_THREADS}
      LEFT JOIN messaging.users a ON a.agent_id = c.author_agent_id`;
    const where = `u.agent_id = $1 AND u.team_id = $2 AND ${conditions.join(' AND ')}`;
    params.push(perPage, (page - 1) * perPage);
    const rows = await preparedQuery<ThreadRow>(
      manager,
      `WITH ${inboxCandidates('u.agent_id = $1')}
       SELECT ${THREAD_COLUMNS}, count(*) OVER ()::int AS total FROM ${from} WHERE ${where}
       ORDER BY ${LATEST_ACTIVITY_ORDER} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [row]: { n: number }[] = await manager.query(
        `WITH ${inboxCandidates('u.agent_id = $1')} SELECT count(*)::int AS n FROM ${from} WHERE ${where}`,
        params.slice(0, -2),
      );
      total = row.n;
    }
    return { records: await this.withReplies(manager, agentId, rows), total };
  }

  /** The threads on one transaction, task or document that the caller may see, latest activity first. */
  async threadsOn(
    manager: EntityManager,
    agentId: number,
    teamId: number,
    commentType: CommentType,
    commentOnId: number,
  ): Promise<Comment[]> {
    const rows = await preparedQuery<ThreadRow>(
      manager,
      `SELECT ${THREAD_COLUMNS} FROM ${USER_THREADS} LEFT JOIN messaging.users a ON a.agent_id = c.author_agent_id
       WHERE u.agent_id = $1 AND u.team_id = $2 AND ${VISIBLE_CONDITION} AND c.comment_type = $3 AND c.comment_on_id = $4
       ORDER BY ${LATEST_ACTIVITY_ORDER}`,
      [agentId, teamId, commentType, commentOnId],
    );
    return this.withReplies(manager, agentId, rows);
  }

  /** Threads as one user sees them (their viewed_ts, the replies they may see), in the given order; those they may not see are left out. */
  async threadsOf(manager: EntityManager, agentId: number, threadIds: number[]): Promise<Comment[]> {
    if (threadIds.length === 0) return [];
    const rows: ThreadRow[] = await manager.query(
      `SELECT ${THREAD_COLUMNS} FROM ${USER_THREADS} LEFT JOIN messaging.users a ON a.agent_id = c.author_agent_id
       WHERE u.agent_id = $1 AND ${VISIBLE_CONDITION} AND c.comment_id = ANY($2::int[])
       ORDER BY array_position($2::int[], c.comment_id)`,
      [agentId, threadIds],
    );
    return this.withReplies(manager, agentId, rows);
  }

  private async withReplies(manager: EntityManager, agentId: number, threads: ThreadRow[]): Promise<Comment[]> {
    if (threads.length === 0) return [];
    const replies = await preparedQuery<CommentRow>(
      manager,
      `SELECT c.comment_id, c.parent_comment_id, c.comment_type, c.comment_on_id, c.comment_value, c.visibility, c.author_agent_id,
              c.created_ts, c.updated_ts, ${AUTHOR_COLUMNS}
       FROM messaging.comments c JOIN messaging.users u ON u.agent_id = $1 LEFT JOIN messaging.users a ON a.agent_id = c.author_agent_id
       WHERE c.parent_comment_id = ANY($2::int[]) AND (c.visibility = 'c' OR NOT 'CLIENT' = ANY(u.roles))
       ORDER BY c.created_ts, c.comment_id`,
      [agentId, threads.map((t) => t.comment_id)],
    );
    return threads.map((thread) => ({
      ...this.toComment(thread, thread, isoOf(thread.viewed_ts)),
      thread: replies
        .filter((r) => r.parent_comment_id === thread.comment_id)
        .map((r) => this.toComment(r, thread, readMarkOf(thread.viewed_ts, r.created_ts))),
    }));
  }

  private toComment(row: CommentRow, thread: ThreadRow, viewedTs: string | null): Comment {
    return {
      comment_id: row.comment_id,
      parent_comment_id: row.parent_comment_id,
      comment_type: row.comment_type,
      comment_on_id: row.comment_on_id,
      comment_value: row.comment_value,
      visibility: row.visibility,
      viewed_ts: viewedTs,
      author: { ...authorOf(row), id: row.author_agent_id },
      created_ts: isoOf(row.created_ts)!,
      updated_ts: isoOf(row.updated_ts),
      thread: [],
      transaction: {
        client_id: thread.client_id,
        first_name: thread.first_name,
        last_name: thread.last_name,
        formatted_address: thread.formatted_address,
      },
      ...(row.comment_type === 'task' ? { task: { id: row.comment_on_id, name: thread.task_name ?? '' } } : {}),
      ...(row.comment_type === 'doc' ? { document: { id: row.comment_on_id, filename: thread.document_filename ?? '' } } : {}),
    };
  }

  /** A comment (top-level or reply) of the caller's team that the caller may see, with its thread; null otherwise. */
  async findVisible(manager: EntityManager, agentId: number, teamId: number, commentId: number): Promise<CommentRef | null> {
    const [row] = await this.findVisibleMany(manager, agentId, teamId, [commentId]);
    return row ?? null;
  }

  /** The comments of `commentIds` that the caller may see (others are left out). */
  async findVisibleMany(manager: EntityManager, agentId: number, teamId: number, commentIds: number[]): Promise<CommentRef[]> {
    if (commentIds.length === 0) return [];
    return manager.query(
      `SELECT m.comment_id, c.comment_id AS thread_id, m.parent_comment_id, m.comment_type, m.comment_on_id, m.client_id, m.visibility, m.author_agent_id
       FROM messaging.comments m, ${USER_THREADS}
       WHERE u.agent_id = $1 AND c.comment_id = coalesce(m.parent_comment_id, m.comment_id) AND m.comment_id = ANY($3::int[])
         AND m.team_id = $2 AND ${VISIBLE_CONDITION} AND ${maySeeCommentSql('u', 't', 'm.visibility')}`,
      [agentId, teamId, commentIds],
    );
  }

  /** Each user's read mark of a thread (users without a state have none). */
  async viewMarks(manager: EntityManager, threadId: number, agentIds: number[]): Promise<Map<number, Date | null>> {
    const rows: Pick<TableRow<'messaging.comment_states'>, 'agent_id' | 'viewed_ts'>[] = await manager.query(
      `SELECT agent_id, viewed_ts FROM messaging.comment_states WHERE comment_id = $1 AND agent_id = ANY($2::int[])`,
      [threadId, agentIds],
    );
    return new Map(rows.map((r) => [r.agent_id, r.viewed_ts]));
  }

  /** Which of the users are clients (they see client-facing comments only). */
  async clientsAmong(manager: EntityManager, agentIds: number[]): Promise<Set<number>> {
    const rows: Pick<TableRow<'messaging.users'>, 'agent_id'>[] = await manager.query(
      `SELECT agent_id FROM messaging.users WHERE agent_id = ANY($1::int[]) AND 'CLIENT' = ANY(roles)`,
      [agentIds],
    );
    return new Set(rows.map((r) => r.agent_id));
  }

  async insert(
    manager: EntityManager,
    comment: {
      team_id: number;
      client_id: number;
      comment_type: CommentType;
      comment_on_id: number;
      parent_comment_id: number | null;
      author_agent_id: number;
      comment_value: string;
      comment_text: string;
      visibility: CommentVisibility;
    },
  ): Promise<number> {
    const [row]: Pick<TableRow<'messaging.comments'>, 'comment_id'>[] = await manager.query(
      `INSERT INTO messaging.comments (team_id, client_id, comment_type, comment_on_id, parent_comment_id, author_agent_id, comment_value, comment_text, visibility)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING comment_id`,
      [
        comment.team_id,
        comment.client_id,
        comment.comment_type,
        comment.comment_on_id,
        comment.parent_comment_id,
        comment.author_agent_id,
        comment.comment_value,
        comment.comment_text,
        comment.visibility,
      ],
    );
    return row.comment_id;
  }

  async updateText(manager: EntityManager, commentId: number, value: string, text: string): Promise<void> {
    await manager.query(`UPDATE messaging.comments SET comment_value = $2, comment_text = $3, updated_ts = now() WHERE comment_id = $1`, [
      commentId,
      value,
      text,
    ]);
  }

  /**
   * A new comment in a thread: its latest activity; unread and unarchived for everyone with a state who may
   * see the new comment, but the author; the author takes part and has read it.
   */
  async touchThread(manager: EntityManager, threadId: number, authorId: number, visibility: CommentVisibility): Promise<void> {
    await manager.query(
      `UPDATE messaging.comments SET last_activity_ts = now(), client_activity_ts = CASE WHEN $2 = 'c' THEN now() ELSE client_activity_ts END WHERE comment_id = $1`,
      [threadId, visibility],
    );
    await manager.query(
      `UPDATE messaging.comment_states s SET viewed_ts = NULL, archived = false
       FROM messaging.comments c JOIN messaging.transactions t ON t.client_id = c.client_id, messaging.users u
       WHERE c.comment_id = $1 AND s.comment_id = c.comment_id AND s.agent_id <> $2 AND u.agent_id = s.agent_id AND ${maySeeCommentSql('u', 't', '$3')}`,
      [threadId, authorId, visibility],
    );
    await manager.query(
      `INSERT INTO messaging.comment_states (comment_id, agent_id, viewed_ts, participant) VALUES ($1, $2, now(), true)
       ON CONFLICT (agent_id, comment_id) DO UPDATE SET viewed_ts = now(), participant = true`,
      [threadId, authorId],
    );
  }

  /** The mentioned now have the thread unread in their inbox (under @ Mentions). */
  async markMentioned(manager: EntityManager, threadId: number, agentIds: number[]): Promise<void> {
    if (agentIds.length === 0) return;
    await manager.query(
      `INSERT INTO messaging.comment_states (comment_id, agent_id, mentioned) SELECT $1, unnest($2::int[]), true
       ON CONFLICT (agent_id, comment_id) DO UPDATE SET mentioned = true, viewed_ts = NULL, archived = false`,
      [threadId, agentIds],
    );
  }

  /** After an edit: each state's mentioned flag is whether a comment of the thread still mentions them. */
  async refreshMentionedFlags(manager: EntityManager, threadId: number): Promise<void> {
    await manager.query(
      `UPDATE messaging.comment_states s SET mentioned = EXISTS (
         SELECT 1 FROM messaging.mentions mn JOIN messaging.comments m ON m.comment_id = mn.message_id
         WHERE mn.kind = 'comment' AND mn.agent_id = s.agent_id AND (m.comment_id = $1 OR m.parent_comment_id = $1))
       WHERE s.comment_id = $1`,
      [threadId],
    );
  }

  /** Sets the caller's state of threads. */
  async setState(
    manager: EntityManager,
    agentId: number,
    threadIds: number[],
    change: 'read' | 'unread' | 'archived' | 'unarchived',
  ): Promise<number> {
    if (threadIds.length === 0) return 0;
    const [column, value] = {
      read: ['viewed_ts', 'now()'],
      unread: ['viewed_ts', 'NULL'],
      archived: ['archived', 'true'],
      unarchived: ['archived', 'false'],
    }[change];
    const rows: unknown[] = await manager.query(
      `INSERT INTO messaging.comment_states (comment_id, agent_id, ${column}) SELECT unnest($2::int[]), $1, ${value}
       ON CONFLICT (agent_id, comment_id) DO UPDATE SET ${column} = ${value} RETURNING comment_id`,
      [agentId, threadIds],
    );
    return rows.length;
  }

  /** The threads of the caller's whole comment inbox (All for read, everything for archived). */
  async inboxThreadIds(manager: EntityManager, agentId: number, teamId: number, status: 'read' | 'archived'): Promise<number[]> {
    const rows: Pick<TableRow<'messaging.comments'>, 'comment_id'>[] = await manager.query(
      `WITH ${inboxCandidates('u.agent_id = $1')} SELECT c.comment_id FROM ${USER_INBOX_THREADS}
       WHERE u.agent_id = $1 AND u.team_id = $2 AND ${INBOX_CONDITION} AND ${status === 'read' ? STATUS_CONDITION.unread : STATUS_CONDITION.all}`,
      [agentId, teamId],
    );
    return rows.map((r) => r.comment_id);
  }

  /** Unread threads of each user's comment inbox (All), and those of them that mention the user. */
  async unreadCounts(manager: EntityManager, agentIds: number[]): Promise<Map<number, { comments: number; mentions: number }>> {
    const rows = await preparedQuery<{ agent_id: number; comments: number; mentions: number }>(
      manager,
      `WITH ${inboxCandidates('u.agent_id = ANY($1::int[])')},
       unread AS (
         SELECT u.agent_id, count(*)::int AS comments, (count(*) FILTER (WHERE coalesce(s.mentioned, false)))::int AS mentions
           FROM ${USER_INBOX_THREADS}
          WHERE ${INBOX_CONDITION} AND ${STATUS_CONDITION.unread}
          GROUP BY u.agent_id)
       SELECT u.agent_id, coalesce(x.comments, 0) AS comments, coalesce(x.mentions, 0) AS mentions
         FROM messaging.users u LEFT JOIN unread x ON x.agent_id = u.agent_id
        WHERE u.agent_id = ANY($1::int[])`,
      [agentIds],
    );
    return new Map(rows.map((r) => [r.agent_id, { comments: r.comments, mentions: r.mentions }]));
  }
}
