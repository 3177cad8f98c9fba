import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { SKYSLOPE_SYNC_MESSAGES, type SkySlopeSyncActivityResponse } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { SkySlopeSettingsService } from '../skyslope-settings/skyslope-settings.service';
import { TransactionSyncQueue, type SyncTransactionJobData } from './transaction-sync.queue';
import { TransactionSyncRepository } from './transaction-sync.repository';

/** Sync Activity (GET /skyslope/sync-activity, POST .../{client_id}/retry) and the sync's reactions to a changed cause. */
@Injectable()
export class SyncActivityService {
  private readonly logger = new Logger(SyncActivityService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly access: SkySlopeSettingsService,
    private readonly repository: TransactionSyncRepository,
    private readonly queue: TransactionSyncQueue,
  ) {}

  async list(caller: AuthenticatedUser, page: number, perPage: number): Promise<SkySlopeSyncActivityResponse> {
    this.access.checkAccess(caller);
    const { total, rows } = await this.repository.activity(caller.team_id, page, perPage);
    const pages = Math.ceil(total / perPage);
    return { records: rows, pagination: { total, page, per_page: perPage, pages, has_next: page < pages, has_prev: page > 1 } };
  }

  /** Queues the transaction's sync again now; another team's (or an unknown) transaction is 404. */
  async retry(caller: AuthenticatedUser, clientId: number): Promise<{ message: string }> {
    this.access.checkAccess(caller);
    const row = clientId >= 1 && clientId <= MAX_DATABASE_ID ? await this.repository.syncRowOfTeam(caller.team_id, clientId) : null;
    if (!row) throw new NotFoundException();
    if (row.version != null) {
      const job: SyncTransactionJobData = { team_id: caller.team_id, client_id: clientId, version: row.version, reason: 'retry' };
      // 'pending' and its job in one transaction (the job through the outbox): no pending row without a job.
      await this.dataSource.transaction(async (manager) => {
        await this.repository.recordResult(caller.team_id, clientId, row.kind, 'pending', null, manager);
        await this.queue.enqueueSyncsInTransaction(manager, [job]);
      });
      // A job of the same version waiting out a backoff runs now; best effort (it runs at its time anyway).
      await this.queue
        .promoteIfDelayed(job)
        .catch((error: Error) => this.logger.warn(`transaction ${clientId}: retry could not promote its job: ${error.message}`));
    }
    return { message: SKYSLOPE_SYNC_MESSAGES.retryQueued };
  }

  /**
   * A cause of failure may have gone (a new match, office or primary agent): the team's failed transactions again,
   * written in the caller's transaction (the change of that cause).
   */
  async requeueFailed(manager: EntityManager, teamId: number, reason: SyncTransactionJobData['reason']): Promise<number> {
    const failed = await this.repository.failedOf(teamId, manager);
    await this.queue.enqueueSyncsInTransaction(
      manager,
      failed.map((row) => ({ team_id: teamId, client_id: row.client_id, version: row.version, reason })),
    );
    return failed.length;
  }

  /** The office was chosen (in `manager`'s transaction): the first time, the team's open transactions are backfilled; later, failed ones retried. */
  async officeChosen(manager: EntityManager, teamId: number): Promise<void> {
    if (await this.repository.markBackfillQueued(teamId, manager)) await this.queue.enqueueBackfillInTransaction(manager, teamId);
    await this.requeueFailed(manager, teamId, 'office');
  }
}
