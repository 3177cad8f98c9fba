import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  ContactRecord,
  ContactSortField,
  ContactStatus,
  ContactStatusFilter,
  ContactTransaction,
  EsignSignerContactOption,
} from '@app/contracts';
import { containsPattern, type Columns, type Narrow, type TableRow } from '@app/database';
import { scopeSql, type TransactionScope } from '../transactions/transactions.repository';

/** Which contacts a caller sees: the team's, or (AGENT) their own. */
export interface ContactScope {
  teamId: number;
  /** Set for an AGENT: only the contacts they own. */
  agentId?: number;
}

export interface ContactFilter {
  scope: ContactScope;
  status: ContactStatusFilter;
  search?: string;
  agentId?: number;
  leadTypeId?: number;
}

/** A contact's row as the rules need it (any status, merged included). */
export type ContactRow = Narrow<
  Pick<
    TableRow<'transactions.contacts'>,
    | 'contact_id'
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'mobile_phone'
    | 'address_1'
    | 'address_2'
    | 'city'
    | 'state'
    | 'postal_code'
    | 'lead_type_id'
    | 'agent_id'
    | 'client_transaction_count'
    | 'status'
    | 'team_id'
    | 'merged_into_contact_id'
    | 'custom_fields'
    | 'version'
    | 'created_ts'
  >,
  { status: ContactStatus; custom_fields: Record<string, string | number | null> }
> & {
  agent_name: string | null;
  lead_type: TableRow<'transactions.lead_types'>['label'] | null;
};

/** The columns a write may set. */
export type ContactColumn = Columns<
  'transactions.contacts',
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'mobile_phone'
  | 'address_1'
  | 'address_2'
  | 'city'
  | 'state'
  | 'postal_code'
  | 'lead_type_id'
  | 'agent_id'
  | 'status'
>;
export type ContactValues = Partial<Record<ContactColumn, string | number | null>> & {
  custom_fields?: Record<string, string | number | null>;
};

/** ORDER BY of each sort (the id breaks ties); the expressions match the indexes of migration 250. */
const SORTS: Record<ContactSortField, (dir: string) => string> = {
  contact_id: (d) => `c.contact_id ${d}`,
  first_name: (d) => `lower(c.first_name) ${d}, lower(c.last_name) ${d}, c.contact_id ${d}`,
  last_name: (d) => `lower(c.last_name) ${d}, lower(c.first_name) ${d}, c.contact_id ${d}`,
  email: (d) => `lower(c.email) ${d}, c.contact_id ${d}`,
  mobile_phone: (d) => `c.mobile_phone ${d}, c.contact_id ${d}`,
  address_1: (d) => `lower(c.address_1) ${d}, c.contact_id ${d}`,
  address_2: (d) => `lower(c.address_2) ${d}, c.contact_id ${d}`,
  city: (d) => `lower(c.city) ${d}, c.contact_id ${d}`,
  state: (d) => `lower(c.state) ${d}, c.contact_id ${d}`,
  postal_code: (d) => `c.postal_code ${d}, c.contact_id ${d}`,
  // By the lead source's name, as the column shows it.
  lead_type_id: (d) =>
    `(SELECT lower(lt.label) FROM transactions.lead_types lt WHERE lt.lead_type_id = c.lead_type_id) ${d}, c.contact_id ${d}`,
  agent_name: (d) =>
    `(SELECT lower(btrim(a.first_name || ' ' || a.last_name)) FROM transactions.agents a WHERE a.agent_id = c.agent_id) ${d}, c.contact_id ${d}`,
  client_transaction_count: (d) => `c.client_transaction_count ${d}, c.contact_id ${d}`,
  status: (d) => `c.status ${d}, c.contact_id ${d}`,
};

/** A trusted ORDER BY clause of a known sort. */
export function contactOrderBy(field: ContactSortField, dir: 1 | -1): string {
  return SORTS[field](dir === 1 ? 'ASC' : 'DESC');
}

/** WHERE of a filter over `c` (appends its parameters). Merged contacts never show. */
function whereOf(filter: ContactFilter, params: unknown[]): string {
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const terms = [`c.team_id = ${param(filter.scope.teamId)}`];
  if (filter.scope.agentId !== undefined) terms.push(`c.agent_id = ${param(filter.scope.agentId)}`);
  terms.push(filter.status === 'all' ? `c.status <> 'merged'` : `c.status = ${param(filter.status)}`);
  if (filter.agentId !== undefined) terms.push(`c.agent_id = ${param(filter.agentId)}`);
  if (filter.leadTypeId !== undefined) terms.push(`c.lead_type_id = ${param(filter.leadTypeId)}`);
  const term = filter.search?.trim();
  if (term) {
    // Names, email and address: contains, any case (trigram index); a phone however it is typed.
    const any = [`c.search_text LIKE ${param(containsPattern(term.toLowerCase()))}`];
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(term)) any.push(`c.phone_digits LIKE ${param(`%${digits}%`)}`);
    terms.push(`(${any.join(' OR ')})`);
  }
  return terms.join(' AND ');
}

/** The record's columns over `c` (agent_name from the agents read copy). */
const RECORD_COLUMNS = `c.contact_id, c.first_name, c.last_name, c.email, c.mobile_phone, c.address_1, c.address_2, c.city, c.state,
  c.postal_code, c.lead_type_id, c.agent_id,
  (SELECT btrim(a.first_name || ' ' || a.last_name) FROM transactions.agents a WHERE a.agent_id = c.agent_id) AS agent_name,
  c.client_transaction_count, c.status`;

/** Rows a CSV cursor fetches at a time. */
const CSV_FETCH = 1000;
/** A client that stops reading must not hold the snapshot and a pooled connection for ever. */
const CSV_IDLE_TIMEOUT_SECONDS = 60;

/** The team's contacts: list, CSV cursor, one contact, its transactions, the filter options. */
@Injectable()
export class ContactsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** One page and the total, in one statement (the count runs once; a page past the end still answers the total). */
  async page(filter: ContactFilter, orderBy: string, page: number, perPage: number): Promise<{ total: number; records: ContactRecord[] }> {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    params.push(perPage, (page - 1) * perPage);
    const rows: (ContactRecord & { total: number; contact_id: number | null })[] = await this.dataSource.query(
      `SELECT n.total, p.*
         FROM (SELECT count(*)::int AS total FROM transactions.contacts c WHERE ${where}) n
         LEFT JOIN LATERAL (
           SELECT ${RECORD_COLUMNS}, row_number() OVER (ORDER BY ${orderBy}) AS ordinal
             FROM (SELECT c.* FROM transactions.contacts c WHERE ${where} ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}) c
         ) p ON true
        ORDER BY p.ordinal`,
      params,
    );
    const total = rows[0]?.total ?? 0;
    return {
      total,
      records: rows
        .filter((r) => r.contact_id !== null)
        .map(({ total: _t, ordinal: _o, ...record }: ContactRecord & { total: number; ordinal?: unknown }) => record),
    };
  }

  /**
   * Every matching record in order (a slice when limit is given), read through a cursor in a
   * read-only snapshot: memory stays flat whatever the team's size. Returning early (the client went
   * away) closes the cursor and releases the connection.
   */
  async *cursor(filter: ContactFilter, orderBy: string, slice?: { limit: number; offset: number }): AsyncGenerator<ContactRecord> {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    let limit = '';
    if (slice) {
      params.push(slice.limit, slice.offset);
      limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query('SET TRANSACTION READ ONLY');
      await runner.query(`SET LOCAL idle_in_transaction_session_timeout = '${CSV_IDLE_TIMEOUT_SECONDS}s'`);
      await runner.query(
        `DECLARE contacts_csv NO SCROLL CURSOR FOR
         SELECT ${RECORD_COLUMNS} FROM (SELECT c.* FROM transactions.contacts c WHERE ${where} ORDER BY ${orderBy} ${limit}) c ORDER BY ${orderBy}`,
        params,
      );
      for (;;) {
        const rows: ContactRecord[] = await runner.query(`FETCH ${CSV_FETCH} FROM contacts_csv`);
        for (const row of rows) yield row;
        if (rows.length < CSV_FETCH) break;
      }
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }

  /** The contacts of the ids that the scope sees (any status), oldest first; locked when a manager is given. */
  async rows(scope: ContactScope, ids: readonly number[], manager?: EntityManager, lock?: 'wait' | 'nowait'): Promise<ContactRow[]> {
    const params: unknown[] = [[...ids], scope.teamId];
    const own = scope.agentId !== undefined ? ` AND c.agent_id = $${params.push(scope.agentId)}` : '';
    const locking = lock === 'nowait' ? ' FOR UPDATE OF c NOWAIT' : lock === 'wait' ? ' FOR UPDATE OF c' : '';
    return (manager ?? this.dataSource.manager).query(
      `SELECT ${RECORD_COLUMNS}, c.team_id, c.merged_into_contact_id, c.custom_fields, c.version, c.created_ts,
              (SELECT lt.label FROM transactions.lead_types lt WHERE lt.lead_type_id = c.lead_type_id) AS lead_type
         FROM transactions.contacts c
        WHERE c.contact_id = ANY($1::int[]) AND c.team_id = $2${own}
        ORDER BY c.created_ts, c.contact_id${locking}`,
      params,
    );
  }

  /** The transactions of a contact that the caller sees (their own transaction scope), newest first. */
  async transactionsOf(contactId: number, scope: TransactionScope): Promise<ContactTransaction[]> {
    const params: unknown[] = [contactId];
    const scoped = scopeSql(scope, params);
    return this.dataSource.query(
      `SELECT t.client_id, t.formatted_address AS address, CASE t.type WHEN 'b' THEN 'Buyer' ELSE 'Seller' END AS type,
              coalesce(s.label, '') AS status, tc.is_primary, t.created_ts
         FROM transactions.transaction_contacts tc
         JOIN transactions.transactions t ON t.client_id = tc.client_id
         LEFT JOIN transactions.statuses s ON s.status_id = t.status_id
        WHERE tc.contact_id = $1 AND ${scoped}
        ORDER BY t.created_ts DESC, t.client_id DESC`,
      params,
    );
  }

  /** Whether the team is known here (the teams read copy, or anything of the team). */
  async teamExists(teamId: number): Promise<boolean> {
    const [row]: { found: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM transactions.teams WHERE team_id = $1) OR EXISTS (SELECT 1 FROM transactions.agents WHERE team_id = $1) AS found`,
      [teamId],
    );
    return row.found;
  }

  /** The Agent filter's users (who works contacts: not a CLIENT or VENDOR login), by name; one of them when given. */
  async agentOptions(teamId: number, onlyAgentId?: number): Promise<{ id: number; label: string }[]> {
    return this.dataSource.query(
      `SELECT agent_id AS id, btrim(first_name || ' ' || last_name) AS label FROM transactions.agents
        WHERE team_id = $1 AND roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[] AND ($2::int IS NULL OR agent_id = $2)
        ORDER BY lower(first_name), lower(last_name), agent_id`,
      [teamId, onlyAgentId ?? null],
    );
  }

  /**
   * E-sign signer choices (transactions.esign.signer-contacts): the transaction's contacts with an email (primary first,
   * then by name; merged ones never), then up to `limit` other active contacts of the team with an email whose name or
   * email contains `term` (any case), by name; with `ownerId` only the contacts that agent owns. Nothing when the
   * transaction is not the team's.
   */
  async signerOptions(
    teamId: number,
    clientId: number,
    term: string,
    limit: number,
    ownerId?: number,
  ): Promise<EsignSignerContactOption[]> {
    const like = containsPattern(term.trim().toLowerCase());
    return this.dataSource.query(
      `WITH tx AS (SELECT client_id FROM transactions.transactions WHERE client_id = $1 AND team_id = $2),
            own AS (
              SELECT c.contact_id, btrim(c.first_name || ' ' || c.last_name) AS name, c.email, true AS on_transaction,
                     row_number() OVER (ORDER BY tc.is_primary DESC, lower(c.first_name), lower(c.last_name), c.contact_id) AS ordinal
                FROM tx JOIN transactions.transaction_contacts tc ON tc.client_id = tx.client_id
                JOIN transactions.contacts c ON c.contact_id = tc.contact_id
               WHERE c.team_id = $2 AND c.status <> 'merged' AND coalesce(btrim(c.email), '') <> ''),
            others AS (
              SELECT c.contact_id, btrim(c.first_name || ' ' || c.last_name) AS name, c.email, false AS on_transaction,
                     1000000 + row_number() OVER (ORDER BY lower(c.first_name), lower(c.last_name), c.contact_id) AS ordinal
                FROM transactions.contacts c
               WHERE EXISTS (SELECT 1 FROM tx) AND c.team_id = $2 AND c.status = 'active' AND coalesce(btrim(c.email), '') <> ''
                 AND ($5::int IS NULL OR c.agent_id = $5)
                 AND NOT EXISTS (SELECT 1 FROM own WHERE own.contact_id = c.contact_id)
                 AND (lower(c.first_name || ' ' || c.last_name) LIKE $3 OR lower(c.email) LIKE $3)
               ORDER BY lower(c.first_name), lower(c.last_name), c.contact_id
               LIMIT $4)
       SELECT contact_id, name, email, on_transaction FROM (SELECT * FROM own UNION ALL SELECT * FROM others) options ORDER BY ordinal`,
      [clientId, teamId, like, limit, ownerId ?? null],
    );
  }

  /** The Lead Source filter's options (the team's lead types), by name. */
  async leadSourceOptions(teamId: number): Promise<{ id: number; label: string }[]> {
    return this.dataSource.query(
      `SELECT lead_type_id AS id, label FROM transactions.lead_types WHERE team_id = $1 ORDER BY lower(label), lead_type_id`,
      [teamId],
    );
  }
}
