import {
  GOAL_AMOUNT_METRICS,
  GOAL_METRIC_LABELS,
  GOAL_METRICS,
  GOAL_YEAR_MAX,
  GOAL_YEAR_MIN,
  type FieldError,
  type GoalMetric,
  type GoalsResponse,
  type GoalsUpdate,
} from '@app/contracts';

// The goals grid's rules, plain functions: the form's values per cell, which cells changed (only those
// are sent, an emptied cell as null), and where the server's field errors go (goals.{i}.* is the i-th
// goal sent, so the i-th change).

export type GoalCells = Partial<Record<GoalMetric, number | null>>;
export interface GoalsFormValues {
  cells: Record<string, GoalCells>;
}

export interface GoalColumn {
  metric: GoalMetric;
  label: string;
  /** USD with 2 decimals; otherwise a whole count. */
  amount: boolean;
}

/** One changed cell: what is sent, and the form field it came from. */
export interface GoalChange {
  agent_id: number | null;
  metric: GoalMetric;
  value: number | null;
  source: string;
}

/** The form's key of a row: 'team' for the team's own goals, 'a{agent_id}' for an agent. */
export const rowKeyOf = (agentId: number | null): string => (agentId === null ? 'team' : `a${agentId}`);

/** The form field of a cell. */
export const cellSource = (agentId: number | null, metric: GoalMetric): string => `cells.${rowKeyOf(agentId)}.${metric}`;

/** The columns, in the server's order (the contract's when the server names none). */
export function columnsOf(response: Pick<GoalsResponse, 'metrics'>): GoalColumn[] {
  const known = (response.metrics ?? []).filter((column) => GOAL_METRICS.includes(column.metric));
  if (known.length > 0)
    return known.map(({ metric, label, amount }) => ({ metric, label: label || GOAL_METRIC_LABELS[metric], amount: !!amount }));
  return GOAL_METRICS.map((metric) => ({ metric, label: GOAL_METRIC_LABELS[metric], amount: GOAL_AMOUNT_METRICS.includes(metric) }));
}

/** The form's starting values: every cell of every row (null where there is no goal). */
export function formValuesOf(response: GoalsResponse): GoalsFormValues {
  const columns = columnsOf(response);
  const cells: Record<string, GoalCells> = {};
  for (const row of response.rows) {
    cells[rowKeyOf(row.agent_id)] = Object.fromEntries(columns.map(({ metric }) => [metric, valueOf(row.goals?.[metric])]));
  }
  return { cells };
}

function valueOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Amounts compare to the cent, counts as they are. */
function same(before: number | null, after: number | null, amount: boolean): boolean {
  if (before === null || after === null) return before === after;
  return amount ? Math.round(before * 100) === Math.round(after * 100) : before === after;
}

/** The changed cells, row by row (team first) and column by column. */
export function changesOf(response: GoalsResponse, values: Partial<GoalsFormValues> | undefined): GoalChange[] {
  const changes: GoalChange[] = [];
  for (const row of response.rows) {
    const key = rowKeyOf(row.agent_id);
    for (const { metric, amount } of columnsOf(response)) {
      const before = valueOf(row.goals?.[metric]);
      const after = valueOf(values?.cells?.[key]?.[metric]);
      if (!same(before, after, amount))
        changes.push({ agent_id: row.agent_id, metric, value: after, source: cellSource(row.agent_id, metric) });
    }
  }
  return changes;
}

/** PUT /dashboard/goals's body for these changes. */
export function updateOf(year: number, changes: readonly GoalChange[]): GoalsUpdate {
  return { year, goals: changes.map(({ agent_id, metric, value }) => ({ agent_id, metric, value })) };
}

export interface PlacedGoalErrors {
  /** Form field -> message: the cells the server refused. */
  cells: Record<string, string>;
  /** The year's message. */
  year: string | null;
  /** Messages for nothing on the screen (a toast). */
  other: string[];
}

const GOAL_FIELD = /^goals\.(\d+)\.(value|agent_id|metric)$/;

/** Puts the server's field errors on the cells they are about (the first message of each). */
export function placeErrors(errors: readonly FieldError[], sent: readonly GoalChange[]): PlacedGoalErrors {
  const placed: PlacedGoalErrors = { cells: {}, year: null, other: [] };
  for (const { field, error } of errors) {
    const match = GOAL_FIELD.exec(field);
    const change = match ? sent[Number(match[1])] : undefined;
    if (change) {
      if (!(change.source in placed.cells)) placed.cells[change.source] = error;
    } else if (field === 'year') {
      placed.year ??= error;
    } else if (!placed.other.includes(error)) {
      placed.other.push(error);
    }
  }
  return placed;
}

/** A year from the URL, or null when there is none (or it is not a year goals can have). */
export function parseYear(text: string | null | undefined): number | null {
  if (!text || !/^\d{4}$/.test(text)) return null;
  const year = Number(text);
  return year >= GOAL_YEAR_MIN && year <= GOAL_YEAR_MAX ? year : null;
}

/** The year picker's choices: five years either side of this one, and the chosen year wherever it is. */
export function yearChoices(selected: number | null, thisYear: number): number[] {
  const years = new Set<number>();
  for (let year = thisYear - 5; year <= thisYear + 5; year += 1) years.add(year);
  if (selected !== null) years.add(selected);
  return [...years].filter((year) => year >= GOAL_YEAR_MIN && year <= GOAL_YEAR_MAX).sort((a, b) => a - b);
}
