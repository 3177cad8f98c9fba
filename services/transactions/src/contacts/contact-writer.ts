import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { TableRow } from '@app/database';
import { EventOutbox } from '@app/events';
import type { ContactColumn, ContactValues } from './contacts.repository';

// The events carry the rows as the transactions list defined them: the contact_snapshots and
// transaction_snapshots views (one payload definition for every writer).
const CONTACT_EVENTS_SQL = `SELECT team_id, payload FROM transactions.contact_snapshots WHERE contact_id = ANY($1::int[])`;
const TRANSACTION_EVENTS_SQL = `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = ANY($1::int[])`;

const COLUMNS: readonly ContactColumn[] = [
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'lead_type_id',
  'agent_id',
  'status',
];
/** Text columns stored as '' rather than null. */
const NOT_NULL_TEXT = new Set<ContactColumn>(['first_name', 'last_name', 'address_1', 'address_2', 'city', 'state', 'postal_code']);

/** The rows of an UPDATE ... RETURNING (TypeORM answers [rows, count] for an UPDATE on Postgres). */
function returned<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/**
 * Writes of contacts (create, edit, merge) with their events in the outbox, in the caller's database
 * transaction: transactions.contact.created|updated with the whole contact, transactions.contact.merged,
 * and transactions.transaction.updated for each transaction whose contact links or primary contact's
 * name, email or phone changed (the list keeps a copy of them on the transaction row).
 */
@Injectable()
export class ContactWriter {
  constructor(private readonly outbox: EventOutbox) {}

  async create(manager: EntityManager, teamId: number, values: ContactValues): Promise<number> {
    const columns = COLUMNS.filter((column) => values[column] !== undefined);
    const params: unknown[] = [teamId, ...columns.map((column) => this.stored(column, values[column]))];
    const [row]: Pick<TableRow<'transactions.contacts'>, 'contact_id'>[] = await manager.query(
      `INSERT INTO transactions.contacts (team_id${columns.map((c) => `, ${c}`).join('')}${values.custom_fields ? ', custom_fields' : ''})
       VALUES ($1${columns.map((_c, i) => `, $${i + 2}`).join('')}${values.custom_fields ? `, $${params.push(JSON.stringify(values.custom_fields))}::jsonb` : ''})
       RETURNING contact_id`,
      params,
    );
    await this.outbox.publishEach(manager, 'transactions.contact.created', CONTACT_EVENTS_SQL, [[row.contact_id]]);
    return row.contact_id;
  }

  /**
   * Sets the given values (the caller locked the row and left out what does not change): version + 1,
   * transactions.contact.updated, and the transactions it is primary contact of kept in step.
   */
  async update(manager: EntityManager, contactId: number, values: ContactValues): Promise<number> {
    const version = await this.set(manager, [contactId], values);
    await this.outbox.publishEach(manager, 'transactions.contact.updated', CONTACT_EVENTS_SQL, [[contactId]]);
    const changed = await this.syncTransactions(manager, [contactId], []);
    await this.outbox.publishEach(manager, 'transactions.transaction.updated', TRANSACTION_EVENTS_SQL, [changed]);
    return version;
  }

  /**
   * Merges `mergedIds` into `survivorId` (the caller locked every row and checked them): the survivor
   * takes `values` and the others' transaction links (none twice; a primary link stays primary), the
   * others become merged. Answers the transactions whose links moved.
   */
  async merge(manager: EntityManager, survivorId: number, mergedIds: readonly number[], values: ContactValues): Promise<number[]> {
    const moved: number[] = (
      await manager.query(
        `SELECT DISTINCT client_id FROM transactions.transaction_contacts WHERE contact_id = ANY($1::int[]) ORDER BY client_id`,
        [mergedIds],
      )
    ).map((row: { client_id: number }) => row.client_id);
    if (moved.length > 0) {
      // One link per transaction: the one to keep is the survivor's own, else the primary, else the oldest contact's.
      await manager.query(
        `WITH ranked AS (
           SELECT client_id, contact_id, is_primary,
                  row_number() OVER (PARTITION BY client_id ORDER BY (contact_id = $1) DESC, is_primary DESC, contact_id) AS n
             FROM transactions.transaction_contacts
            WHERE client_id = ANY($2::int[]) AND (contact_id = $1 OR contact_id = ANY($3::int[]))
         ), dropped AS (
           DELETE FROM transactions.transaction_contacts tc USING ranked r
            WHERE r.n > 1 AND tc.client_id = r.client_id AND tc.contact_id = r.contact_id
           RETURNING tc.client_id
         )
         SELECT count(*) FROM dropped`,
        [survivorId, moved, mergedIds],
      );
      // A transaction whose primary link went with a dropped duplicate: the survivor's link is its primary now.
      await manager.query(
        `UPDATE transactions.transaction_contacts tc SET is_primary = true
          WHERE tc.client_id = ANY($1::int[]) AND tc.contact_id = $2 AND NOT tc.is_primary
            AND NOT EXISTS (SELECT 1 FROM transactions.transaction_contacts o WHERE o.client_id = tc.client_id AND o.is_primary)`,
        [moved, survivorId],
      );
      await manager.query(`UPDATE transactions.transaction_contacts SET contact_id = $1 WHERE contact_id = ANY($2::int[])`, [
        survivorId,
        mergedIds,
      ]);
    }
    await this.set(manager, [survivorId], values);
    await manager.query(
      `UPDATE transactions.contacts SET status = 'merged', merged_into_contact_id = $1, version = version + 1, updated_ts = now()
        WHERE contact_id = ANY($2::int[])`,
      [survivorId, mergedIds],
    );
    const changed = await this.syncTransactions(manager, [survivorId], moved);
    await this.outbox.publishEach(manager, 'transactions.contact.updated', CONTACT_EVENTS_SQL, [[survivorId, ...mergedIds]]);
    await this.outbox.publishEach(manager, 'transactions.transaction.updated', TRANSACTION_EVENTS_SQL, [changed]);
    await this.outbox.publish(manager, 'transactions.contact.merged', null, { survivor_id: survivorId, merged_ids: [...mergedIds] });
    return moved;
  }

  /** Sets values on rows (version + 1 even when nothing is given: a merge changes the row). Answers the first row's new version. */
  private async set(manager: EntityManager, ids: readonly number[], values: ContactValues): Promise<number> {
    const params: unknown[] = [[...ids]];
    const assignments = COLUMNS.filter((column) => values[column] !== undefined).map(
      (column) => `${column} = $${params.push(this.stored(column, values[column]))}`,
    );
    if (values.custom_fields) assignments.push(`custom_fields = $${params.push(JSON.stringify(values.custom_fields))}::jsonb`);
    const rows = returned<{ version: number }>(
      await manager.query(
        `UPDATE transactions.contacts SET ${[...assignments, 'version = version + 1', 'updated_ts = now()'].join(', ')}
          WHERE contact_id = ANY($1::int[]) RETURNING version`,
        params,
      ),
    );
    return rows[0]?.version ?? 0;
  }

  /**
   * The transactions these contacts are primary contact of, whose copy of the name, email or phone
   * differs, take the contact's; those and `alsoChanged` get version + 1. Answers them all.
   */
  private async syncTransactions(manager: EntityManager, contactIds: readonly number[], alsoChanged: readonly number[]): Promise<number[]> {
    const synced = returned<{ client_id: number }>(
      await manager.query(
        `UPDATE transactions.transactions t
            SET first_name = c.first_name, last_name = c.last_name, email = c.email, mobile_phone = c.mobile_phone,
                version = t.version + 1, updated_ts = now()
           FROM transactions.transaction_contacts tc JOIN transactions.contacts c ON c.contact_id = tc.contact_id
          WHERE tc.client_id = t.client_id AND tc.is_primary AND tc.contact_id = ANY($1::int[])
            AND ((t.first_name, t.last_name, t.email, t.mobile_phone) IS DISTINCT FROM (c.first_name, c.last_name, c.email, c.mobile_phone)
                 OR t.client_id = ANY($2::int[]))
          RETURNING t.client_id`,
        [[...contactIds], [...alsoChanged]],
      ),
    ).map((row) => row.client_id);
    const rest = alsoChanged.filter((id) => !synced.includes(id));
    if (rest.length > 0) {
      await manager.query(
        `UPDATE transactions.transactions SET version = version + 1, updated_ts = now() WHERE client_id = ANY($1::int[])`,
        [rest],
      );
    }
    return [...synced, ...rest].sort((a, b) => a - b);
  }

  private stored(column: ContactColumn, value: string | number | null | undefined): string | number | null {
    if (value === undefined || value === null) return NOT_NULL_TEXT.has(column) ? '' : null;
    return value;
  }
}
