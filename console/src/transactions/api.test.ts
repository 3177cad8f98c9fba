import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { createTransactionsApi } from './api';
import { DEFAULT_TABLE_STATE, toApiQuery } from './tableState';

function apiWith(response: Response | (() => Response)) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => (typeof response === 'function' ? response() : response));
  return { fetch, sut: createTransactionsApi({ fetch }) };
}

describe(createTransactionsApi.name, () => {
  it('asks for the list form of the team with the table state', async () => {
    const body = { table: { data: [], cols: [] }, pagination: { total: 0, page: 1, per_page: 10, pages: 0, has_next: false, has_prev: false } };
    const { fetch, sut } = apiWith(jsonResponse(200, body));
    expect(await sut.listTransactions(toApiQuery({ ...DEFAULT_TABLE_STATE, quick_search_filter: 'Main' }))).toEqual(body);
    expect(fetch.mock.calls[0][0]).toBe(
      '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=created_ts&order_dir=1&quick_search_filter=Main',
    );
    expect(fetch.mock.calls[0][1]?.method).toBe('GET');
  });

  it('reads the status and stage options from their records', async () => {
    const status = { id: 3, label: 'Active', color: '#2e7d32', font_color: 'light', category: 'active', color_css: 'status-3', dates: [], asks_lost_reason: false };
    const { fetch, sut } = apiWith(() => jsonResponse(200, { records: [status] }));
    expect(await sut.getStatuses()).toEqual([status]);
    expect(await sut.getStages()).toEqual([status]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/transaction/statuses', '/api/transaction/stages']);
  });

  it('reads missing or null records as none', async () => {
    expect(await apiWith(jsonResponse(200, { records: null })).sut.getStatuses()).toEqual([]);
    expect(await apiWith(jsonResponse(200, {})).sut.getStages()).toEqual([]);
  });

  it("keeps the server's 400 field errors on the error", async () => {
    const { sut } = apiWith(
      jsonResponse(400, { status: 'error', message: 'Invalid query', errors: [{ field: 'order_by', error: 'Unknown column' }] }),
    );
    await expect(sut.listTransactions(new URLSearchParams('order_by=nope'))).rejects.toMatchObject({
      status: 400,
      message: 'Invalid query',
      body: { errors: { order_by: 'Unknown column' }, field_errors: [{ field: 'order_by', error: 'Unknown column' }] },
    });
  });
});
