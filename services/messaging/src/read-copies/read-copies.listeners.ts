import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { ReadCopiesRepository } from './read-copies.repository';

/** Names, emails, roles and avatars of authors, recipients and mention targets. */
@Injectable()
export class UpdateUsersWhenUserChanges {
  constructor(private readonly copies: ReadCopiesRepository) {}

  @HandleEvent('identity.user.created')
  async onCreated(event: EventEnvelope<'identity.user.created'>, manager: EntityManager) {
    await this.copies.applyUser(event.payload, event.occurred_at, manager);
  }

  @HandleEvent('identity.user.updated')
  async onUpdated(event: EventEnvelope<'identity.user.updated'>, manager: EntityManager) {
    await this.copies.applyUser(event.payload, event.occurred_at, manager);
  }
}

/** Each user's effective switches: a mail with a notification_key is skipped while its switch is off. */
@Injectable()
export class UpdateSwitchesWhenNotificationSettingChanges {
  constructor(private readonly copies: ReadCopiesRepository) {}

  @HandleEvent('identity.notification-setting.changed')
  async onChanged(event: EventEnvelope<'identity.notification-setting.changed'>, manager: EntityManager) {
    await this.copies.applySwitch(event.payload, event.occurred_at, manager);
  }
}

/** Who may see a transaction's comments, and the names and address the inboxes show. */
@Injectable()
export class UpdateTransactionsWhenTransactionChanges {
  constructor(private readonly copies: ReadCopiesRepository) {}

  @HandleEvent('transactions.transaction.created')
  async onCreated(event: EventEnvelope<'transactions.transaction.created'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, false, manager);
  }

  @HandleEvent('transactions.transaction.updated')
  async onUpdated(event: EventEnvelope<'transactions.transaction.updated'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, false, manager);
  }

  /** Its comments leave every inbox (the row stays, marked deleted, so a late update cannot revive it). */
  @HandleEvent('transactions.transaction.deleted')
  async onDeleted(event: EventEnvelope<'transactions.transaction.deleted'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, true, manager);
  }
}

/** Task names for comment links and notifications; assignees may see the transaction's comments. */
@Injectable()
export class UpdateTasksWhenTaskChanges {
  constructor(private readonly copies: ReadCopiesRepository) {}

  @HandleEvent('transactions.task.created')
  async onCreated(event: EventEnvelope<'transactions.task.created'>, manager: EntityManager) {
    await this.copies.applyTask(event.payload, false, manager);
  }

  @HandleEvent('transactions.task.updated')
  async onUpdated(event: EventEnvelope<'transactions.task.updated'>, manager: EntityManager) {
    await this.copies.applyTask(event.payload, false, manager);
  }

  @HandleEvent('transactions.task.deleted')
  async onDeleted(event: EventEnvelope<'transactions.task.deleted'>, manager: EntityManager) {
    await this.copies.applyTask(event.payload, true, manager);
  }
}

/** Document names for comment links. */
@Injectable()
export class UpdateDocumentsWhenDocumentChanges {
  constructor(private readonly copies: ReadCopiesRepository) {}

  @HandleEvent('transactions.document.created')
  async onCreated(event: EventEnvelope<'transactions.document.created'>, manager: EntityManager) {
    await this.copies.applyDocument(event.payload, false, manager);
  }

  @HandleEvent('transactions.document.updated')
  async onUpdated(event: EventEnvelope<'transactions.document.updated'>, manager: EntityManager) {
    await this.copies.applyDocument(event.payload, false, manager);
  }

  @HandleEvent('transactions.document.deleted')
  async onDeleted(event: EventEnvelope<'transactions.document.deleted'>, manager: EntityManager) {
    await this.copies.applyDocument(event.payload, true, manager);
  }
}

export const READ_COPY_LISTENERS = [
  UpdateUsersWhenUserChanges,
  UpdateSwitchesWhenNotificationSettingChanges,
  UpdateTransactionsWhenTransactionChanges,
  UpdateTasksWhenTaskChanges,
  UpdateDocumentsWhenDocumentChanges,
];
