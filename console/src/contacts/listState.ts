import { CONTACT_DEFAULT_PAGE_SIZE, CONTACT_PAGE_SIZES, CONTACT_SORT_FIELDS, type ContactSortField } from '@app/contracts';

// State of the Contacts table (spec 001 sections 2, 7 and 9): page, page size, sort, search and the
// Agent and Lead Source filters. Pure.

export interface ContactListState {
  page: number;
  per_page: number;
  order_by: ContactSortField;
  order_dir: 1 | -1;
  quick_search_filter: string;
  agent_id: number | null;
  lead_type_id: number | null;
}

export const DEFAULT_CONTACT_LIST_STATE: ContactListState = {
  page: 1,
  per_page: CONTACT_DEFAULT_PAGE_SIZE,
  order_by: 'first_name',
  order_dir: 1,
  quick_search_filter: '',
  agent_id: null,
  lead_type_id: null,
};

export const withPage = (state: ContactListState, page: number): ContactListState => ({ ...state, page: Math.max(1, page) });
export const withPerPage = (state: ContactListState, perPage: number): ContactListState =>
  (CONTACT_PAGE_SIZES as readonly number[]).includes(perPage) ? { ...state, per_page: perPage, page: 1 } : state;
/** A click on a column: that column ascending, or the other way when it is already the sort. */
export const withSort = (state: ContactListState, field: string): ContactListState => {
  if (!(CONTACT_SORT_FIELDS as readonly string[]).includes(field)) return state;
  const orderBy = field as ContactSortField;
  return { ...state, order_by: orderBy, order_dir: state.order_by === orderBy ? (state.order_dir === 1 ? -1 : 1) : 1, page: 1 };
};
export const withSearch = (state: ContactListState, text: string): ContactListState =>
  text.trim() === state.quick_search_filter ? state : { ...state, quick_search_filter: text.trim(), page: 1 };
export const withAgent = (state: ContactListState, agentId: number | null): ContactListState => ({ ...state, agent_id: agentId, page: 1 });
export const withLeadType = (state: ContactListState, leadTypeId: number | null): ContactListState => ({
  ...state,
  lead_type_id: leadTypeId,
  page: 1,
});

/** The filters of the list as query parameters (no paging). */
function filtersOf(state: ContactListState): URLSearchParams {
  const query = new URLSearchParams({ order_by: state.order_by, order_dir: String(state.order_dir) });
  if (state.quick_search_filter) query.set('quick_search_filter', state.quick_search_filter);
  if (state.agent_id !== null) query.set('agent_id', String(state.agent_id));
  if (state.lead_type_id !== null) query.set('lead_type_id', String(state.lead_type_id));
  return query;
}

/** GET /contacts of the table's page. */
export function toApiQuery(state: ContactListState): URLSearchParams {
  const query = new URLSearchParams({ page: String(state.page), per_page: String(state.per_page) });
  for (const [key, value] of filtersOf(state)) query.set(key, value);
  return query;
}

/** Export CSV (spec 001 section 4): every row, per_page equal to the total, with the current filters and format=csv. */
export function toCsvQuery(state: ContactListState, total: number): URLSearchParams {
  const query = new URLSearchParams({ page: '1', per_page: String(Math.max(1, total)) });
  for (const [key, value] of filtersOf(state)) query.set(key, value);
  query.set('format', 'csv');
  return query;
}
