/** Month grids of the two-month range calendar (spec 002 section 9: the calendar shows 2 months). */
export const CALENDAR_MONTHS = 2;

export interface MonthRef {
  year: number;
  /** 1..12 */
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const monthOf = (isoDate: string): MonthRef => {
  const [year, month] = isoDate.split('-').map(Number);
  return { year, month };
};

export function addMonths(ref: MonthRef, months: number): MonthRef {
  const index = ref.year * 12 + (ref.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The weeks (Sunday first) of a month: each day as 'YYYY-MM-DD', null outside the month. */
export function monthGrid({ year, month }: MonthRef): (string | null)[][] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = [...Array<null>(first).fill(null)];
  for (let day = 1; day <= days; day++) cells.push(`${year}-${pad(month)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export const monthTitle = ({ year, month }: MonthRef): string =>
  new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A range being picked: the first pick starts it, the second (on or after the start) ends it. */
export interface DraftRange {
  start: string | null;
  end: string | null;
}

export function pickDay(draft: DraftRange, day: string): DraftRange {
  if (draft.start && !draft.end && day >= draft.start) return { start: draft.start, end: day };
  return { start: day, end: null };
}

export function inDraft(draft: DraftRange, day: string): boolean {
  if (!draft.start) return false;
  if (!draft.end) return day === draft.start;
  return day >= draft.start && day <= draft.end;
}
