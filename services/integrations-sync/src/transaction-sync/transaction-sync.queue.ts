import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { EventOutbox } from '@app/events';
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
 * job per team. 429, 503 and timeouts retry with exponential backoff (capped at 5 minutes). What a change
 * causes (an event stored, a Retry, a new office or match) is written into the outbox in its transaction.
 */
@Injectable()
export class TransactionSyncQueue implements OnApplicationShutdown {
  private connection?: Redis;
  private syncQueue?: Queue<SyncTransactionJobData>;
  private backfillQueue?: Queue<BackfillJobData>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IntegrationsSyncConfig,
    private readonly outbox: EventOutbox,
  ) {}

  private redis(): Redis {
    this.connection ??= createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:transaction-sync');
    return this.connection;
  }

  syncQueueOf(): Queue<SyncTransactionJobData> {
    this.syncQueue ??= new Queue<SyncTransactionJobData>(SKYSLOPE_SYNC_TRANSACTION, {
      connection: this.redis(),
      prefix: this.config.QUEUE_PREFIX,
    });
    return this.syncQueue;
  }

  backfillQueueOf(): Queue<BackfillJobData> {
    this.backfillQueue ??= new Queue<BackfillJobData>(SKYSLOPE_BACKFILL, { connection: this.redis(), prefix: this.config.QUEUE_PREFIX });
    return this.backfillQueue;
  }

  private syncJobOptionsOf(data: SyncTransactionJobData) {
    return {
      jobId: syncJobIdOf(data.team_id, data.client_id, data.version),
      attempts: this.config.SKYSLOPE_SYNC_ATTEMPTS,
      backoff: { type: 'capped-exponential', delay: this.config.SKYSLOPE_SYNC_RETRY_BASE_MS },
      // Gone once finished, so a retry or a changed cause can queue the same version again.
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  private backfillJobOptionsOf(teamId: number) {
    return {
      jobId: `backfill-${teamId}`,
      attempts: this.config.SKYSLOPE_SYNC_ATTEMPTS,
      backoff: { type: 'capped-exponential', delay: this.config.SKYSLOPE_SYNC_RETRY_BASE_MS },
      removeOnComplete: true,
      removeOnFail: true,
    };
  }

  /** Queues a transaction's sync now (a step of a running job, the backfill's, which is retried if this fails). */
  async enqueueSync(data: SyncTransactionJobData): Promise<void> {
    await this.syncQueueOf().add(SKYSLOPE_SYNC_TRANSACTION, data, this.syncJobOptionsOf(data));
  }

  /**
   * Writes transactions' syncs into the outbox inside the caller's transaction (the change that causes them):
   * the relay queues them once it commits, under the same job ids as enqueueSync.
   */
  async enqueueSyncsInTransaction(manager: EntityManager, jobs: readonly SyncTransactionJobData[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.outbox.enqueueMany(
      manager,
      SKYSLOPE_SYNC_TRANSACTION,
      jobs.map((data) => ({ name: SKYSLOPE_SYNC_TRANSACTION, data, options: this.syncJobOptionsOf(data) })),
      { team_id: jobs[0].team_id },
    );
  }

  /** The team's backfill, written in the caller's transaction (the one that marks it queued). */
  async enqueueBackfillInTransaction(manager: EntityManager, teamId: number): Promise<void> {
    await this.outbox.enqueue(
      manager,
      SKYSLOPE_BACKFILL,
      SKYSLOPE_BACKFILL,
      { team_id: teamId, after_client_id: 0 },
      this.backfillJobOptionsOf(teamId),
      { team_id: teamId },
    );
  }

  /** A job of this transaction's version waiting out a backoff runs now (Retry); false when there is none. */
  async promoteIfDelayed(data: Pick<SyncTransactionJobData, 'team_id' | 'client_id' | 'version'>): Promise<boolean> {
    const job = await this.syncQueueOf().getJob(syncJobIdOf(data.team_id, data.client_id, data.version));
    if (!job || !(await job.isDelayed())) return false;
    await job.promote();
    return true;
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
