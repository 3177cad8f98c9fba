import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TEAM_MEMBER_ROLES, type Permission, type UserStatusFilter } from '@app/contracts';
import { containsPattern, type Narrow, type TableRow } from '@app/database';
import type { UserListRow } from './admin-user.mapper';
import type { UserListOrderBy } from './dto/admin-user-query.dto';

/** The filter and order of the user table (and its CSV), already defaulted. */
export interface UserListFilter {
  teamId: number;
  statusFilter: UserStatusFilter;
  search: string;
  orderBy: UserListOrderBy;
  orderDir: 1 | -1;
}

export type LockedTeam = Narrow<
  Pick<TableRow<'identity.teams'>, 'team_id' | 'name' | 'permissions' | 'user_licenses_total' | 'esign_seats_total'>,
  { permissions: Permission[] }
>;

export interface TeamUsage {
  used: number;
  esign_used: number;
}

// Same text as the expression of users_admin_list_idx (migration 130), so the default order reads the index.
export const ROLE_RANK = `(CASE roles[1] WHEN 'ADMIN' THEN 5 WHEN 'TRANC' THEN 4 WHEN 'ISISA' THEN 3 WHEN 'AGENT' THEN 2 WHEN 'VENDOR' THEN 1 ELSE 0 END)`;
const NAME_ORDER = `lower(last_name), lower(first_name), agent_id`;

// Whitelisted sort expressions: order_by never reaches the SQL text itself.
const ORDER_EXPRESSIONS: Record<Exclude<UserListOrderBy, 'roles'>, string> = {
  agent_full_name: `lower(first_name || ' ' || last_name)`,
  mobile_phone: 'mobile_phone',
  created_ts: 'created_ts',
  last_access_ts: 'last_access_ts',
  status: 'status',
  excluded: 'leader_board_exclude',
  download: 'can_download',
  client_count: 'client_count',
};

const STATUS_CONDITIONS: Record<UserStatusFilter, string | null> = {
  all: null,
  active: `status = 'active'`,
  disabled: `status = 'inactive'`,
  excluded: `leader_board_exclude`,
};

/** ORDER BY of the user table: the chosen column, then roles (ADMIN first) and name, agent_id last for a stable order. */
export function orderByOf(orderBy: UserListOrderBy, orderDir: 1 | -1): string {
  const dir = orderDir === 1 ? 'ASC' : 'DESC';
  if (orderBy === 'roles') return `${ROLE_RANK} ${dir}, ${NAME_ORDER}`;
  return `${ORDER_EXPRESSIONS[orderBy]} ${dir} NULLS LAST, ${ROLE_RANK} DESC, ${NAME_ORDER}`;
}

/** WHERE of the user table: the team's members (no CLIENT logins), the status filter, the quick search. */
export function whereOf(filter: UserListFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.teamId, TEAM_MEMBER_ROLES];
  const conditions = ['team_id = $1', 'roles[1] = ANY($2::text[])'];
  const status = STATUS_CONDITIONS[filter.statusFilter];
  if (status) conditions.push(status);
  const search = filter.search.trim();
  if (search) {
    params.push(containsPattern(search.toLowerCase()));
    const p = `$${params.length}`;
    const matches = [
      `lower(first_name) LIKE ${p}`,
      `lower(last_name) LIKE ${p}`,
      `lower(first_name || ' ' || last_name) LIKE ${p}`,
      `lower(email) LIKE ${p}`,
      `lower(coalesce(mobile_phone, '')) LIKE ${p}`,
    ];
    // '5550100' finds '(555) 555-0100': a search made of phone characters also matches the phone's digits.
    const digits = search.replace(/\D/g, '');
    if (/^[\d\s()+\-.]+$/.test(search) && digits.length >= 3) {
      params.push(containsPattern(digits));
      matches.push(`regexp_replace(coalesce(mobile_phone, ''), '\\D', '', 'g') LIKE $${params.length}`);
    }
    conditions.push(`(${matches.join(' OR ')})`);
  }
  return { sql: conditions.join(' AND '), params };
}

/**
 * The SQL of one page of the user table; withTotal adds the filter's row count to every row (a window count,
 * so the page and its total are one statement). `npm run bench`'s floor runs this same text.
 */
export function userPageSql(filter: UserListFilter, limit: number, offset: number, withTotal = false): { text: string; values: unknown[] } {
  const where = whereOf(filter);
  const n = where.params.length;
  return {
    text: `SELECT agent_id, profile_image_path, first_name, last_name, email, mobile_phone, roles[1] AS role_id,
              created_ts, last_access_ts, status, leader_board_exclude AS excluded, can_download AS download, client_count${withTotal ? ',\n              count(*) OVER ()::int AS total' : ''}
         FROM identity.users
        WHERE ${where.sql}
        ORDER BY ${orderByOf(filter.orderBy, filter.orderDir)}
        LIMIT $${n + 1} OFFSET $${n + 2}`,
    values: [...where.params, limit, offset],
  };
}

/** The user administration queries (raw SQL; team-scoped). */
@Injectable()
export class AdminUsersRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** One page of the user table (one query, no per-row lookups). */
  async page(
    filter: UserListFilter,
    limit: number,
    offset: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<UserListRow[]> {
    const sql = userPageSql(filter, limit, offset);
    return manager.query(sql.text, sql.values);
  }

  /**
   * One page and the total of the filter in one statement (the list's hot read). A page past the end has no
   * row to carry the total: then, and only then, a count.
   */
  async pageWithTotal(filter: UserListFilter, limit: number, offset: number): Promise<{ rows: UserListRow[]; total: number }> {
    const sql = userPageSql(filter, limit, offset, true);
    const rows: (UserListRow & { total: number })[] = await this.dataSource.query(sql.text, sql.values);
    if (rows.length) return { rows, total: rows[0].total };
    return { rows, total: offset > 0 ? await this.count(filter) : 0 };
  }

  async count(filter: UserListFilter): Promise<number> {
    const where = whereOf(filter);
    const [row]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM identity.users WHERE ${where.sql}`,
      where.params,
    );
    return row.total;
  }

  /** The caller's own time zone (profile), for the CSV's dates. */
  async timezoneOf(agentId: number): Promise<string | null> {
    const [row]: Pick<TableRow<'identity.users'>, 'timezone'>[] = await this.dataSource.query(
      `SELECT timezone FROM identity.users WHERE agent_id = $1`,
      [agentId],
    );
    return row?.timezone ?? null;
  }

  /**
   * Locks the team's row until the transaction ends: licence and seat checks of concurrent adds and
   * activations run one after the other, so two of them cannot both take the last licence.
   */
  async lockTeam(teamId: number, manager: EntityManager): Promise<LockedTeam | null> {
    const [row]: LockedTeam[] = await manager.query(
      `SELECT team_id, name, permissions, user_licenses_total, esign_seats_total FROM identity.teams WHERE team_id = $1 FOR UPDATE`,
      [teamId],
    );
    return row ?? null;
  }

  async team(teamId: number): Promise<LockedTeam | null> {
    const [row]: LockedTeam[] = await this.dataSource.query(
      `SELECT team_id, name, permissions, user_licenses_total, esign_seats_total FROM identity.teams WHERE team_id = $1`,
      [teamId],
    );
    return row ?? null;
  }

  /**
   * Active team members and those of them with e-sign. CLIENT logins are not counted, nor VENDOR users of a
   * vendor organisation (enrolled through an invite); a VENDOR user made in the user form counts.
   */
  async usage(teamId: number, manager: EntityManager = this.dataSource.manager): Promise<TeamUsage> {
    const [row]: TeamUsage[] = await manager.query(
      `SELECT count(*)::int AS used, count(*) FILTER (WHERE esign_enabled)::int AS esign_used
         FROM identity.users
        WHERE team_id = $1 AND status = 'active' AND roles[1] = ANY($2::text[])
          AND NOT (roles[1] = 'VENDOR' AND vendor_id IS NOT NULL)`,
      [teamId, TEAM_MEMBER_ROLES],
    );
    return row;
  }

  /** One page of a user's sign-in attempts, newest first, and their total. */
  async history(agentId: number, limit: number, offset: number) {
    const rows: Pick<TableRow<'identity.login_history'>, 'created_ts' | 'ip' | 'user_agent' | 'success'>[] = await this.dataSource.query(
      `SELECT created_ts, ip, user_agent, success FROM identity.login_history
        WHERE agent_id = $1 ORDER BY created_ts DESC, id DESC LIMIT $2 OFFSET $3`,
      [agentId, limit, offset],
    );
    const [{ total }]: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM identity.login_history WHERE agent_id = $1`,
      [agentId],
    );
    return { rows, total };
  }
}
