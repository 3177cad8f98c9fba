import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { ReadCopyListener } from '@app/events';
import { InboxCountRefresh } from './inbox-count-refresh';

// messaging's read copies. Each keeps the newest: a row changes only when the event is at least as new as what is
// stored (payload version, else occurred_at), so a repeated or late event changes nothing.

/** Names, emails, roles and avatars of authors, recipients and mention targets. */
@Injectable()
export class UpdateUsersWhenUserChanges extends ReadCopyListener({
  table: 'messaging.users',
  upsertOn: ['identity.user.created', 'identity.user.updated'],
  row: ({ payload: user, occurred_at }) => ({
    agent_id: user.agent_id,
    team_id: user.team_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    alternate_email: user.alternate_email ?? null,
    roles: user.roles,
    status: user.status,
    profile_image_path: user.profile_image_path ?? null,
    source_occurred_at: occurred_at,
    team_name: user.team_name ?? null,
  }),
  key: ['agent_id'],
  newest: { column: 'source_occurred_at', equalReplaces: true },
  touch: 'updated_ts',
}) {}

/** Each user's effective switches: a mail with a notification_key is skipped while its switch is off. */
@Injectable()
export class UpdateSwitchesWhenNotificationSettingChanges extends ReadCopyListener({
  table: 'messaging.notification_switches',
  upsertOn: ['identity.notification-setting.changed'],
  row: ({ payload: change, occurred_at }) => ({
    agent_id: change.agent_id,
    code: change.code,
    team_id: change.team_id,
    notification_id: change.notification_id,
    enabled: change.enabled,
    source_occurred_at: occurred_at,
  }),
  key: ['agent_id', 'code'],
  newest: { column: 'source_occurred_at', equalReplaces: true },
}) {}

/** Who may see a transaction's comments, and the names and address the inboxes show. */
@Injectable()
export class UpdateTransactionsWhenTransactionChanges extends ReadCopyListener({
  table: 'messaging.transactions',
  upsertOn: ['transactions.transaction.created', 'transactions.transaction.updated'],
  deleteOn: ['transactions.transaction.deleted'],
  row: ({ payload: row }) => ({
    client_id: row.client_id,
    team_id: row.team_id,
    version: row.version,
    type: row.type,
    first_name: row.first_name ?? '',
    last_name: row.last_name ?? '',
    formatted_address: row.formatted_address ?? '',
    primary_agent_id: row.primary_agent_id,
    tc_agent_id: row.tc_agent_id,
    client_user_ids: row.client_user_ids ?? [],
    vendor_user_ids: row.vendor_user_ids ?? [],
    contacts: JSON.stringify(row.contacts ?? []),
  }),
  key: ['client_id'],
  newest: { column: 'version' },
  tombstone: 'deleted',
}) {
  constructor(private readonly refresh: InboxCountRefresh) {
    super();
  }

  /**
   * A new primary agent, TC, client or vendor moves threads between inboxes, and a delete takes its comments out
   * of every inbox (the row stays, marked deleted, so a late update cannot revive it): their counts are pushed after commit.
   */
  protected override async around(event: EventEnvelope<TransactionEvent>, manager: EntityManager, write: () => Promise<unknown>) {
    if (event.type === 'transactions.transaction.created') return void (await write());
    const row = event.payload;
    const pushCounts = await this.refresh.around(manager, {
      kind: 'transaction',
      client_id: row.client_id,
      team_id: row.team_id,
      primary_agent_id: row.primary_agent_id ?? null,
      tc_agent_id: row.tc_agent_id ?? null,
      client_user_ids: row.client_user_ids ?? [],
      vendor_user_ids: row.vendor_user_ids ?? [],
      deleted: event.type === 'transactions.transaction.deleted',
    });
    await write();
    return pushCounts;
  }
}

type TransactionEvent = 'transactions.transaction.created' | 'transactions.transaction.updated' | 'transactions.transaction.deleted';

/** Task names for comment links and notifications; assignees may see the transaction's comments (a new one: counts pushed). */
@Injectable()
export class UpdateTasksWhenTaskChanges extends ReadCopyListener({
  table: 'messaging.tasks',
  upsertOn: ['transactions.task.created', 'transactions.task.updated'],
  deleteOn: ['transactions.task.deleted'],
  row: ({ payload: row }) => ({
    task_id: row.task_id,
    team_id: row.team_id,
    client_id: row.client_id,
    version: row.version,
    name: row.name,
    task_type: row.task_type,
    due_dt: row.due_dt,
    assigned_to_agent_id: row.assigned_to_agent_id,
  }),
  key: ['task_id'],
  newest: { column: 'version' },
  tombstone: 'deleted',
}) {
  constructor(private readonly refresh: InboxCountRefresh) {
    super();
  }

  protected override async around(event: EventEnvelope<TaskEvent>, manager: EntityManager, write: () => Promise<unknown>) {
    const task = event.payload;
    const deleted = event.type === 'transactions.task.deleted';
    const pushCounts = await this.refresh.around(manager, {
      kind: 'task',
      task_id: task.task_id,
      client_id: task.client_id,
      assigned_to_agent_id: task.assigned_to_agent_id ?? null,
      deleted,
    });
    await write();
    return pushCounts;
  }
}

type TaskEvent = 'transactions.task.created' | 'transactions.task.updated' | 'transactions.task.deleted';

/** Document names for comment links. */
@Injectable()
export class UpdateDocumentsWhenDocumentChanges extends ReadCopyListener({
  table: 'messaging.documents',
  upsertOn: ['transactions.document.created', 'transactions.document.updated'],
  deleteOn: ['transactions.document.deleted'],
  row: ({ payload: row }) => ({
    document_id: row.document_id,
    team_id: row.team_id,
    client_id: row.client_id,
    version: row.version,
    filename: row.filename,
    folder_name: row.folder_name,
  }),
  key: ['document_id'],
  newest: { column: 'version' },
  tombstone: 'deleted',
}) {
  constructor(private readonly refresh: InboxCountRefresh) {
    super();
  }

  /** A deleted document's comments leave every inbox, and the counts follow. */
  protected override async around(event: EventEnvelope<DocumentEvent>, manager: EntityManager, write: () => Promise<unknown>) {
    if (event.type !== 'transactions.document.deleted') return void (await write());
    const change = { kind: 'document' as const, document_id: event.payload.document_id, client_id: event.payload.client_id, deleted: true };
    const pushCounts = await this.refresh.around(manager, change);
    await write();
    return pushCounts;
  }
}

type DocumentEvent = 'transactions.document.created' | 'transactions.document.updated' | 'transactions.document.deleted';

export const READ_COPY_LISTENERS = [
  InboxCountRefresh,
  UpdateUsersWhenUserChanges,
  UpdateSwitchesWhenNotificationSettingChanges,
  UpdateTransactionsWhenTransactionChanges,
  UpdateTasksWhenTaskChanges,
  UpdateDocumentsWhenDocumentChanges,
];
