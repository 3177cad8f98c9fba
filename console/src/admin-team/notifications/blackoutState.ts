import type { BlackoutDay, BlackoutOption, TeamNotificationSetting } from '@app/contracts';
import { ADMIN_MESSAGES } from '../messages';

// State of the Team Notification Settings screen (spec 000 sections 2, 4, 5; docs/admin-api.md).
// Pure: the screen and the tests share them. Checking a predefined day saves it, unchecking deletes
// it; the switch or box moves at once and goes back if the server refuses.

export type PredefinedKind = 'holiday' | 'weekday';

/** The team's switch list with one notification switched. */
export function setNotificationEnabled(
  settings: readonly TeamNotificationSetting[],
  notificationId: number,
  enabled: boolean,
): TeamNotificationSetting[] {
  return settings.map((setting) => (setting.notification_id === notificationId ? { ...setting, enabled } : setting));
}

export function isChecked(days: readonly BlackoutDay[], key: string): boolean {
  return days.some((day) => day.kind !== 'custom' && day.predefined_day_key === key);
}

/**
 * The days with a predefined one checked: the server's record when there is one, else a stand-in
 * (id 0) while the save runs. Checking twice keeps one entry.
 */
export function withPredefined(
  days: readonly BlackoutDay[],
  option: BlackoutOption,
  kind: PredefinedKind,
  record?: BlackoutDay | null,
): BlackoutDay[] {
  const day: BlackoutDay = record ?? {
    team_blackout_day_id: 0,
    kind,
    predefined_day_key: option.id,
    day_label: option.label,
    day_date: null,
  };
  return [...withoutPredefined(days, option.id), day];
}

export function withoutPredefined(days: readonly BlackoutDay[], key: string): BlackoutDay[] {
  return days.filter((day) => day.kind === 'custom' || day.predefined_day_key !== key);
}

export function withCustom(days: readonly BlackoutDay[], record: BlackoutDay): BlackoutDay[] {
  return [...withoutDay(days, record.team_blackout_day_id), record];
}

export function withoutDay(days: readonly BlackoutDay[], id: number): BlackoutDay[] {
  return days.filter((day) => day.team_blackout_day_id !== id);
}

/** 'MM-DD-YYYY' -> 'YYYYMMDD' (sortable), '' when malformed. */
function sortableDate(date: string | null): string {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(date ?? '');
  return match ? `${match[3]}${match[1]}${match[2]}` : '';
}

/** The custom days, by date (as the server orders them). */
export function customDaysOf(days: readonly BlackoutDay[]): BlackoutDay[] {
  return days
    .filter((day) => day.kind === 'custom')
    .sort((a, b) => sortableDate(a.day_date).localeCompare(sortableDate(b.day_date)) || a.day_label.localeCompare(b.day_label));
}

/** A custom day's date field opens once a label is typed. */
export function canPickDate(label: string): boolean {
  return label.trim() !== '';
}

/** The date input's 'YYYY-MM-DD' -> the API's 'MM-DD-YYYY'; null when it is not a real date. */
export function toApiDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[2]}-${match[3]}-${match[1]}` : null;
}

/** 'MM-DD-YYYY' as the console shows dates (spec 000 section 9: mm/dd/yyyy). */
export function formatDayDate(date: string | null): string {
  return date ? date.replace(/-/g, '/') : '';
}

export interface CustomDayErrors {
  day_label?: string;
  day_date?: string;
}

/** Label and date required; the date a real one. */
export function validateCustomDay(values: { label: string; date: string }): CustomDayErrors {
  const errors: CustomDayErrors = {};
  if (!values.label.trim()) errors.day_label = ADMIN_MESSAGES.blackoutLabelRequired;
  if (!values.date.trim()) errors.day_date = ADMIN_MESSAGES.blackoutDateRequired;
  else if (!toApiDate(values.date)) errors.day_date = ADMIN_MESSAGES.invalidDate;
  return errors;
}
