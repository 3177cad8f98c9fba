import type { Pagination, TableColumn } from '@app/contracts';
import {
  type CreateParams,
  type DataProvider,
  type DeleteManyParams,
  type DeleteParams,
  type GetListParams,
  type GetManyParams,
  type GetManyReferenceParams,
  type GetOneParams,
  type RaRecord,
  type UpdateManyParams,
  type UpdateParams,
} from 'react-admin';
import { jsonInit, normalizeApiBase, readBody, send, type FetchLike } from './apiClient';
import { resolveResourceConfig, type ResolvedResourceConfig, type ResourceConfig } from './resourceConfig';

export type { FetchLike } from './apiClient';

export interface DataProviderOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  /** Prefix of every API path. Default '/api'. */
  apiBase?: string;
  resources?: Readonly<Record<string, ResourceConfig>>;
}

/** `meta` of a getList result: the server's columns (table responses) and its pagination. */
export interface ListMeta {
  cols?: TableColumn[];
  pagination?: Pagination;
}

/** `meta` of a create, update or delete result: the server's whole answer (its message, a link, ...). */
export interface WriteMeta {
  answer: unknown;
}

/** `meta` a caller may pass to getOne, update and delete: more query parameters (?market_id=). */
export interface QueryMeta {
  query?: Record<string, string | number | boolean | null | undefined>;
}

type Row = Record<string, unknown>;
type QueryValue = string | number | boolean | null | undefined | readonly unknown[] | object;

/** Adds a value to the query the way the API reads it: arrays repeat the key, objects are JSON. */
function appendParam(query: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null || value === '') return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(query, key, item as QueryValue);
    return;
  }
  if (value instanceof Date) {
    query.append(key, value.toISOString());
    return;
  }
  query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

/** react-admin list params -> the spec's page, per_page, order_by, order_dir (1 | -1) and filters. */
export function buildListQuery(
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  config: Pick<ResolvedResourceConfig, 'idField'> & Partial<Pick<ResolvedResourceConfig, 'listParams'>>,
): URLSearchParams {
  const query = new URLSearchParams();
  const listParams = config.listParams ?? 'pages';
  // Every row in the server's own order: react-admin's default page and sort do not go on the wire.
  if (listParams === 'all') query.set('fetch_all', 'true');
  if (listParams === 'pages' && params.pagination) {
    query.set('page', String(params.pagination.page));
    query.set('per_page', String(params.pagination.perPage));
  }
  if (listParams === 'pages' && params.sort?.field) {
    // react-admin sorts by `id` by default; the server knows that column by its own name.
    query.set('order_by', params.sort.field === 'id' ? config.idField : params.sort.field);
    query.set('order_dir', params.sort.order === 'DESC' ? '-1' : '1');
  }
  for (const [key, value] of Object.entries(params.filter ?? {})) {
    if (['page', 'per_page', 'order_by', 'order_dir', 'fetch_all'].includes(key)) continue;
    appendParam(query, key, value as QueryValue);
  }
  return query;
}

function withId(row: unknown, idField: string): RaRecord {
  const record = (row && typeof row === 'object' ? row : {}) as Row;
  return { ...record, id: record[idField] as RaRecord['id'] };
}

/** Rows and total of a list body: {table:{data, cols}, pagination}, {records, pagination} or a bare array. */
export function parseListBody(body: unknown): { rows: unknown[]; total: number; meta: ListMeta } {
  if (Array.isArray(body)) return { rows: body, total: body.length, meta: {} };
  const envelope = (body && typeof body === 'object' ? body : {}) as {
    table?: { data?: unknown[] | null; cols?: TableColumn[] } | null;
    records?: unknown[] | null;
    pagination?: Pagination | null;
  };
  const rows = envelope.table ? (envelope.table.data ?? []) : (envelope.records ?? []);
  const meta: ListMeta = {};
  if (envelope.table?.cols) meta.cols = envelope.table.cols;
  if (envelope.pagination) meta.pagination = envelope.pagination;
  const total = typeof envelope.pagination?.total === 'number' ? envelope.pagination.total : rows.length;
  return { rows, total, meta };
}

/** Maps react-admin's data calls onto the platform's REST API; no business rules here. */
export function createDataProvider(options: DataProviderOptions): DataProvider {
  const apiBase = normalizeApiBase(options.apiBase);
  const registry = options.resources ?? {};
  const configOf = (resource: string) => resolveResourceConfig(resource, registry);

  const request = async (url: string, init: RequestInit = {}): Promise<unknown> => readBody(await send(options.fetch, url, init));

  function listUrl(config: ResolvedResourceConfig, query?: URLSearchParams): string {
    const search = query?.toString();
    return `${apiBase}/${config.path}${search ? `?${search}` : ''}`;
  }

  /** The id travels in a JSON body: PATCH/PUT of an idIn 'body' resource, DELETE of a deleteIdInBody one. */
  function idInBody(config: ResolvedResourceConfig, method: string): boolean {
    if (config.singleton || config.idIn !== 'body') return false;
    return method === 'DELETE' ? config.deleteIdInBody : method !== 'GET';
  }

  /**
   * URL of one record; the id goes into the path or the query as the resource says, then the
   * caller's `meta.query` (GET /tooltips/{id}?market_id=).
   */
  function itemUrl(config: ResolvedResourceConfig, id: RaRecord['id'] | undefined, method: string, meta?: QueryMeta): string {
    let url = `${apiBase}/${config.itemPath}`;
    const query = new URLSearchParams();
    if (!config.singleton && id !== undefined) {
      if (config.idIn === 'path') url = `${url}/${encodeURIComponent(String(id))}`;
      // GET and DELETE have no body: an id "in the body" travels in the query for them.
      else if (!idInBody(config, method)) query.set(config.idParam, String(id));
    }
    for (const [key, value] of Object.entries(meta?.query ?? {})) appendParam(query, key, value);
    const search = query.toString();
    return search ? `${url}?${search}` : url;
  }

  /** Payload for the server: react-admin's synthetic `id` is dropped when the server names it otherwise. */
  function payloadOf(config: ResolvedResourceConfig, data: Row, id: RaRecord['id'] | undefined, method = 'PATCH'): Row {
    const payload: Row = { ...data };
    if (config.idField !== 'id') delete payload.id;
    if (id !== undefined && idInBody(config, method)) payload[config.idParam] = id;
    return payload;
  }

  /**
   * A record as react-admin wants it. A write's answer {status, message, record} (docs/admin-api.md)
   * gives its `record`. The answer is taken as the record only when it carries the id field (an
   * acknowledgement like {status:'ok'} must not overwrite the record's own fields); otherwise the data
   * react-admin sent stands in. Singletons keep the id they were asked for.
   */
  function toRecord(config: ResolvedResourceConfig, row: unknown, fallback: Row, requestedId?: RaRecord['id'], isRecord = false): RaRecord {
    const answer = row && typeof row === 'object' && !Array.isArray(row) ? (row as Row) : null;
    const wrapped = !isRecord && answer?.record && typeof answer.record === 'object' && !Array.isArray(answer.record);
    const body = wrapped ? (answer!.record as Row) : answer;
    const merged = body && (isRecord || config.idField in body) ? { ...fallback, ...body } : { ...fallback };
    if (config.singleton && requestedId !== undefined) return { ...merged, id: requestedId };
    const record = withId(merged, config.idField);
    if (record.id === undefined && requestedId !== undefined) record.id = requestedId;
    return record;
  }

  async function getOne(resource: string, params: GetOneParams) {
    const config = configOf(resource);
    const body = await request(itemUrl(config, params.id, 'GET', params.meta as QueryMeta | undefined), {
      method: 'GET',
      signal: params.signal,
    });
    return { data: toRecord(config, body, {}, params.id, true) };
  }

  async function getList(resource: string, params: GetListParams) {
    const config = configOf(resource);
    const body = await request(listUrl(config, buildListQuery(params, config)), {
      method: 'GET',
      signal: params.signal,
    });
    const { rows, total, meta } = parseListBody(body);
    return { data: rows.map((row) => withId(row, config.idField)), total, meta };
  }

  // react-admin's methods are generic in the record type; records here are plain JSON rows.
  const provider: DataProvider = {
    getList: getList as DataProvider['getList'],

    getOne: getOne as DataProvider['getOne'],

    async getMany(resource: string, params: GetManyParams) {
      const results = await Promise.all(params.ids.map((id) => getOne(resource, { id, signal: params.signal })));
      return { data: results.map((result) => result.data) as never[] };
    },

    async getManyReference(resource: string, params: GetManyReferenceParams) {
      return (await getList(resource, {
        pagination: params.pagination,
        sort: params.sort,
        filter: { ...params.filter, [params.target]: params.id },
        signal: params.signal,
      })) as never;
    },

    async create(resource: string, params: CreateParams) {
      const config = configOf(resource);
      const data = (params.data ?? {}) as Row;
      const url = `${apiBase}/${config.itemPath}`;
      const body = await request(url, jsonInit('POST', payloadOf(config, data, undefined, 'POST')));
      return { data: toRecord(config, body, data) as never, meta: { answer: body } satisfies WriteMeta };
    },

    async update(resource: string, params: UpdateParams) {
      const config = configOf(resource);
      const method = config.updateMethod;
      const data = (params.data ?? {}) as Row;
      const url = itemUrl(config, params.id, method, params.meta as QueryMeta | undefined);
      const body = await request(url, jsonInit(method, payloadOf(config, data, params.id, method)));
      const fallback = { ...((params.previousData ?? {}) as Row), ...data };
      return { data: toRecord(config, body, fallback, params.id) as never, meta: { answer: body } satisfies WriteMeta };
    },

    async updateMany(resource: string, params: UpdateManyParams) {
      const results = await Promise.all(
        params.ids.map((id) => provider.update(resource, { id, data: params.data, previousData: undefined })),
      );
      return { data: results.map((result) => result.data.id) };
    },

    async delete(resource: string, params: DeleteParams) {
      const config = configOf(resource);
      const url = itemUrl(config, params.id, 'DELETE', params.meta as QueryMeta | undefined);
      const inBody = idInBody(config, 'DELETE') ? payloadOf(config, {}, params.id, 'DELETE') : undefined;
      const body = await request(url, jsonInit('DELETE', inBody));
      const fallback = (params.previousData ?? {}) as Row;
      return { data: toRecord(config, body, fallback, params.id) as never, meta: { answer: body } satisfies WriteMeta };
    },

    async deleteMany(resource: string, params: DeleteManyParams) {
      await Promise.all(params.ids.map((id) => provider.delete(resource, { id })));
      return { data: params.ids };
    },
  };
  return provider;
}
