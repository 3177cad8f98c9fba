import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/factories';
import { createFiltersApi } from './api';
import { buildForm, buildSavedFilter } from './testing';

function apiWith(response: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response());
  return { fetch, sut: createFiltersApi({ fetch }) };
}

describe(createFiltersApi.name, () => {
  it('lists the saved filters of a component (null records read as none)', async () => {
    const filter = buildSavedFilter();
    const { fetch, sut } = apiWith(() => jsonResponse(200, { records: [filter] }));
    expect(await sut.listFilters('stages-board')).toEqual([filter]);
    expect(fetch.mock.calls[0][0]).toBe('/api/transaction/filters?component=stages-board');
    expect(await apiWith(() => jsonResponse(200, { records: null })).sut.listFilters('transactions')).toEqual([]);
  });

  it('creates, updates and removes with the contract bodies', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { filter_id: 5 }));
    expect(
      await sut.createFilter({ name: 'Sellers', filters: { type_filter: 's' }, component: 'transactions', owner_type: 'team' }),
    ).toEqual({ filter_id: 5 });
    await sut.updateFilter({
      filter_id: 5,
      filter_name: 'Sellers',
      filters: { type_filter: 's' },
      component: 'transactions',
      updateSelected: true,
    });
    await sut.removeFilter(5, 'transactions');
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      [
        '/api/transaction/filters',
        'POST',
        JSON.stringify({ name: 'Sellers', filters: { type_filter: 's' }, component: 'transactions', owner_type: 'team' }),
      ],
      [
        '/api/transaction/filters',
        'PATCH',
        JSON.stringify({
          filter_id: 5,
          filter_name: 'Sellers',
          filters: { type_filter: 's' },
          component: 'transactions',
          updateSelected: true,
        }),
      ],
      ['/api/transaction/filters?filter_id=5&component=transactions', 'DELETE', undefined],
    ]);
  });

  it('reads the form of a component', async () => {
    const form = buildForm();
    const { fetch, sut } = apiWith(() => jsonResponse(200, form));
    expect(await sut.getForm('dashboard')).toEqual(form);
    expect(fetch.mock.calls[0][0]).toBe('/api/transaction/filter/form?component=dashboard');
  });

  it("keeps the server's field errors on a refused save", async () => {
    const { sut } = apiWith(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'name', error: 'A filter with this name already exists' }],
      }),
    );
    await expect(sut.createFilter({ name: 'x', filters: {}, component: 'transactions' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { name: 'A filter with this name already exists' } },
    });
  });
});
