import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthenticatedUser } from '@app/auth';
import {
  ACTIVITY_DASHBOARD_LIMIT,
  ACTIVITY_TEAM_ROLES,
  DASHBOARD_MESSAGES as M,
  DASHBOARDS,
  DEFAULT_DISPLAY_CONFIG,
  GOAL_AMOUNT_METRICS,
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  LEADERBOARD_GRAPH_TOP,
  LEADERBOARD_OTHERS_LABEL,
  LEADERBOARD_PLACE_COLORS,
  LEADERBOARD_TITLES,
  parseUsDate,
  resolveDatePreset,
  todayIn,
  toFilterDate,
  type ActivityPage,
  type CircleDashboardData,
  type CircleEntry,
  type ClientFilterKey,
  type DashboardResponse,
  type DisplayConfig,
  type FieldError,
  type GoalMetric,
  type GoalsResponse,
  type GoalsRow,
  type LeaderboardReport,
  type LeaderboardResponse,
  type StatCard,
  type StatsDashboardData,
  type TransactionFilterKeys,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import type { FilterSqlContext } from '../filters/filter-sql';
import { FiltersRepository } from '../filters/filters.repository';
import { TeamOptionsRepository } from '../fields/team-options.repository';
import { TRANSACTION_ERRORS } from '../transactions/transactions.errors';
import { goalFigures, percentOf, placesOf, proratedGoal, rangeYears, ratioOf } from './dashboard-figures';
import { DashboardsRepository, type FigureSpec } from './dashboards.repository';
import type { ActivityQueryDto, DashboardQueryDto, DisplayConfigDto, GoalsDto, LeaderboardQueryDto } from './dto/dashboards.dto';

/** A dashboard scope: the team (t), a user's own (a), an ISA's appointments (i), or any ISA's (ig). */
export interface Scope {
  kind: 't' | 'a' | 'i' | 'ig';
  id: number;
  context: string;
}

interface Range {
  /** 'YYYY-MM-DD'. */
  start: string;
  end: string;
  today: string;
}

/** The milestones a circle counts, with their status filter and goal metric. */
const MILESTONES: Record<'appt_set' | 'appt_met' | 'signed' | 'under_contract' | 'closed', { label: string; metric: GoalMetric }> = {
  appt_set: { label: 'Appointments Set', metric: 'appointments_set' },
  appt_met: { label: 'Appointments Met', metric: 'appointments_met' },
  signed: { label: 'Signed', metric: 'signed' },
  under_contract: { label: 'Under Contract', metric: 'under_contract' },
  closed: { label: 'Closed', metric: 'closed' },
};
type Milestone = keyof typeof MILESTONES;
type Step = Milestone | 'new_leads';

/** The largest goal the numeric(14,2) column holds. */
const GOAL_MAX = 999_999_999_999.99;
const CONTEXT_PATTERN = /^(ig|t|a|i)([1-9]\d{0,9})$/;
const USER_NOT_FOUND = { status: 'error', message: TRANSACTION_ERRORS.userNotFound } as const;
const restricted = (caller: AuthenticatedUser) => caller.permissions.includes('agent_restricted_team_dashboard');

/**
 * Display Mode's figures (spec 002), every one computed here from the service's own data: the
 * circle dashboards 7 and 9, stats 2, activity 3, the leaderboard, goals and the slides.
 */
@Injectable()
export class DashboardsService {
  constructor(
    private readonly repository: DashboardsRepository,
    private readonly options: TeamOptionsRepository,
    private readonly filtersRepository: FiltersRepository,
  ) {}

  /** The team's time zone (America/New_York while it has none). */
  async timezoneOf(teamId: number): Promise<string> {
    return this.options.timezoneOf(teamId);
  }

  /** What the figures' filter SQL needs: the team and its zone (dashboards name no custom field). */
  private async sqlContextOf(teamId: number): Promise<FilterSqlContext> {
    return { teamId, timezone: await this.options.timezoneOf(teamId), fields: new Map() };
  }

  /** GET /dashboards without an id. */
  list(): { dashboards: { id: number; name: string }[] } {
    return { dashboards: DASHBOARDS.map(({ id, name }) => ({ id, name })) };
  }

  /** GET /dashboards?id&context&dashboard_start_date&dashboard_end_date. */
  async dashboard(caller: AuthenticatedUser, query: DashboardQueryDto): Promise<DashboardResponse> {
    const scope = await this.scopeOf(caller, query.context);
    const sql = await this.sqlContextOf(caller.team_id);
    const range = this.rangeOf(
      query.dashboard_start_date,
      query.dashboard_end_date,
      'dashboard_start_date',
      'dashboard_end_date',
      sql.timezone,
    );
    const name = DASHBOARDS.find((d) => d.id === query.id)!.name;
    if (query.id === 3) {
      return {
        id: 3,
        title: name,
        data: { activities: await this.repository.activities(sql, scope, range.start, range.end, ACTIVITY_DASHBOARD_LIMIT) },
      };
    }
    if (query.id === 2) return { id: 2, title: name, data: await this.stats(caller, scope, range, sql) };
    return { id: query.id as 7 | 9, title: name, data: await this.circles(caller, query.id as 7 | 9, scope, range, sql) };
  }

  /** GET /leaderboard: always the caller's team (a context is checked, then the team is ranked). */
  async leaderboard(caller: AuthenticatedUser, query: LeaderboardQueryDto): Promise<LeaderboardResponse> {
    if (query.context !== undefined) await this.scopeOf(caller, query.context, { leaderboard: true });
    const timezone = await this.options.timezoneOf(caller.team_id);
    const range = this.rangeOf(query.start_date, query.end_date, 'start_date', 'end_date', timezone);
    const report: LeaderboardReport = query.report ?? 'closed';
    const [rows, excludes, names] = await Promise.all([
      this.repository.leaderboard(caller.team_id, report, range.start, range.end),
      this.repository.excluded(caller.team_id),
      this.repository.names(caller.team_id, null),
    ]);
    const total = Math.round(rows.reduce((sum, row) => sum + row.item_count, 0) * 100) / 100;
    const places = placesOf(rows.map((row) => row.item_count));
    const data = rows.map((row, i) => ({
      place: places[i],
      color: LEADERBOARD_PLACE_COLORS[Math.min(places[i], LEADERBOARD_PLACE_COLORS.length) - 1],
      agent_id: row.agent_id,
      agent_name: row.agent_name,
      profile_image_path: row.profile_image_path,
      group_name: names.team_name ?? '',
      item_count: row.item_count,
      percentage: percentOf(row.item_count, total),
    }));
    const others = rows.slice(LEADERBOARD_GRAPH_TOP).reduce((sum, row) => sum + row.item_count, 0);
    return {
      title: LEADERBOARD_TITLES[report],
      leaderboard_data: data,
      graph: [
        ...data.slice(0, LEADERBOARD_GRAPH_TOP).map((row) => ({ label: row.agent_name, value: row.item_count })),
        ...(rows.length > LEADERBOARD_GRAPH_TOP ? [{ label: LEADERBOARD_OTHERS_LABEL, value: Math.round(others * 100) / 100 }] : []),
      ],
      excludes,
      total,
      count_volume_title: report === 'volume' ? 'Volume' : 'Count',
    };
  }

  /** GET /dashboard/display/config. */
  async displayConfig(caller: AuthenticatedUser): Promise<DisplayConfig> {
    return (await this.repository.displayConfig(caller.team_id)) ?? DEFAULT_DISPLAY_CONFIG;
  }

  /** PUT /dashboard/display/config (ADMIN; the DTO checked the slides). */
  async saveDisplayConfig(caller: AuthenticatedUser, body: DisplayConfigDto): Promise<DisplayConfig & { message: string }> {
    const errors: FieldError[] = [];
    body.slides.forEach((slide, i) => {
      if (slide.id === 4 && !slide.report) errors.push({ field: `slides.${i}.report`, error: M.slideReport });
    });
    if (errors.length > 0) throw new FieldErrorsException(errors);
    const config: DisplayConfig = {
      slides: body.slides.map((slide) => ({
        id: slide.id,
        report: slide.id === 4 ? slide.report! : null,
        ytd: slide.id === 4 ? Boolean(slide.ytd) : false,
      })),
      default_dashboard_id: body.default_dashboard_id,
    };
    await this.repository.saveDisplayConfig(caller.team_id, config);
    return { ...config, message: M.displaySaved };
  }

  /** GET /dashboard/goals?year=: the team row, then one per active agent. */
  async goals(caller: AuthenticatedUser, year: number | undefined): Promise<GoalsResponse> {
    const timezone = await this.options.timezoneOf(caller.team_id);
    const goalYear = year ?? Number(todayIn(timezone).slice(0, 4));
    const [agents, rows] = await Promise.all([
      this.repository.activeAgents(caller.team_id),
      this.repository.goals(caller.team_id, [goalYear]),
    ]);
    const goalsOf = (agentId: number | null) =>
      Object.fromEntries(
        GOAL_METRICS.map((metric) => [metric, rows.find((row) => row.agent_id === agentId && row.metric === metric)?.value ?? null]),
      ) as GoalsRow['goals'];
    return {
      year: goalYear,
      metrics: GOAL_METRICS.map((metric) => ({ metric, label: GOAL_METRIC_LABELS[metric], amount: GOAL_AMOUNT_METRICS.includes(metric) })),
      rows: [
        { agent_id: null, name: 'Team', goals: goalsOf(null) },
        ...agents.map((agent) => ({ agent_id: agent.agent_id, name: agent.name, goals: goalsOf(agent.agent_id) })),
      ],
    };
  }

  /** PUT /dashboard/goals (ADMIN): per row, counts whole and amounts with 2 decimals, 0 or more; agents active members of the team. */
  async saveGoals(caller: AuthenticatedUser, body: GoalsDto): Promise<GoalsResponse & { message: string }> {
    const agents = new Set((await this.repository.activeAgents(caller.team_id)).map((agent) => agent.agent_id));
    const errors: FieldError[] = [];
    body.goals.forEach((goal, i) => {
      if (goal.agent_id !== null && !agents.has(goal.agent_id)) errors.push({ field: `goals.${i}.agent_id`, error: M.agent });
      if (goal.value === null) return;
      const amount = GOAL_AMOUNT_METRICS.includes(goal.metric);
      const valid =
        goal.value >= 0 &&
        goal.value <= GOAL_MAX &&
        (amount ? Math.abs(goal.value * 100 - Math.round(goal.value * 100)) < 1e-6 : Number.isInteger(goal.value));
      if (!valid) errors.push({ field: `goals.${i}.value`, error: amount ? M.amount : M.count });
    });
    if (errors.length > 0) throw new FieldErrorsException(errors);
    await this.repository.saveGoals(caller.team_id, body.year, body.goals);
    return { ...(await this.goals(caller, body.year)), message: M.goalsSaved };
  }

  /** GET /dashboard/activity: ADMIN and TRANC any user of the team, others their own (404 for anyone else). */
  async activity(caller: AuthenticatedUser, query: ActivityQueryDto): Promise<ActivityPage> {
    const agentId = query.agent_id ?? caller.agent_id;
    const teamWide = caller.roles.some((role) => ACTIVITY_TEAM_ROLES.includes(role));
    if (agentId !== caller.agent_id && !teamWide) throw new NotFoundException(USER_NOT_FOUND);
    if (!(await this.repository.user(caller.team_id, agentId))) throw new NotFoundException(USER_NOT_FOUND);
    const page = query.page ?? 1;
    const perPage = query.per_page ?? 20;
    const { records, total } = await this.repository.activityPage(caller.team_id, agentId, page, perPage);
    const pages = Math.ceil(total / perPage);
    return { records, pagination: { total, page, per_page: perPage, pages, has_next: page < pages, has_prev: page > 1 } };
  }

  /**
   * The scope of a request: the given context, else the caller's default (their own with
   * agent_restricted_team_dashboard, else the team). Malformed: 400 on context; another team's: 404; a
   * restricted agent naming anything but their own: 403 (the leaderboard stays team-wide for them).
   */
  async scopeOf(caller: AuthenticatedUser, context: string | undefined, options: { leaderboard?: boolean } = {}): Promise<Scope> {
    const given = context?.trim() || (restricted(caller) ? `a${caller.agent_id}` : `t${caller.team_id}`);
    const match = CONTEXT_PATTERN.exec(given);
    if (!match) throw new FieldErrorsException([{ field: 'context', error: M.invalidContext }]);
    const scope: Scope = { kind: match[1] as Scope['kind'], id: Number(match[2]), context: given };
    if (scope.kind === 't' || scope.kind === 'ig') {
      if (scope.id !== caller.team_id) throw new NotFoundException({ status: 'error', message: M.notFound });
    } else {
      const catalog = await this.filtersRepository.catalog(caller.team_id);
      const members = scope.kind === 'i' ? catalog.isa_ids : catalog.agent_ids;
      if (!members.includes(scope.id)) throw new NotFoundException({ status: 'error', message: M.notFound });
    }
    if (!options.leaderboard && restricted(caller) && given !== `a${caller.agent_id}`)
      throw new ForbiddenException({ status: 'error', message: M.ownDashboardOnly });
    return scope;
  }

  /** MM-DD-YYYY dates, both optional (the current month in the team's zone); 400 naming the key. */
  rangeOf(startText: string | undefined, endText: string | undefined, startKey: string, endKey: string, timezone: string): Range {
    const today = todayIn(timezone);
    const month = resolveDatePreset('thisMonth', timezone)!;
    const errors: FieldError[] = [];
    const parse = (text: string | undefined, key: string, fallback: string) => {
      if (text === undefined || text.trim() === '') return fallback;
      const iso = parseUsDate(text);
      if (!iso) errors.push({ field: key, error: M.invalidDate });
      return iso ?? fallback;
    };
    const start = parse(startText, startKey, month.start);
    const end = parse(endText, endKey, month.end);
    if (errors.length === 0 && end < start) errors.push({ field: endKey, error: M.endBeforeStart });
    if (errors.length > 0) throw new FieldErrorsException(errors);
    return { start, end, today };
  }

  /** The yearly goal of a metric for a scope (a team without its own: its agents' summed; ig: its ISAs'). */
  private async goalLookup(
    caller: AuthenticatedUser,
    scope: Scope,
    range: Range,
  ): Promise<(metric: GoalMetric, start?: string, end?: string) => number | null> {
    const years = [...new Set([...rangeYears(range.start, range.end).map((y) => y.year), Number(range.today.slice(0, 4))])];
    const [rows, isas] = await Promise.all([
      this.repository.goals(caller.team_id, years),
      scope.kind === 'ig' ? this.repository.isaIds(caller.team_id) : Promise.resolve([]),
    ]);
    const sum = (list: { value: number }[]) => (list.length ? list.reduce((total, row) => total + row.value, 0) : null);
    const yearly =
      (metric: GoalMetric) =>
      (year: number): number | null => {
        const of = rows.filter((row) => row.year === year && row.metric === metric);
        if (scope.kind === 't') return of.find((row) => row.agent_id === null)?.value ?? sum(of.filter((row) => row.agent_id !== null));
        if (scope.kind === 'ig') return sum(of.filter((row) => row.agent_id !== null && isas.includes(row.agent_id)));
        return of.find((row) => row.agent_id === scope.id)?.value ?? null;
      };
    return (metric, start = range.start, end = range.end) => proratedGoal(start, end, yearly(metric));
  }

  /** The filter keys of each step in the range (the link a figure carries), optionally one side. */
  private linkOf(scope: Scope, range: Range, step: Step, side?: 'b' | 's'): TransactionFilterKeys {
    const [start, end] = [toFilterDate(range.start), toFilterDate(range.end)];
    const base: TransactionFilterKeys = { context: scope.context, ...(side ? { type_filter: side } : {}) };
    const dates = { dashboard_start_date: start, dashboard_end_date: end };
    if (step === 'new_leads') return { ...base, cohort_date_field: 'created_ts', cohort_start_date: start, cohort_end_date: end, ...dates };
    return { ...base, client_filter: step as ClientFilterKey, status_start_date: start, status_end_date: end, ...dates };
  }

  private async circles(
    caller: AuthenticatedUser,
    id: 7 | 9,
    scope: Scope,
    range: Range,
    sql: FilterSqlContext,
  ): Promise<CircleDashboardData> {
    const steps: Step[] =
      id === 7 ? ['appt_set', 'appt_met', 'signed', 'under_contract', 'closed'] : ['new_leads', 'appt_set', 'appt_met', 'signed'];
    // The side ratios: 7 closed over appointments met, 9 signed over new leads, per side.
    const [sideFrom, sideTo]: [Step, Step] = id === 7 ? ['appt_met', 'closed'] : ['new_leads', 'signed'];
    const specs: FigureSpec[] = [
      ...steps.map((step) => ({ id: step, keys: this.linkOf(scope, range, step), measure: 'count' as const })),
      ...(['b', 's'] as const).flatMap((side) => [
        { id: `${sideFrom}_${side}`, keys: this.linkOf(scope, range, sideFrom, side), measure: 'count' as const },
        { id: `${sideTo}_${side}`, keys: this.linkOf(scope, range, sideTo, side), measure: 'count' as const },
      ]),
      ...(id === 7
        ? [
            { id: 'closed_volume', keys: this.linkOf(scope, range, 'closed'), measure: 'volume' as const },
            { id: 'closed_gci', keys: this.linkOf(scope, range, 'closed'), measure: 'gci' as const },
          ]
        : []),
    ];
    const [values, goalOf] = await Promise.all([this.repository.figures(sql, specs), this.goalLookup(caller, scope, range)]);
    const value = (key: string) => values[key] ?? 0;
    const circle = (step: Step, withGoal: boolean): CircleEntry => {
      const metric = step === 'new_leads' ? null : MILESTONES[step].metric;
      const figures = goalFigures(value(step), withGoal && metric ? goalOf(metric) : null, range.start, range.end, range.today);
      return {
        label: step === 'new_leads' ? 'New Leads' : MILESTONES[step].label,
        ratio: null,
        type: 'object',
        value: value(step),
        link_params: this.linkOf(scope, range, step),
        ...figures,
      };
    };
    const ratio = (later: Step, earlier: Step): CircleEntry => {
      const percent = ratioOf(value(later), value(earlier));
      return {
        label: `${circle(earlier, false).label} to ${circle(later, false).label}`,
        ratio: percent,
        type: 'ratio',
        value: percent,
        link_params: null,
        goal: null,
        goal_percent: null,
        pacer_value: null,
        pacer_percent: null,
        pace: null,
      };
    };
    const top = steps.flatMap((step, i) => (i === 0 ? [circle(step, true)] : [ratio(step, steps[i - 1]), circle(step, true)]));
    const sideRatio = (side: 'b' | 's'): CircleEntry => {
      const percent = ratioOf(value(`${sideTo}_${side}`), value(`${sideFrom}_${side}`));
      return {
        label: side === 'b' ? 'Buyer Conversion Ratio' : 'Seller Conversion Ratio',
        ratio: percent,
        type: 'ratio',
        value: percent,
        link_params: this.linkOf(scope, range, sideTo, side),
        goal: null,
        goal_percent: null,
        pacer_value: null,
        pacer_percent: null,
        pace: null,
      };
    };
    const card = (cardId: string, label: string, figure: number, metric: GoalMetric | null, link: TransactionFilterKeys): StatCard => {
      const { pace: _pace, ...figures } = goalFigures(figure, metric ? goalOf(metric) : null, range.start, range.end, range.today);
      return { id: cardId, value: figure, label, link_params: link, ...figures };
    };
    const cards =
      id === 7
        ? [
            card('closed_units', 'Closed Units', value('closed'), 'closed', this.linkOf(scope, range, 'closed')),
            card('closed_volume', 'Closed Volume', value('closed_volume'), 'closed_volume', this.linkOf(scope, range, 'closed')),
            card('closed_gci', 'Closed GCI', value('closed_gci'), 'closed_gci', this.linkOf(scope, range, 'closed')),
          ]
        : [
            card('new_leads', 'New Leads', value('new_leads'), null, this.linkOf(scope, range, 'new_leads')),
            card('appointments_set', 'Appointments Set', value('appt_set'), 'appointments_set', this.linkOf(scope, range, 'appt_set')),
            card('signed', 'Signed', value('signed'), 'signed', this.linkOf(scope, range, 'signed')),
          ];
    return {
      contacts_circle_charts: {
        top,
        bottom: steps.filter((step) => step !== 'new_leads' && (id === 9 || step !== 'appt_set')).map((step) => circle(step, true)),
      },
      cohort_stat_cards: cards,
      side_components: { buyer: sideRatio('b'), seller: sideRatio('s') },
    };
  }

  private async stats(caller: AuthenticatedUser, scope: Scope, range: Range, sql: FilterSqlContext): Promise<StatsDashboardData> {
    const yearStart = `${range.today.slice(0, 4)}-01-01`;
    const ytd: Range = { start: yearStart, end: range.today, today: range.today };
    const closed = this.linkOf(scope, range, 'closed');
    const ytdClosed = this.linkOf(scope, ytd, 'closed');
    const pending: TransactionFilterKeys = { context: scope.context, pending_date: toFilterDate(range.end) };
    const specs: FigureSpec[] = [
      { id: 'closed_units', keys: closed, measure: 'count' },
      { id: 'closed_volume', keys: closed, measure: 'volume' },
      { id: 'ytd_gci', keys: ytdClosed, measure: 'gci' },
      { id: 'pending_units', keys: pending, measure: 'count' },
      { id: 'buyer_closings', keys: this.linkOf(scope, range, 'closed', 'b'), measure: 'count' },
      { id: 'seller_closings', keys: this.linkOf(scope, range, 'closed', 's'), measure: 'count' },
      { id: 'appointments_set', keys: this.linkOf(scope, range, 'appt_set'), measure: 'count' },
      { id: 'appointments_met', keys: this.linkOf(scope, range, 'appt_met'), measure: 'count' },
      { id: 'signed', keys: this.linkOf(scope, range, 'signed'), measure: 'count' },
      { id: 'average_days_to_close', keys: closed, measure: 'days_to_close' },
    ];
    const [values, goalOf, names] = await Promise.all([
      this.repository.figures(sql, specs),
      this.goalLookup(caller, scope, range),
      this.repository.names(caller.team_id, scope.kind === 'a' || scope.kind === 'i' ? scope.id : null),
    ]);
    const value = (key: string) => values[key] ?? 0;
    const card = (
      id: string,
      label: string,
      figure: number | null,
      link: TransactionFilterKeys | null,
      goal: number | null = null,
      within: Range = range,
    ): StatCard => {
      const { pace: _pace, ...figures } = goalFigures(figure, goal, within.start, within.end, within.today);
      return { id, value: figure, label, link_params: link, ...figures };
    };
    const units = value('closed_units');
    const averageDays = values.average_days_to_close;
    // ytd_gci: closed GCI from 1 January to today, against the whole year's GCI goal, paced by the day of the year.
    const year = { start: yearStart, end: `${range.today.slice(0, 4)}-12-31`, today: range.today };
    const scopeName = scope.kind === 't' ? (names.team_name ?? 'Team') : scope.kind === 'ig' ? 'All ISAs' : (names.agent_name ?? '');
    return {
      title: `${scopeName} Stats`,
      row2: [
        card('closed_units', 'Closed Units', units, closed, goalOf('closed')),
        card('closed_volume', 'Closed Volume', value('closed_volume'), closed, goalOf('closed_volume')),
        card('ytd_gci', 'YTD GCI', value('ytd_gci'), ytdClosed, goalOf('closed_gci', year.start, year.end), year),
        card('pending_units', 'Pending Units', value('pending_units'), pending),
        card(
          'average_sale_price',
          'Average Sale Price',
          units === 0 ? null : Math.round((value('closed_volume') / units) * 100) / 100,
          closed,
        ),
      ],
      row3: [
        card('buyer_closings', 'Buyer Closings', value('buyer_closings'), this.linkOf(scope, range, 'closed', 'b')),
        card('seller_closings', 'Seller Closings', value('seller_closings'), this.linkOf(scope, range, 'closed', 's')),
        card(
          'appointments_set',
          'Appointments Set',
          value('appointments_set'),
          this.linkOf(scope, range, 'appt_set'),
          goalOf('appointments_set'),
        ),
        card(
          'appointments_met',
          'Appointments Met',
          value('appointments_met'),
          this.linkOf(scope, range, 'appt_met'),
          goalOf('appointments_met'),
        ),
        card('signed', 'Signed', value('signed'), this.linkOf(scope, range, 'signed'), goalOf('signed')),
        card(
          'average_days_to_close',
          'Average Days to Close',
          averageDays === null || averageDays === undefined ? null : Math.round(averageDays),
          null,
        ),
      ],
    };
  }
}
