import type {
  Pagination,
  RoadmapBulkRequest,
  RoadmapTemplate,
  StageOption,
  StatusOption,
  TransactionColumn,
  TransactionCreateRequest,
  TransactionDetail,
  TransactionHistoryRecord,
  TransactionPreset,
  TransactionRow,
  TransactionStatusRequest,
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

/** GET /transaction/{client_id}/history. */
export interface TransactionHistoryResponse {
  records: TransactionHistoryRecord[];
  pagination: Pagination;
}

/** A choice of GET /transaction/form/select-options (ids for stage, status, tag, tc, agent, lead types). */
export interface FormChoice {
  value: string | number;
  label: string;
}

/** What PATCH /transaction/{client_id} and its /status answer. */
export interface TransactionChangeResult {
  client_id: number;
  version: number;
  changed: string[];
}

const id = (value: number | string) => encodeURIComponent(String(value));

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
    listTransactions: (query: URLSearchParams) => call<TransactionListResponse>(`/transactions/records?${query.toString()}`),
    /** The team's statuses: the colours of the row's `color_css` class (`status-{id}`). */
    getStatuses: async () => recordsOf(await call<{ records?: StatusOption[] | null }>('/transaction/statuses')),
    /** The team's stages: the colours of the Stage tag (row.stage.id). */
    getStages: async () => recordsOf(await call<{ records?: StageOption[] | null }>('/transaction/stages')),

    /** One transaction with the fields of a form (the user's default page form; none: the team's page form). */
    getTransaction: (clientId: number | string, teamFormId?: number | null) =>
      call<TransactionDetail>(`/transaction/${id(clientId)}${teamFormId ? `?team_form_id=${id(teamFormId)}` : ''}`),
    /** Its changes, newest first. */
    getHistory: (clientId: number | string, page: number, perPage: number) =>
      call<TransactionHistoryResponse>(`/transaction/${id(clientId)}/history?page=${page}&per_page=${perPage}`),
    /** Changes by preset: only the preset's keys (the server refuses others with 'Not allowed here'). */
    updateTransaction: (clientId: number, preset: TransactionPreset, changes: Record<string, unknown>) =>
      call<TransactionChangeResult>(`/transaction/${id(clientId)}`, 'PATCH', { client_id: clientId, preset, changes }),
    /** Moves it to a status with the dates that status asks for (none for Pipeline). */
    changeStatus: (clientId: number, request: TransactionStatusRequest) =>
      call<TransactionChangeResult>(`/transaction/${id(clientId)}/status`, 'PATCH', request),
    /** Adds a transaction: answers its client_id. */
    createTransaction: (request: TransactionCreateRequest) => call<{ client_id: number }>('/transactions', 'POST', request),
    /** The team's roadmap templates without steps (records null reads as none). */
    getRoadmapTemplates: async () => recordsOf(await call<{ records?: RoadmapTemplate[] | null }>('/rtc?suppress_steps=true')),
    /** Assigns every template to every transaction: {assigned, skipped}. */
    assignRoadmaps: (request: RoadmapBulkRequest) => call<{ assigned: number; skipped: number }>('/transaction/rtc/bulk', 'POST', request),
    /** Unassigns them (their open tasks go): {removed, skipped}. */
    removeRoadmaps: (request: RoadmapBulkRequest) => call<{ removed: number; skipped: number }>('/transaction/rtc/bulk', 'DELETE', request),
    /** The choices of a select: stage, status, tag, tc, agent, lead_type, original_lead_type, lost_reason or a select custom field. */
    getChoices: async (elementName: string) => {
      const body = await call<{ choices?: FormChoice[] | null }>(`/transaction/form/select-options?element_name=${id(elementName)}`);
      return Array.isArray(body?.choices) ? body.choices : [];
    },
  };
}

export type TransactionsApi = ReturnType<typeof createTransactionsApi>;
