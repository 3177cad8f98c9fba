import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ESIGN_REQUEST_STATUSES,
  ESIGN_STATUS_LABELS,
  STAFF_ROLES,
  type EsignBoardOrderBy,
  type EsignBoardRow,
  type EsignRequestStatus,
  type EsignStatusTotals,
} from '@app/contracts';
import { containsPattern, type Narrow, type TableRow } from '@app/database';

/** Who asks: ADMIN and TRANC see the team's requests, others their own and those on transactions they are primary agent of. */
export interface BoardViewer {
  team_id: number;
  agent_id: number;
  sees_all: boolean;
}

/** The board's filters, checked and with dates as 'YYYY-MM-DD'. */
export interface BoardFilters {
  search?: string;
  statuses: EsignRequestStatus[];
  creators: number[];
  created?: { start?: string; end?: string };
  completed?: { start?: string; end?: string };
  /** The zone whose days the dates mean. */
  timeZone: string;
  clientId?: number;
}

export interface BoardPage {
  orderBy: EsignBoardOrderBy;
  orderDir: 'asc' | 'desc';
  page: number;
  perPage: number;
}

export type RequestUserRow = Pick<TableRow<'esign.users'>, 'agent_id' | 'first_name' | 'last_name'> & { active: boolean };

// The address and the creator's name as the board shows them (the read copies may lack a row: empty text).
const ADDRESS_SQL = `lower(concat_ws(' ', nullif(t.address_1, ''), nullif(t.address_2, ''), nullif(t.city, ''), nullif(t.state, ''), nullif(t.postal_code, '')))`;
const CREATOR_SQL = `lower(concat_ws(' ', nullif(u.first_name, ''), nullif(u.last_name, '')))`;
// Status sorts by the word the board shows (Completed, Declined, Expired, ...), not by its code.
const STATUS_SORT_SQL = `CASE r.status ${[...ESIGN_REQUEST_STATUSES]
  .sort((a, b) => ESIGN_STATUS_LABELS[a].localeCompare(ESIGN_STATUS_LABELS[b]))
  .map((status, index) => `WHEN '${status}' THEN ${index}`)
  .join(' ')} END`;

const ORDER_SQL: Record<EsignBoardOrderBy, string> = {
  created_ts: 'r.created_ts',
  completed_ts: 'r.completed_ts',
  status: STATUS_SORT_SQL,
  template_name: 'lower(r.title)',
  address: ADDRESS_SQL,
  created_by: CREATOR_SQL,
};

const FROM = `esign.requests r
  LEFT JOIN esign.transactions t ON t.client_id = r.client_id AND t.team_id = r.team_id
  LEFT JOIN esign.users u ON u.agent_id = r.created_by_agent_id`;

/** The status_totals keys and the code each counts. */
const TOTAL_STATUSES: [keyof Omit<EsignStatusTotals, 'Total'>, EsignRequestStatus][] = [
  ['Sent', 'S'],
  ['Viewed', 'V'],
  ['PartiallySigned', 'P'],
  ['Completed', 'C'],
  ['Failed', 'F'],
];

// The read copies' columns are coalesced to '' (a missing row): not null, as the tables have them.
type BoardSqlRow = Narrow<
  Pick<TableRow<'esign.requests'>, 'esig_request_id' | 'title' | 'client_id' | 'created_ts' | 'completed_ts' | 'status' | 'archived'>,
  { status: EsignRequestStatus }
> &
  Pick<TableRow<'esign.transactions'>, 'address_1' | 'address_2' | 'city' | 'state' | 'postal_code'> &
  Pick<TableRow<'esign.users'>, 'first_name' | 'last_name'> & { total: number };

/** The request board's two statements (a page with its count, the status totals) and the user filter's list. */
@Injectable()
export class BoardRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The WHERE of every board statement: the viewer's requests with the filters, the status filter only when
   * `withStatus` (the totals count every status). Pushes its parameters onto `params`.
   */
  private where(viewer: BoardViewer, filters: BoardFilters, params: unknown[], withStatus: boolean): string {
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`r.team_id = ${param(viewer.team_id)}`];
    if (!viewer.sees_all) {
      const me = param(viewer.agent_id);
      // As the request calls decide it: a deleted transaction's primary agent no longer sees its requests.
      where.push(`(r.created_by_agent_id = ${me} OR (t.primary_agent_id = ${me} AND NOT t.deleted))`);
    }
    if (filters.clientId !== undefined) where.push(`r.client_id = ${param(filters.clientId)}`);
    if (filters.creators.length) where.push(`r.created_by_agent_id = ANY(${param(filters.creators)}::int[])`);
    // Days in the zone: from the start day's midnight up to (not including) the midnight after the end day.
    let zone: string | undefined;
    const midnight = (day: string) => `(${param(day)}::date)::timestamp AT TIME ZONE ${(zone ??= `${param(filters.timeZone)}::text`)}`;
    const nextMidnight = (day: string) =>
      `(${param(day)}::date + 1)::timestamp AT TIME ZONE ${(zone ??= `${param(filters.timeZone)}::text`)}`;
    for (const [column, range] of [
      ['r.created_ts', filters.created],
      ['r.completed_ts', filters.completed],
    ] as const) {
      if (range?.start) where.push(`${column} >= ${midnight(range.start)}`);
      if (range?.end) where.push(`${column} < ${nextMidnight(range.end)}`);
    }
    if (filters.search) {
      const like = param(containsPattern(filters.search.toLowerCase()));
      where.push(`(lower(r.title) LIKE ${like} OR ${ADDRESS_SQL} LIKE ${like} OR ${CREATOR_SQL} LIKE ${like})`);
    }
    if (withStatus && filters.statuses.length) where.push(`r.status::text = ANY(${param(filters.statuses)}::text[])`);
    return where.join(' AND ');
  }

  /** One page of the board, sorted (ties by id in the same direction), and how many rows match. */
  async page(viewer: BoardViewer, filters: BoardFilters, page: BoardPage): Promise<{ rows: EsignBoardRow[]; total: number }> {
    const params: unknown[] = [];
    const where = this.where(viewer, filters, params, true);
    const dir = page.orderDir === 'asc' ? 'ASC' : 'DESC';
    const rows: BoardSqlRow[] = await this.dataSource.query(
      `SELECT r.esig_request_id, r.title, r.client_id,
              coalesce(t.address_1, '') AS address_1, coalesce(t.address_2, '') AS address_2, coalesce(t.city, '') AS city,
              coalesce(t.state, '') AS state, coalesce(t.postal_code, '') AS postal_code,
              coalesce(u.first_name, '') AS first_name, coalesce(u.last_name, '') AS last_name,
              r.created_ts, r.completed_ts, r.status, r.archived, count(*) OVER ()::int AS total
         FROM ${FROM}
        WHERE ${where}
        ORDER BY ${ORDER_SQL[page.orderBy]} ${dir} NULLS LAST, r.esig_request_id ${dir}
        LIMIT $${params.push(page.perPage)} OFFSET $${params.push((page.page - 1) * page.perPage)}`,
      params,
    );
    // A page past the last has no row to carry the count: count once more (rare).
    const total = rows[0]?.total ?? (page.page > 1 ? await this.count(viewer, filters) : 0);
    return { rows: rows.map(boardRowOf), total };
  }

  private async count(viewer: BoardViewer, filters: BoardFilters): Promise<number> {
    const params: unknown[] = [];
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ${FROM} WHERE ${this.where(viewer, filters, params, true)}`,
      params,
    );
    return rows[0].n;
  }

  /** Every filter but the status: each tile's count, and Total over every status (D and E included). */
  async statusTotals(viewer: BoardViewer, filters: BoardFilters): Promise<EsignStatusTotals> {
    const params: unknown[] = [];
    const where = this.where(viewer, filters, params, false);
    const rows: EsignStatusTotals[] = await this.dataSource.query(
      `SELECT ${TOTAL_STATUSES.map(([key, status]) => `count(*) FILTER (WHERE r.status = '${status}')::int AS "${key}"`).join(', ')}, count(*)::int AS "Total"
         FROM ${FROM}
        WHERE ${where}`,
      params,
    );
    return rows[0];
  }

  /**
   * The user filter's people from the users read copy: ADMIN and TRANC every staff user of the team (and anyone who
   * sent one of its requests); others themselves and the senders of requests on transactions they are primary agent of.
   */
  async requestUsers(viewer: BoardViewer): Promise<RequestUserRow[]> {
    const params: unknown[] = [viewer.team_id];
    const who = viewer.sees_all
      ? `(u.roles && $${params.push([...STAFF_ROLES])}::text[]
          OR EXISTS (SELECT 1 FROM esign.requests r WHERE r.team_id = u.team_id AND r.created_by_agent_id = u.agent_id))`
      : `(u.agent_id = $${params.push(viewer.agent_id)}
          OR EXISTS (SELECT 1 FROM esign.requests r
                       JOIN esign.transactions t ON t.client_id = r.client_id AND t.team_id = r.team_id AND NOT t.deleted
                      WHERE r.team_id = u.team_id AND r.created_by_agent_id = u.agent_id AND t.primary_agent_id = $${params.length}))`;
    return this.dataSource.query(
      `SELECT u.agent_id, u.first_name, u.last_name, u.status = 'active' AS active
         FROM esign.users u
        WHERE u.team_id = $1 AND ${who}
        ORDER BY lower(u.first_name), lower(u.last_name), u.agent_id`,
      params,
    );
  }
}

function boardRowOf(row: BoardSqlRow): EsignBoardRow {
  return {
    esig_request_id: row.esig_request_id,
    esignature_template: { name: row.title },
    transaction: {
      client_id: row.client_id,
      address_1: row.address_1,
      address_2: row.address_2,
      city: row.city,
      state: row.state,
      postal_code: row.postal_code,
    },
    created_by_agent: { first_name: row.first_name, last_name: row.last_name },
    created_ts: row.created_ts.toISOString(),
    completed_ts: row.completed_ts ? row.completed_ts.toISOString() : null,
    status: row.status,
    archived: row.archived,
  };
}
