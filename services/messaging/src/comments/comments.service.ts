import { ForbiddenException, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  INBOX_PER_PAGE,
  MESSAGING_MESSAGES,
  type Comment,
  type CommentsPage,
  type CommentVisibility,
  type MessageStatus,
} from '@app/contracts';
import type { AuthenticatedUser } from '@app/auth';
import { paginationOf } from '@app/database';
import { CommentAudienceRepository } from '../audience/comment-audience';
import { InboxMailer } from '../inbox/inbox-mailer';
import { countsOf, InboxNotifier, MESSAGE_CREATED, MESSAGE_UPDATED } from '../inbox/inbox-notifier';
import { fieldError, isClient, messageNotFound, onlyAuthor, pageOf, searchTextOf } from '../inbox/inbox-errors';
import { parseMentions } from '../mentions/mention-parser';
import { MentionsRepository } from '../mentions/mentions.repository';
import { CommentsRepository } from './comments.repository';
import type {
  CommentsBulkStatusDto,
  CommentsOnParamDto,
  CommentsQueryDto,
  CommentStatusDto,
  CreateCommentDto,
  UpdateCommentDto,
} from './dto/comments.dto';

/**
 * Comments on transactions, tasks and documents (spec 001). Who may see them is the audience rule
 * (audience/comment-audience.ts); a comment the caller may not see answers 404, like another team's.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly comments: CommentsRepository,
    private readonly audience: CommentAudienceRepository,
    private readonly mentions: MentionsRepository,
    private readonly notifier: InboxNotifier,
    private readonly mailer: InboxMailer,
  ) {}

  async list(caller: AuthenticatedUser, query: CommentsQueryDto): Promise<CommentsPage> {
    const { page, perPage } = pageOf(query, INBOX_PER_PAGE);
    const { records, total } = await this.comments.page(
      this.dataSource.manager,
      caller.agent_id,
      caller.team_id,
      { comment_type: query.comment_type, status: query.status, search: query.search, mention_only: query.mention_only },
      page,
      perPage,
    );
    return { records, pagination: paginationOf(total, page, perPage) };
  }

  async on(caller: AuthenticatedUser, params: CommentsOnParamDto): Promise<{ records: Comment[] }> {
    await this.visibleTarget(caller, params.comment_type, params.comment_on_id);
    return {
      records: await this.comments.threadsOn(
        this.dataSource.manager,
        caller.agent_id,
        caller.team_id,
        params.comment_type,
        params.comment_on_id,
      ),
    };
  }

  /** The thread of a comment the caller may see (deep links). */
  async one(caller: AuthenticatedUser, commentId: number): Promise<Comment> {
    const found = await this.comments.findVisible(this.dataSource.manager, caller.agent_id, caller.team_id, commentId);
    if (!found) throw messageNotFound();
    const [record] = await this.comments.threadsOf(this.dataSource.manager, caller.agent_id, [found.thread_id]);
    if (!record) throw messageNotFound();
    return record;
  }

  async create(caller: AuthenticatedUser, body: CreateCommentDto): Promise<Comment> {
    const client = isClient(caller);
    let visibility: CommentVisibility = body.visibility ?? (client ? 'c' : 'i');
    const target = await this.visibleTarget(caller, body.comment_type, body.comment_on_id);
    if (client && visibility === 'i') throw new ForbiddenException('You do not have permission to do this');
    if (!(await this.audience.maySee(this.dataSource.manager, caller.agent_id, target.client_id, visibility))) throw messageNotFound();
    let threadId: number | null = null;
    if (body.parent_comment_id) {
      const parent = await this.comments.findVisible(this.dataSource.manager, caller.agent_id, caller.team_id, body.parent_comment_id);
      if (!parent) throw messageNotFound();
      if (parent.parent_comment_id !== null || parent.comment_type !== body.comment_type || parent.comment_on_id !== body.comment_on_id) {
        throw fieldError('parent_comment_id', MESSAGING_MESSAGES.parentMismatch);
      }
      threadId = parent.comment_id;
      // A reply in an internal thread is internal: those who may not see the thread are never reached through it.
      if (parent.visibility === 'i') visibility = 'i';
    }
    const html = body.comment_value;
    const parsed = parseMentions(html);
    const audience = await this.audience.audienceOf(this.dataSource.manager, target.client_id, visibility);
    const before = await this.notifier.countsBefore(audience, 'comments');
    return this.dataSource.transaction(async (manager) => {
      const mentioned = await this.mentions.resolve(manager, caller.team_id, caller.agent_id, parsed, {
        kind: 'comment',
        client_id: target.client_id,
        visibility,
        author_is_client: client,
      });
      const commentId = await this.comments.insert(manager, {
        team_id: caller.team_id,
        client_id: target.client_id,
        comment_type: body.comment_type,
        comment_on_id: body.comment_on_id,
        parent_comment_id: threadId,
        author_agent_id: caller.agent_id,
        comment_value: html,
        comment_text: searchTextOf(html),
        visibility,
      });
      const thread = threadId ?? commentId;
      await this.comments.touchThread(manager, thread, caller.agent_id, visibility);
      await this.mentions.replace(manager, 'comment', commentId, mentioned);
      await this.comments.markMentioned(manager, thread, mentioned);
      // The push and the mention mails ride the outbox with the comment (messaging's worker delivers them).
      await this.notifier.queue(manager, caller.team_id, {
        kind: 'comment',
        thread_id: thread,
        messages: [{ event: MESSAGE_CREATED, to: audience }],
        counts: { scope: 'comments', agent_ids: audience, before: countsOf(before) },
      });
      await this.mailer.queue(manager, caller.team_id, {
        kind: 'comments',
        message_id: commentId,
        thread_id: thread,
        author_agent_id: caller.agent_id,
        html,
        recipients: mentioned,
      });
      // The answer is read before the commit: nothing after it can turn a saved comment into an error.
      return this.threadOf(manager, caller, thread);
    });
  }

  async update(caller: AuthenticatedUser, body: UpdateCommentDto): Promise<Comment> {
    const found = await this.comments.findVisible(this.dataSource.manager, caller.agent_id, caller.team_id, body.comment_id);
    if (!found || found.comment_type !== body.comment_type || found.comment_on_id !== body.comment_on_id) throw messageNotFound();
    if (found.author_agent_id !== caller.agent_id) throw onlyAuthor();
    const html = body.comment_value;
    const parsed = parseMentions(html);
    const audience = await this.audience.audienceOf(this.dataSource.manager, found.client_id, found.visibility);
    const before = await this.notifier.countsBefore(audience, 'comments');
    return this.dataSource.transaction(async (manager) => {
      const previous: { agent_id: number }[] = await manager.query(
        `SELECT agent_id FROM messaging.mentions WHERE kind = 'comment' AND message_id = $1`,
        [found.comment_id],
      );
      await this.comments.updateText(manager, found.comment_id, html, searchTextOf(html));
      const mentioned = await this.mentions.resolve(manager, caller.team_id, caller.agent_id, parsed, {
        kind: 'comment',
        client_id: found.client_id,
        visibility: found.visibility,
        author_is_client: isClient(caller),
      });
      await this.mentions.replace(manager, 'comment', found.comment_id, mentioned);
      const added = mentioned.filter((id) => !previous.some((p) => p.agent_id === id));
      await this.comments.markMentioned(manager, found.thread_id, added);
      await this.comments.refreshMentionedFlags(manager, found.thread_id);
      await this.notifier.queue(manager, caller.team_id, {
        kind: 'comment',
        thread_id: found.thread_id,
        messages: [{ event: MESSAGE_UPDATED, to: audience }],
        counts: { scope: 'comments', agent_ids: audience, before: countsOf(before) },
      });
      await this.mailer.queue(manager, caller.team_id, {
        kind: 'comments',
        message_id: found.comment_id,
        thread_id: found.thread_id,
        author_agent_id: caller.agent_id,
        html,
        recipients: added,
      });
      return this.threadOf(manager, caller, found.thread_id);
    });
  }

  async setStatus(caller: AuthenticatedUser, body: CommentStatusDto): Promise<Comment> {
    const found = await this.comments.findVisible(this.dataSource.manager, caller.agent_id, caller.team_id, body.comment_id);
    if (!found || (body.comment_type !== undefined && found.comment_type !== body.comment_type)) throw messageNotFound();
    return (await this.changeStates(caller, [found.thread_id], body.status, (manager) => this.threadOf(manager, caller, found.thread_id)))
      .answer;
  }

  async setBulkStatus(caller: AuthenticatedUser, body: CommentsBulkStatusDto): Promise<{ updated: number }> {
    let threadIds: number[];
    if (body.comment_ids !== undefined) {
      const ids = [...new Set(body.comment_ids)];
      const found = await this.comments.findVisibleMany(this.dataSource.manager, caller.agent_id, caller.team_id, ids);
      // Any id the caller may not see: nothing changes.
      if (found.length !== ids.length) throw messageNotFound();
      threadIds = [...new Set(found.map((f) => f.thread_id))];
    } else {
      threadIds = await this.comments.inboxThreadIds(this.dataSource.manager, caller.agent_id, caller.team_id, body.status);
    }
    return { updated: (await this.changeStates(caller, threadIds, body.status, async () => undefined)).updated };
  }

  /**
   * Sets the caller's state of threads and reads the answer in the same transaction; then refreshes the caller's
   * other tabs, best effort (a push that fails is logged: the change stands and the answer goes out).
   */
  private async changeStates<T>(
    caller: AuthenticatedUser,
    threadIds: number[],
    status: MessageStatus,
    answerOf: (manager: EntityManager) => Promise<T>,
  ): Promise<{ updated: number; answer: T }> {
    const before = await this.notifier.countsBefore([caller.agent_id], 'comments');
    const result = await this.dataSource.transaction(async (manager) => {
      const updated = await this.comments.setState(manager, caller.agent_id, threadIds, status);
      return { updated, answer: await answerOf(manager) };
    });
    // The caller's other tabs: a single change's thread, and the counts.
    if (threadIds.length === 1) await this.notifier.pushCommentThread(threadIds[0], MESSAGE_UPDATED, [caller.agent_id]);
    await this.notifier.pushCountChanges(before, [caller.agent_id], 'comments');
    return result;
  }

  /** A thread as the caller sees it (404 when they may not). */
  private async threadOf(manager: EntityManager, caller: AuthenticatedUser, threadId: number): Promise<Comment> {
    const [record] = await this.comments.threadsOf(manager, caller.agent_id, [threadId]);
    if (!record) throw messageNotFound();
    return record;
  }

  /** The transaction of a comment target the caller may see (some comment of it, at least client-facing); else 404. */
  private async visibleTarget(caller: AuthenticatedUser, commentType: CreateCommentDto['comment_type'], commentOnId: number) {
    const target = await this.audience.targetOf(this.dataSource.manager, caller.team_id, commentType, commentOnId);
    if (!target || !(await this.audience.maySee(this.dataSource.manager, caller.agent_id, target.client_id, 'c'))) throw messageNotFound();
    return target;
  }
}
