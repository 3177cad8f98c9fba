import type { DashboardLinkParams, Role } from '@app/contracts';

/** The console's transactions list, which applies a link's filter keys (spec 002 section 2.1). */
export const TRANSACTIONS_LIST_PATH = '/app/transactions';

/** AGENT and ISISA count as agents (spec 002 section 6) unless they also hold a team role. */
export function isFlaggedAsAgent(roles: readonly Role[] | null | undefined): boolean {
  const held = roles ?? [];
  if (held.includes('ADMIN') || held.includes('TRANC')) return false;
  return held.includes('AGENT') || held.includes('ISISA');
}

function firstContextOf(params: DashboardLinkParams): string | null {
  const context = (params as { context?: unknown }).context;
  const first = Array.isArray(context) ? context[0] : context;
  return typeof first === 'string' && first !== '' ? first : null;
}

/**
 * Where a circle or a card leads: /app/transactions?{link_params}&referrer_filter=dashboards, an ISA's
 * context (i..., not ig...) moved to appt_set_by_filter; null when there is no link or when an agent
 * would follow a team-context link (not clickable).
 */
export function transactionsLinkOf(
  params: DashboardLinkParams | null | undefined,
  roles: readonly Role[] | null | undefined,
): string | null {
  if (!params) return null;
  const context = firstContextOf(params);
  if (context?.startsWith('t') && isFlaggedAsAgent(roles)) return null;

  const query = new URLSearchParams();
  const moved = !!context && context.startsWith('i') && !context.startsWith('ig');
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (key === 'context') {
      if (moved) query.append('appt_set_by_filter', context!);
      else query.set('context', String(Array.isArray(value) ? value[0] : value));
      continue;
    }
    if (key === 'tag_filters') query.set(key, JSON.stringify(value));
    else if (Array.isArray(value)) value.forEach((item) => query.append(key, String(item)));
    else query.set(key, String(value));
  }
  query.set('referrer_filter', 'dashboards');
  return `${TRANSACTIONS_LIST_PATH}?${query}`;
}
