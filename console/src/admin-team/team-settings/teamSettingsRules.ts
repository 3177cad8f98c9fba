import { IMAGE_MAX_BYTES, type TeamSettings, type TeamSettingsUpdate } from '@app/contracts';
import { optionalText, required, safeText } from '../common/rules';

// Rules of the Team Settings screen (spec 000 sections 5 and 9; docs/admin-api.md). Pure: the screen
// and the tests share them.

export const TEAM_TEXT_FIELDS = ['name', 'address_1', 'address_2', 'city', 'state', 'postal_code'] as const;
export const TEAM_FIELDS = [...TEAM_TEXT_FIELDS, 'timezone'] as const;

/** Name: required, no < > * ! ( ) { }. */
export const nameRules = [required, safeText];
/** Address fields: optional, no < > * ! ( ) { }. */
export const addressRules = [safeText];
/** Timezone: required (an IANA name the server checks). */
export const timezoneRules = [required];

/**
 * The PATCH /admin/team body: the editable fields, trimmed; empty optional text becomes null. Name
 * and timezone go as typed (an empty one is refused with 'Required').
 */
export function teamSettingsPayload(values: Partial<Record<string, unknown>>): TeamSettingsUpdate {
  const payload: Record<string, string | null> = {};
  for (const field of TEAM_FIELDS) {
    if (!(field in values)) continue;
    const value = optionalText(values[field]);
    payload[field] = field === 'name' || field === 'timezone' ? (value ?? '') : value;
  }
  return payload as TeamSettingsUpdate;
}

/**
 * The form's record: the team's fields, null text as empty inputs. A team without a timezone starts
 * with `defaultTimezone` (the browser's), so that a save works without touching the field.
 */
export function teamSettingsRecord(team: TeamSettings, defaultTimezone?: string | null): Record<string, unknown> {
  const record: Record<string, unknown> = { id: team.team_id };
  for (const field of TEAM_FIELDS) record[field] = team[field] ?? '';
  if (!team.timezone && defaultTimezone) record.timezone = defaultTimezone;
  return record;
}

export type LogoFileProblem = 'not-an-image' | 'too-large' | 'empty';

/** Checked in the browser before any call: images only, up to IMAGE_MAX_BYTES (the server checks again). */
export function logoFileProblem(file: Pick<File, 'type' | 'size'>): LogoFileProblem | null {
  if (!file.type || !file.type.startsWith('image/')) return 'not-an-image';
  if (file.size <= 0) return 'empty';
  if (file.size > IMAGE_MAX_BYTES) return 'too-large';
  return null;
}
