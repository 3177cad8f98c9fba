import { USER_LIST_DEFAULTS, USER_LIST_PAGE_SIZES } from '@app/contracts';

// Paging of the sign-in history (spec 000 section 9: page sizes 10, 20, 60, 100), kept in the URL
// next to ?name=.

export function historyPage(search: URLSearchParams): { page: number; per_page: number } {
  const page = Number(search.get('page'));
  const perPage = Number(search.get('per_page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: USER_LIST_PAGE_SIZES.includes(perPage) ? perPage : USER_LIST_DEFAULTS.per_page,
  };
}
