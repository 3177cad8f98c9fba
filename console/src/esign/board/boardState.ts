import {
  ESIGN_BOARD_FILTER_STATUSES,
  ESIGN_BOARD_ORDER_BY,
  ESIGN_BOARD_PER_PAGE,
  ESIGN_BOARD_PER_PAGE_OPTIONS,
  isDatePreset,
  parseUsDate,
  type DatePreset,
  type EsignBoardOrderBy,
  type EsignRequestStatus,
  type EsignStatusTotals,
} from '@app/contracts';

// State of the request board (spec 002 sections 2.5, 7 and 9): its filters, sort and page, kept in the
// page's URL query so that a reload keeps them, and the GET /esign/requests query they make. Pure.

export type EsignBoardDateType = 'created' | 'completed';

export interface EsignBoardFilters {
  /** Status codes of the status filter (S, V, P, C, F), in that order. */
  statuses: EsignRequestStatus[];
  /** created_by_agent_ids, ascending. */
  users: number[];
  dateType: EsignBoardDateType;
  /** The range's preset (DateRangePresetInput's), or null. */
  preset: DatePreset | null;
  /** 'MM-DD-YYYY' (the date-range input's format), or null. */
  start: string | null;
  end: string | null;
}

export interface EsignBoardState extends EsignBoardFilters {
  page: number;
  per_page: number;
  order_by: EsignBoardOrderBy;
  order_dir: 'asc' | 'desc';
  search: string;
}

export const NO_BOARD_FILTERS: EsignBoardFilters = { statuses: [], users: [], dateType: 'created', preset: null, start: null, end: null };

/** 50 rows of every status by created_ts descending (spec section 9). */
export const DEFAULT_BOARD_STATE: EsignBoardState = {
  ...NO_BOARD_FILTERS,
  page: 1,
  per_page: ESIGN_BOARD_PER_PAGE,
  order_by: 'created_ts',
  order_dir: 'desc',
  search: '',
};

export const BOARD_PAGE_SIZES: readonly number[] = ESIGN_BOARD_PER_PAGE_OPTIONS;

/** The URL query's keys. */
const P = {
  page: 'page',
  perPage: 'per_page',
  orderBy: 'order_by',
  orderDir: 'order_dir',
  search: 'search',
  status: 'status',
  user: 'user',
  dateType: 'date_type',
  preset: 'preset',
  start: 'from',
  end: 'to',
} as const;

/** The tiles of status_totals in their order, with the status a click filters on (Total: none). */
export const STATUS_TILES: ReadonlyArray<{ key: keyof EsignStatusTotals; status: EsignRequestStatus | null }> = [
  { key: 'Sent', status: 'S' },
  { key: 'Viewed', status: 'V' },
  { key: 'PartiallySigned', status: 'P' },
  { key: 'Completed', status: 'C' },
  { key: 'Failed', status: 'F' },
  { key: 'Total', status: null },
];

const listOf = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Status codes the filter offers, once each, in the filter's order. */
export const cleanStatuses = (statuses: readonly string[]): EsignRequestStatus[] =>
  ESIGN_BOARD_FILTER_STATUSES.filter((status) => statuses.includes(status));

/** Positive whole ids, once each, ascending. */
export const cleanUsers = (users: readonly (string | number)[]): number[] =>
  [...new Set(users.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0))].sort((a, b) => a - b);

/** A 'MM-DD-YYYY' or 'MM/DD/YYYY' day as 'MM-DD-YYYY', or null when it is not a day. */
export function cleanDate(value: string | null | undefined): string | null {
  const iso = parseUsDate(value ?? null);
  if (!iso) return null;
  const [year, month, day] = iso.split('-');
  return `${month}-${day}-${year}`;
}

/** 'MM-DD-YYYY' as the board call's MM/dd/yyyy. */
const apiDate = (value: string): string => value.replace(/-/g, '/');

/** The board of a URL query: anything unknown or malformed falls back to the default. */
export function boardStateFromParams(params: URLSearchParams): EsignBoardState {
  const state: EsignBoardState = { ...DEFAULT_BOARD_STATE };
  const page = Number(params.get(P.page));
  if (Number.isSafeInteger(page) && page > 1) state.page = page;
  const perPage = Number(params.get(P.perPage));
  if (BOARD_PAGE_SIZES.includes(perPage)) state.per_page = perPage;
  const orderBy = params.get(P.orderBy);
  if (orderBy && (ESIGN_BOARD_ORDER_BY as readonly string[]).includes(orderBy)) state.order_by = orderBy as EsignBoardOrderBy;
  const orderDir = params.get(P.orderDir);
  if (orderDir === 'asc' || orderDir === 'desc') state.order_dir = orderDir;
  state.search = (params.get(P.search) ?? '').trim();
  state.statuses = cleanStatuses(listOf(params.get(P.status)));
  state.users = cleanUsers(listOf(params.get(P.user)));
  state.dateType = params.get(P.dateType) === 'completed' ? 'completed' : 'created';
  const preset = params.get(P.preset);
  state.preset = isDatePreset(preset) ? preset : null;
  state.start = cleanDate(params.get(P.start));
  state.end = cleanDate(params.get(P.end));
  return state;
}

/**
 * The URL query of a board: only what differs from the default, so the plain board is /app/esign-requests.
 * `keep` holds other keys of the page's query (left as they are).
 */
export function boardStateToParams(state: EsignBoardState, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(keep);
  for (const key of Object.values(P)) params.delete(key);
  const set = (key: string, value: string | null, fallback: string | null = null) => {
    if (value !== null && value !== '' && value !== fallback) params.set(key, value);
  };
  set(P.page, String(state.page), '1');
  set(P.perPage, String(state.per_page), String(DEFAULT_BOARD_STATE.per_page));
  set(P.orderBy, state.order_by, DEFAULT_BOARD_STATE.order_by);
  set(P.orderDir, state.order_dir, DEFAULT_BOARD_STATE.order_dir);
  set(P.search, state.search);
  set(P.status, state.statuses.join(','));
  set(P.user, state.users.join(','));
  set(P.dateType, state.dateType, 'created');
  set(P.preset, state.preset);
  set(P.start, state.start);
  set(P.end, state.end);
  return params;
}

/** The browser's IANA zone, whose days the date filters mean. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * GET /esign/requests of a board (spec section 7): the totals, page, sort, quick search, statuses, creators
 * and the date range of the chosen date type as MM/dd/yyyy; client_id on a transaction's e-sign tab.
 */
export function toBoardQuery(state: EsignBoardState, options: { clientId?: number | null; timeZone?: string } = {}): URLSearchParams {
  const query = new URLSearchParams({
    include_status_totals: 'true',
    page: String(state.page),
    per_page: String(state.per_page),
    order_by: state.order_by,
    order_dir: state.order_dir,
  });
  if (state.search) query.set('quick_search_filter', state.search);
  if (state.statuses.length > 0) query.set('allowed_statuses', state.statuses.join(','));
  if (state.users.length > 0) query.set('created_by_agent_ids', state.users.join(','));
  const prefix = state.dateType === 'completed' ? 'completed' : 'created';
  if (state.start) query.set(`${prefix}_start_dt`, apiDate(state.start));
  if (state.end) query.set(`${prefix}_end_dt`, apiDate(state.end));
  if (state.start || state.end) query.set('time_zone', options.timeZone ?? browserTimeZone());
  if (options.clientId !== undefined && options.clientId !== null) query.set('client_id', String(options.clientId));
  return query;
}

export const filtersOf = (state: EsignBoardState): EsignBoardFilters => ({
  statuses: state.statuses,
  users: state.users,
  dateType: state.dateType,
  preset: state.preset,
  start: state.start,
  end: state.end,
});

/** One string per set of filters (the form follows the URL when this changes elsewhere). */
export const filtersKey = (filters: EsignBoardFilters): string =>
  JSON.stringify([
    cleanStatuses(filters.statuses),
    cleanUsers(filters.users),
    filters.dateType,
    filters.preset,
    filters.start,
    filters.end,
  ]);

/** New filters start again at page 1. */
export const withFilters = (state: EsignBoardState, filters: EsignBoardFilters): EsignBoardState => ({
  ...state,
  statuses: cleanStatuses(filters.statuses),
  users: cleanUsers(filters.users),
  dateType: filters.dateType,
  preset: filters.preset,
  start: filters.start,
  end: filters.end,
  page: 1,
});

/** A tile's click: only that status, or (Total) every status. */
export const withTile = (state: EsignBoardState, status: EsignRequestStatus | null): EsignBoardState =>
  withFilters(state, { ...filtersOf(state), statuses: status ? [status] : [] });

/** Clear: no filter and no search; the sort and the page size stay. */
export const cleared = (state: EsignBoardState): EsignBoardState => ({ ...state, ...NO_BOARD_FILTERS, search: '', page: 1 });

export const withPage = (state: EsignBoardState, page: number): EsignBoardState => ({ ...state, page: Math.max(1, Math.floor(page) || 1) });

export const withPerPage = (state: EsignBoardState, perPage: number): EsignBoardState =>
  BOARD_PAGE_SIZES.includes(perPage) ? { ...state, per_page: perPage, page: 1 } : state;

export const withSearch = (state: EsignBoardState, text: string): EsignBoardState =>
  text.trim() === state.search ? state : { ...state, search: text.trim(), page: 1 };

/** Dates sort newest first on a first click, words A to Z; a click on the sorted column turns it round. */
export function withSort(state: EsignBoardState, field: string): EsignBoardState {
  if (!(ESIGN_BOARD_ORDER_BY as readonly string[]).includes(field)) return state;
  const orderBy = field as EsignBoardOrderBy;
  const dir = state.order_by === orderBy ? (state.order_dir === 'asc' ? 'desc' : 'asc') : orderBy.endsWith('_ts') ? 'desc' : 'asc';
  return { ...state, order_by: orderBy, order_dir: dir, page: 1 };
}

/** The status a tile stands for is the filter now (a Total tile: no status filter). */
export function tileActive(state: EsignBoardState, status: EsignRequestStatus | null): boolean {
  return status === null ? state.statuses.length === 0 : state.statuses.length === 1 && state.statuses[0] === status;
}
