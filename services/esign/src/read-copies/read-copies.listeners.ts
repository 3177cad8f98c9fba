import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { EsignReadCopiesRepository } from './read-copies.repository';

/** Senders' names and addresses, audit actors and the request board's creators. */
@Injectable()
export class UpdateUsersWhenUserChanges {
  constructor(private readonly copies: EsignReadCopiesRepository) {}

  @HandleEvent('identity.user.created')
  async onCreated(event: EventEnvelope<'identity.user.created'>, manager: EntityManager) {
    await this.copies.applyUser(event.payload, event.occurred_at, manager);
  }

  @HandleEvent('identity.user.updated')
  async onUpdated(event: EventEnvelope<'identity.user.updated'>, manager: EntityManager) {
    await this.copies.applyUser(event.payload, event.occurred_at, manager);
  }
}

/** The transaction a request is sent on: its team, side, address and primary agent (who may see its requests). */
@Injectable()
export class UpdateTransactionsWhenTransactionChanges {
  constructor(private readonly copies: EsignReadCopiesRepository) {}

  @HandleEvent('transactions.transaction.created')
  async onCreated(event: EventEnvelope<'transactions.transaction.created'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, false, manager);
  }

  @HandleEvent('transactions.transaction.updated')
  async onUpdated(event: EventEnvelope<'transactions.transaction.updated'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, false, manager);
  }

  @HandleEvent('transactions.transaction.deleted')
  async onDeleted(event: EventEnvelope<'transactions.transaction.deleted'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, true, manager);
  }
}

export const ESIGN_READ_COPY_LISTENERS = [EsignReadCopiesRepository, UpdateUsersWhenUserChanges, UpdateTransactionsWhenTransactionChanges];
