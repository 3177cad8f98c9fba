import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_QUEUES } from '@app/contracts';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { EsignConfig } from '../esign.config';
import { RequestsService } from '../requests/requests.service';
import { DraftsRepository } from './drafts.repository';

export const REMOVE_OLD_DRAFTS = JOB_QUEUES.esignRemoveOldDrafts;
/** How often the worker looks for old drafts. */
export const REMOVE_OLD_DRAFTS_EVERY_MS = 60 * 60_000;
/** A sent draft is kept this long, so that a repeated send of it (a retry, another tab) answers 409 rather than 404. */
export const SENT_DRAFT_KEPT_HOURS = 24;
/** Drafts deleted per statement. */
const BATCH = 500;

/**
 * Every "New Signature Request" makes a draft with its own copy of the schema. The job scheduler
 * esign-remove-old-drafts (hourly; upserted by every worker start, so one schedule however many workers) deletes
 * drafts sent more than a day ago and unsent drafts not updated for ESIGN_DRAFT_RETENTION_DAYS (30 by default), oldest
 * first in batches of 500, each batch one statement along its own index: nothing is loaded into memory, and a run
 * stopped half-way leaves the rest for the next. Idempotent: a second run, or two at once (rows locked by the other
 * are skipped), deletes nothing twice. Drafts own no files (their PDFs are the templates'), so the rows are all.
 * The same hourly clean-up of the send flow then sweeps the PDF copies that sends stopped before their commit left
 * (RequestsService.removeOrphanedCopies: a day old and no request's; idempotent too).
 */
@Injectable()
export class RemoveOldDraftsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemoveOldDraftsJob.name);
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    private readonly drafts: DraftsRepository,
    private readonly requests: RequestsService,
  ) {}

  async onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'esign:remove-old-drafts');
    const options = { connection: this.connection, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(REMOVE_OLD_DRAFTS, options);
    await this.queue.upsertJobScheduler(
      REMOVE_OLD_DRAFTS,
      { every: REMOVE_OLD_DRAFTS_EVERY_MS },
      {
        name: REMOVE_OLD_DRAFTS,
        opts: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: { count: 100 },
          removeOnFail: { count: 100 },
        },
      },
    );
    this.worker = new Worker(REMOVE_OLD_DRAFTS, () => this.run(), { ...options, concurrency: 1 });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${REMOVE_OLD_DRAFTS} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${REMOVE_OLD_DRAFTS} worker: ${error.message}`));
  }

  /** Deletes every draft old enough now, then the orphaned request copies; answers how many of each. */
  async run(): Promise<{ sent: number; abandoned: number; orphanedCopies: number }> {
    const sent = await this.inBatches((limit) => this.drafts.deleteSent(SENT_DRAFT_KEPT_HOURS, limit));
    const abandoned = await this.inBatches((limit) => this.drafts.deleteAbandoned(this.config.ESIGN_DRAFT_RETENTION_DAYS, limit));
    if (sent + abandoned > 0) this.logger.log(`removed ${sent} sent and ${abandoned} abandoned send drafts`);
    const orphanedCopies = await this.requests.removeOrphanedCopies();
    return { sent, abandoned, orphanedCopies };
  }

  private async inBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await deleteBatch(BATCH);
      total += removed;
      if (removed < BATCH) return total;
    }
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
