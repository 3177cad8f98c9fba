import type { LicenceCounts } from '@app/contracts';
import { ADMIN_MESSAGES } from './messages';

// Spec 000 sections 5 and 8: adding (or activating) a user is blocked when the team's licence total
// is above 0 and none remain. A total of 0 means the plan sets no limit. The server enforces the
// same rule (403); the console checks first so Add User can say so without opening the form.

export function addUserBlocked(licences: Pick<LicenceCounts, 'total' | 'remaining'> | null | undefined): boolean {
  if (!licences) return false; // Unknown counts: let the server decide.
  return licences.total > 0 && licences.remaining <= 0;
}

/** Whether a failed call is the server's licence refusal (403 'No Available User Licenses'). */
export function isLicenceRefusal(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { status, message, body } = error as { status?: unknown; message?: unknown; body?: { message?: unknown } };
  if (status !== 403) return false;
  return message === ADMIN_MESSAGES.noLicenses || body?.message === ADMIN_MESSAGES.noLicenses;
}

/** The refusal's detail: the server's `detail`, else the spec's words. */
export function licenceDetailOf(error: unknown): string {
  const detail = (error as { body?: { detail?: unknown } } | null)?.body?.detail;
  return typeof detail === 'string' && detail ? detail : ADMIN_MESSAGES.noLicensesDetail;
}

export interface CounterView {
  total: string;
  used: string;
  remaining: string;
  /** No seat left under a limit: the counter shows as a warning. */
  exhausted: boolean;
}

/** How a pair of counters reads: a total of 0 is 'No limit'. */
export function counterView(total: number, used: number, remaining: number, noLimit: string): CounterView {
  const limited = total > 0;
  return {
    total: limited ? String(total) : noLimit,
    used: String(used),
    remaining: limited ? String(remaining) : noLimit,
    exhausted: limited && remaining <= 0,
  };
}
