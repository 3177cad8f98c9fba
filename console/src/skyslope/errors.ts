import { statusOf } from '../shared/forms/fieldErrors';
import { DATA_MESSAGES } from '../dataProvider/messages';

const GENERIC = new Set<string>(Object.values(DATA_MESSAGES));

/**
 * What a failed call's toast says (spec 002 section 8): the server's own message, or the page's
 * fallback ('Failed to ...') when the server said nothing of its own (unreachable, a bare 5xx).
 */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (statusOf(error) === 0) return fallback;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message && !GENERIC.has(message) ? message : fallback;
}
