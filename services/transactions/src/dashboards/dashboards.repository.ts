import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ActivityEntry, DisplayConfig, GoalMetric, LeaderboardReport, TransactionFilterKeys } from '@app/contracts';
import type { Narrow, TableRow } from '@app/database';
import { EventOutbox } from '@app/events';
import { filterSql, type FilterSqlContext } from '../filters/filter-sql';

/** A figure counted over the transactions its filter keys select (the same keys its link carries). */
export interface FigureSpec {
  id: string;
  keys: TransactionFilterKeys;
  /** count: how many; volume: sum of trans_amt; gci: sum of gross_commission_amt; days_to_close: average days from contract to close. */
  measure: 'count' | 'volume' | 'gci' | 'days_to_close';
}

/** A user of the team as the leaderboard and the goals read them. */
export type BoardAgent = Pick<TableRow<'transactions.agents'>, 'agent_id' | 'profile_image_path'> & {
  agent_name: string;
  item_count: number;
};

const MEASURE_SQL: Record<FigureSpec['measure'], (where: string) => string> = {
  count: (where) => `count(*) FILTER (WHERE ${where})::float8`,
  volume: (where) => `coalesce(sum(t.trans_amt) FILTER (WHERE ${where}), 0)::float8`,
  gci: (where) => `coalesce(sum(t.gross_commission_amt) FILTER (WHERE ${where}), 0)::float8`,
  days_to_close: (where) => `avg(t.closed_dt - t.under_contract_dt) FILTER (WHERE ${where} AND t.under_contract_dt IS NOT NULL)::float8`,
};

/** The leaderboard's reports: the date that counts, and whom it credits. */
const REPORT_SQL: Record<LeaderboardReport, { date: string; credit: string; measure: 'count' | 'volume' }> = {
  closed: { date: 'closed_dt', credit: 'primary_agent_id', measure: 'count' },
  under_contract: { date: 'under_contract_dt', credit: 'primary_agent_id', measure: 'count' },
  signed: { date: 'signed_dt', credit: 'primary_agent_id', measure: 'count' },
  appointments_set: { date: 'appt_set_dt', credit: 'appt_set_by_agent_id', measure: 'count' },
  appointments_met: { date: 'appt_met_dt', credit: 'primary_agent_id', measure: 'count' },
  volume: { date: 'closed_dt', credit: 'primary_agent_id', measure: 'volume' },
};

/** Active users who are neither CLIENT nor VENDOR. */
const BOARD_MEMBER_SQL = `a.status = 'active' AND a.roles && ARRAY['ADMIN','TRANC','ISISA','AGENT']::text[] AND NOT a.roles && ARRAY['CLIENT','VENDOR']::text[]`;

/** Display Mode's figures, goals, slides and activity, all from the transactions schema. */
@Injectable()
export class DashboardsRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Every figure in one statement over the team's transactions: each is an aggregate FILTERed by the SQL of
   * its own filter keys (filterSql, the code GET /transactions/records runs), so a figure's link lists
   * exactly what it counted. The rows read are those any figure selects (the date indexes, OR-ed).
   */
  async figures(context: FilterSqlContext, specs: readonly FigureSpec[]): Promise<Record<string, number | null>> {
    const params: unknown[] = [context.teamId];
    const wheres = specs.map((spec) => {
      const terms = filterSql(spec.keys, context, params);
      return terms.length ? terms.map((term) => `(${term})`).join(' AND ') : 'true';
    });
    const columns = specs.map((spec, i) => `${MEASURE_SQL[spec.measure](wheres[i])} AS "${spec.id}"`);
    const [row]: Record<string, number | null>[] = await this.dataSource.query(
      `SELECT ${columns.join(',\n       ')}
         FROM transactions.transactions t
        WHERE t.team_id = $1 AND (${[...new Set(wheres)].map((where) => `(${where})`).join(' OR ')})`,
      params,
    );
    return row;
  }

  /** The yearly goals of those years for the team, its agents and (named) users: [{year, metric, agent_id, value}]. */
  // value is numeric, read as float8: a number.
  async goals(
    teamId: number,
    years: readonly number[],
  ): Promise<(Narrow<Pick<TableRow<'transactions.goals'>, 'year' | 'metric' | 'agent_id'>, { metric: GoalMetric }> & { value: number })[]> {
    return this.dataSource.query(
      `SELECT year, metric, agent_id, value::float8 AS value FROM transactions.goals WHERE team_id = $1 AND year = ANY($2::int[])`,
      [teamId, years],
    );
  }

  /** The team's name, and a user's name when one is asked (a scope's title). */
  async names(teamId: number, agentId: number | null): Promise<{ team_name: string | null; agent_name: string | null }> {
    const [row] = await this.dataSource.query(
      `SELECT (SELECT name FROM transactions.teams WHERE team_id = $1) AS team_name,
              (SELECT btrim(first_name || ' ' || last_name) FROM transactions.agents WHERE team_id = $1 AND agent_id = $2) AS agent_name`,
      [teamId, agentId],
    );
    return row;
  }

  /** The team's ISAs (ids), for the ig scope's goals. */
  async isaIds(teamId: number): Promise<number[]> {
    const rows: Pick<TableRow<'transactions.agents'>, 'agent_id'>[] = await this.dataSource.query(
      `SELECT agent_id FROM transactions.agents WHERE team_id = $1 AND 'ISISA' = ANY(roles)`,
      [teamId],
    );
    return rows.map((row) => row.agent_id);
  }

  /**
   * A leaderboard: each active member of the team (never CLIENT or VENDOR, not excluded) the report credits
   * in the range, with their count (or closed volume in dollars), highest first then by name.
   */
  async leaderboard(teamId: number, report: LeaderboardReport, start: string, end: string): Promise<BoardAgent[]> {
    const { date, credit, measure } = REPORT_SQL[report];
    return this.dataSource.query(
      `WITH credited AS (
         SELECT t.${credit} AS agent_id, ${measure === 'count' ? 'count(*)' : 'coalesce(sum(t.trans_amt), 0)'} AS item_count
           FROM transactions.transactions t
          WHERE t.team_id = $1 AND t.${date} BETWEEN $2::date AND $3::date AND t.${credit} IS NOT NULL
          GROUP BY t.${credit}
       )
       SELECT a.agent_id, btrim(a.first_name || ' ' || a.last_name) AS agent_name, a.profile_image_path, c.item_count::float8 AS item_count
         FROM credited c JOIN transactions.agents a ON a.agent_id = c.agent_id AND a.team_id = $1
        WHERE ${BOARD_MEMBER_SQL} AND NOT a.leader_board_exclude AND c.item_count > 0
        ORDER BY c.item_count DESC, lower(a.first_name), lower(a.last_name), a.agent_id`,
      [teamId, start, end],
    );
  }

  /** The team's active members (not CLIENT or VENDOR) left out of the leaderboard. */
  async excluded(teamId: number): Promise<{ agent_id: number; agent_name: string }[]> {
    return this.dataSource.query(
      `SELECT a.agent_id, btrim(a.first_name || ' ' || a.last_name) AS agent_name FROM transactions.agents a
        WHERE a.team_id = $1 AND ${BOARD_MEMBER_SQL} AND a.leader_board_exclude ORDER BY lower(a.first_name), lower(a.last_name), a.agent_id`,
      [teamId],
    );
  }

  /** The team's active members (not CLIENT or VENDOR), by name: the goals rows. */
  async activeAgents(teamId: number): Promise<{ agent_id: number; name: string }[]> {
    return this.dataSource.query(
      `SELECT a.agent_id, btrim(a.first_name || ' ' || a.last_name) AS name FROM transactions.agents a
        WHERE a.team_id = $1 AND ${BOARD_MEMBER_SQL} ORDER BY lower(a.first_name), lower(a.last_name), a.agent_id`,
      [teamId],
    );
  }

  /** Writes a year's goals (value null removes one) and publishes transactions.goals.changed, in one database transaction. */
  async saveGoals(
    teamId: number,
    year: number,
    goals: readonly { agent_id: number | null; metric: GoalMetric; value: number | null }[],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager: EntityManager) => {
      const [{ revision }]: { revision: number }[] = await manager.query(
        `INSERT INTO transactions.goal_revisions (team_id, revision) VALUES ($1, 1)
         ON CONFLICT (team_id) DO UPDATE SET revision = transactions.goal_revisions.revision + 1 RETURNING revision`,
        [teamId],
      );
      const removed = goals.filter((goal) => goal.value === null);
      const kept = goals.filter((goal) => goal.value !== null);
      if (removed.length > 0) {
        await manager.query(
          `DELETE FROM transactions.goals g USING unnest($3::int[], $4::text[]) AS x(agent_id, metric)
            WHERE g.team_id = $1 AND g.year = $2 AND coalesce(g.agent_id, 0) = coalesce(x.agent_id, 0) AND g.metric = x.metric`,
          [teamId, year, removed.map((goal) => goal.agent_id), removed.map((goal) => goal.metric)],
        );
      }
      if (kept.length > 0) {
        await manager.query(
          `INSERT INTO transactions.goals (team_id, year, metric, agent_id, value)
           SELECT $1, $2, x.metric, x.agent_id, x.value FROM unnest($3::int[], $4::text[], $5::numeric[]) AS x(agent_id, metric, value)
           ON CONFLICT (team_id, year, metric, coalesce(agent_id, 0)) DO UPDATE SET value = EXCLUDED.value, updated_ts = now()`,
          [teamId, year, kept.map((goal) => goal.agent_id), kept.map((goal) => goal.metric), kept.map((goal) => goal.value)],
        );
      }
      await this.outbox.publish(manager, 'transactions.goals.changed', teamId, { year, revision });
    });
  }

  async displayConfig(teamId: number): Promise<DisplayConfig | null> {
    const [row]: DisplayConfig[] = await this.dataSource.query(
      `SELECT slides, default_dashboard_id FROM transactions.display_configs WHERE team_id = $1`,
      [teamId],
    );
    return row ?? null;
  }

  async saveDisplayConfig(teamId: number, config: DisplayConfig): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO transactions.display_configs (team_id, slides, default_dashboard_id) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (team_id) DO UPDATE SET slides = EXCLUDED.slides, default_dashboard_id = EXCLUDED.default_dashboard_id, updated_ts = now()`,
      [teamId, JSON.stringify(config.slides), config.default_dashboard_id],
    );
  }

  /**
   * The newest activity rows of a scope within [start, end] (days in the team's zone): the team; a user's
   * own rows (agent); or those of transactions whose appointment an ISA (or any ISA) set.
   */
  async activities(
    context: FilterSqlContext,
    scope: { kind: 't' | 'a' | 'i' | 'ig'; id: number },
    start: string,
    end: string,
    limit: number,
  ): Promise<ActivityEntry[]> {
    const params: unknown[] = [context.teamId, start, end, context.timezone, limit];
    const scopeSql =
      scope.kind === 't'
        ? 'true'
        : scope.kind === 'a'
          ? `x.agent_id = $${params.push(scope.id)}`
          : `EXISTS (SELECT 1 FROM transactions.transactions t WHERE t.client_id = x.client_id AND ${filterSql({ context: `${scope.kind}${scope.id}` }, context, params).join(' AND ')})`;
    return this.dataSource.query(
      `SELECT x.activity_id::int AS id, to_char(x.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts,
              coalesce(btrim(a.first_name || ' ' || a.last_name), '') AS agent_name, a.profile_image_path, x.text
         FROM transactions.activities x LEFT JOIN transactions.agents a ON a.agent_id = x.agent_id
        WHERE x.team_id = $1 AND x.ts >= ($2::date)::timestamp AT TIME ZONE $4 AND x.ts < ($3::date + 1)::timestamp AT TIME ZONE $4 AND ${scopeSql}
        ORDER BY x.ts DESC, x.activity_id DESC LIMIT $5`,
      params,
    );
  }

  /** A user's activity rows, newest first, one page, with the total. */
  async activityPage(teamId: number, agentId: number, page: number, perPage: number): Promise<{ records: ActivityEntry[]; total: number }> {
    const rows: (ActivityEntry & { total: number })[] = await this.dataSource.query(
      `SELECT x.activity_id::int AS id, to_char(x.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ts,
              coalesce(btrim(a.first_name || ' ' || a.last_name), '') AS agent_name, a.profile_image_path, x.text, count(*) OVER ()::int AS total
         FROM transactions.activities x LEFT JOIN transactions.agents a ON a.agent_id = x.agent_id
        WHERE x.team_id = $1 AND x.agent_id = $2
        ORDER BY x.ts DESC, x.activity_id DESC LIMIT $3 OFFSET $4`,
      [teamId, agentId, perPage, (page - 1) * perPage],
    );
    const total = rows[0]?.total ?? (page > 1 ? await this.activityCount(teamId, agentId) : 0);
    return { records: rows.map(({ total: _total, ...row }) => row), total };
  }

  private async activityCount(teamId: number, agentId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM transactions.activities WHERE team_id = $1 AND agent_id = $2`,
      [teamId, agentId],
    );
    return n;
  }

  /** A user of the team (any role or status); null when not the team's. */
  async user(teamId: number, agentId: number): Promise<Pick<TableRow<'transactions.agents'>, 'agent_id' | 'roles'> | null> {
    const [row] = await this.dataSource.query(`SELECT agent_id, roles FROM transactions.agents WHERE team_id = $1 AND agent_id = $2`, [
      teamId,
      agentId,
    ]);
    return row ?? null;
  }
}
