import type {
  Pagination,
  StageOption,
  StatusOption,
  TransactionColumn,
  TransactionRow,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export type { FetchLike } from '../dataProvider/apiClient';

/** GET /transactions/records: the server's columns (its order) and one page of rows. */
export interface TransactionListResponse {
  table: { data: TransactionRow[]; cols: TransactionColumn[] };
  pagination: Pagination;
}

export interface TransactionsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/** `{records}` of an option list (null or missing records read as none). */
function recordsOf<T>(body: { records?: T[] | null } | null): T[] {
  return Array.isArray(body?.records) ? body.records : [];
}

/**
 * The Transactions screen's calls (spec 001 section 7) on the console's authenticated fetch. Errors
 * are react-admin HttpErrors (status, and the server's {message, errors} in body).
 */
export function createTransactionsApi(options: TransactionsApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** `query` from tableState.toApiQuery (team_form_id, page, per_page, order_by, order_dir, search). */
    listTransactions: (query: URLSearchParams) =>
      call<TransactionListResponse>(`/transactions/records?${query.toString()}`),
    /** The team's statuses: the colours of the row's `color_css` class (`status-{id}`). */
    getStatuses: async () => recordsOf(await call<{ records?: StatusOption[] | null }>('/transaction/statuses')),
    /** The team's stages: the colours of the Stage tag (row.stage.id). */
    getStages: async () => recordsOf(await call<{ records?: StageOption[] | null }>('/transaction/stages')),
  };
}

export type TransactionsApi = ReturnType<typeof createTransactionsApi>;
