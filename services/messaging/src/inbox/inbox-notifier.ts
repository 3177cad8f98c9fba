import { Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { JOB_QUEUES, MESSAGING_SOCKET_EVENTS, type Comment, type DirectMessage, type InboxCounts } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { CommentsRepository } from '../comments/comments.repository';
import { DirectMessagesRepository } from '../direct-messages/direct-messages.repository';
import { InboxPublisher, type InboxMessagePush } from '../realtime/inbox.publisher';
import { isoOf, readMarkOf } from './inbox-rows';
import { countsDiffer, InboxCountsService, type CountScope } from './inbox-counts.service';

type MessageEvent = InboxMessagePush['event'];
export const MESSAGE_CREATED: MessageEvent = MESSAGING_SOCKET_EVENTS.messageCreated;
export const MESSAGE_UPDATED: MessageEvent = MESSAGING_SOCKET_EVENTS.messageUpdated;

/** The queue of the real-time side of a new or edited message; messaging's worker runs it (InboxPushWorker). */
export const INBOX_PUSH_QUEUE = JOB_QUEUES.inboxPush;

/**
 * The real-time side of a new or edited message, written in its transaction (EventOutbox.enqueue) and run by
 * messaging's worker once it committed: the thread to each user, as they see it when the job runs, and the
 * counts of those whose counts differ from `before` (read before the change). Pushing it twice is harmless:
 * the console replaces a thread by its id, and counts are whole values.
 */
export interface InboxPushJob {
  kind: 'dm' | 'comment';
  thread_id: number;
  /** A DM: to its participants (`to`: only those). A comment: to `to`, who may see it. */
  messages: { event: MessageEvent; to?: number[] }[];
  counts: { scope: CountScope; agent_ids: number[]; before: { agent_id: number; counts: InboxCounts }[] };
}

/** Counts read before a change (countsBefore), as a push job carries them. */
export const countsOf = (before: Map<number, InboxCounts>): InboxPushJob['counts']['before'] =>
  [...before].map(([agent_id, counts]) => ({ agent_id, counts }));

/**
 * The real-time side of a change: each user who may see the thread gets it as they see it (their read mark,
 * the replies they may see), and each user whose counts changed gets the new counts. A new or edited message
 * queues it in its transaction (queue(): delivered by the worker, retried until it goes); the push* methods
 * push at once after a commit, for what only refreshes the user's own tabs: a failure there is logged, the
 * change itself stands.
 */
@Injectable()
export class InboxNotifier {
  private readonly logger = new Logger(InboxNotifier.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly dms: DirectMessagesRepository,
    private readonly comments: CommentsRepository,
    private readonly counts: InboxCountsService,
    private readonly publisher: InboxPublisher,
    private readonly outbox: EventOutbox,
  ) {}

  /** Writes the push of a new or edited message into the outbox, inside the message's transaction. */
  async queue(manager: EntityManager, teamId: number, job: InboxPushJob): Promise<void> {
    const messages = job.messages.filter((m) => m.to === undefined || m.to.length > 0);
    if (messages.length === 0 && job.counts.agent_ids.length === 0) return;
    await this.outbox.enqueue(
      manager,
      INBOX_PUSH_QUEUE,
      job.kind,
      { ...job, messages },
      {
        attempts: 6,
        backoff: { type: 'exponential', delay: 500 },
        removeOnComplete: { age: 3600, count: 1000 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
      { team_id: teamId },
    );
  }

  /** Runs a queued push (the worker): throws when it cannot read or push, so the job is tried again. */
  async deliver(job: InboxPushJob): Promise<void> {
    for (const message of job.messages) {
      if (job.kind === 'dm') await this.sendDmThread(job.thread_id, message.event, message.to);
      else await this.sendCommentThread(job.thread_id, message.event, message.to ?? []);
    }
    const before = new Map(job.counts.before.map((entry) => [entry.agent_id, entry.counts]));
    await this.sendCountChanges(before, job.counts.agent_ids, job.counts.scope);
  }

  /** Counts of users before a change (to push only those that change), of the kind the change can move. */
  async countsBefore(agentIds: number[], scope: CountScope = 'all'): Promise<Map<number, InboxCounts>> {
    try {
      return await this.counts.countsOf(this.dataSource.manager, agentIds, undefined, scope);
    } catch (error) {
      this.logger.warn(`counts before a change: ${(error as Error).message}`);
      return new Map();
    }
  }

  /**
   * Pushes the counts of those of `agentIds` whose counts of `scope` differ from `before`: the changed kind is
   * read for everyone, the whole counts only for those it changed (a DM to @all does not read every user's
   * comment counts twice).
   */
  async pushCountChanges(before: Map<number, InboxCounts>, agentIds: number[], scope: CountScope = 'all'): Promise<void> {
    try {
      await this.sendCountChanges(before, agentIds, scope);
    } catch (error) {
      this.logger.warn(`counts push failed: ${(error as Error).message}`);
    }
  }

  private async sendCountChanges(before: Map<number, InboxCounts>, agentIds: number[], scope: CountScope): Promise<void> {
    const after = await this.counts.countsOf(this.dataSource.manager, agentIds, undefined, scope);
    const changed = [...after].filter(([id, counts]) => countsDiffer(before.get(id), counts, scope)).map(([id]) => id);
    if (changed.length === 0) return;
    if (scope === 'all') {
      await this.publisher.pushCounts(changed.map((agent_id) => ({ agent_id, counts: after.get(agent_id)! })));
      return;
    }
    // The pushed counts are whole: the other kind is read for those it changed, the changed kind is the one just read.
    const other = await this.counts.countsOf(this.dataSource.manager, changed, undefined, scope === 'dms' ? 'comments' : 'dms');
    await this.publisher.pushCounts(
      changed.map((agent_id) => {
        const read = after.get(agent_id)!;
        const rest = other.get(agent_id)!;
        return {
          agent_id,
          counts: scope === 'dms' ? { ...rest, dms: read.dms } : { ...rest, comments: read.comments, mentions: read.mentions },
        };
      }),
    );
  }

  /** A DM thread to each of its participants (or those given), with their own read marks. */
  async pushDmThread(threadId: number, event: MessageEvent, only?: number[]): Promise<void> {
    try {
      await this.sendDmThread(threadId, event, only);
    } catch (error) {
      this.logger.warn(`dm push failed: ${(error as Error).message}`);
    }
  }

  private async sendDmThread(threadId: number, event: MessageEvent, only?: number[]): Promise<void> {
    const states = (await this.dms.participantStates(this.dataSource.manager, threadId)).filter((s) => !only || only.includes(s.agent_id));
    if (states.length === 0) return;
    const [thread] = await this.dms.threadsOf(this.dataSource.manager, states[0].agent_id, [threadId]);
    if (!thread) return;
    const pushes = states.map((state) => ({
      agent_id: state.agent_id,
      event,
      push: { kind: 'dm' as const, record: this.dmAsSeenBy(thread, state.read_ts) },
    }));
    await this.publisher.pushMessages(pushes);
  }

  /** Threads to one user as they see them (their other tabs after a status change): read in two queries whatever their number. */
  async pushDmThreadsTo(agentId: number, threadIds: number[], event: MessageEvent): Promise<void> {
    try {
      if (threadIds.length === 0) return;
      const threads = await this.dms.threadsOf(this.dataSource.manager, agentId, threadIds);
      if (threads.length)
        await this.publisher.pushMessages(threads.map((record) => ({ agent_id: agentId, event, push: { kind: 'dm' as const, record } })));
    } catch (error) {
      this.logger.warn(`dm push failed: ${(error as Error).message}`);
    }
  }

  private dmAsSeenBy(thread: DirectMessage, readTs: Date | null): DirectMessage {
    return {
      ...thread,
      read_ts: isoOf(readTs),
      thread: thread.thread.map((reply) => ({ ...reply, read_ts: readMarkOf(readTs, reply.created_ts) })),
    };
  }

  /**
   * A comment thread to each of `agentIds` who may see it, as they see it: the staff's view is read once and
   * given each one's read mark; clients (client-facing replies only) are read one by one.
   */
  async pushCommentThread(threadId: number, event: MessageEvent, agentIds: number[]): Promise<void> {
    try {
      await this.sendCommentThread(threadId, event, agentIds);
    } catch (error) {
      this.logger.warn(`comment push failed: ${(error as Error).message}`);
    }
  }

  private async sendCommentThread(threadId: number, event: MessageEvent, agentIds: number[]): Promise<void> {
    const manager = this.dataSource.manager;
    if (agentIds.length === 0) return;
    const clients = await this.comments.clientsAmong(manager, agentIds);
    const staff = agentIds.filter((id) => !clients.has(id));
    const pushes: InboxMessagePush[] = [];
    if (staff.length) {
      const marks = await this.comments.viewMarks(manager, threadId, staff);
      let base: Comment | undefined;
      for (const agentId of staff) {
        // The first staff member who may see it gives the staff's view (the same thread for all of them).
        base ??= (await this.comments.threadsOf(manager, agentId, [threadId]))[0];
        if (!base) continue;
        pushes.push({
          agent_id: agentId,
          event,
          push: { kind: 'comment', record: this.commentAsSeenBy(base, marks.get(agentId) ?? null) },
        });
      }
    }
    for (const agentId of clients) {
      const [thread]: Comment[] = await this.comments.threadsOf(manager, agentId, [threadId]);
      if (thread) pushes.push({ agent_id: agentId, event, push: { kind: 'comment', record: thread } });
    }
    if (pushes.length) await this.publisher.pushMessages(pushes);
  }

  private commentAsSeenBy(thread: Comment, viewedTs: Date | null): Comment {
    return {
      ...thread,
      viewed_ts: isoOf(viewedTs),
      thread: thread.thread.map((reply) => ({ ...reply, viewed_ts: readMarkOf(viewedTs, reply.created_ts) })),
    };
  }
}
