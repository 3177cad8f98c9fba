import type { DataSource, EntityManager } from 'typeorm';
import type { ContactStatus, StatusCategory, TransactionSide } from '@app/contracts';
import { uniqueName } from './sequence';

/** A team's options as the factory made them (ids by name). */
export interface TransactionOptionsRow {
  team_id: number;
  statuses: Record<'pipeline' | 'underContract' | 'closed' | 'lost', number>;
  stages: Record<'lead' | 'pending', number>;
  tags: Record<'hot' | 'vip', number>;
  lead_type_id: number;
  list_form_id: number;
  page_form_id: number;
}

export interface TransactionOverrides {
  type?: TransactionSide;
  address_1?: string;
  city?: string;
  first_name?: string;
  last_name?: string;
  email?: string | null;
  mobile_phone?: string | null;
  primary_agent_id?: number | null;
  primary_agent_name?: string;
  tc_agent_id?: number | null;
  client_user_ids?: number[];
  vendor_user_ids?: number[];
  status?: keyof TransactionOptionsRow['statuses'];
  stage_id?: number | null;
  tag_ids?: number[];
  est_close_dt?: string | null;
  next_open_due_dt?: string | null;
  trans_amt?: number | null;
  gci_pct?: number | null;
  lead_type_id?: number | null;
  custom_values?: Record<string, string | number | null>;
  completed_task_count?: number;
  total_task_count?: number;
  rtc_count?: number;
  created_ts?: string;
  /** Status dates ('YYYY-MM-DD'), set as written (the status stays the one given). */
  dates?: Partial<Record<'appt_set_dt' | 'appt_met_dt' | 'signed_dt' | 'under_contract_dt' | 'closed_dt' | 'lost_dt', string | null>>;
  appt_set_by_agent_id?: number | null;
  /** A gross commission typed by hand (default: trans_amt x gci_pct / 100). */
  gross_commission_amt?: number | null;
}

export interface ContactOverrides {
  agent_id?: number | null;
  first_name?: string;
  last_name?: string;
  status?: ContactStatus;
  email?: string | null;
  mobile_phone?: string | null;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  lead_type_id?: number | null;
  custom_fields?: Record<string, string | number | null>;
  created_ts?: string;
}

export interface TransactionRowMade {
  client_id: number;
  team_id: number;
  contact_id: number;
}

const CATEGORY: Record<keyof TransactionOptionsRow['statuses'], StatusCategory> = {
  pipeline: 'pipeline',
  underContract: 'active',
  closed: 'closed',
  lost: 'lost',
};

/**
 * Transactions, contacts and a team's options in the transactions schema of a test database, written
 * with SQL (no events: tests of events go through the service's TransactionWriter), on the pattern of
 * IdentityFactory.
 */
export class TransactionsFactory {
  constructor(private readonly db: DataSource | EntityManager) {}

  private async one<T>(sql: string, params: unknown[]): Promise<T> {
    const rows: T[] = await this.db.query(sql, params);
    return rows[0];
  }

  /** Statuses of each category, two stages, two tags, a lead type, two custom fields and a list form showing them. */
  async options(teamId: number): Promise<TransactionOptionsRow> {
    const status = async (label: string, key: keyof TransactionOptionsRow['statuses'], sort: number) =>
      (
        await this.one<{ status_id: number }>(
          `INSERT INTO transactions.statuses (team_id, label, color, font_color, category, sort) VALUES ($1, $2, '#888888', 'dark', $3, $4) RETURNING status_id`,
          [teamId, label, CATEGORY[key], sort],
        )
      ).status_id;
    const statuses = {
      pipeline: await status('Pipeline', 'pipeline', 10),
      underContract: await status('Under Contract', 'underContract', 20),
      closed: await status('Closed', 'closed', 30),
      lost: await status('Lost', 'lost', 40),
    };
    const stage = async (label: string, sort: number) =>
      (
        await this.one<{ stage_id: number }>(
          `INSERT INTO transactions.stages (team_id, label, color, font_color, sort) VALUES ($1, $2, '#EEEEEE', 'dark', $3) RETURNING stage_id`,
          [teamId, label, sort],
        )
      ).stage_id;
    const tag = async (label: string) =>
      (
        await this.one<{ tag_id: number }>(
          `INSERT INTO transactions.tags (team_id, label, border) VALUES ($1, $2, '#FF0000') RETURNING tag_id`,
          [teamId, label],
        )
      ).tag_id;
    const leadType = await this.one<{ lead_type_id: number }>(
      `INSERT INTO transactions.lead_types (team_id, label, group_name) VALUES ($1, 'Zillow', 'Online') RETURNING lead_type_id`,
      [teamId],
    );
    await this.db.query(
      `INSERT INTO transactions.custom_fields (team_id, field_key, label, type, vendor_visible, sort, options, client_type, required) VALUES
         ($1, 'mls_number', 'MLS #', 'text', true, 10, '{}', NULL, false), ($1, 'square_feet', 'Square Feet', 'number', false, 20, '{}', NULL, false),
         ($1, 'listing_link', 'Listing Link', 'link', false, 30, '{}', NULL, false), ($1, 'hoa', 'HOA', 'yn', false, 40, '{}', NULL, false),
         ($1, 'loan_type', 'Loan Type', 'select', false, 50, '{Conventional,FHA,Cash}', 'b', false),
         ($1, 'referral_pct', 'Referral %', 'percent', false, 60, '{}', NULL, false), ($1, 'co_op_email', 'Co-op Email', 'email', false, 70, '{}', NULL, false),
         ($1, 'title_company', 'Title Company', 'text', false, 80, '{}', NULL, true)`,
      [teamId],
    );
    const form = await this.one<{ team_form_id: number }>(
      `INSERT INTO transactions.team_forms (team_id, name, client_type_id, purpose) VALUES ($1, 'Transaction List', NULL, 'list') RETURNING team_form_id`,
      [teamId],
    );
    await this.db.query(
      `INSERT INTO transactions.team_form_fields (team_form_id, field_key, sort) VALUES ($1, 'trans_amt', 10), ($1, 'est_close_dt', 20), ($1, 'mls_number', 30), ($1, 'square_feet', 40)`,
      [form.team_form_id],
    );
    const page = await this.one<{ team_form_id: number }>(
      `INSERT INTO transactions.team_forms (team_id, name, client_type_id, purpose) VALUES ($1, 'Transaction Page', NULL, 'page') RETURNING team_form_id`,
      [teamId],
    );
    await this.db.query(
      `INSERT INTO transactions.team_form_fields (team_form_id, field_key, sort)
       SELECT $1, key, ord::int FROM unnest($2::text[]) WITH ORDINALITY AS k(key, ord)`,
      [
        page.team_form_id,
        [
          'trans_amt',
          'gci_pct',
          'gross_commission_amt',
          'est_close_dt',
          'lead_type_id',
          'mls_number',
          'square_feet',
          'listing_link',
          'hoa',
          'loan_type',
          'referral_pct',
          'co_op_email',
          'title_company',
        ],
      ],
    );
    return {
      team_id: teamId,
      page_form_id: page.team_form_id,
      statuses,
      stages: { lead: await stage('New Lead', 10), pending: await stage('Pending', 20) },
      tags: { hot: await tag('Hot'), vip: await tag('VIP') },
      lead_type_id: leadType.lead_type_id,
      list_form_id: form.team_form_id,
    };
  }

  /** A user in the agents read copy (as identity's events would put it there). */
  async agent(teamId: number, agentId: number, roles: string[], name: { first_name?: string; last_name?: string } = {}): Promise<void> {
    await this.db.query(
      `INSERT INTO transactions.agents (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at)
       VALUES ($1, $2, $3, $4, $5, 'active', $6, now())`,
      [agentId, teamId, name.first_name ?? 'Pat', name.last_name ?? `User${agentId}`, `user${agentId}@factory.test`, roles],
    );
  }

  async contact(teamId: number, overrides: ContactOverrides = {}): Promise<{ contact_id: number }> {
    return this.one(
      `INSERT INTO transactions.contacts (team_id, agent_id, first_name, last_name, status, email, mobile_phone, address_1, address_2, city, state,
                                          postal_code, lead_type_id, custom_fields, created_ts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, coalesce($15::timestamptz, now())) RETURNING contact_id`,
      [
        teamId,
        overrides.agent_id ?? null,
        overrides.first_name ?? 'Casey',
        overrides.last_name ?? uniqueName('Contact'),
        overrides.status ?? 'active',
        overrides.email ?? null,
        overrides.mobile_phone ?? null,
        overrides.address_1 ?? '',
        overrides.address_2 ?? '',
        overrides.city ?? '',
        overrides.state ?? '',
        overrides.postal_code ?? '',
        overrides.lead_type_id ?? null,
        JSON.stringify(overrides.custom_fields ?? {}),
        overrides.created_ts ?? null,
      ],
    );
  }

  /** Links a contact to a transaction (not as its primary contact unless asked). */
  async link(clientId: number, contactId: number, isPrimary = false): Promise<void> {
    await this.db.query(`INSERT INTO transactions.transaction_contacts (client_id, contact_id, is_primary) VALUES ($1, $2, $3)`, [
      clientId,
      contactId,
      isPrimary,
    ]);
  }

  /** A transaction of the team with its primary contact. */
  async transaction(options: TransactionOptionsRow, overrides: TransactionOverrides = {}): Promise<TransactionRowMade> {
    const statusKey = overrides.status ?? 'pipeline';
    const first = overrides.first_name ?? 'Jordan';
    const last = overrides.last_name ?? uniqueName('Client');
    const contact = await this.one<{ contact_id: number }>(
      `INSERT INTO transactions.contacts (team_id, agent_id, first_name, last_name, email, mobile_phone) VALUES ($1, $2, $3, $4, $5, $6) RETURNING contact_id`,
      [options.team_id, overrides.primary_agent_id ?? null, first, last, overrides.email ?? null, overrides.mobile_phone ?? null],
    );
    const tagIds = overrides.tag_ids ?? [];
    const row = await this.one<{ client_id: number }>(
      `INSERT INTO transactions.transactions
         (team_id, type, address_1, city, state, postal_code, first_name, last_name, email, mobile_phone, primary_agent_id, primary_agent_name,
          tc_agent_id, client_user_ids, vendor_user_ids, stage_id, status_id, status_category, est_close_dt, next_open_due_dt,
          trans_amt, gci_pct, gross_commission_amt, lead_type_id, custom_values, tag_ids, tags_sort,
          completed_task_count, total_task_count, rtc_count, created_ts)
       VALUES ($1, $2, $3, $4, 'IL', '60601', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
               round($19::numeric * $20::numeric / 100, 2), $21, $22, $23,
               coalesce((SELECT string_agg(lower(label), ',' ORDER BY lower(label)) FROM transactions.tags WHERE tag_id = ANY($23::int[])), ''),
               $24, $25, $26, coalesce($27::timestamptz, now()))
       RETURNING client_id`,
      [
        options.team_id,
        overrides.type ?? 'b',
        overrides.address_1 ?? `${Math.floor(Math.random() * 9000) + 100} Factory St`,
        overrides.city ?? 'Chicago',
        first,
        last,
        overrides.email ?? null,
        overrides.mobile_phone ?? null,
        overrides.primary_agent_id ?? null,
        overrides.primary_agent_name ?? '',
        overrides.tc_agent_id ?? null,
        overrides.client_user_ids ?? [],
        overrides.vendor_user_ids ?? [],
        overrides.stage_id === undefined ? options.stages.lead : overrides.stage_id,
        options.statuses[statusKey],
        CATEGORY[statusKey],
        overrides.est_close_dt ?? null,
        overrides.next_open_due_dt ?? null,
        overrides.trans_amt === undefined ? 250_000 : overrides.trans_amt,
        overrides.gci_pct === undefined ? 3 : overrides.gci_pct,
        overrides.lead_type_id === undefined ? options.lead_type_id : overrides.lead_type_id,
        JSON.stringify(overrides.custom_values ?? {}),
        tagIds,
        overrides.completed_task_count ?? 0,
        overrides.total_task_count ?? 0,
        overrides.rtc_count ?? 0,
        overrides.created_ts ?? null,
      ],
    );
    await this.db.query(`INSERT INTO transactions.transaction_contacts (client_id, contact_id, is_primary) VALUES ($1, $2, true)`, [
      row.client_id,
      contact.contact_id,
    ]);
    const extra: Record<string, unknown> = { ...(overrides.dates ?? {}) };
    if (overrides.appt_set_by_agent_id !== undefined) extra.appt_set_by_agent_id = overrides.appt_set_by_agent_id;
    if (overrides.gross_commission_amt !== undefined) extra.gross_commission_amt = overrides.gross_commission_amt;
    const columns = Object.keys(extra);
    if (columns.length > 0) {
      await this.db.query(
        `UPDATE transactions.transactions SET ${columns.map((column, i) => `${column} = $${i + 2}`).join(', ')} WHERE client_id = $1`,
        [row.client_id, ...columns.map((column) => extra[column])],
      );
    }
    return { client_id: row.client_id, team_id: options.team_id, contact_id: contact.contact_id };
  }
}
