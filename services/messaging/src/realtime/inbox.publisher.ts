import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  MESSAGING_NAMESPACE,
  MESSAGING_SOCKET_EVENTS,
  type InboxCounts,
  type MessagePush,
  type MessagingServerEvents,
} from '@app/contracts';
import { SERVICE_CONFIG, type ServiceConfig } from '@app/platform';
import { DetachedEmitter } from '@app/realtime';

/** The room of one user's sockets (every tab of theirs): messaging pushes are addressed per user. */
export const userRoom = (agentId: number) => `user:${agentId}`;

export interface InboxMessagePush {
  agent_id: number;
  event: typeof MESSAGING_SOCKET_EVENTS.messageCreated | typeof MESSAGING_SOCKET_EVENTS.messageUpdated;
  /** The message as that user may see it (their read_ts / viewed_ts, the replies they may see). */
  push: MessagePush;
}

export interface InboxCountsPush {
  agent_id: number;
  counts: InboxCounts;
}

/**
 * Pushes the real-time inbox from any process (API or worker): a detached socket.io server whose Redis
 * Streams adapter hands each packet to every gateway replica, which delivers it to the user's room.
 * Call it after the database transaction has committed; a push never fails the caller (logged instead).
 */
@Injectable()
export class InboxPublisher implements OnApplicationShutdown {
  private readonly logger = new Logger(InboxPublisher.name);
  private readonly emitter: DetachedEmitter;

  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    this.emitter = new DetachedEmitter({
      redisUrl: config.REDIS_URL,
      prefix: config.QUEUE_PREFIX,
      service: 'messaging',
      connectionName: 'messaging:inbox-publisher',
    });
  }

  /** `message.created` / `message.updated` `{kind, record}` to each user's room. */
  async pushMessages(pushes: InboxMessagePush[]): Promise<void> {
    try {
      const inbox = this.emitter.of<MessagingServerEvents>(MESSAGING_NAMESPACE);
      for (const { agent_id, event, push } of pushes) inbox.to(userRoom(agent_id)).emit(event, push);
    } catch (error) {
      this.logger.warn(`inbox push failed: ${(error as Error).message}`);
    }
  }

  /** `inbox.counts` `{dms, comments, mentions}` to each user whose counts changed (all their tabs). */
  async pushCounts(entries: InboxCountsPush[]): Promise<void> {
    try {
      const inbox = this.emitter.of<MessagingServerEvents>(MESSAGING_NAMESPACE);
      for (const { agent_id, counts } of entries) inbox.to(userRoom(agent_id)).emit(MESSAGING_SOCKET_EVENTS.inboxCounts, counts);
    } catch (error) {
      this.logger.warn(`inbox counts push failed: ${(error as Error).message}`);
    }
  }

  async onApplicationShutdown() {
    await this.emitter.close();
  }
}
