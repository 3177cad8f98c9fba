import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@app/database';
import type { ContactStatus, TransactionSide } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { returned } from '../common/returned';
import { PINNED_AFTER, PLACEMENT_SQL, type BoardPlacement } from '../boards/board-placement';
import { TaskWriter } from '../tasks/task-writer';
import { copyDefaultLines, recomputeLineAmounts } from '../commission/commission-lines';
import { ActivityWriter, MILESTONE_ACTIVITIES } from '../dashboards/activity-writer';

/** Where a change came from (transaction_history.source). */
export type ChangeSource = 'console' | 'seed' | 'reassignment' | 'esign' | 'sync';

export interface ChangeActor {
  /** The user who made it; null for the system (the seed, a sync). */
  agent_id: number | null;
  source: ChangeSource;
}

export interface NewContact {
  agent_id: number | null;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  lead_type_id: number | null;
  status?: ContactStatus;
}

/** A transaction to create with its primary contact (created with it). Dates are 'YYYY-MM-DD'. */
export interface NewTransaction {
  team_id: number;
  type: TransactionSide;
  address_1: string;
  address_2?: string;
  city: string;
  state: string;
  postal_code: string;
  /** A new primary contact, created with it; or an existing contact of the team (contact_id); or none. */
  contact?: NewContact;
  contact_id?: number;
  primary_agent_id: number | null;
  tc_agent_id: number | null;
  client_user_ids?: number[];
  vendor_user_ids?: number[];
  stage_id: number | null;
  status_id: number;
  appt_set_dt?: string | null;
  appt_met_dt?: string | null;
  signed_dt?: string | null;
  under_contract_dt?: string | null;
  est_close_dt?: string | null;
  closed_dt?: string | null;
  lost_dt?: string | null;
  lost_reason?: string | null;
  lead_type_id?: number | null;
  original_lead_type_id?: number | null;
  lead_type_date?: string | null;
  appt_set_by_agent_id?: number | null;
  trans_amt?: number | null;
  gci_pct?: number | null;
  /** Typed by someone: kept as typed. Absent: trans_amt x gci_pct / 100, to the cent. */
  gross_commission_amt?: number | null;
  custom_values?: Record<string, string | number | null>;
  tag_ids?: number[];
  /** When it was created (ISO); now when absent (the seed spreads its transactions over two years). */
  created_ts?: string;
}

async function ids(manager: EntityManager, sequence: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const [row] = await preparedQuery<{ ids: number[] }>(
    manager,
    `SELECT array(SELECT nextval($1::regclass)::int FROM generate_series(1, $2)) AS ids`,
    [sequence, n],
  );
  return row.ids;
}

/**
 * Every write of transactions and contacts goes through here: the rows, their history, and their
 * events in the outbox, all in the caller's database transaction (one statement each, whatever the
 * number of rows: the seed writes thousands at a time, the console one).
 */
@Injectable()
export class TransactionWriter {
  private readonly tasks: TaskWriter;

  constructor(private readonly outbox: EventOutbox) {
    this.tasks = new TaskWriter(outbox);
  }

  /** Creates the transactions and their primary contacts; returns the new client_ids in input order. */
  async createMany(manager: EntityManager, items: readonly NewTransaction[], actor: ChangeActor): Promise<number[]> {
    if (items.length === 0) return [];
    // Ids first, so that rows and links are matched by position, not by the order RETURNING happens to use.
    const newContacts = items.filter((item) => item.contact).length;
    const allocated = await ids(manager, 'transactions.contacts_contact_id_seq', newContacts);
    const clientIds = await ids(manager, 'transactions.transactions_client_id_seq', items.length);
    const existingIds = items.flatMap((item) => (item.contact_id ? [item.contact_id] : []));
    const existing = new Map<number, NewContact>(
      existingIds.length
        ? (
            await preparedQuery<NewContact & { contact_id: number }>(
              manager,
              `SELECT contact_id, agent_id, first_name, last_name, email, mobile_phone, lead_type_id FROM transactions.contacts WHERE contact_id = ANY($1::int[])`,
              [existingIds],
            )
          ).map((c) => [c.contact_id, c])
        : [],
    );
    let next = 0;
    const contactIds = items.map((item) => (item.contact ? allocated[next++] : (item.contact_id ?? null)));
    const contacts = items.flatMap((item, i) =>
      item.contact
        ? [
            {
              contact_id: contactIds[i],
              team_id: item.team_id,
              ...item.contact,
              address_1: item.contact.address_1 ?? item.address_1,
              address_2: item.contact.address_2 ?? item.address_2 ?? '',
              city: item.contact.city ?? item.city,
              state: item.contact.state ?? item.state,
              postal_code: item.contact.postal_code ?? item.postal_code,
              status: item.contact.status ?? 'active',
              created_ts: item.created_ts ?? null,
            },
          ]
        : [],
    );
    if (contacts.length > 0) {
      await preparedQuery(
        manager,
        `INSERT INTO transactions.contacts
           (contact_id, team_id, agent_id, first_name, last_name, email, mobile_phone, address_1, address_2, city, state, postal_code,
            lead_type_id, status, created_ts, updated_ts)
         SELECT x.contact_id, x.team_id, x.agent_id, x.first_name, x.last_name, x.email, x.mobile_phone, x.address_1, x.address_2,
                x.city, x.state, x.postal_code, x.lead_type_id, x.status, coalesce(x.created_ts, now()), coalesce(x.created_ts, now())
           FROM jsonb_to_recordset($1::jsonb) AS x(contact_id int, team_id int, agent_id int, first_name text, last_name text,
                email text, mobile_phone text, address_1 text, address_2 text, city text, state text, postal_code text,
                lead_type_id int, status text, created_ts timestamptz)`,
        [JSON.stringify(contacts)],
      );
    }
    const rows = items.map((item, i) => {
      const { contact: _contact, contact_id: _contactId, ...row } = item;
      const contact = item.contact ?? (item.contact_id ? existing.get(item.contact_id) : undefined);
      return {
        ...row,
        client_id: clientIds[i],
        first_name: contact?.first_name ?? '',
        last_name: contact?.last_name ?? '',
        email: contact?.email ?? null,
        mobile_phone: contact?.mobile_phone ?? null,
        address_2: item.address_2 ?? '',
        client_user_ids: item.client_user_ids ?? [],
        vendor_user_ids: item.vendor_user_ids ?? [],
        custom_values: item.custom_values ?? {},
        tag_ids: item.tag_ids ?? [],
        gross_commission_typed: item.gross_commission_amt !== undefined,
      };
    });
    await preparedQuery(
      manager,
      `INSERT INTO transactions.transactions
         (client_id, team_id, type, address_1, address_2, city, state, postal_code, first_name, last_name, email, mobile_phone,
          primary_agent_id, primary_agent_name, tc_agent_id, client_user_ids, vendor_user_ids, stage_id, status_id, status_category,
          appt_set_dt, appt_met_dt, signed_dt, under_contract_dt, est_close_dt, closed_dt, lost_dt, lost_reason,
          lead_type_id, original_lead_type_id, lead_type_date, appt_set_by_agent_id,
          trans_amt, gci_pct, gross_commission_amt, gross_commission_typed, custom_values, tag_ids, tags_sort, created_ts, updated_ts)
       SELECT x.client_id, x.team_id, x.type, x.address_1, x.address_2, x.city, x.state, x.postal_code, x.first_name, x.last_name,
              x.email, x.mobile_phone, x.primary_agent_id,
              coalesce((SELECT btrim(a.first_name || ' ' || a.last_name) FROM transactions.agents a WHERE a.agent_id = x.primary_agent_id), ''),
              x.tc_agent_id, x.client_user_ids, x.vendor_user_ids, x.stage_id, x.status_id, s.category,
              x.appt_set_dt, x.appt_met_dt, x.signed_dt, x.under_contract_dt, x.est_close_dt, x.closed_dt, x.lost_dt, x.lost_reason,
              x.lead_type_id, x.original_lead_type_id, x.lead_type_date, x.appt_set_by_agent_id,
              x.trans_amt, x.gci_pct,
              CASE WHEN x.gross_commission_typed THEN x.gross_commission_amt ELSE round(x.trans_amt * x.gci_pct / 100, 2) END,
              x.gross_commission_typed, x.custom_values, x.tag_ids,
              coalesce((SELECT string_agg(lower(g.label), ',' ORDER BY lower(g.label)) FROM transactions.tags g
                         WHERE g.tag_id = ANY(x.tag_ids) AND g.team_id = x.team_id), ''),
              coalesce(x.created_ts, now()), coalesce(x.created_ts, now())
         FROM jsonb_to_recordset($1::jsonb) AS x(client_id int, team_id int, type char(1), address_1 text, address_2 text, city text,
              state text, postal_code text, first_name text, last_name text, email text, mobile_phone text, primary_agent_id int,
              tc_agent_id int, client_user_ids int[], vendor_user_ids int[], stage_id int, status_id int,
              appt_set_dt date, appt_met_dt date, signed_dt date, under_contract_dt date, est_close_dt date, closed_dt date,
              lost_dt date, lost_reason text, lead_type_id int, original_lead_type_id int, lead_type_date date,
              appt_set_by_agent_id int, trans_amt numeric, gci_pct numeric, gross_commission_amt numeric,
              gross_commission_typed boolean, custom_values jsonb, tag_ids int[], created_ts timestamptz)
         JOIN transactions.statuses s ON s.status_id = x.status_id AND s.team_id = x.team_id`,
      [JSON.stringify(rows)],
    );
    if (contactIds.some((id) => id !== null)) {
      await preparedQuery(
        manager,
        `INSERT INTO transactions.transaction_contacts (client_id, contact_id, is_primary)
         SELECT l.client_id, l.contact_id, true FROM unnest($1::int[], $2::int[]) AS l(client_id, contact_id) WHERE l.contact_id IS NOT NULL`,
        [clientIds, contactIds],
      );
    }
    await preparedQuery(
      manager,
      `INSERT INTO transactions.transaction_history (client_id, team_id, agent_id, source, field, created_ts)
       SELECT client_id, team_id, $2, $3, 'created', created_ts FROM transactions.transactions WHERE client_id = ANY($1::int[])`,
      [clientIds, actor.agent_id, actor.source],
    );
    // Each gets its primary agent's default commission templates for its side (a past closing entered now too).
    await copyDefaultLines(manager, clientIds, { replace: false });
    await ActivityWriter.created(manager, clientIds, { datedByMilestones: actor.source === 'seed' });
    if (allocated.length > 0) {
      await this.outbox.publishEach(
        manager,
        'transactions.contact.created',
        `SELECT team_id, payload FROM transactions.contact_snapshots WHERE contact_id = ANY($1::int[])`,
        [allocated],
      );
    }
    await this.outbox.publishEach(
      manager,
      'transactions.transaction.created',
      `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = ANY($1::int[])`,
      [clientIds],
    );
    // Entering a closed status, creation included, is a closing (dashboards and the office TVs count it).
    await this.outbox.publishEach(manager, 'transactions.transaction.closed', CLOSED_EVENT_SQL, [clientIds]);
    return clientIds;
  }

  /**
   * Applies changes to one transaction (the caller checked them): only what differs is written; the
   * version goes up once; a history row per changed field; transactions.transaction.updated, and
   * .status-changed and .closed when the status moved (into a closed one for .closed). Answers the
   * changed fields (empty: nothing changed, no version, no events).
   */
  async update(
    manager: EntityManager,
    clientId: number,
    changes: TransactionChanges,
    actor: ChangeActor,
  ): Promise<{ changed: string[]; version: number }> {
    // t.*: an unnamed statement (a prepared one would fail once a migration adds a column under a running process).
    const [old]: (Record<string, unknown> & {
      team_id: number;
      version: number;
      status_id: number;
      status_category: string;
      custom_values: Record<string, unknown>;
      gross_commission_typed: boolean;
    })[] = await manager.query(
      `SELECT t.*, to_char(t.appt_set_dt, 'YYYY-MM-DD') AS appt_set_dt, to_char(t.appt_met_dt, 'YYYY-MM-DD') AS appt_met_dt,
                to_char(t.signed_dt, 'YYYY-MM-DD') AS signed_dt, to_char(t.under_contract_dt, 'YYYY-MM-DD') AS under_contract_dt,
                to_char(t.est_close_dt, 'YYYY-MM-DD') AS est_close_dt, to_char(t.closed_dt, 'YYYY-MM-DD') AS closed_dt,
                to_char(t.lost_dt, 'YYYY-MM-DD') AS lost_dt, to_char(t.lead_type_date, 'YYYY-MM-DD') AS lead_type_date,
                t.trans_amt::float8 AS trans_amt, t.gci_pct::float8 AS gci_pct, t.gross_commission_amt::float8 AS gross_commission_amt
           FROM transactions.transactions t WHERE t.client_id = $1 FOR UPDATE`,
      [clientId],
    );
    if (!old) throw new Error(`transaction ${clientId} does not exist`);
    const sets: Record<string, TransactionValue> = {};
    const history: { field: string; old: string | null; new: string | null }[] = [];
    const columns = { ...changes.columns };
    if (changes.board) columns.pinned_on_boards = PINNED_AFTER[changes.board];
    for (const [column, value] of Object.entries(columns) as [UpdatableColumn, TransactionValue][]) {
      if (!UPDATABLE_COLUMNS.includes(column)) throw new Error(`${column} is not an updatable column`);
      if (historyText(old[column]) === historyText(value)) continue;
      sets[column] = value;
      history.push({ field: column, old: historyText(old[column]), new: historyText(value) });
    }
    const customValues = { ...old.custom_values };
    let customChanged = false;
    for (const [key, value] of Object.entries(changes.custom_values ?? {})) {
      if (historyText(old.custom_values[key]) === historyText(value)) continue;
      history.push({ field: `values.${key}`, old: historyText(old.custom_values[key]), new: historyText(value) });
      if (value === null) delete customValues[key];
      else customValues[key] = value;
      customChanged = true;
    }
    // The gross follows price x percent until someone types a different one (a form that sends the
    // gross it recomputed itself has not typed it).
    const amount = ('trans_amt' in sets ? sets.trans_amt : old.trans_amt) as number | null;
    const pct = ('gci_pct' in sets ? sets.gci_pct : old.gci_pct) as number | null;
    const computed = grossOf(amount, pct);
    const sentGross =
      changes.columns && 'gross_commission_amt' in changes.columns ? (changes.columns.gross_commission_amt as number | null) : undefined;
    const typed = sentGross === undefined ? old.gross_commission_typed : sentGross !== null && sentGross !== computed;
    const gross = typed ? (sentGross ?? (old.gross_commission_amt as number | null)) : computed;
    if (historyText(gross) !== historyText(old.gross_commission_amt)) {
      sets.gross_commission_amt = gross;
      const entry = history.find((h) => h.field === 'gross_commission_amt');
      if (entry) entry.new = historyText(gross);
      else history.push({ field: 'gross_commission_amt', old: historyText(old.gross_commission_amt), new: historyText(gross) });
    } else if ('gross_commission_amt' in sets) {
      delete sets.gross_commission_amt;
      const at = history.findIndex((h) => h.field === 'gross_commission_amt');
      if (at >= 0) history.splice(at, 1);
    }
    // A board placement changes the card's place even when no field changes (a move to the bottom).
    if (history.length === 0 && !changes.board) return { changed: [], version: old.version };

    const assignments: string[] = [];
    const params: unknown[] = [clientId];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    for (const [column, value] of Object.entries(sets)) assignments.push(`${column} = ${param(value)}`);
    if (customChanged) assignments.push(`custom_values = ${param(JSON.stringify(customValues))}::jsonb`);
    if (typed !== old.gross_commission_typed) assignments.push(`gross_commission_typed = ${param(typed)}`);
    if (changes.board) assignments.push(PLACEMENT_SQL[changes.board]);
    if ('status_id' in sets)
      assignments.push(`status_category = (SELECT category FROM transactions.statuses WHERE status_id = ${param(sets.status_id)})`);
    if ('tag_ids' in sets) {
      assignments.push(
        `tags_sort = coalesce((SELECT string_agg(lower(g.label), ',' ORDER BY lower(g.label)) FROM transactions.tags g WHERE g.tag_id = ANY(${param(sets.tag_ids)}::int[])), '')`,
      );
    }
    if ('primary_agent_id' in sets) {
      assignments.push(
        `primary_agent_name = coalesce((SELECT btrim(a.first_name || ' ' || a.last_name) FROM transactions.agents a WHERE a.agent_id = ${param(sets.primary_agent_id)}), '')`,
      );
    }
    const [row] = returned<{ version: number; status_category: string }>(
      await manager.query(
        `UPDATE transactions.transactions SET ${assignments.join(', ')}, version = version + 1, updated_ts = now()
          WHERE client_id = $1 RETURNING version, status_category`,
        params,
      ),
    );
    if (history.length > 0)
      await preparedQuery(
        manager,
        `INSERT INTO transactions.transaction_history (client_id, team_id, agent_id, source, field, old_value, new_value)
       SELECT $1, $2, $3, $4, h.field, h.old, h.new FROM jsonb_to_recordset($5::jsonb) AS h(field text, old text, new text)`,
        [clientId, old.team_id, actor.agent_id, actor.source, JSON.stringify(history)],
      );
    // Commission lines: a new primary agent (or side) brings that agent's defaults, a new gross new amounts;
    // a closed transaction's lines never change.
    if (old.status_category !== 'closed') {
      if ('primary_agent_id' in sets || 'type' in sets) await copyDefaultLines(manager, [clientId]);
      else if ('gross_commission_amt' in sets) await recomputeLineAmounts(manager, [clientId]);
    }
    // The activity feed: each milestone date set where there was none is a milestone reached.
    await ActivityWriter.milestones(
      manager,
      clientId,
      MILESTONE_ACTIVITIES.filter((m) => m.column in sets && sets[m.column] !== null && old[m.column] == null).map((m) => m.column),
    );
    // Roadmap due dates count from these dates: they follow in the same database transaction.
    if (ROADMAP_DATE_COLUMNS.some((column) => column in sets)) await this.tasks.followTransactionDates(manager, clientId);
    // The list keeps the primary contact's name, email and phone; the contact itself changes with them.
    const contactSets = CONTACT_COLUMNS.filter((column) => column in sets);
    if (contactSets.length > 0) {
      const contactIds = returned<{ contact_id: number }>(
        await manager.query(
          `UPDATE transactions.contacts c SET ${contactSets.map((column, i) => `${column} = $${i + 2}`).join(', ')}, version = c.version + 1, updated_ts = now()
           FROM transactions.transaction_contacts tc
          WHERE tc.client_id = $1 AND tc.is_primary AND c.contact_id = tc.contact_id RETURNING c.contact_id`,
          [clientId, ...contactSets.map((column) => sets[column])],
        ),
      );
      await this.outbox.publishEach(
        manager,
        'transactions.contact.updated',
        `SELECT team_id, payload FROM transactions.contact_snapshots WHERE contact_id = ANY($1::int[])`,
        [contactIds.map((c) => c.contact_id)],
      );
    }
    await this.outbox.publishEach(
      manager,
      'transactions.transaction.updated',
      `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = $1`,
      [clientId],
    );
    if ('status_id' in sets) {
      await this.outbox.publishEach(
        manager,
        'transactions.transaction.status-changed',
        `SELECT team_id, jsonb_build_object('client_id', client_id, 'version', version, 'from_status_id', $2::int, 'to_status_id', status_id,
                'dates', jsonb_build_object('appt_set_dt', appt_set_dt, 'appt_met_dt', appt_met_dt, 'signed_dt', signed_dt,
                  'under_contract_dt', under_contract_dt, 'est_close_dt', est_close_dt, 'closed_dt', closed_dt, 'lost_dt', lost_dt,
                  'lost_reason', lost_reason)) AS payload
           FROM transactions.transactions WHERE client_id = $1`,
        [clientId, old.status_id],
      );
      if (row.status_category === 'closed' && old.status_category !== 'closed') {
        await this.outbox.publishEach(manager, 'transactions.transaction.closed', CLOSED_EVENT_SQL, [[clientId]]);
      }
    }
    return { changed: history.map((h) => h.field), version: row.version };
  }
}

/** The transaction columns an update may set (contact name, email and phone are the primary contact's). */
export const UPDATABLE_COLUMNS = [
  'type',
  'address_1',
  'address_2',
  'city',
  'state',
  'postal_code',
  'first_name',
  'last_name',
  'email',
  'mobile_phone',
  'primary_agent_id',
  'tc_agent_id',
  'client_user_ids',
  'vendor_user_ids',
  'stage_id',
  'status_id',
  'appt_set_dt',
  'appt_met_dt',
  'signed_dt',
  'under_contract_dt',
  'est_close_dt',
  'closed_dt',
  'lost_dt',
  'lost_reason',
  'lead_type_id',
  'original_lead_type_id',
  'lead_type_date',
  'appt_set_by_agent_id',
  'trans_amt',
  'gci_pct',
  'gross_commission_amt',
  'tag_ids',
  'hidden_on_boards',
  'pinned_on_boards',
] as const;
export type UpdatableColumn = (typeof UPDATABLE_COLUMNS)[number];
export type TransactionValue = string | number | boolean | number[] | null;

/** An update: columns to set, and custom values to set (null clears one). Dates are 'YYYY-MM-DD'. */
export interface TransactionChanges {
  columns?: Partial<Record<UpdatableColumn, TransactionValue>>;
  custom_values?: Record<string, string | number | null>;
  /** A card's place on the boards (sets pinned_on_boards and its order; counts as a change without a history row of its own). */
  board?: BoardPlacement;
}

const CONTACT_COLUMNS: readonly UpdatableColumn[] = ['first_name', 'last_name', 'email', 'mobile_phone'];
/** The transaction dates roadmap steps count from (ROADMAP_TRIGGERS besides 'assigned'). */
const ROADMAP_DATE_COLUMNS: readonly UpdatableColumn[] = ['signed_dt', 'under_contract_dt', 'est_close_dt', 'closed_dt'];

/**
 * trans_amt x gci_pct / 100 to the cent, exactly (amounts have 2 decimals, percents at most 8), rounded
 * half away from zero as Postgres's round(numeric, 2) does; null when either is missing.
 */
export function grossOf(amount: number | null, pct: number | null): number | null {
  if (amount === null || pct === null) return null;
  const product = BigInt(Math.round(amount * 100)) * BigInt(Math.round(pct * 1e8));
  const negative = product < 0n;
  const cents = ((negative ? -product : product) + 5_000_000_000n) / 10_000_000_000n;
  return Number(negative ? -cents : cents) / 100;
}

/** How a value is written in transaction_history (text; lists as 1,2,3). */
function historyText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value)) return value.length ? [...value].sort((a, b) => Number(a) - Number(b)).join(',') : null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** transactions.transaction.closed of those of the ids that are in a closed status. */
export const CLOSED_EVENT_SQL = `
  SELECT team_id, jsonb_build_object('client_id', client_id, 'version', version, 'primary_agent_id', primary_agent_id, 'type', type,
         'closed_dt', closed_dt, 'trans_amt', trans_amt::float8, 'gross_commission_amt', gross_commission_amt::float8) AS payload
    FROM transactions.transactions WHERE client_id = ANY($1::int[]) AND status_category = 'closed'`;
