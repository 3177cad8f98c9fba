import { resolveDatePreset, toDisplayDate, toFilterDate, type DateRange } from '@app/contracts';
import { messages } from '../messages';

/** The range dropdown's presets, in order; This Month is the default (spec 002 section 9). */
export const RANGE_PRESETS = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastQuarter', 'yearToDate', 'lastYear', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_RANGE_PRESET: RangePreset = 'thisMonth';

export const RANGE_PRESET_LABELS: Readonly<Record<RangePreset, string>> = messages.range.presets;

/** The range on screen: its preset and its days ('YYYY-MM-DD', inclusive). */
export interface SelectedRange extends DateRange {
  preset: RangePreset;
}

/** The TV's own zone: "today" is the day on the wall clock where the screen hangs. */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The days of a preset (custom keeps `current`, the user's own days). */
export function rangeOfPreset(preset: RangePreset, now: Date, timeZone: string, current?: DateRange): DateRange {
  switch (preset) {
    case 'thisMonth':
    case 'lastMonth':
    case 'thisQuarter':
    case 'lastYear':
      return resolveDatePreset(preset, timeZone, now)!;
    case 'lastQuarter': {
      const thisQuarter = resolveDatePreset('thisQuarter', timeZone, now)!;
      const [year, month] = thisQuarter.start.split('-').map(Number);
      const startYear = month === 1 ? year - 1 : year;
      const startMonth = month === 1 ? 10 : month - 3;
      return { start: iso(startYear, startMonth, 1), end: iso(startYear, startMonth + 2, lastDayOf(startYear, startMonth + 2)) };
    }
    case 'yearToDate':
      return ytdRange(now, timeZone);
    case 'custom':
      return current ?? resolveDatePreset('thisMonth', timeZone, now)!;
  }
}

/** 1 January to today: the ytd leaderboard's range whatever the range on screen (spec 002 section 9). */
export function ytdRange(now: Date, timeZone: string): DateRange {
  const today = resolveDatePreset('today', timeZone, now)!.start;
  return { start: `${today.slice(0, 4)}-01-01`, end: today };
}

/** The default range: the first to the last day of the current month. */
export function defaultRange(now: Date, timeZone: string): SelectedRange {
  return { preset: DEFAULT_RANGE_PRESET, ...rangeOfPreset(DEFAULT_RANGE_PRESET, now, timeZone) };
}

/** The range as the requests carry it: MM-DD-YYYY. */
export function requestDates(range: DateRange): { start_date: string; end_date: string } {
  return { start_date: toFilterDate(range.start), end_date: toFilterDate(range.end) };
}

/** 'mm/dd/yyyy - mm/dd/yyyy' as the calendar shows it; an open end shows the start alone. */
export function rangeText(range: { start: string | null; end: string | null } | null): string {
  if (!range?.start) return '';
  return range.end ? `${toDisplayDate(range.start)} - ${toDisplayDate(range.end)}` : `${toDisplayDate(range.start)} - `;
}

export function sameRange(a: DateRange, b: DateRange): boolean {
  return a.start === b.start && a.end === b.end;
}
