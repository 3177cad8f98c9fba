import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { RPC_MAX_OPEN_TRANSACTIONS, SKYSLOPE_SYNC_MESSAGES as M } from '@app/contracts';
import { SERVICE_CONFIG, createBlockingRedis } from '@app/platform';
import { RpcClient } from '@app/rpc';
import type { IntegrationsSyncConfig } from '../integrations-sync.config';
import { isTransient, SkySlopeFileSync, type SyncOutcome } from './skyslope-file-sync.service';
import { kindOf } from './skyslope-file.mapper';
import {
  BACKFILL_PAGE_SIZE,
  cappedBackoff,
  SKYSLOPE_BACKFILL,
  SKYSLOPE_SYNC_TRANSACTION,
  TransactionSyncQueue,
  type BackfillJobData,
  type SyncTransactionJobData,
} from './transaction-sync.queue';
import { TransactionSyncRepository } from './transaction-sync.repository';

/** How soon a job whose transaction is locked by another job tries again. */
const LOCKED_RETRY_MS = 200;

/**
 * Runs the transaction sync in the integrations-sync worker: one transaction's jobs one at a time (its
 * lease; a job that finds it held waits its turn), SkySlope busy or down retried with backoff
 * (the row says 'retrying' meanwhile, 'failed' after the last attempt); and the team's backfill, page by
 * page over RPC from transactions, going on from the last page read when it is retried.
 */
@Injectable()
export class TransactionSyncWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TransactionSyncWorker.name);
  private connection?: Redis;
  private syncWorker?: Worker<SyncTransactionJobData>;
  private backfillWorker?: Worker<BackfillJobData>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IntegrationsSyncConfig,
    private readonly queue: TransactionSyncQueue,
    private readonly repository: TransactionSyncRepository,
    private readonly fileSync: SkySlopeFileSync,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap() {
    this.connection = createBlockingRedis(this.config.REDIS_URL, 'integrations-sync:transaction-sync-worker');
    const settings = {
      backoffStrategy: (
        attemptsMade: number,
        _type?: string,
        _error?: Error,
        job?: { opts: { backoff?: number | { delay?: number } } },
      ) => {
        const backoff = job?.opts.backoff;
        return cappedBackoff(
          attemptsMade,
          (typeof backoff === 'object' ? backoff.delay : backoff) ?? this.config.SKYSLOPE_SYNC_RETRY_BASE_MS,
        );
      },
    };
    const lockDuration = this.config.SKYSLOPE_SYNC_LOCK_MS;
    this.syncWorker = new Worker<SyncTransactionJobData>(SKYSLOPE_SYNC_TRANSACTION, (job, token) => this.processSync(job, token), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 4,
      lockDuration,
      stalledInterval: Math.min(lockDuration, 30_000),
      // A worker killed mid-job leaves it stalled: another takes it up (the sync row makes that safe).
      maxStalledCount: 10,
      settings,
    });
    this.syncWorker.on('failed', (job, error) => void this.onSyncFailed(job, error));
    this.syncWorker.on('error', (error) => this.logger.error(`${SKYSLOPE_SYNC_TRANSACTION} worker: ${error.message}`));
    this.backfillWorker = new Worker<BackfillJobData>(SKYSLOPE_BACKFILL, (job) => this.processBackfill(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 1,
      lockDuration,
      stalledInterval: Math.min(lockDuration, 30_000),
      maxStalledCount: 10,
      settings,
    });
    this.backfillWorker.on('failed', (job, error) =>
      this.logger.warn(`${SKYSLOPE_BACKFILL} ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`),
    );
    this.backfillWorker.on('error', (error) => this.logger.error(`${SKYSLOPE_BACKFILL} worker: ${error.message}`));
  }

  private async processSync(job: Job<SyncTransactionJobData>, token?: string): Promise<SyncOutcome> {
    const { client_id: clientId, version } = job.data;
    const ran = await this.repository.withTransactionLock(
      clientId,
      async () => {
        try {
          return await this.fileSync.sync(clientId, version);
        } catch (error) {
          if (isTransient(error)) await this.markRetrying(job, (error as Error).message);
          throw error;
        }
      },
      this.config.SKYSLOPE_SYNC_LOCK_MS,
    );
    if (!ran) {
      // Another job of this transaction runs: this one waits its turn without spending an attempt.
      await job.moveToDelayed(Date.now() + LOCKED_RETRY_MS, token);
      throw new DelayedError();
    }
    return ran.value;
  }

  private async markRetrying(job: Job<SyncTransactionJobData>, message: string) {
    const stored = await this.repository.storedRow(job.data.client_id);
    if (!stored) return;
    this.logger.warn(`transaction ${job.data.client_id}: SkySlope sync attempt ${job.attemptsMade + 1} failed: ${message}`);
    await this.repository.recordResult(stored.team_id, job.data.client_id, kindOf(stored.row), 'retrying', M.busy);
  }

  /** After the last attempt (or an error no attempt gets past) the row says failed, with the reason. */
  private async onSyncFailed(job: Job<SyncTransactionJobData> | undefined, error: Error) {
    if (!job || error instanceof DelayedError) return;
    const last = job.attemptsMade >= (job.opts.attempts ?? 1) || !isTransient(error);
    if (!last) return;
    this.logger.warn(`transaction ${job.data.client_id}: SkySlope sync failed: ${error.message}`);
    const stored = await this.repository.storedRow(job.data.client_id).catch(() => null);
    if (stored)
      await this.repository
        .recordResult(
          stored.team_id,
          job.data.client_id,
          kindOf(stored.row),
          'failed',
          isTransient(error) ? M.busy.replace('; retrying', '') : error.message.slice(0, 500),
        )
        .catch(() => undefined);
  }

  /** The team's open transactions over RPC, a page at a time; each stored and its sync queued. Transactions not answering: a retry later. */
  private async processBackfill(job: Job<BackfillJobData>): Promise<{ transactions: number }> {
    const teamId = job.data.team_id;
    let after = job.data.after_client_id;
    let count = 0;
    const limit = Math.min(BACKFILL_PAGE_SIZE, RPC_MAX_OPEN_TRANSACTIONS);
    for (;;) {
      const rows = await this.rpc.send('transactions.sync.open-transactions', { team_id: teamId, after_client_id: after, limit });
      for (const row of rows) {
        if (row.team_id !== teamId) continue;
        await this.repository.storeRow(row);
        const stored = await this.repository.storedRow(row.client_id);
        await this.queue.enqueueSync({
          team_id: teamId,
          client_id: row.client_id,
          version: stored?.version ?? row.version,
          reason: 'backfill',
        });
        count += 1;
      }
      if (rows.length < limit) return { transactions: count };
      after = rows[rows.length - 1].client_id;
      await job.updateData({ team_id: teamId, after_client_id: after });
    }
  }

  async onApplicationShutdown() {
    await this.syncWorker?.close();
    await this.backfillWorker?.close();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
  }
}
