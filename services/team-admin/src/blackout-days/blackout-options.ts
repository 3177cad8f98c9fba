import type { BlackoutDayKind, BlackoutOption, BlackoutOptions } from '@app/contracts';
import { US_FEDERAL_HOLIDAYS } from './us-federal-holidays';

/** Sunday 0 .. Saturday 6, as Date.getDay() and the blackout event number them. */
export const WEEKDAY_OPTIONS: readonly BlackoutOption[] = [
  { id: 'sunday', label: 'Sunday' },
  { id: 'monday', label: 'Monday' },
  { id: 'tuesday', label: 'Tuesday' },
  { id: 'wednesday', label: 'Wednesday' },
  { id: 'thursday', label: 'Thursday' },
  { id: 'friday', label: 'Friday' },
  { id: 'saturday', label: 'Saturday' },
];

export const HOLIDAY_OPTIONS: readonly BlackoutOption[] = US_FEDERAL_HOLIDAYS.map(({ key, label }) => ({ id: key, label }));

export const BLACKOUT_OPTIONS: BlackoutOptions = { holidays: [...HOLIDAY_OPTIONS], weekdays: [...WEEKDAY_OPTIONS] };

export interface PredefinedDay {
  kind: Exclude<BlackoutDayKind, 'custom'>;
  key: string;
  label: string;
  /** Position in its option list: the weekday number for weekdays, calendar order for holidays. */
  sortOrder: number;
}

/** The predefined day of a predefined_day_key, or null for an unknown key. */
export function predefinedDayOf(key: string): PredefinedDay | null {
  const weekday = WEEKDAY_OPTIONS.findIndex((o) => o.id === key);
  if (weekday >= 0) return { kind: 'weekday', key, label: WEEKDAY_OPTIONS[weekday].label, sortOrder: weekday };
  const holiday = HOLIDAY_OPTIONS.findIndex((o) => o.id === key);
  if (holiday >= 0) return { kind: 'holiday', key, label: HOLIDAY_OPTIONS[holiday].label, sortOrder: holiday };
  return null;
}
