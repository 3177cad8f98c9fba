import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import { StorageService } from '@app/storage';
import type { TransactionsConfig } from '../transactions.config';
import { DocumentsRepository } from './documents.repository';
import { DOCUMENT_UPLOAD_URL_TTL_SECONDS } from './documents.service';
import { JOB_QUEUES } from '@app/contracts';

export const REMOVE_ABANDONED_UPLOADS = JOB_QUEUES.removeAbandonedUploads;
/** How often the worker looks for abandoned uploads. */
export const ABANDONED_UPLOADS_EVERY_MS = 15 * 60_000;
/**
 * An upload is abandoned once its URL has expired and an hour more has passed: the bytes may have been
 * PUT just before the URL expired, and confirm still takes them until then.
 */
export const ABANDONED_AFTER_SECONDS = DOCUMENT_UPLOAD_URL_TTL_SECONDS + 3600;
/** Pending uploads removed per database transaction. */
const CHUNK = 200;

/**
 * Upload URLs handed out and never confirmed leave a pending row and, when the bytes were PUT, a file.
 * The transactions worker removes both on a schedule (a BullMQ job scheduler: one run at a time across
 * workers, retried with backoff). Each chunk is one database transaction that locks its rows (SKIP LOCKED:
 * a confirm in progress keeps its own), deletes the files (a file already gone is fine) and then the rows;
 * a run killed half-way leaves rows whose files are partly gone, and the next run finishes them.
 */
@Injectable()
export class RemoveAbandonedUploadsJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RemoveAbandonedUploadsJob.name);
  private connection?: Redis;
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: TransactionsConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly documents: DocumentsRepository,
    private readonly storage: StorageService,
  ) {}

  async onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'transactions:abandoned-uploads');
    const options = { connection: this.connection, prefix: this.config.QUEUE_PREFIX };
    this.queue = new Queue(REMOVE_ABANDONED_UPLOADS, options);
    // Upserted by every worker start: one schedule whatever the number of workers.
    await this.queue.upsertJobScheduler(
      REMOVE_ABANDONED_UPLOADS,
      { every: ABANDONED_UPLOADS_EVERY_MS },
      {
        name: REMOVE_ABANDONED_UPLOADS,
        opts: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: { count: 100 },
          removeOnFail: { count: 100 },
        },
      },
    );
    this.worker = new Worker(REMOVE_ABANDONED_UPLOADS, () => this.run(), { ...options, concurrency: 1 });
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`${REMOVE_ABANDONED_UPLOADS} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.error(`${REMOVE_ABANDONED_UPLOADS} worker: ${error.message}`));
  }

  /** Removes every upload abandoned now; answers how many. */
  async run(): Promise<{ removed: number }> {
    let removed = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const keys = await this.documents.lockAbandonedUploads(manager, ABANDONED_AFTER_SECONDS, CHUNK);
        for (const key of keys) await this.storage.delete(key);
        await this.documents.dropPendingMany(manager, keys);
        return keys.length;
      });
      removed += count;
      if (count < CHUNK) break;
    }
    if (removed > 0) this.logger.log(`removed ${removed} abandoned document uploads`);
    return { removed };
  }

  async onApplicationShutdown() {
    await this.worker?.close();
    await this.queue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
