import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { TransactionSyncQueue } from './transaction-sync.queue';
import { TransactionSyncRepository } from './transaction-sync.repository';

/**
 * Keeps the latest row of each transaction of a team that syncs to SkySlope and queues its sync job in the
 * same transaction (through the outbox). Versions are the payload's (the envelope's is always 1): a whole row (created, updated)
 * replaces an older one, a status change or a closing merges its fields into an older row; anything older
 * than the stored row changes nothing and queues nothing. A redelivered event is applied once (inbox).
 */
@Injectable()
export class SyncSkySlopeFileWhenTransactionChanges {
  constructor(
    private readonly repository: TransactionSyncRepository,
    private readonly queue: TransactionSyncQueue,
  ) {}

  @HandleEvent('transactions.transaction.created')
  async onCreated(event: EventEnvelope<'transactions.transaction.created'>, manager: EntityManager) {
    return this.storeWhole(event, manager);
  }

  @HandleEvent('transactions.transaction.updated')
  async onUpdated(event: EventEnvelope<'transactions.transaction.updated'>, manager: EntityManager) {
    return this.storeWhole(event, manager);
  }

  @HandleEvent('transactions.transaction.status-changed')
  async onStatusChanged(event: EventEnvelope<'transactions.transaction.status-changed'>, manager: EntityManager) {
    return this.merge(event, manager);
  }

  @HandleEvent('transactions.transaction.closed')
  async onClosed(event: EventEnvelope<'transactions.transaction.closed'>, manager: EntityManager) {
    return this.merge(event, manager);
  }

  private async storeWhole(
    event: EventEnvelope<'transactions.transaction.created' | 'transactions.transaction.updated'>,
    manager: EntityManager,
  ) {
    const row = event.payload;
    if (!(await this.repository.teamSyncs(row.team_id, manager))) return undefined;
    if (!(await this.repository.storeRow(row, manager))) return undefined;
    await this.queueInTransaction(manager, row.team_id, row.client_id, row.version);
  }

  private async merge(
    event: EventEnvelope<'transactions.transaction.status-changed' | 'transactions.transaction.closed'>,
    manager: EntityManager,
  ) {
    if (event.team_id === null || !(await this.repository.mergeChange(event.team_id, event.payload, manager))) return undefined;
    await this.queueInTransaction(manager, event.team_id, event.payload.client_id, event.payload.version);
  }

  /** The sync job in the event's transaction (the outbox): a stored row always gets its job. */
  private async queueInTransaction(manager: EntityManager, teamId: number, clientId: number, version: number) {
    await this.queue.enqueueSyncsInTransaction(manager, [{ team_id: teamId, client_id: clientId, version, reason: 'event' }]);
  }
}
