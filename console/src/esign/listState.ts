import {
  ESIGN_PACKET_ORDER_BY,
  ESIGN_TEMPLATE_ORDER_BY,
  ESIGN_TEMPLATES_PER_PAGE,
  ESIGN_TEMPLATES_PER_PAGE_OPTIONS,
  type EsignPacketOrderBy,
  type EsignTemplateOrderBy,
} from '@app/contracts';

// State of the templates and packet tables (spec 002 sections 2.4, 7 and 9): status N, page, 25 rows
// (10/25/50/100), sort and the global search on name and type. Pure.

export type EsignView = 'templates' | 'packets';

export interface EsignListState<O extends string> {
  page: number;
  per_page: number;
  order_by: O;
  order_dir: 'asc' | 'desc';
  quick_search_filter: string;
}

export type TemplateListState = EsignListState<EsignTemplateOrderBy>;
export type PacketListState = EsignListState<EsignPacketOrderBy>;

export const DEFAULT_TEMPLATE_LIST_STATE: TemplateListState = {
  page: 1,
  per_page: ESIGN_TEMPLATES_PER_PAGE,
  order_by: 'name',
  order_dir: 'asc',
  quick_search_filter: '',
};

export const DEFAULT_PACKET_LIST_STATE: PacketListState = {
  page: 1,
  per_page: ESIGN_TEMPLATES_PER_PAGE,
  order_by: 'name',
  order_dir: 'asc',
  quick_search_filter: '',
};

/** The page sizes the tables offer. */
export const PAGE_SIZES: readonly number[] = ESIGN_TEMPLATES_PER_PAGE_OPTIONS;

export const withPage = <S extends EsignListState<string>>(state: S, page: number): S => ({
  ...state,
  page: Math.max(1, Math.floor(page) || 1),
});

export const withPerPage = <S extends EsignListState<string>>(state: S, perPage: number): S =>
  PAGE_SIZES.includes(perPage) ? { ...state, per_page: perPage, page: 1 } : state;

/** The search text of both tables: trimmed; a new text starts again at page 1. */
export const withSearch = <S extends EsignListState<string>>(state: S, text: string): S =>
  text.trim() === state.quick_search_filter ? state : { ...state, quick_search_filter: text.trim(), page: 1 };

function sortedBy<S extends EsignListState<string>>(state: S, field: string, allowed: readonly string[]): S {
  if (!allowed.includes(field)) return state;
  const dir = state.order_by === field ? (state.order_dir === 'asc' ? 'desc' : 'asc') : 'asc';
  return { ...state, order_by: field, order_dir: dir, page: 1 };
}

/** A click on a column: that column ascending, or the other way when it is already the sort. */
export const withTemplateSort = (state: TemplateListState, field: string): TemplateListState =>
  sortedBy(state, field, ESIGN_TEMPLATE_ORDER_BY);
export const withPacketSort = (state: PacketListState, field: string): PacketListState => sortedBy(state, field, ESIGN_PACKET_ORDER_BY);

/** GET /esign/templates or /esign/packets of the table's page: status N (the ones not deleted). */
export function toApiQuery(state: EsignListState<string>): URLSearchParams {
  const query = new URLSearchParams({
    status: 'N',
    page: String(state.page),
    per_page: String(state.per_page),
    order_by: state.order_by,
    order_dir: state.order_dir,
  });
  if (state.quick_search_filter) query.set('quick_search_filter', state.quick_search_filter);
  return query;
}

/** After a delete: the page before when the deleted row was the last of its page. */
export function afterRowRemoved<S extends EsignListState<string>>(state: S, rowsOnPage: number): S {
  return rowsOnPage <= 1 && state.page > 1 ? { ...state, page: state.page - 1 } : state;
}
