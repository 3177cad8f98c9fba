import type { GoalFigures, Pace } from '@app/contracts';

/** 'YYYY-MM-DD' -> days since 1970-01-01 (UTC, whole days). */
export const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
export const daysInYear = (year: number) => (isLeap(year) ? 366 : 365);
/** The days from start to end, both included (0 when end is before start). */
export const daysBetween = (start: string, end: string) => Math.max(0, dayNumber(end) - dayNumber(start) + 1);

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON) * factor) / factor;
};

/** Each year a range touches, with its days in that year. */
export function rangeYears(start: string, end: string): { year: number; days: number }[] {
  const first = Number(start.slice(0, 4));
  const last = Number(end.slice(0, 4));
  const years: { year: number; days: number }[] = [];
  for (let year = first; year <= last; year++) {
    const from = year === first ? start : `${year}-01-01`;
    const to = year === last ? end : `${year}-12-31`;
    years.push({ year, days: daysBetween(from, to) });
  }
  return years;
}

/**
 * A range's goal: each year's goal prorated by the range's days in that year, summed (2 decimals); null
 * when no year of the range has a goal.
 */
export function proratedGoal(start: string, end: string, yearly: (year: number) => number | null): number | null {
  let total: number | null = null;
  for (const { year, days } of rangeYears(start, end)) {
    const goal = yearly(year);
    if (goal === null) continue;
    total = (total ?? 0) + (goal * days) / daysInYear(year);
  }
  return total === null ? null : round(total, 2);
}

/**
 * The goal figures of a value (spec 002 section 3): goal_percent = value / goal x 100; the pacer
 * value is the goal times the range's days elapsed up to today over its days (the whole goal for a past
 * range, 0 for a future one); pacer_percent = value / pacer_value x 100 (percents one decimal, null when
 * dividing by 0); pace achieved at the goal, on pace at the pacer value, else not on pace. No goal: all null.
 */
export function goalFigures(
  value: number | null,
  goal: number | null,
  start: string,
  end: string,
  today: string,
): GoalFigures & { pace: Pace | null } {
  if (goal === null || value === null) return { goal: null, goal_percent: null, pacer_value: null, pacer_percent: null, pace: null };
  const days = daysBetween(start, end);
  const elapsed = today < start ? 0 : today > end ? days : daysBetween(start, today);
  const pacer = round(days === 0 ? 0 : (goal * elapsed) / days, 2);
  return {
    goal,
    goal_percent: goal === 0 ? null : round((value / goal) * 100, 1),
    pacer_value: pacer,
    pacer_percent: pacer === 0 ? null : round((value / pacer) * 100, 1),
    pace: value >= goal ? 'achieved' : value >= pacer ? 'on_pace' : 'not_on_pace',
  };
}

/** later / earlier as a whole percent; null when the earlier is 0. */
export const ratioOf = (later: number, earlier: number): number | null => (earlier === 0 ? null : Math.round((later / earlier) * 100));

/**
 * Leaderboard places: by count (highest first), ties sharing a place (1, 1, 3), then by name; the input is
 * already in that order.
 */
export function placesOf(counts: readonly number[]): number[] {
  return counts.map((count, index) => {
    let first = index;
    while (first > 0 && counts[first - 1] === count) first--;
    return first + 1;
  });
}

/** Percent of a total, one decimal (0 when the total is 0). */
export const percentOf = (part: number, total: number) => (total === 0 ? 0 : round((part / total) * 100, 1));
