import { Inject, Injectable, OnApplicationShutdown, Optional } from '@nestjs/common';
import { type JobsOptions, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { EventOutbox, type OutboxJobOptions } from '@app/events';
import { createBlockingRedis } from '@app/platform';
import type { MailMessage, QueuedMail } from './mail-message';
import { MAIL_OPTIONS, MAIL_QUEUE, type MailModuleOptions } from './mail.options';

/** The job name of every mail.outgoing job. */
export const MAIL_JOB_NAME = 'send';

/**
 * Queues outgoing mail; messaging's worker delivers it through the configured driver. A mail a change causes
 * is written with the change (sendInTransaction: through the service's outbox); send() queues at once, for
 * a mail no database change goes with.
 */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<QueuedMail>;

  constructor(
    @Inject(MAIL_OPTIONS) private readonly options: MailModuleOptions,
    // Every service process has the event bus (serviceInfrastructure); a bare mail worker (startMailDelivery) has not.
    @Optional() private readonly outbox?: EventOutbox,
  ) {}

  /** How a mail job is added, by send() and by the relay (job id = message id, so one id is one mail). */
  jobOptionsOf(message: Pick<MailMessage, 'id'>): OutboxJobOptions & JobsOptions {
    return {
      jobId: message.id,
      attempts: this.options.attempts ?? 5,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    };
  }

  /** The queue, opened on first use so processes that never send hold no connection. */
  queueOf(): Queue<QueuedMail> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.options.redisUrl, `${this.options.service}:mail`);
      this.queue = new Queue<QueuedMail>(MAIL_QUEUE, { connection: this.connection, prefix: this.options.queuePrefix });
    }
    return this.queue;
  }

  /**
   * Enqueues one message now (job id = message id, so sending the same id twice queues it once); delivery
   * is retried with exponential backoff. Redis must answer: for a mail a database change causes, use
   * sendInTransaction, which cannot lose it between the commit and the queue.
   */
  async send(message: MailMessage): Promise<void> {
    const job: QueuedMail = { ...message, created_at: new Date().toISOString() };
    await this.queueOf().add(MAIL_JOB_NAME, job, this.jobOptionsOf(message));
  }

  /**
   * Writes the mail into the service's outbox inside the caller's transaction (the change it belongs to):
   * committed, the relay puts it on mail.outgoing under its message id, however long Redis is away; rolled
   * back, it never goes. Refuses to run outside a transaction. `team_id` only labels the outbox row.
   */
  async sendInTransaction(manager: EntityManager, message: MailMessage, meta: { team_id?: number | null } = {}): Promise<void> {
    await this.sendAllInTransaction(manager, [message], meta);
  }

  /** Several mails of one change in one statement (a DM to a whole team): as sendInTransaction, each. */
  async sendAllInTransaction(
    manager: EntityManager,
    messages: readonly MailMessage[],
    meta: { team_id?: number | null } = {},
  ): Promise<void> {
    if (!this.outbox) throw new Error('MailService.sendInTransaction needs the event bus (EventsModule) in this process');
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`MailService.sendInTransaction(${messages.map((m) => m.id).join(', ')}) must run inside a database transaction`);
    }
    // created_at is set once, here: every retry and every re-relay delivers the same message (mailbox file, Date header).
    const createdAt = new Date().toISOString();
    const jobs = messages.map((message) => ({
      name: MAIL_JOB_NAME,
      data: { ...message, created_at: createdAt } satisfies QueuedMail,
      options: this.jobOptionsOf(message),
    }));
    await this.outbox.enqueueMany(manager, MAIL_QUEUE, jobs, meta);
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
