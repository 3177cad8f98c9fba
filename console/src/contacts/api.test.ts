import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { createContactsApi } from './api';
import { DEFAULT_CONTACT_LIST_STATE, toApiQuery, toCsvQuery } from './listState';

function apiWith(response: Response | (() => Response)) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => (typeof response === 'function' ? response() : response));
  return { fetch, sut: createContactsApi({ fetch }) };
}

describe(createContactsApi.name, () => {
  it('asks for a page of contacts with the list state', async () => {
    const body = { records: [], pagination: { total: 0, page: 1, per_page: 20, pages: 0, has_next: false, has_prev: false } };
    const { fetch, sut } = apiWith(jsonResponse(200, body));
    expect(await sut.listContacts(toApiQuery(DEFAULT_CONTACT_LIST_STATE))).toEqual(body);
    expect(fetch.mock.calls[0][0]).toBe('/api/contacts?page=1&per_page=20&order_by=first_name&order_dir=1');
  });

  it('downloads the CSV as a blob named by the server', async () => {
    const { fetch, sut } = apiWith(
      new Response('First Name\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="contacts.csv"' },
      }),
    );
    const { blob, fileName } = await sut.exportContacts(toCsvQuery(DEFAULT_CONTACT_LIST_STATE, 42));
    expect(fetch.mock.calls[0][0]).toBe('/api/contacts?page=1&per_page=42&order_by=first_name&order_dir=1&format=csv');
    expect(await blob.text()).toBe('First Name\r\n');
    expect(fileName).toBe('contacts.csv');
  });

  it('loads the filter options by team id, missing lists as none', async () => {
    const { fetch, sut } = apiWith(jsonResponse(200, { agents: [{ id: 1, label: 'Ada' }] }));
    expect(await sut.getFilterOptions(7)).toEqual({ agents: [{ id: 1, label: 'Ada' }], lead_sources: [] });
    expect(fetch.mock.calls[0][0]).toBe('/api/contacts/filter-options?team_id=7');
  });

  it('fetches merge conflicts by ids and merges with contact_ids and resolutions', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { contact_id: 1 }));
    await sut.getMergeConflicts([1, 2]);
    await sut.mergeContacts({ contact_ids: [1, 2], resolutions: [{ field: 'first_name', contact_id: 2 }] });
    expect(fetch.mock.calls[0][0]).toBe('/api/contacts/merge/conflicts?contact_ids=1,2');
    expect(fetch.mock.calls[1][0]).toBe('/api/contacts/merge');
    expect(JSON.parse(String(fetch.mock.calls[1][1]?.body))).toEqual({
      contact_ids: [1, 2],
      resolutions: [{ field: 'first_name', contact_id: 2 }],
    });
  });

  it('keeps the merge message of a 400 on the error', async () => {
    const { sut } = apiWith(
      jsonResponse(400, {
        status: 'error',
        message: 'Please make a selection for all fields',
        errors: [{ field: 'resolutions', error: 'Please make a selection for all fields' }],
      }),
    );
    await expect(sut.mergeContacts({ contact_ids: [1, 2], resolutions: [] })).rejects.toMatchObject({
      status: 400,
      message: 'Please make a selection for all fields',
    });
  });
});
