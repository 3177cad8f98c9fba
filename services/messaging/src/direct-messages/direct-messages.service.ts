import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  INBOX_PER_PAGE,
  MESSAGING_MESSAGES,
  type BulkMessageStatus,
  type DirectMessage,
  type DirectMessagesPage,
  type MessageStatus,
} from '@app/contracts';
import type { AuthenticatedUser } from '@app/auth';
import { paginationOf } from '@app/database';
import { InboxMailer } from '../inbox/inbox-mailer';
import { countsOf, InboxNotifier, MESSAGE_CREATED, MESSAGE_UPDATED } from '../inbox/inbox-notifier';
import { fieldError, messageNotFound, onlyAuthor, pageOf, searchTextOf } from '../inbox/inbox-errors';
import { parseMentions } from '../mentions/mention-parser';
import { MentionsRepository } from '../mentions/mentions.repository';
import { DirectMessagesRepository } from './direct-messages.repository';
import type {
  CreateDirectMessageDto,
  DirectMessagesBulkStatusDto,
  DirectMessagesQueryDto,
  DirectMessageStatusDto,
  UpdateDirectMessageDto,
} from './dto/direct-messages.dto';

/**
 * Direct messages (spec 001): threads between users of a team, started by mentioning users or groups.
 * Clients never reach here (the controller refuses them). A new or edited message writes its push and its
 * mails into the outbox in its own transaction (messaging's worker delivers them); status changes refresh the
 * caller's other tabs after the commit, best effort.
 */
@Injectable()
export class DirectMessagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly dms: DirectMessagesRepository,
    private readonly mentions: MentionsRepository,
    private readonly notifier: InboxNotifier,
    private readonly mailer: InboxMailer,
  ) {}

  async list(caller: AuthenticatedUser, query: DirectMessagesQueryDto): Promise<DirectMessagesPage> {
    const { page, perPage } = pageOf(query, INBOX_PER_PAGE);
    const { records, total } = await this.dms.page(
      this.dataSource.manager,
      caller.agent_id,
      caller.team_id,
      { status: query.status, search: query.search },
      page,
      perPage,
    );
    return { records, pagination: paginationOf(total, page, perPage) };
  }

  /** A thread of the caller by the id of any of its messages (deep links). */
  async one(caller: AuthenticatedUser, dmId: number): Promise<DirectMessage> {
    const thread = await this.dms.threadOfMessage(this.dataSource.manager, caller.agent_id, caller.team_id, dmId);
    if (!thread) throw messageNotFound();
    const [record] = await this.dms.threadsOf(this.dataSource.manager, caller.agent_id, [thread.dm_id]);
    return record;
  }

  async create(caller: AuthenticatedUser, body: CreateDirectMessageDto): Promise<DirectMessage> {
    const html = body.dm_value;
    const parsed = parseMentions(html);
    const before = await this.notifier.countsBefore(await this.affectedByCreate(caller, body.parent_dm_id ?? null, parsed), 'dms');
    return this.dataSource.transaction(async (manager) => {
      const mentioned = await this.mentions.resolve(manager, caller.team_id, caller.agent_id, parsed, { kind: 'dm' });
      let threadId: number;
      if (body.parent_dm_id) {
        const thread = await this.dms.threadOfMessage(manager, caller.agent_id, caller.team_id, body.parent_dm_id);
        if (!thread) throw messageNotFound();
        threadId = thread.dm_id;
      } else if (mentioned.length === 0) {
        throw fieldError('dm_value', MESSAGING_MESSAGES.mentionRequired);
      }
      const messageId = await this.dms.insert(manager, {
        team_id: caller.team_id,
        parent_dm_id: body.parent_dm_id ? threadId! : null,
        author_agent_id: caller.agent_id,
        dm_value: html,
        dm_text: searchTextOf(html),
      });
      threadId ??= messageId;
      await this.dms.touchThread(manager, threadId, caller.agent_id);
      await this.dms.addParticipants(manager, threadId, mentioned);
      await this.mentions.replace(manager, 'dm', messageId, mentioned);
      const participants = await this.dms.participantsOf(manager, threadId);
      // The push and the mails ride the outbox with the message: committed, they go, whatever happens next.
      await this.notifier.queue(manager, caller.team_id, {
        kind: 'dm',
        thread_id: threadId,
        messages: [{ event: MESSAGE_CREATED }],
        counts: { scope: 'dms', agent_ids: participants, before: countsOf(before) },
      });
      await this.mailer.queue(manager, caller.team_id, {
        kind: 'dms',
        message_id: messageId,
        thread_id: threadId,
        author_agent_id: caller.agent_id,
        html,
        recipients: participants,
      });
      // The answer is read before the commit: nothing after it can turn a saved message into an error.
      return this.threadOf(manager, caller, threadId);
    });
  }

  async update(caller: AuthenticatedUser, body: UpdateDirectMessageDto): Promise<DirectMessage> {
    const html = body.dm_value;
    const parsed = parseMentions(html);
    const before = await this.dms.threadOfMessage(this.dataSource.manager, caller.agent_id, caller.team_id, body.dm_id);
    if (!before) throw messageNotFound();
    const countsBefore = await this.notifier.countsBefore(await this.dms.participantsOf(this.dataSource.manager, before.dm_id), 'dms');
    return this.dataSource.transaction(async (manager) => {
      const thread = await this.dms.threadOfMessage(manager, caller.agent_id, caller.team_id, body.dm_id);
      if (!thread) throw messageNotFound();
      if (thread.message_author_agent_id !== caller.agent_id) throw onlyAuthor();
      await this.dms.updateText(manager, body.dm_id, html, searchTextOf(html));
      // Re-read mentions: someone newly mentioned joins the thread (unread for them).
      const mentioned = await this.mentions.resolve(manager, caller.team_id, caller.agent_id, parsed, { kind: 'dm' });
      await this.mentions.replace(manager, 'dm', body.dm_id, mentioned);
      const added = await this.dms.addParticipants(manager, thread.dm_id, mentioned);
      const participants = await this.dms.participantsOf(manager, thread.dm_id);
      await this.notifier.queue(manager, caller.team_id, {
        kind: 'dm',
        thread_id: thread.dm_id,
        messages: [
          { event: MESSAGE_UPDATED, to: participants.filter((id) => !added.includes(id)) },
          { event: MESSAGE_CREATED, to: added },
        ],
        counts: { scope: 'dms', agent_ids: participants, before: countsOf(countsBefore) },
      });
      await this.mailer.queue(manager, caller.team_id, {
        kind: 'dms',
        message_id: body.dm_id,
        thread_id: thread.dm_id,
        author_agent_id: caller.agent_id,
        html,
        recipients: added,
      });
      return this.threadOf(manager, caller, thread.dm_id);
    });
  }

  async setStatus(caller: AuthenticatedUser, body: DirectMessageStatusDto): Promise<DirectMessage> {
    const thread = await this.dms.threadOfMessage(this.dataSource.manager, caller.agent_id, caller.team_id, body.dm_id);
    if (!thread) throw messageNotFound();
    return (await this.changeStates(caller, [thread.dm_id], body.status, (manager) => this.threadOf(manager, caller, thread.dm_id))).answer;
  }

  async setBulkStatus(caller: AuthenticatedUser, body: DirectMessagesBulkStatusDto): Promise<{ updated: number }> {
    let threadIds: number[] | null = null;
    if (body.dm_ids !== undefined) {
      const ids = [...new Set(body.dm_ids)];
      const threads = await this.dms.threadIdsOf(this.dataSource.manager, caller.agent_id, caller.team_id, ids);
      // Any id that is not a message of the caller's threads: nothing changes.
      if (threads.size !== ids.length) throw messageNotFound();
      threadIds = [...new Set(threads.values())];
    }
    return { updated: (await this.changeStates(caller, threadIds, body.status, async () => undefined)).updated };
  }

  /**
   * Sets the caller's state of threads and reads the answer in the same transaction; then refreshes the caller's
   * other tabs, best effort (a push that fails is logged: the change stands and the answer goes out).
   */
  private async changeStates<T>(
    caller: AuthenticatedUser,
    threadIds: number[] | null,
    status: MessageStatus | BulkMessageStatus,
    answerOf: (manager: EntityManager) => Promise<T>,
  ): Promise<{ updated: number; answer: T }> {
    const before = await this.notifier.countsBefore([caller.agent_id], 'dms');
    const result = await this.dataSource.transaction(async (manager) => {
      const updated = await this.dms.setState(manager, caller.agent_id, caller.team_id, threadIds, status);
      return { updated, answer: await answerOf(manager) };
    });
    // The caller's other tabs: the threads' new state and the counts.
    if (threadIds) await this.notifier.pushDmThreadsTo(caller.agent_id, threadIds, MESSAGE_UPDATED);
    await this.notifier.pushCountChanges(before, [caller.agent_id], 'dms');
    return result;
  }

  /** A thread of the caller as the answers give it (404 when it is not theirs). */
  private async threadOf(manager: EntityManager, caller: AuthenticatedUser, threadId: number): Promise<DirectMessage> {
    const [record] = await this.dms.threadsOf(manager, caller.agent_id, [threadId]);
    if (!record) throw messageNotFound();
    return record;
  }

  /** Who a new message may change the counts of: the author, the thread's people and the mentioned. */
  private async affectedByCreate(
    caller: AuthenticatedUser,
    parentDmId: number | null,
    parsed: ReturnType<typeof parseMentions>,
  ): Promise<number[]> {
    const manager = this.dataSource.manager;
    const mentioned = await this.mentions.resolve(manager, caller.team_id, caller.agent_id, parsed, { kind: 'dm' });
    const thread = parentDmId ? await this.dms.threadOfMessage(manager, caller.agent_id, caller.team_id, parentDmId) : null;
    return [caller.agent_id, ...mentioned, ...(thread ? await this.dms.participantsOf(manager, thread.dm_id) : [])];
  }
}
