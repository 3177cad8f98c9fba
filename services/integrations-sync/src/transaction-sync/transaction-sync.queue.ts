import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import type { IntegrationsSyncConfig } from '../integrations-sync.config';
import { JOB_QUEUES } from '@app/contracts';

export const SKYSLOPE_SYNC_TRANSACTION = JOB_QUEUES.skyslopeSyncTransaction;
export const SKYSLOPE_BACKFILL = JOB_QUEUES.skyslopeBackfill;

export interface SyncTransactionJobData {
  team_id: number;
  client_id: number;
  version: number;
  /** What queued it: an event, the backfill, a retry from Sync Activity, or a cause that changed. */
  reason: 'event' | 'backfill' | 'retry' | 'match' | 'office' | 'primary-agent';
}

export interface BackfillJobData {
  team_id: number;
  /** Where the next page starts (kept across retries, so a retry goes on from the last page read). */
  after_client_id: number;
}

/** The backfill reads this many transactions a page. */
export const BACKFILL_PAGE_SIZE = 200;

/**
 * Queues of the transaction sync: `skyslope-sync-transaction`, one job per transaction and version (job id
 * `<team>-<client>-v<version>`, so a redelivered event never queues twice), and `skyslope-backfill`, one
 * job per team. 429, 503 and timeouts retry with exponential backoff (capped at 5 minutes).
 */
@Injectable()
export class TransactionSyncQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private syncQueue?: Queue<SyncTransactionJobData>;
  private backfillQueue?: Queue<BackfillJobData>;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: IntegrationsSyncConfig) {}

  private redis(): Redis {
    this.connection ??= createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:transaction-sync');
    return this.connection;
  }

  syncQueueOf(): Queue<SyncTransactionJobData> {
    this.syncQueue ??= new Queue<SyncTransactionJobData>(SKYSLOPE_SYNC_TRANSACTION, { connection: this.redis(), prefix: this.config.QUEUE_PREFIX });
    return this.syncQueue;
  }

  backfillQueueOf(): Queue<BackfillJobData> {
    this.backfillQueue ??= new Queue<BackfillJobData>(SKYSLOPE_BACKFILL, { connection: this.redis(), prefix: this.config.QUEUE_PREFIX });
    return this.backfillQueue;
  }

  /** Queues a transaction's sync; `promote`: a job of the same id waiting out a backoff runs now. */
  async enqueueSync(data: SyncTransactionJobData, promote = false): Promise<void> {
    const jobId = syncJobIdOf(data.team_id, data.client_id, data.version);
    const job = await this.syncQueueOf().add(SKYSLOPE_SYNC_TRANSACTION, data, {
      jobId,
      attempts: this.config.SKYSLOPE_SYNC_ATTEMPTS,
      backoff: { type: 'capped-exponential', delay: this.config.SKYSLOPE_SYNC_RETRY_BASE_MS },
      // Gone once finished, so a retry or a changed cause can queue the same version again.
      removeOnComplete: true,
      removeOnFail: true,
    });
    if (promote && (await job.isDelayed().catch(() => false))) await job.promote().catch(() => undefined);
  }

  async enqueueBackfill(teamId: number): Promise<void> {
    await this.backfillQueueOf().add(SKYSLOPE_BACKFILL, { team_id: teamId, after_client_id: 0 }, {
      jobId: `backfill-${teamId}`,
      attempts: this.config.SKYSLOPE_SYNC_ATTEMPTS,
      backoff: { type: 'capped-exponential', delay: this.config.SKYSLOPE_SYNC_RETRY_BASE_MS },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  async onApplicationShutdown() {
    await this.syncQueue?.close();
    await this.backfillQueue?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}

export const syncJobIdOf = (teamId: number, clientId: number, version: number) => `${teamId}-${clientId}-v${version}`;

/** Exponential from `delay`, doubling per attempt, capped at 5 minutes. */
export function cappedBackoff(attemptsMade: number, delay: number): number {
  return Math.min(300_000, delay * 2 ** Math.max(0, attemptsMade - 1));
}
