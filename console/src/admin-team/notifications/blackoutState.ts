import {
  parseUsDate,
  TEAM_SETUP_MESSAGES,
  todayIn,
  type BlackoutDay,
  type BlackoutOption,
  type TeamNotificationSetting,
} from '@app/contracts';
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

/** The shared date input's 'MM/DD/YYYY' -> the API's 'MM-DD-YYYY'; null when it is not a real date. */
export function toApiDate(value: unknown): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  return /^\d{2}\/\d{2}\/\d{4}$/.test(text) && parseUsDate(text) ? text.replace(/\//g, '-') : null;
}

/** 'MM-DD-YYYY' as the console shows dates (spec 000 section 9: mm/dd/yyyy). */
export function formatDayDate(date: string | null): string {
  return date ? date.replace(/-/g, '/') : '';
}

/**
 * Today ('YYYY-MM-DD') where the team works: in its time zone, else in the browser's (the server
 * checks again in the team's zone, UTC for a team without one).
 */
export function teamToday(timezone: string | null | undefined, now: Date = new Date()): string {
  try {
    return todayIn(timezone || Intl.DateTimeFormat().resolvedOptions().timeZone, now);
  } catch {
    return todayIn('UTC', now);
  }
}

/** A custom day is today or later (`today` 'YYYY-MM-DD'): 'Date must be today or later'. Blank or malformed passes (other rules say so). */
export function notBefore(today: string) {
  return (value: unknown): string | undefined => {
    const iso = typeof value === 'string' ? parseUsDate(value) : null;
    return iso && iso < today ? TEAM_SETUP_MESSAGES.blackoutDatePast : undefined;
  };
}

/** The custom day form's fields (server field errors for others become a toast). */
export const CUSTOM_DAY_FIELDS = ['day_label', 'day_date'] as const;

/** A custom day's label: required ('Label is required'). */
export function labelRequired(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? undefined : ADMIN_MESSAGES.blackoutLabelRequired;
}
