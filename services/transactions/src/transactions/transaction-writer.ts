import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ContactStatus, TransactionSide } from '@app/contracts';
import { EventOutbox } from '@app/events';

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
  contact: NewContact;
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

const ids = (manager: EntityManager, sequence: string, n: number): Promise<number[]> =>
  manager
    .query(`SELECT array(SELECT nextval($1::regclass)::int FROM generate_series(1, $2)) AS ids`, [sequence, n])
    .then((rows: { ids: number[] }[]) => rows[0].ids);

/**
 * Every write of transactions and contacts goes through here: the rows, their history, and their
 * events in the outbox, all in the caller's database transaction (one statement each, whatever the
 * number of rows: the seed writes thousands at a time, the console one).
 */
@Injectable()
export class TransactionWriter {
  constructor(private readonly outbox: EventOutbox) {}

  /** Creates the transactions and their primary contacts; returns the new client_ids in input order. */
  async createMany(manager: EntityManager, items: readonly NewTransaction[], actor: ChangeActor): Promise<number[]> {
    if (items.length === 0) return [];
    // Ids first, so that rows and links are matched by position, not by the order RETURNING happens to use.
    const contactIds = await ids(manager, 'transactions.contacts_contact_id_seq', items.length);
    const clientIds = await ids(manager, 'transactions.transactions_client_id_seq', items.length);
    const contacts = items.map((item, i) => ({
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
    }));
    await manager.query(
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
    const rows = items.map((item, i) => {
      const { contact, ...row } = item;
      return {
        ...row,
        client_id: clientIds[i],
        first_name: contact.first_name,
        last_name: contact.last_name,
        email: contact.email,
        mobile_phone: contact.mobile_phone,
        address_2: item.address_2 ?? '',
        client_user_ids: item.client_user_ids ?? [],
        vendor_user_ids: item.vendor_user_ids ?? [],
        custom_values: item.custom_values ?? {},
        tag_ids: item.tag_ids ?? [],
        gross_commission_typed: item.gross_commission_amt !== undefined,
      };
    });
    await manager.query(
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
    await manager.query(
      `INSERT INTO transactions.transaction_contacts (client_id, contact_id, is_primary)
       SELECT unnest($1::int[]), unnest($2::int[]), true`,
      [clientIds, contactIds],
    );
    await manager.query(
      `INSERT INTO transactions.transaction_history (client_id, team_id, agent_id, source, field, created_ts)
       SELECT client_id, team_id, $2, $3, 'created', created_ts FROM transactions.transactions WHERE client_id = ANY($1::int[])`,
      [clientIds, actor.agent_id, actor.source],
    );
    await this.outbox.publishEach(manager, 'transactions.contact.created', `SELECT team_id, payload FROM transactions.contact_snapshots WHERE contact_id = ANY($1::int[])`, [contactIds]);
    await this.outbox.publishEach(manager, 'transactions.transaction.created', `SELECT team_id, payload FROM transactions.transaction_snapshots WHERE client_id = ANY($1::int[])`, [clientIds]);
    // Entering a closed status, creation included, is a closing (dashboards and the office TVs count it).
    await this.outbox.publishEach(manager, 'transactions.transaction.closed', CLOSED_EVENT_SQL, [clientIds]);
    return clientIds;
  }
}

/** transactions.transaction.closed of those of the ids that are in a closed status. */
export const CLOSED_EVENT_SQL = `
  SELECT team_id, jsonb_build_object('client_id', client_id, 'version', version, 'primary_agent_id', primary_agent_id, 'type', type,
         'closed_dt', closed_dt, 'trans_amt', trans_amt::float8, 'gross_commission_amt', gross_commission_amt::float8) AS payload
    FROM transactions.transactions WHERE client_id = ANY($1::int[]) AND status_category = 'closed'`;
