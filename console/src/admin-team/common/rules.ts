import { ADMIN_MESSAGES, ADMIN_TEAM_LABELS } from '../messages';

// Field rules shared by the team administration forms (docs/admin-api.md). The server applies them
// again; these only answer before the round trip.
export { safeText } from '../../account/profile/profileRules';

const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

export function required(value: unknown): string | undefined {
  return isBlank(value) ? ADMIN_MESSAGES.required : undefined;
}

/** At most `max` characters, as the server counts them (names: 100, the message template: 5000). */
export function maxLength(max: number) {
  return (value: unknown): string | undefined =>
    typeof value === 'string' && value.length > max ? ADMIN_TEAM_LABELS.tooLong(max) : undefined;
}

/** Names of folders, categories and types: required, at most 100 characters. */
export const NAME_MAX_LENGTH = 100;
export const nameRules = [required, maxLength(NAME_MAX_LENGTH)];

/** Text as the API takes it: trimmed, and null when empty (optional fields). */
export function optionalText(value: unknown): string | null {
  if (typeof value !== 'string') return value === undefined || value === null ? null : String(value);
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
