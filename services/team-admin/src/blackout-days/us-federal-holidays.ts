/**
 * The eleven US federal holidays (5 U.S.C. 6103) and their observed dates: a holiday that falls on a
 * Saturday is observed the Friday before, on a Sunday the Monday after. Pure date arithmetic in UTC on
 * 'YYYY-MM-DD' strings, so the server's own zone never shifts a day.
 */
export const US_FEDERAL_HOLIDAYS = [
  { key: 'new_years_day', label: "New Year's Day" },
  { key: 'mlk_day', label: 'Martin Luther King Jr. Day' },
  { key: 'presidents_day', label: "Presidents' Day" },
  { key: 'memorial_day', label: 'Memorial Day' },
  { key: 'juneteenth', label: 'Juneteenth' },
  { key: 'independence_day', label: 'Independence Day' },
  { key: 'labor_day', label: 'Labor Day' },
  { key: 'columbus_day', label: 'Columbus Day' },
  { key: 'veterans_day', label: 'Veterans Day' },
  { key: 'thanksgiving_day', label: 'Thanksgiving Day' },
  { key: 'christmas_day', label: 'Christmas Day' },
] as const;

export type FederalHolidayKey = (typeof US_FEDERAL_HOLIDAYS)[number]['key'];

const MONDAY = 1;
const THURSDAY = 4;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/** The n-th (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  const first = utc(year, month, 1);
  const offset = (weekday - first.getUTCDay() + 7) % 7;
  return utc(year, month, 1 + offset + (n - 1) * 7);
}

/** The last given weekday of a month. */
function lastWeekday(year: number, month: number, weekday: number): Date {
  const last = utc(year, month + 1, 0);
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return utc(year, month, last.getUTCDate() - offset);
}

const RULES: Record<FederalHolidayKey, (year: number) => Date> = {
  new_years_day: (y) => utc(y, 1, 1),
  mlk_day: (y) => nthWeekday(y, 1, MONDAY, 3),
  presidents_day: (y) => nthWeekday(y, 2, MONDAY, 3),
  memorial_day: (y) => lastWeekday(y, 5, MONDAY),
  juneteenth: (y) => utc(y, 6, 19),
  independence_day: (y) => utc(y, 7, 4),
  labor_day: (y) => nthWeekday(y, 9, MONDAY, 1),
  columbus_day: (y) => nthWeekday(y, 10, MONDAY, 2),
  veterans_day: (y) => utc(y, 11, 11),
  thanksgiving_day: (y) => nthWeekday(y, 11, THURSDAY, 4),
  christmas_day: (y) => utc(y, 12, 25),
};

export function isFederalHolidayKey(key: string): key is FederalHolidayKey {
  return Object.prototype.hasOwnProperty.call(RULES, key);
}

/** The holiday's own date in a year, 'YYYY-MM-DD'. */
export function federalHolidayDate(key: FederalHolidayKey, year: number): string {
  return iso(RULES[key](year));
}

/** The weekday a date off work is observed on: Saturday -> Friday before, Sunday -> Monday after. */
export function observedDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const shift = date.getUTCDay() === 6 ? -1 : date.getUTCDay() === 0 ? 1 : 0;
  date.setUTCDate(date.getUTCDate() + shift);
  return iso(date);
}

/** The observed date of the holiday of a year (New Year's Day 2028 is observed on 2027-12-31, for instance). */
export function observedFederalHoliday(key: FederalHolidayKey, year: number): string {
  return observedDate(federalHolidayDate(key, year));
}
