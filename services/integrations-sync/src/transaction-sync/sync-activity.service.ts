import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import { SKYSLOPE_SYNC_MESSAGES, type SkySlopeSyncActivityResponse } from '@app/contracts';
import { MAX_DATABASE_ID } from '@app/platform';
import { SkySlopeSettingsService } from '../skyslope-settings/skyslope-settings.service';
import { TransactionSyncQueue, type SyncTransactionJobData } from './transaction-sync.queue';
import { TransactionSyncRepository } from './transaction-sync.repository';

/** Sync Activity (GET /skyslope/sync-activity, POST .../{client_id}/retry) and the sync's reactions to a changed cause. */
@Injectable()
export class SyncActivityService {
  constructor(
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
      await this.repository.recordResult(caller.team_id, clientId, row.kind, 'pending', null);
      await this.queue.enqueueSync({ team_id: caller.team_id, client_id: clientId, version: row.version, reason: 'retry' }, true);
    }
    return { message: SKYSLOPE_SYNC_MESSAGES.retryQueued };
  }

  /** A cause of failure may have gone (a new match, office or primary agent): the team's failed transactions again. */
  async requeueFailed(teamId: number, reason: SyncTransactionJobData['reason']): Promise<number> {
    const failed = await this.repository.failedOf(teamId);
    for (const row of failed) await this.queue.enqueueSync({ team_id: teamId, client_id: row.client_id, version: row.version, reason });
    return failed.length;
  }

  /** The office was chosen: the first time, the team's open transactions are backfilled; later, failed ones retried. */
  async officeChosen(teamId: number): Promise<void> {
    if (await this.repository.markBackfillQueued(teamId)) await this.queue.enqueueBackfill(teamId);
    await this.requeueFailed(teamId, 'office');
  }
}
