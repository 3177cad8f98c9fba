import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { InboxCountRefresh } from './inbox-count-refresh';
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
  constructor(
    private readonly copies: ReadCopiesRepository,
    private readonly refresh: InboxCountRefresh,
  ) {}

  @HandleEvent('transactions.transaction.created')
  async onCreated(event: EventEnvelope<'transactions.transaction.created'>, manager: EntityManager) {
    await this.copies.applyTransaction(event.payload, false, manager);
  }

  /** A new primary agent, TC, client or vendor moves threads between inboxes: their counts are pushed after commit. */
  @HandleEvent('transactions.transaction.updated')
  async onUpdated(event: EventEnvelope<'transactions.transaction.updated'>, manager: EntityManager) {
    const pushCounts = await this.refresh.around(manager, transactionChange(event.payload, false));
    await this.copies.applyTransaction(event.payload, false, manager);
    return pushCounts;
  }

  /** Its comments leave every inbox (the row stays, marked deleted, so a late update cannot revive it), and the counts follow. */
  @HandleEvent('transactions.transaction.deleted')
  async onDeleted(event: EventEnvelope<'transactions.transaction.deleted'>, manager: EntityManager) {
    const pushCounts = await this.refresh.around(manager, transactionChange(event.payload, true));
    await this.copies.applyTransaction(event.payload, true, manager);
    return pushCounts;
  }
}

const transactionChange = (row: EventEnvelope<'transactions.transaction.updated'>['payload'], deleted: boolean) => ({
  kind: 'transaction' as const,
  client_id: row.client_id,
  team_id: row.team_id,
  primary_agent_id: row.primary_agent_id ?? null,
  tc_agent_id: row.tc_agent_id ?? null,
  client_user_ids: row.client_user_ids ?? [],
  vendor_user_ids: row.vendor_user_ids ?? [],
  deleted,
});

/** Task names for comment links and notifications; assignees may see the transaction's comments (a new one: counts pushed). */
@Injectable()
export class UpdateTasksWhenTaskChanges {
  constructor(
    private readonly copies: ReadCopiesRepository,
    private readonly refresh: InboxCountRefresh,
  ) {}

  @HandleEvent('transactions.task.created')
  async onCreated(event: EventEnvelope<'transactions.task.created'>, manager: EntityManager) {
    return this.apply(event.payload, false, manager);
  }

  @HandleEvent('transactions.task.updated')
  async onUpdated(event: EventEnvelope<'transactions.task.updated'>, manager: EntityManager) {
    return this.apply(event.payload, false, manager);
  }

  @HandleEvent('transactions.task.deleted')
  async onDeleted(event: EventEnvelope<'transactions.task.deleted'>, manager: EntityManager) {
    return this.apply(event.payload, true, manager);
  }

  private async apply(task: EventEnvelope<'transactions.task.updated'>['payload'], deleted: boolean, manager: EntityManager) {
    const change = { kind: 'task' as const, task_id: task.task_id, client_id: task.client_id, assigned_to_agent_id: task.assigned_to_agent_id ?? null, deleted };
    const pushCounts = await this.refresh.around(manager, change);
    await this.copies.applyTask(task, deleted, manager);
    return pushCounts;
  }
}

/** Document names for comment links. */
@Injectable()
export class UpdateDocumentsWhenDocumentChanges {
  constructor(
    private readonly copies: ReadCopiesRepository,
    private readonly refresh: InboxCountRefresh,
  ) {}

  @HandleEvent('transactions.document.created')
  async onCreated(event: EventEnvelope<'transactions.document.created'>, manager: EntityManager) {
    await this.copies.applyDocument(event.payload, false, manager);
  }

  @HandleEvent('transactions.document.updated')
  async onUpdated(event: EventEnvelope<'transactions.document.updated'>, manager: EntityManager) {
    await this.copies.applyDocument(event.payload, false, manager);
  }

  /** Its comments leave every inbox, and the counts follow. */
  @HandleEvent('transactions.document.deleted')
  async onDeleted(event: EventEnvelope<'transactions.document.deleted'>, manager: EntityManager) {
    const change = { kind: 'document' as const, document_id: event.payload.document_id, client_id: event.payload.client_id, deleted: true };
    const pushCounts = await this.refresh.around(manager, change);
    await this.copies.applyDocument(event.payload, true, manager);
    return pushCounts;
  }
}

export const READ_COPY_LISTENERS = [
  InboxCountRefresh,
  UpdateUsersWhenUserChanges,
  UpdateSwitchesWhenNotificationSettingChanges,
  UpdateTransactionsWhenTransactionChanges,
  UpdateTasksWhenTaskChanges,
  UpdateDocumentsWhenDocumentChanges,
];
