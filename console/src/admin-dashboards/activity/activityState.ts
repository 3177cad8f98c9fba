import { ACTIVITY_PER_PAGE, USER_LIST_PAGE_SIZES } from '@app/contracts';

// What /app/record?user=&name=&page=&per_page= asks for (Log Activity, spec 000 section 2): the user, the
// name to show, and the page (per_page 10, 20, 60 or 100; 20 by default).

export const ACTIVITY_PAGE_SIZES: readonly number[] = USER_LIST_PAGE_SIZES;

export interface ActivityRequest {
  /** null: no user in the URL (the signed-in user's own rows); undefined: not a user id at all. */
  agentId: number | null | undefined;
  name: string;
  page: number;
  per_page: number;
}

export function activityRequestOf(search: URLSearchParams): ActivityRequest {
  const user = search.get('user');
  const page = Number(search.get('page'));
  const perPage = Number(search.get('per_page'));
  return {
    agentId: user === null || user === '' ? null : agentIdOf(user),
    name: (search.get('name') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: ACTIVITY_PAGE_SIZES.includes(perPage) ? perPage : ACTIVITY_PER_PAGE,
  };
}

function agentIdOf(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The URL's query for another page (or page size), the user and name kept. */
export function withPage(search: URLSearchParams, page: number, perPage: number): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('page', String(page));
  next.set('per_page', String(perPage));
  return next;
}
