import { SKYSLOPE_KEY_MAX_LENGTH } from '@app/contracts';
import { keyMessages } from './messages';

/** The longest Access Key or Access Secret (spec 002 section 9). */
export const KEY_MAX_LENGTH = SKYSLOPE_KEY_MAX_LENGTH;

/**
 * A key's message, as the server words it: nothing typed is required, blanks only are under 1
 * character (the server trims), more than 256 characters is too long. A saved key's mask passes.
 */
export function keyProblem(label: string, value: unknown): string | undefined {
  const messages = keyMessages(label);
  if (value === null || value === undefined || value === '') return messages.required;
  if (typeof value !== 'string') return messages.required;
  const trimmed = value.trim();
  if (trimmed.length < 1) return messages.tooShort;
  if (trimmed.length > KEY_MAX_LENGTH) return messages.tooLong;
  return undefined;
}

/** Whether GET /skyslope/settings answered saved keys (empty masks mean none). */
export const hasCredentials = (keys: { access_key: string; access_secret: string } | null | undefined): boolean =>
  !!keys && keys.access_key !== '' && keys.access_secret !== '';
