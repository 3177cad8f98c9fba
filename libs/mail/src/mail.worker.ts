import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createBlockingRedis } from '@app/platform';
import type { MailDriver, QueuedMail } from './mail-message';
import { MAIL_OPTIONS, MAIL_QUEUE, type MailModuleOptions } from './mail.options';

export const MAIL_DRIVER = Symbol('MAIL_DRIVER');

/**
 * What the service that runs the worker adds to delivery (messaging: notification switches and the
 * messaging.mail.failed event). Registered with MailWorker.useHooks before the application boots.
 */
export interface MailDeliveryHooks {
  /** Asked right before a delivery: a reason to drop the mail (the job completes, nothing is sent), or null to send it. */
  skipReasonOf?(mail: QueuedMail): Promise<string | null>;
  /** A mail failed for good: its last attempt failed, or a permanent error (an SMTP 5xx) failed it at once. */
  onFailedForGood?(mail: QueuedMail, error: Error): Promise<void>;
  /**
   * A mail was handed to the driver: record its id, so that skipReasonOf drops the same message id queued
   * again (a relay publishing its outbox row twice after the job was removed). A failure is logged, never
   * retried: the mail went.
   */
  onDelivered?(mail: QueuedMail): Promise<void>;
}

/** What one job ended with (the job's return value, shown on the operators' board). */
export type MailJobResult = { delivered: true } | { skipped: string };

/** A failure that no retry can mend (an SMTP 5xx): the worker fails the job at once. */
export function isPermanentMailError(error: unknown): boolean {
  return error instanceof UnrecoverableError || (error as Error | undefined)?.name === 'UnrecoverableError';
}

/** Delivers queued mail through the driver; runs only where the options say `process`. */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailWorker.name);
  private connection?: Redis;
  private worker?: Worker<QueuedMail, MailJobResult>;
  private hooks: MailDeliveryHooks = {};

  constructor(
    @Inject(MAIL_OPTIONS) private readonly options: MailModuleOptions,
    @Inject(MAIL_DRIVER) private readonly driver: MailDriver,
  ) {}

  /** Adds the service's hooks (call it from a provider's constructor or onModuleInit, before bootstrap). */
  useHooks(hooks: MailDeliveryHooks): void {
    this.hooks = hooks;
  }

  /** Whether this process delivers mail. */
  get delivering(): boolean {
    return this.options.process;
  }

  onApplicationBootstrap() {
    if (!this.options.process) return;
    this.connection = createBlockingRedis(this.options.redisUrl, `${this.options.service}:mail-worker`);
    this.worker = new Worker<QueuedMail, MailJobResult>(MAIL_QUEUE, (job) => this.process(job), {
      connection: this.connection,
      prefix: this.options.queuePrefix,
      concurrency: 5,
      // Stored on each job it takes (job.processedBy): which service delivered a mail.
      name: `${this.options.service}:mail-worker`,
    });
    this.worker.on('error', (error) => this.logger.error(`mail worker: ${error.message}`));
  }

  /** One attempt of one job: skipped, delivered, or failed (for good when permanent or the last attempt). */
  async process(job: Job<QueuedMail>): Promise<MailJobResult> {
    const mail = job.data;
    try {
      // Inside the try: a skip check that cannot answer (database down) is retried like a failed delivery.
      const skipReason = await this.hooks.skipReasonOf?.(mail);
      if (skipReason) {
        this.logger.log(`mail ${mail.id} to ${mail.to} skipped: ${skipReason}`);
        return { skipped: skipReason };
      }
      await this.driver.deliver(mail);
      await this.hooks
        .onDelivered?.(mail)
        .catch((error: Error) => this.logger.warn(`mail ${mail.id} delivered, not recorded: ${error.message}`));
      return { delivered: true };
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const attempt = job.attemptsMade + 1;
      const attempts = job.opts.attempts ?? 1;
      const forGood = isPermanentMailError(error) || attempt >= attempts;
      if (!forGood) {
        this.logger.warn(`mail ${mail.id} to ${mail.to} failed (attempt ${attempt} of ${attempts}, retried): ${error.message}`);
        throw error;
      }
      this.logger.error(`mail ${mail.id} to ${mail.to} failed for good (attempt ${attempt} of ${attempts}): ${error.message}`);
      try {
        await this.hooks.onFailedForGood?.(mail, error);
      } catch (hookError) {
        this.logger.error(`mail ${mail.id}: the failure hook failed: ${(hookError as Error).message}`);
      }
      // Permanent: BullMQ fails the job without the remaining attempts.
      throw isPermanentMailError(error) ? error : new UnrecoverableError(error.message);
    }
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
    await this.driver.close?.();
  }
}
