import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createBlockingRedis, SERVICE_CONFIG, type ServiceConfig } from '@app/platform';
import { INBOX_PUSH_QUEUE, InboxNotifier, type InboxPushJob } from '../inbox/inbox-notifier';

/**
 * Runs `messaging-inbox-push` in messaging's worker: the real-time side of a new or edited DM or comment,
 * which its transaction wrote into the outbox (InboxNotifier.queue). A push that cannot read the thread or
 * the counts (Postgres away) fails and is tried again with backoff; pushing twice is harmless.
 */
@Injectable()
export class InboxPushWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(InboxPushWorker.name);
  private connection?: Redis;
  private worker?: Worker<InboxPushJob>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    private readonly notifier: InboxNotifier,
  ) {}

  onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'messaging:inbox-push-worker');
    this.worker = new Worker<InboxPushJob>(INBOX_PUSH_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 10,
    });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${INBOX_PUSH_QUEUE} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${INBOX_PUSH_QUEUE} worker: ${error.message}`));
  }

  run(job: Pick<Job<InboxPushJob>, 'data'>): Promise<void> {
    return this.notifier.deliver(job.data);
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
