// Display Mode's figures: dashboards 7, 9, 2, 3, the leaderboard (4), goals, the slide configuration and the
// activity feed (spec 002 sections 2.1, 3, 6, 7, 9). Types and names only: the transactions service
// computes every figure; the console edits goals and slides; the display app shows them.
import { STAFF_ROLES, type Role } from './roles';
import type { TransactionFilterKeys } from './filters';

/** The dashboards by id (spec 002 section 2.1): 7 and 9 circle dashboards, 2 stats, 3 activity, 4 leaderboard. */
export const DASHBOARDS = [
  { id: 7, name: 'Agent Production' },
  { id: 9, name: 'Lead Conversion' },
  { id: 2, name: 'Stats' },
  { id: 3, name: 'Activity' },
  { id: 4, name: 'Leaderboard' },
] as const;
export type DashboardId = (typeof DASHBOARDS)[number]['id'];
export const DASHBOARD_IDS: readonly DashboardId[] = DASHBOARDS.map((d) => d.id);
/** The circle dashboards (default_dashboard_id is one of them). */
export const CIRCLE_DASHBOARD_IDS = [7, 9] as const;
export type CircleDashboardId = (typeof CIRCLE_DASHBOARD_IDS)[number];
export const LEADERBOARD_ID = 4;

/** Who reads dashboards, the leaderboard, goals and the slides (CLIENT and VENDOR: 403). */
export const DASHBOARD_ROLES: readonly Role[] = STAFF_ROLES;
/** Who reads any user's activity (others their own). */
export const ACTIVITY_TEAM_ROLES: readonly Role[] = ['ADMIN', 'TRANC'];

/** Leaderboard reports and their titles. */
export const LEADERBOARD_REPORTS = ['closed', 'under_contract', 'signed', 'appointments_set', 'appointments_met', 'volume'] as const;
export type LeaderboardReport = (typeof LEADERBOARD_REPORTS)[number];
export const LEADERBOARD_TITLES: Readonly<Record<LeaderboardReport, string>> = {
  closed: 'Closed',
  under_contract: 'Under Contract',
  signed: 'Signed',
  appointments_set: 'Appointments Set',
  appointments_met: 'Appointments Met',
  volume: 'Volume',
};
/** A fixed colour per place (1st, 2nd, ...); places past the list take the last. */
export const LEADERBOARD_PLACE_COLORS = [
  '#FFC107',
  '#90A4AE',
  '#A1887F',
  '#42A5F5',
  '#66BB6A',
  '#AB47BC',
  '#26A69A',
  '#EF5350',
  '#7E57C2',
  '#78909C',
] as const;
/** The graph's slices: the top ones, then 'All others'. */
export const LEADERBOARD_GRAPH_TOP = 10;
export const LEADERBOARD_OTHERS_LABEL = 'All others';

/** Goal metrics: counts, then amounts (USD). */
export const GOAL_METRICS = [
  'appointments_set',
  'appointments_met',
  'signed',
  'under_contract',
  'closed',
  'closed_volume',
  'closed_gci',
] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];
export const GOAL_AMOUNT_METRICS: readonly GoalMetric[] = ['closed_volume', 'closed_gci'];
export const GOAL_METRIC_LABELS: Readonly<Record<GoalMetric, string>> = {
  appointments_set: 'Appointments Set',
  appointments_met: 'Appointments Met',
  signed: 'Signed',
  under_contract: 'Under Contract',
  closed: 'Closed',
  closed_volume: 'Closed Volume',
  closed_gci: 'Closed GCI',
};
export const GOAL_YEAR_MIN = 2000;
export const GOAL_YEAR_MAX = 2100;

export type Pace = 'achieved' | 'on_pace' | 'not_on_pace';
/** The circle dashboards' legend. */
export const PACE_LABELS: Readonly<Record<Pace, string>> = { not_on_pace: 'Not on pace', on_pace: 'On pace', achieved: 'Goal achieved' };

/** The filter keys of GET /transactions/records a figure links to (following it lists exactly the transactions counted). */
export type DashboardLinkParams = TransactionFilterKeys;

/** The goal part of a figure: all null without a goal. */
export interface GoalFigures {
  goal: number | null;
  goal_percent: number | null;
  pacer_value: number | null;
  pacer_percent: number | null;
}

/** A circle: a count (type object) or a conversion between two circles (type ratio, whole percent, null when the earlier is 0). */
export interface CircleEntry extends GoalFigures {
  label: string;
  ratio: number | null;
  type: 'object' | 'ratio';
  value: number | null;
  link_params: DashboardLinkParams | null;
  pace: Pace | null;
}

/** A stat card (cohort_stat_cards, row2, row3). */
export interface StatCard extends GoalFigures {
  id: string;
  value: number | null;
  label: string;
  link_params: DashboardLinkParams | null;
}

export interface CircleDashboardData {
  contacts_circle_charts: { top: CircleEntry[]; bottom: CircleEntry[] };
  cohort_stat_cards: StatCard[];
  side_components: { buyer: CircleEntry; seller: CircleEntry };
}

export interface StatsDashboardData {
  title: string;
  row2: StatCard[];
  row3: StatCard[];
}

export interface ActivityEntry {
  id: number;
  /** ISO timestamp. */
  ts: string;
  agent_name: string;
  profile_image_path: string | null;
  text: string;
}

export interface ActivityDashboardData {
  activities: ActivityEntry[];
}
/** Dashboard 3 lists at most this many (the TV shows 16 at 1280 px or less). */
export const ACTIVITY_DASHBOARD_LIMIT = 28;

/** GET /dashboards?id&context&dashboard_start_date&dashboard_end_date. */
export interface DashboardResponse<D = CircleDashboardData | StatsDashboardData | ActivityDashboardData> {
  id: DashboardId;
  title: string;
  data: D;
}

export interface LeaderboardEntry {
  place: number;
  color: string;
  agent_id: number;
  agent_name: string;
  profile_image_path: string | null;
  group_name: string;
  item_count: number;
  /** Of total, one decimal. */
  percentage: number;
}

/** GET /leaderboard?id=4&context&report&start_date&end_date. */
export interface LeaderboardResponse {
  title: string;
  leaderboard_data: LeaderboardEntry[];
  graph: { label: string; value: number }[];
  /** The active users (not CLIENT or VENDOR) left out with leader_board_exclude. */
  excludes: { agent_id: number; agent_name: string }[];
  total: number;
  count_volume_title: 'Volume' | 'Count';
}

/** A slide of Display Mode. */
export interface SlideConfig {
  id: DashboardId;
  /** The leaderboard's report (slide 4 only; null otherwise). */
  report: LeaderboardReport | null;
  /** The leaderboard from 1 January to today. */
  ytd: boolean;
}

/** GET/PUT /dashboard/display/config. */
export interface DisplayConfig {
  slides: SlideConfig[];
  default_dashboard_id: CircleDashboardId;
}
/** A slide as PUT /dashboard/display/config takes it: report and ytd are read for slide 4 only (absent: null and false). */
export interface SlideConfigInput {
  id: DashboardId;
  report?: LeaderboardReport | null;
  ytd?: boolean;
}

/** PUT /dashboard/display/config (ADMIN); GET answers the whole DisplayConfig. */
export interface DisplayConfigUpdate {
  slides: SlideConfigInput[];
  default_dashboard_id: CircleDashboardId;
}
export const DEFAULT_DISPLAY_CONFIG: DisplayConfig = {
  slides: [
    { id: 7, report: null, ytd: false },
    { id: 9, report: null, ytd: false },
    { id: 2, report: null, ytd: false },
    { id: 3, report: null, ytd: false },
    { id: 4, report: 'closed', ytd: false },
    { id: 4, report: 'volume', ytd: true },
  ],
  default_dashboard_id: 7,
};
export const DISPLAY_SLIDES_MAX = 20;

/** GET /dashboard/goals?year= : the team row, then one per active agent. */
export interface GoalsRow {
  /** null: the team's own goals. */
  agent_id: number | null;
  name: string;
  goals: Record<GoalMetric, number | null>;
}
export interface GoalsResponse {
  year: number;
  metrics: { metric: GoalMetric; label: string; amount: boolean }[];
  rows: GoalsRow[];
}
/** PUT /dashboard/goals: value null removes a goal. */
/** One goal of PUT /dashboard/goals: the team's (agent_id null) or an agent's; value null clears it. */
export interface GoalInput {
  agent_id: number | null;
  metric: GoalMetric;
  value: number | null;
}

export interface GoalsUpdate {
  year: number;
  goals: GoalInput[];
}

/** GET /dashboard/activity?agent_id&page&per_page. */
export interface ActivityPage {
  records: ActivityEntry[];
  pagination: { total: number; page: number; per_page: number; pages: number; has_next: boolean; has_prev: boolean };
}
export const ACTIVITY_PER_PAGE = 20;

/** transactions.goals.changed (the Display Mode push of "Display Mode TV app ..." consumes it). */
export interface GoalsChanged {
  year: number;
  revision: number;
}

export const DASHBOARD_MESSAGES = {
  ownDashboardOnly: 'You can only view your own dashboard',
  invalidDate: 'Invalid date',
  endBeforeStart: 'End date must be on or after start date',
  invalidContext: 'Choose a scope: t, a, i or ig followed by an id',
  notFound: 'Scope not found',
  count: 'Enter a whole number of 0 or more',
  amount: 'Enter an amount of 0 or more with at most 2 decimals',
  metric: 'Choose a goal metric',
  agent: 'Not an active agent of your team',
  year: `Enter a year from ${GOAL_YEAR_MIN} to ${GOAL_YEAR_MAX}`,
  goalsSaved: 'Goals saved',
  displaySaved: 'Display settings saved',
  slides: 'Add at least one slide',
  slideId: 'Choose a dashboard: 7, 9, 2, 3 or 4',
  slideReport: 'Choose the leaderboard report',
  defaultDashboard: 'Choose dashboard 7 or 9',
  report: 'Choose a report: closed, under_contract, signed, appointments_set, appointments_met or volume',
} as const;
