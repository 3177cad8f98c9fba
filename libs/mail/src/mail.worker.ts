import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Worker } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import type { MailDriver, QueuedMail } from './mail-message';
import { MAIL_OPTIONS, MAIL_QUEUE, type MailModuleOptions } from './mail.options';

export const MAIL_DRIVER = Symbol('MAIL_DRIVER');

/** Delivers queued mail through the driver; runs only where the options say `process`. */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailWorker.name);
  private connection?: Redis;
  private worker?: Worker<QueuedMail>;

  constructor(
    @Inject(MAIL_OPTIONS) private readonly options: MailModuleOptions,
    @Inject(MAIL_DRIVER) private readonly driver: MailDriver,
  ) {}

  onApplicationBootstrap() {
    if (!this.options.process) return;
    this.connection = new IORedis(this.options.redisUrl, { maxRetriesPerRequest: null, connectionName: `${this.options.service}:mail-worker` });
    this.worker = new Worker<QueuedMail>(MAIL_QUEUE, (job) => this.driver.deliver(job.data), {
      connection: this.connection,
      prefix: this.options.queuePrefix,
      concurrency: 5,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`mail ${job?.id} to ${job?.data.to} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`mail worker: ${error.message}`));
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
    await this.driver.close?.();
  }
}
