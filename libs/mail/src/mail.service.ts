import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createBlockingRedis } from '@app/platform';
import type { MailMessage, QueuedMail } from './mail-message';
import { MAIL_OPTIONS, MAIL_QUEUE, type MailModuleOptions } from './mail.options';

/** Queues outgoing mail; the worker of the service delivers it through the configured driver. */
@Injectable()
export class MailService implements OnApplicationShutdown {
  private connection?: Redis;
  private queue?: Queue<QueuedMail>;

  constructor(@Inject(MAIL_OPTIONS) private readonly options: MailModuleOptions) {}

  /** The queue, opened on first use so processes that never send hold no connection. */
  queueOf(): Queue<QueuedMail> {
    if (!this.queue) {
      this.connection = createBlockingRedis(this.options.redisUrl, `${this.options.service}:mail`);
      this.queue = new Queue<QueuedMail>(MAIL_QUEUE, { connection: this.connection, prefix: this.options.queuePrefix });
    }
    return this.queue;
  }

  /**
   * Enqueues one message (job id = message id, so sending the same id twice queues it once);
   * delivery is retried with exponential backoff.
   */
  async send(message: MailMessage): Promise<void> {
    const job: QueuedMail = { ...message, created_at: new Date().toISOString() };
    await this.queueOf().add('send', job, {
      jobId: message.id,
      attempts: this.options.attempts ?? 5,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000 },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async onApplicationShutdown() {
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
