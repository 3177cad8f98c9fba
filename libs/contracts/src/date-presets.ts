/**
 * Date presets of the filter forms and the date-range inputs (spec 001 sections 4 and 9).
 *
 * Plain TypeScript with no runtime dependency: the console and the services both resolve presets
 * with it, so that a filter means the same days on both sides. Dates are 'YYYY-MM-DD' strings
 * (calendar days, no time of day); weeks start on Sunday; "today" is the day in the team's IANA
 * time zone.
 *
 * Definitions (all ranges inclusive at both ends):
 * - today, yesterday: that one day.
 * - thisWeek: the Sunday on or before today through the Saturday after it.
 * - lastWeek: the Sunday..Saturday week before thisWeek.
 * - next2Weeks: today through today + 13 days (14 days).
 * - thisMonth, lastMonth: the whole calendar month (1st..last day).
 * - last30Days: the 30 days ending today (today - 29 through today).
 * - last6Months: the same day of the month 6 months ago (clamped to that month's last day) through today.
 * - thisQuarter: the whole calendar quarter (Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec).
 * - thisYear, lastYear: January 1 through December 31.
 * - custom: no range (null): the user's own dates.
 */
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'next2Weeks',
  'thisMonth',
  'lastMonth',
  'last30Days',
  'last6Months',
  'thisQuarter',
  'thisYear',
  'lastYear',
  'custom',
] as const;

/** One preset key of {@link DATE_PRESETS}. */
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The dropdown label of each preset. */
export const DATE_PRESET_LABELS: Readonly<Record<DatePreset, string>> = {
  today: 'Today',
  yesterday: 'Yesterday',
  thisWeek: 'This Week',
  lastWeek: 'Last Week',
  next2Weeks: 'Next 2 Weeks',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  last30Days: 'Last 30 Days',
  last6Months: 'Last 6 Months',
  thisQuarter: 'This Quarter',
  thisYear: 'This Year',
  lastYear: 'Last Year',
  custom: 'Custom',
};

/** The presets with their labels, in dropdown order (`{ id, name }` as react-admin choices read them). */
export const DATE_PRESET_CHOICES: ReadonlyArray<{ id: DatePreset; name: string }> = DATE_PRESETS.map((id) => ({
  id,
  name: DATE_PRESET_LABELS[id],
}));

/** A resolved preset: first and last day, inclusive, as 'YYYY-MM-DD'. */
export interface DateRange {
  start: string;
  end: string;
}

/**
 * The classic (snake_case) preset keys saved filters may still carry, and the preset each means.
 * last_3_months maps to last6Months and next_14_days to next2Weeks because spec 001 section 4 says so.
 */
export const CLASSIC_DATE_PRESETS: Readonly<Record<string, DatePreset>> = {
  today: 'today',
  yesterday: 'yesterday',
  this_week: 'thisWeek',
  last_week: 'lastWeek',
  next_2_weeks: 'next2Weeks',
  next_14_days: 'next2Weeks',
  this_month: 'thisMonth',
  last_month: 'lastMonth',
  last_30_days: 'last30Days',
  last_3_months: 'last6Months',
  last_6_months: 'last6Months',
  this_quarter: 'thisQuarter',
  this_year: 'thisYear',
  last_year: 'lastYear',
  custom: 'custom',
};

/** Whether a value is one of {@link DATE_PRESETS}. */
export function isDatePreset(value: unknown): value is DatePreset {
  return typeof value === 'string' && (DATE_PRESETS as readonly string[]).includes(value);
}

/**
 * The preset of a classic key (this_week -> thisWeek, last_3_months -> last6Months, next_14_days ->
 * next2Weeks, ...). A key that already is a preset is returned as is; an unknown key gives null.
 */
export function datePresetFromClassicKey(key: string | null | undefined): DatePreset | null {
  if (!key) return null;
  if (isDatePreset(key)) return key;
  return Object.prototype.hasOwnProperty.call(CLASSIC_DATE_PRESETS, key) ? CLASSIC_DATE_PRESETS[key] : null;
}

interface Day {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const isoOf = ({ year, month, day }: Day) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
// Calendar arithmetic on UTC dates: no time zone or daylight-saving shift can move a day.
const dayOf = (date: Date): Day => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
const utcOf = ({ year, month, day }: Day) => new Date(Date.UTC(year, month - 1, day));
const addDays = (day: Day, days: number): Day => {
  const date = utcOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOf(date);
};
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthRange = (year: number, month: number): DateRange => ({
  start: isoOf({ year, month, day: 1 }),
  end: isoOf({ year, month, day: daysInMonth(year, month) }),
});

/** The calendar day of `now` in an IANA time zone (throws a RangeError for an unknown zone). */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  return isoOf({ year: part('year'), month: part('month'), day: part('day') });
}

/**
 * The days a preset covers in the team's time zone, or null for custom (the user's own dates).
 * @param preset one of {@link DATE_PRESETS}
 * @param timeZone the team's IANA zone, e.g. 'America/Chicago': "today" is the date there
 * @param now the current instant (tests pass a fixed one)
 */
export function resolveDatePreset(preset: DatePreset, timeZone: string, now: Date = new Date()): DateRange | null {
  const [year, month, day] = todayIn(timeZone, now).split('-').map(Number);
  const today: Day = { year, month, day };
  const single = (value: Day): DateRange => ({ start: isoOf(value), end: isoOf(value) });
  const sunday = addDays(today, -utcOf(today).getUTCDay());
  switch (preset) {
    case 'today':
      return single(today);
    case 'yesterday':
      return single(addDays(today, -1));
    case 'thisWeek':
      return { start: isoOf(sunday), end: isoOf(addDays(sunday, 6)) };
    case 'lastWeek':
      return { start: isoOf(addDays(sunday, -7)), end: isoOf(addDays(sunday, -1)) };
    case 'next2Weeks':
      return { start: isoOf(today), end: isoOf(addDays(today, 13)) };
    case 'thisMonth':
      return monthRange(year, month);
    case 'lastMonth':
      return month === 1 ? monthRange(year - 1, 12) : monthRange(year, month - 1);
    case 'last30Days':
      return { start: isoOf(addDays(today, -29)), end: isoOf(today) };
    case 'last6Months': {
      const startYear = month > 6 ? year : year - 1;
      const startMonth = month > 6 ? month - 6 : month + 6;
      return {
        start: isoOf({ year: startYear, month: startMonth, day: Math.min(day, daysInMonth(startYear, startMonth)) }),
        end: isoOf(today),
      };
    }
    case 'thisQuarter': {
      const first = Math.floor((month - 1) / 3) * 3 + 1;
      return { start: monthRange(year, first).start, end: monthRange(year, first + 2).end };
    }
    case 'thisYear':
      return { start: isoOf({ year, month: 1, day: 1 }), end: isoOf({ year, month: 12, day: 31 }) };
    case 'lastYear':
      return { start: isoOf({ year: year - 1, month: 1, day: 1 }), end: isoOf({ year: year - 1, month: 12, day: 31 }) };
    case 'custom':
      return null;
  }
}

/** The separators of the spec's US dates: '-' in filter parameters, '/' in task calls and displays. */
export type UsDateSeparator = '-' | '/';

/** 'YYYY-MM-DD' -> 'MM-DD-YYYY' (separator '-', filter parameters) or 'MM/DD/YYYY' ('/'). */
export function formatUsDate(isoDate: string, separator: UsDateSeparator): string {
  const [year, month, day] = isoDate.split('-');
  return [month, day, year].join(separator);
}

/** 'YYYY-MM-DD' -> 'MM-DD-YYYY', as filter parameters carry dates (spec 001 section 9). */
export const toFilterDate = (isoDate: string): string => formatUsDate(isoDate, '-');

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY', as task calls and displays carry dates (spec 001 section 9). */
export const toDisplayDate = (isoDate: string): string => formatUsDate(isoDate, '/');

/**
 * 'MM-DD-YYYY' or 'MM/DD/YYYY' (either separator) -> 'YYYY-MM-DD', or null when the text is not a real
 * calendar date in that shape (02/30/2024, 13/01/2024, 1/2/2024 are null).
 */
export function parseUsDate(value: string | null | undefined): string | null {
  const match = /^(\d{2})([-/])(\d{2})\2(\d{4})$/.exec((value ?? '').trim());
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[3]), Number(match[4])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return isoOf({ year, month, day });
}
