import { USER_LIST_DEFAULTS, USER_LIST_PAGE_SIZES, USER_STATUS_FILTERS, type UserStatusFilter } from '@app/contracts';

// State of the admin user list (spec 000 sections 2, 3, 9): the table event (page, per_page,
// order_by, order_dir), the search and the status filter. It lives in the URL so a reload, the back
// button and ?status_filter= links land on the same list. Pure: the screen and the tests share it.

export type OrderDir = 1 | -1;

export interface UserListState {
  page: number;
  per_page: number;
  order_by: string;
  order_dir: OrderDir;
  quick_search_filter: string;
  status_filter: UserStatusFilter;
}

/** The columns GET /admin/users sorts by (docs/admin-api.md); anything else falls back to the default. */
export const USER_LIST_ORDER_FIELDS: readonly string[] = [
  'roles',
  'agent_full_name',
  'mobile_phone',
  'created_ts',
  'last_access_ts',
  'status',
  'excluded',
  'download',
  'client_count',
];

export const DEFAULT_LIST_STATE: UserListState = {
  page: USER_LIST_DEFAULTS.page,
  per_page: USER_LIST_DEFAULTS.per_page,
  order_by: USER_LIST_DEFAULTS.order_by,
  order_dir: USER_LIST_DEFAULTS.order_dir,
  quick_search_filter: '',
  status_filter: USER_LIST_DEFAULTS.status_filter,
};

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 ? value : fallback;
}

export function isStatusFilter(value: unknown): value is UserStatusFilter {
  return typeof value === 'string' && (USER_STATUS_FILTERS as readonly string[]).includes(value);
}

/** The list state of a URL query; unknown or malformed values take their defaults. */
export function parseListState(search: URLSearchParams): UserListState {
  const perPage = positiveInt(search.get('per_page'), DEFAULT_LIST_STATE.per_page);
  const orderBy = search.get('order_by');
  const orderDir = search.get('order_dir');
  const status = search.get('status_filter');
  return {
    page: positiveInt(search.get('page'), DEFAULT_LIST_STATE.page),
    per_page: USER_LIST_PAGE_SIZES.includes(perPage) ? perPage : DEFAULT_LIST_STATE.per_page,
    order_by: orderBy && USER_LIST_ORDER_FIELDS.includes(orderBy) ? orderBy : DEFAULT_LIST_STATE.order_by,
    order_dir: orderDir === '1' ? 1 : orderDir === '-1' ? -1 : DEFAULT_LIST_STATE.order_dir,
    quick_search_filter: search.get('quick_search_filter') ?? '',
    status_filter: isStatusFilter(status) ? status : DEFAULT_LIST_STATE.status_filter,
  };
}

/**
 * The URL query of a list state. The status filter is always written (the URL says which users are
 * shown); the rest only when it differs from the default, so the plain list keeps a plain URL.
 */
export function toSearchParams(state: UserListState): URLSearchParams {
  const search = new URLSearchParams();
  search.set('status_filter', state.status_filter);
  if (state.quick_search_filter) search.set('quick_search_filter', state.quick_search_filter);
  if (state.order_by !== DEFAULT_LIST_STATE.order_by || state.order_dir !== DEFAULT_LIST_STATE.order_dir) {
    search.set('order_by', state.order_by);
    search.set('order_dir', String(state.order_dir));
  }
  if (state.per_page !== DEFAULT_LIST_STATE.per_page) search.set('per_page', String(state.per_page));
  if (state.page !== DEFAULT_LIST_STATE.page) search.set('page', String(state.page));
  return search;
}

/** The filters and order both the table and the CSV download send. */
function filterQuery(state: UserListState): URLSearchParams {
  const query = new URLSearchParams();
  query.set('order_by', state.order_by);
  query.set('order_dir', String(state.order_dir));
  const search = state.quick_search_filter.trim();
  if (search) query.set('quick_search_filter', search);
  query.set('status_filter', state.status_filter);
  return query;
}

/** GET /admin/users query: the whole table event plus the filters. */
export function toApiQuery(state: UserListState): URLSearchParams {
  const query = filterQuery(state);
  query.set('page', String(state.page));
  query.set('per_page', String(state.per_page));
  return query;
}

/** GET /admin/users/download query: the same search, filter and order, no paging (every row). */
export function toDownloadQuery(state: UserListState): URLSearchParams {
  return filterQuery(state);
}

// Transitions. A new search, filter or page size starts again at page 1 (the old page may not exist).

export function withSearch(state: UserListState, quick_search_filter: string): UserListState {
  if (quick_search_filter === state.quick_search_filter) return state;
  return { ...state, quick_search_filter, page: 1 };
}

export function withStatus(state: UserListState, status_filter: UserStatusFilter): UserListState {
  if (status_filter === state.status_filter) return state;
  return { ...state, status_filter, page: 1 };
}

/** Clear: search and status filter back to their defaults; order and page size stay. */
export function cleared(state: UserListState): UserListState {
  return {
    ...state,
    quick_search_filter: DEFAULT_LIST_STATE.quick_search_filter,
    status_filter: DEFAULT_LIST_STATE.status_filter,
    page: 1,
  };
}

export function isCleared(state: UserListState): boolean {
  return state.quick_search_filter === DEFAULT_LIST_STATE.quick_search_filter && state.status_filter === DEFAULT_LIST_STATE.status_filter;
}

/** A click on a column header: the same column flips its direction, another starts ascending. */
export function withSort(state: UserListState, field: string): UserListState {
  if (!USER_LIST_ORDER_FIELDS.includes(field)) return state;
  if (field === state.order_by) return { ...state, order_dir: state.order_dir === 1 ? -1 : 1, page: 1 };
  return { ...state, order_by: field, order_dir: 1, page: 1 };
}

export function withPage(state: UserListState, page: number): UserListState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

export function withPerPage(state: UserListState, per_page: number): UserListState {
  if (!USER_LIST_PAGE_SIZES.includes(per_page)) return state;
  return { ...state, per_page, page: 1 };
}
