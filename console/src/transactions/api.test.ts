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
    const body = {
      table: { data: [], cols: [] },
      pagination: { total: 0, page: 1, per_page: 10, pages: 0, has_next: false, has_prev: false },
    };
    const { fetch, sut } = apiWith(jsonResponse(200, body));
    expect(await sut.listTransactions(toApiQuery({ ...DEFAULT_TABLE_STATE, quick_search_filter: 'Main' }))).toEqual(body);
    expect(fetch.mock.calls[0][0]).toBe(
      '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=created_ts&order_dir=1&quick_search_filter=Main',
    );
    expect(fetch.mock.calls[0][1]?.method).toBe('GET');
  });

  it('reads the status and stage options from their records', async () => {
    const status = {
      id: 3,
      label: 'Active',
      color: '#2e7d32',
      font_color: 'light',
      category: 'active',
      color_css: 'status-3',
      dates: [],
      asks_lost_reason: false,
    };
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

  it('reads a transaction with the form asked for, or the page form without one', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { client_id: 47 }));
    await sut.getTransaction(47, 12);
    await sut.getTransaction('47', null);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/transaction/47?team_form_id=12', '/api/transaction/47']);
  });

  it('pages the history', async () => {
    const { fetch, sut } = apiWith(jsonResponse(200, { records: [], pagination: { total: 0 } }));
    await sut.getHistory(47, 2, 10);
    expect(fetch.mock.calls[0][0]).toBe('/api/transaction/47/history?page=2&per_page=10');
  });

  it('sends a change with its preset and the client_id in the body too', async () => {
    const { fetch, sut } = apiWith(jsonResponse(200, { client_id: 47, version: 5, changed: ['stage_id'] }));
    await sut.updateTransaction(47, 'transaction_modal', { client_stage_id: 3 });
    expect(fetch.mock.calls[0][0]).toBe('/api/transaction/47');
    expect(fetch.mock.calls[0][1]?.method).toBe('PATCH');
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({
      client_id: 47,
      preset: 'transaction_modal',
      changes: { client_stage_id: 3 },
    });
  });

  it('reads the roadmap templates without steps (null records as none), and assigns and removes them in bulk', async () => {
    const template = { rtc_id: 5, name: 'Buyer Standard', client_type: 'b' };
    const { fetch, sut } = apiWith(() => jsonResponse(200, { records: [template], assigned: 2, skipped: 0 }));
    expect(await sut.getRoadmapTemplates()).toEqual([template]);
    expect(await apiWith(jsonResponse(200, { records: null })).sut.getRoadmapTemplates()).toEqual([]);
    await sut.assignRoadmaps({ client_ids: [1, 2], rtc_id: [5] });
    await sut.removeRoadmaps({ client_ids: [1], rtc_id: [5, 6] });
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.body ? JSON.parse(String(init.body)) : undefined])).toEqual([
      ['/api/rtc?suppress_steps=true', 'GET', undefined],
      ['/api/transaction/rtc/bulk', 'POST', { client_ids: [1, 2], rtc_id: [5] }],
      ['/api/transaction/rtc/bulk', 'DELETE', { client_ids: [1], rtc_id: [5, 6] }],
    ]);
  });

  it('changes the status, adds a transaction, and reads the choices of a select', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { client_id: 48, choices: [{ value: 1, label: 'Hot' }] }));
    await sut.changeStatus(47, { status_id: 1 });
    expect(await sut.createTransaction({ type: 'b', address_1: '1 Main St' })).toMatchObject({ client_id: 48 });
    expect(await sut.getChoices('tag')).toEqual([{ value: 1, label: 'Hot' }]);
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method])).toEqual([
      ['/api/transaction/47/status', 'PATCH'],
      ['/api/transactions', 'POST'],
      ['/api/transaction/form/select-options?element_name=tag', 'GET'],
    ]);
    expect(JSON.parse(String(fetch.mock.calls[0][1]?.body))).toEqual({ status_id: 1 });
  });
});
