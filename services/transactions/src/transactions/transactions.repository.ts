import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DEFAULT_TEAM_TIMEZONE, type DerivedStatusValue } from '@app/contracts';
import { containsPattern, type Narrow, type TableRow } from '@app/database';
import { MAX_DATABASE_ID } from '@app/platform';
import { DERIVED_STATUS_SQL } from './transaction-list.columns';

/** Which of the team's transactions a caller sees. */
export type TransactionScope =
  | { kind: 'team'; teamId: number }
  | { kind: 'primary-agent'; teamId: number; agentId: number }
  | { kind: 'vendor'; teamId: number; agentId: number };

export interface TransactionPageQuery {
  scope: TransactionScope;
  /** A trusted ORDER BY clause (built by orderByOf from a known column). */
  orderBy: string;
  page: number;
  perPage: number;
  search?: string;
  /** One transaction only (the detail reads its row through the list query). */
  clientId?: number;
  /** The filter keys' SQL terms over `t` (filterSql), given the parameter list to append to. */
  filter?: (params: unknown[]) => string[];
}

type Transactions = TableRow<'transactions.transactions'>;

/**
 * The generated formatted_address and contact_name are built from NOT NULL columns: never null, though the
 * schema (GENERATED ALWAYS AS without NOT NULL) cannot say so.
 */
type TransactionCodes = { type: 'b' | 's'; formatted_address: string; contact_name: string };

/** A row of the list as the query answers it (the service shapes the spec's row). */
export type TransactionListRecord = Narrow<
  Pick<
    Transactions,
    | 'client_id'
    | 'type'
    | 'formatted_address'
    | 'contact_name'
    | 'status_id'
    | 'stage_id'
    | 'primary_agent_id'
    | 'primary_agent_name'
    | 'completed_task_count'
    | 'total_task_count'
    | 'rtc_count'
    | 'created_ts'
    | 'custom_values'
    | 'hidden_on_boards'
    | 'pinned_on_boards'
  >,
  TransactionCodes & { custom_values: Record<string, string | number | null> }
> & {
  status_label: TableRow<'transactions.statuses'>['label'] | null;
  tags: Pick<TableRow<'transactions.tags'>, 'label' | 'border'>[];
  derived_status: DerivedStatusValue;
  /** Every column of the row that a form may show, by field key (dates as 'YYYY-MM-DD'). */
  columns: Record<string, string | number | null>;
  lead_type_label: TableRow<'transactions.lead_types'>['label'] | null;
  original_lead_type_label: TableRow<'transactions.lead_types'>['label'] | null;
  appt_set_by_name: string | null;
  /** What a board card shows besides the row. */
  stage: { id: number; label: string; color: string; font_color: string } | null;
  primary_agent_profile_path: TableRow<'transactions.agents'>['profile_image_path'] | null;
};

/** The caller's scope as SQL over `t` (appends its parameters): the team, and the AGENT's or VENDOR's own. */
export function scopeSql(scope: TransactionScope, params: unknown[]): string {
  params.push(scope.teamId);
  const terms = [`t.team_id = $${params.length}`];
  if (scope.kind === 'primary-agent') {
    params.push(scope.agentId);
    terms.push(`t.primary_agent_id = $${params.length}`);
  } else if (scope.kind === 'vendor') {
    params.push([scope.agentId]);
    terms.push(`t.vendor_user_ids @> $${params.length}::int[]`);
  }
  return terms.join(' AND ');
}

/** WHERE of a scope, a quick search and a filter; appends its parameters to params. */
function whereOf(
  scope: TransactionScope,
  search: string | undefined,
  params: unknown[],
  clientId?: number,
  filter?: TransactionPageQuery['filter'],
): string {
  const terms = [scopeSql(scope, params)];
  if (filter) terms.push(...filter(params));
  if (clientId !== undefined) {
    params.push(clientId);
    terms.push(`t.client_id = $${params.length}`);
  }
  const term = search?.trim();
  if (term) {
    // Address, email and client name (first, last or both): contains, any case (trigram index).
    params.push(containsPattern(term.toLowerCase()));
    const any = [`t.search_text LIKE $${params.length}`];
    // A phone number however it is typed: its digits, compared with the stored digits.
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s().+-]+$/.test(term)) {
      params.push(`%${digits}%`);
      any.push(`t.phone_digits LIKE $${params.length}`);
    }
    // A number is also an ID, matched exactly.
    if (/^\d+$/.test(term) && Number(term) <= MAX_DATABASE_ID) {
      params.push(Number(term));
      any.push(`t.client_id = $${params.length}`);
    }
    terms.push(`(${any.join(' OR ')})`);
  }
  return terms.join(' AND ');
}

/**
 * The list query of a page (one statement: the page and its total), as run by TransactionsRepository.page.
 * Exported so the bench (scripts/bench-transactions.ts) can time the very same SQL straight on pg.
 */
export function sqlOf(query: TransactionPageQuery): { text: string; values: unknown[] } {
  const params: unknown[] = [];
  const where = whereOf(query.scope, query.search, params, query.clientId, query.filter);
  params.push(query.perPage, (query.page - 1) * query.perPage, DEFAULT_TEAM_TIMEZONE);
  const [limit, offset, defaultZone] = [params.length - 2, params.length - 1, params.length];
  // d.today: today in the team's zone, for derived_status. The count is an InitPlan run once; the
  // LEFT JOIN keeps one row (with the total) when the page is past the end.
  const text = `WITH d AS (
       SELECT (now() AT TIME ZONE coalesce((SELECT timezone FROM transactions.teams WHERE team_id = $1), $${defaultZone}))::date AS today
     )
     SELECT c.total, p.*,
            s.label AS status_label,
            coalesce((SELECT jsonb_agg(jsonb_build_object('label', g.label, 'border', g.border) ORDER BY lower(g.label))
                        FROM transactions.tags g WHERE g.tag_id = ANY(p.tag_ids)), '[]'::jsonb) AS tags,
            lt.label AS lead_type_label, olt.label AS original_lead_type_label,
            btrim(asb.first_name || ' ' || asb.last_name) AS appt_set_by_name,
            CASE WHEN st.stage_id IS NULL THEN NULL
                 ELSE jsonb_build_object('id', st.stage_id, 'label', st.label, 'color', st.color, 'font_color', st.font_color) END AS stage,
            pa.profile_image_path AS primary_agent_profile_path
       FROM (SELECT count(*)::int AS total FROM transactions.transactions t WHERE ${where}) c
       LEFT JOIN LATERAL (
         SELECT t.client_id, t.type, t.formatted_address, t.contact_name, t.status_id, t.stage_id, t.tag_ids,
                t.primary_agent_id, t.primary_agent_name, t.completed_task_count, t.total_task_count, t.rtc_count,
                ${DERIVED_STATUS_SQL} AS derived_status, t.created_ts, t.custom_values,
                jsonb_build_object(
                  'first_name', t.first_name, 'last_name', t.last_name, 'email', t.email, 'mobile_phone', t.mobile_phone,
                  'address_1', t.address_1, 'address_2', t.address_2, 'city', t.city, 'state', t.state, 'postal_code', t.postal_code,
                  'trans_amt', t.trans_amt::float8, 'gci_pct', t.gci_pct::float8, 'gross_commission_amt', t.gross_commission_amt::float8,
                  'appt_set_dt', t.appt_set_dt, 'appt_met_dt', t.appt_met_dt, 'signed_dt', t.signed_dt,
                  'under_contract_dt', t.under_contract_dt, 'est_close_dt', t.est_close_dt, 'closed_dt', t.closed_dt,
                  'lost_dt', t.lost_dt, 'lost_reason', t.lost_reason, 'lead_type_id', t.lead_type_id,
                  'original_lead_type_id', t.original_lead_type_id, 'lead_type_date', t.lead_type_date,
                  'appt_set_by_agent_id', t.appt_set_by_agent_id) AS columns,
                t.lead_type_id, t.original_lead_type_id, t.appt_set_by_agent_id, t.hidden_on_boards, t.pinned_on_boards,
                -- Numbered once the page is cut: over its rows only, so an unindexed sort stays a top-N sort.
                row_number() OVER (ORDER BY ${query.orderBy}) AS ordinal
           FROM (
             -- The page's ids first, over the sort keys only: rows skipped by OFFSET or sorted past
             -- the page never have their columns built (a deferred join).
             SELECT t.client_id
               FROM transactions.transactions t CROSS JOIN d
              WHERE ${where}
              ORDER BY ${query.orderBy}
              LIMIT $${limit} OFFSET $${offset}
           ) k
           JOIN transactions.transactions t ON t.client_id = k.client_id
           CROSS JOIN d
       ) p ON true
       LEFT JOIN transactions.statuses s ON s.status_id = p.status_id
       LEFT JOIN transactions.lead_types lt ON lt.lead_type_id = p.lead_type_id
       LEFT JOIN transactions.lead_types olt ON olt.lead_type_id = p.original_lead_type_id
       LEFT JOIN transactions.agents asb ON asb.agent_id = p.appt_set_by_agent_id
       LEFT JOIN transactions.stages st ON st.stage_id = p.stage_id
       LEFT JOIN transactions.agents pa ON pa.agent_id = p.primary_agent_id
      ORDER BY p.ordinal`;
  return { text, values: params };
}

/** The team's transactions: the list query (one statement: the page and its total). */
@Injectable()
export class TransactionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async page(query: TransactionPageQuery): Promise<{ total: number; records: TransactionListRecord[] }> {
    const { text, values } = sqlOf(query);
    const rows: (TransactionListRecord & { total: number; client_id: number | null })[] = await this.dataSource.query(text, values);
    const total = rows[0]?.total ?? 0;
    return { total, records: rows.filter((r) => r.client_id !== null) };
  }

  /** Up to `limit` transactions the caller sees that match a quick search, newest first, for a select. */
  async selectOptions(
    scope: TransactionScope,
    term: string | undefined,
    limit: number,
  ): Promise<
    Narrow<
      Pick<Transactions, 'client_id' | 'formatted_address' | 'first_name' | 'last_name' | 'type'>,
      Omit<TransactionCodes, 'contact_name'>
    >[]
  > {
    const params: unknown[] = [];
    const where = whereOf(scope, term, params);
    params.push(limit);
    return this.dataSource.query(
      `SELECT t.client_id, t.formatted_address, t.first_name, t.last_name, t.type FROM transactions.transactions t
        WHERE ${where} ORDER BY t.created_ts DESC, t.client_id DESC LIMIT $${params.length}`,
      params,
    );
  }
}
