import { LIST_FORM_ALIAS, TRANSACTION_DEFAULT_PAGE_SIZE, TRANSACTION_PAGE_SIZES, type TransactionFilterKeys } from '@app/contracts';
import { appendFilterParams, hasFilters, parseStoredFilters, sameFilters } from './filters/filterKeys';

// State of the Transactions table (spec 001 sections 2 and 9): page, page size, sort and search.
// The session keeps it (sessionStorage, per signed-in user), so leaving the screen and coming back
// lands on the same page. Pure apart from the storage functions, which take the storage to use.

export type OrderDir = 1 | -1;

export interface TransactionTableState {
  page: number;
  per_page: number;
  order_by: string;
  order_dir: OrderDir;
  quick_search_filter: string;
  /** The filter keys in use (the filter sidebar's or a dashboard link's, spec 001 section 4); none: left out. */
  filters?: TransactionFilterKeys;
}

/** Spec 001 section 9: 10 rows, created_ts ascending. */
export const DEFAULT_TABLE_STATE: TransactionTableState = {
  page: 1,
  per_page: TRANSACTION_DEFAULT_PAGE_SIZE,
  order_by: 'created_ts',
  order_dir: 1,
  quick_search_filter: '',
};

const PAGE_SIZES: readonly number[] = TRANSACTION_PAGE_SIZES;
/** A column's field: the server names them (custom fields included); anything else is not one. */
const FIELD_PATTERN = /^[A-Za-z0-9_.-]{1,100}$/;
/** Longer searches are not a person typing; the server refuses them anyway. */
const MAX_SEARCH_LENGTH = 200;

export const TABLE_STATE_KEY_PREFIX = 'realty.transactions.table';

/** The storage key of a user's table state (one tab may see several users sign in in turn). */
export function tableStateKey(agentId: number | string | null | undefined): string {
  return agentId === null || agentId === undefined ? TABLE_STATE_KEY_PREFIX : `${TABLE_STATE_KEY_PREFIX}.${agentId}`;
}

function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : null;
}

/** A stored (or any) value as a table state; what is missing or malformed takes its default. */
export function parseTableState(raw: unknown): TransactionTableState {
  if (!raw || typeof raw !== 'object') return DEFAULT_TABLE_STATE;
  const value = raw as Record<string, unknown>;
  const perPage = positiveInt(value.per_page);
  const orderBy = typeof value.order_by === 'string' && FIELD_PATTERN.test(value.order_by) ? value.order_by : null;
  const search = typeof value.quick_search_filter === 'string' ? value.quick_search_filter.slice(0, MAX_SEARCH_LENGTH) : '';
  const filters = parseStoredFilters(value.filters);
  return {
    ...(hasFilters(filters) ? { filters } : {}),
    page: positiveInt(value.page) ?? DEFAULT_TABLE_STATE.page,
    per_page: perPage !== null && PAGE_SIZES.includes(perPage) ? perPage : DEFAULT_TABLE_STATE.per_page,
    order_by: orderBy ?? DEFAULT_TABLE_STATE.order_by,
    // A stored sort column without its direction keeps the default direction.
    order_dir: value.order_dir === 1 || value.order_dir === -1 ? value.order_dir : DEFAULT_TABLE_STATE.order_dir,
    quick_search_filter: search,
  };
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The session's storage, or null where there is none (or it refuses access). */
export function sessionStore(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The table state the session kept, or the defaults. */
export function loadTableState(storage: KeyValueStorage | null, key: string): TransactionTableState {
  if (!storage) return DEFAULT_TABLE_STATE;
  try {
    const text = storage.getItem(key);
    return text ? parseTableState(JSON.parse(text)) : DEFAULT_TABLE_STATE;
  } catch {
    return DEFAULT_TABLE_STATE;
  }
}

/** Keeps the table state for the session (a full or private storage just does not keep it). */
export function saveTableState(storage: KeyValueStorage | null, key: string, state: TransactionTableState): void {
  if (!storage) return;
  try {
    storage.setItem(key, JSON.stringify(state));
  } catch {
    // Quota or privacy mode: the screen still works, it just starts afresh next time.
  }
}

/** GET /transactions/records query: the list form of the caller's team and the whole table event. */
export function toApiQuery(state: TransactionTableState): URLSearchParams {
  const query = new URLSearchParams();
  query.set('team_form_id', String(LIST_FORM_ALIAS));
  query.set('page', String(state.page));
  query.set('per_page', String(state.per_page));
  query.set('order_by', state.order_by);
  query.set('order_dir', String(state.order_dir));
  const search = state.quick_search_filter.trim();
  if (search) query.set('quick_search_filter', search);
  return appendFilterParams(query, state.filters);
}

// Transitions. A new search or page size starts again at page 1 (the old page may not exist).

export function withSearch(state: TransactionTableState, text: string): TransactionTableState {
  const quick_search_filter = text.slice(0, MAX_SEARCH_LENGTH);
  if (quick_search_filter === state.quick_search_filter) return state;
  return { ...state, quick_search_filter, page: 1 };
}

/** Clear: the search goes, back to page 1; sort and page size stay. */
export function cleared(state: TransactionTableState): TransactionTableState {
  if (state.quick_search_filter === '' && state.page === 1) return state;
  return { ...state, quick_search_filter: '', page: 1 };
}

/** A click on a column header: the same column flips its direction, another starts ascending. */
export function withSort(state: TransactionTableState, field: string): TransactionTableState {
  if (!FIELD_PATTERN.test(field)) return state;
  if (field === state.order_by) return { ...state, order_dir: state.order_dir === 1 ? -1 : 1, page: 1 };
  return { ...state, order_by: field, order_dir: 1, page: 1 };
}

/** The default sort (after the server refused the kept one, e.g. a custom field since removed). */
export function withDefaultSort(state: TransactionTableState): TransactionTableState {
  return { ...state, order_by: DEFAULT_TABLE_STATE.order_by, order_dir: DEFAULT_TABLE_STATE.order_dir, page: 1 };
}

export function withPage(state: TransactionTableState, page: number): TransactionTableState {
  const next = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return next === state.page ? state : { ...state, page: next };
}

export function withPerPage(state: TransactionTableState, per_page: number): TransactionTableState {
  if (!PAGE_SIZES.includes(per_page) || per_page === state.per_page) return state;
  return { ...state, per_page, page: 1 };
}

/** Other filters in use (applied, a link's, a chip removed): back to page 1. */
export function withFilters(state: TransactionTableState, filters: TransactionFilterKeys | null | undefined): TransactionTableState {
  const next = filters ?? {};
  if (sameFilters(state.filters ?? {}, next)) return state;
  const { filters: _previous, ...rest } = state;
  return hasFilters(next) ? { ...rest, filters: next, page: 1 } : { ...rest, page: 1 };
}
