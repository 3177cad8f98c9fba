import { Injectable } from '@nestjs/common';
import { ReadCopyListener } from '@app/events';

/**
 * Senders' names and addresses, audit actors and the request board's creators. The newest by the event's
 * occurred_at, so a repeated or late event changes nothing.
 */
@Injectable()
export class UpdateUsersWhenUserChanges extends ReadCopyListener({
  table: 'esign.users',
  upsertOn: ['identity.user.created', 'identity.user.updated'],
  row: ({ payload: user, occurred_at }) => ({
    agent_id: user.agent_id,
    team_id: user.team_id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    status: user.status,
    roles: user.roles,
    source_occurred_at: occurred_at,
  }),
  key: ['agent_id'],
  newest: { column: 'source_occurred_at', equalReplaces: true },
}) {}

/**
 * The transaction a request is sent on: its team, side, address and primary agent (who may see its requests).
 * The newest by the row's version; a deleted transaction stays as a mark (deleted), so a late update cannot bring it back.
 */
@Injectable()
export class UpdateTransactionsWhenTransactionChanges extends ReadCopyListener({
  table: 'esign.transactions',
  upsertOn: ['transactions.transaction.created', 'transactions.transaction.updated'],
  deleteOn: ['transactions.transaction.deleted'],
  row: ({ payload: row }) => ({
    client_id: row.client_id,
    team_id: row.team_id,
    version: row.version,
    type: row.type,
    address_1: row.address_1 ?? '',
    address_2: row.address_2 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    postal_code: row.postal_code ?? '',
    primary_agent_id: row.primary_agent_id ?? null,
  }),
  key: ['client_id'],
  newest: { column: 'version' },
  tombstone: 'deleted',
}) {}

export const ESIGN_READ_COPY_LISTENERS = [UpdateUsersWhenUserChanges, UpdateTransactionsWhenTransactionChanges];
