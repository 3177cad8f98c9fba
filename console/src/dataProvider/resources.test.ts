import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { fieldErrorsOf, statusOf } from '../shared/forms/fieldErrors';
import { jsonResponse } from '../test/factories';
import { createDataProvider, type WriteMeta } from './dataProvider';
import { RESOURCES } from './resources';

// The console's own resources (resources.ts) on the wire, as the API docs name paths, ids and lists.

type Respond = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(respond: Respond) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const sut = createDataProvider({ fetch: fetchMock, resources: RESOURCES });
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { sut, calls };
}

/** The HttpError a call rejects with (the test fails if it resolves). */
async function failureOf(call: Promise<unknown>): Promise<HttpError> {
  const outcome = await call.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(outcome).toBeInstanceOf(HttpError);
  return outcome as HttpError;
}

// What react-admin's useGetList sends when a screen names no page or sort.
const LIST = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'DESC' as const } };

const FOLDER = {
  client_document_folder_id: 7,
  folder_name: 'Inspections',
  transaction_type: 'b' as const,
  client_visible: false,
  vendor_visible: true,
  system: false,
};

describe('team administration documents (docs/admin-api.md)', () => {
  it('lists every folder in one page, with the transaction type filter when one is set', async () => {
    const { sut, calls } = setup(() => jsonResponse(200, { records: [FOLDER], pagination: { total: 1 } }));

    const all = await sut.getList('document-folders', { ...LIST, filter: { transaction_type: '' } });
    await sut.getList('document-folders', { ...LIST, filter: { transaction_type: 's' } });

    expect(all.data).toEqual([{ ...FOLDER, id: 7 }]);
    expect(calls().map((call) => call.url)).toEqual([
      '/api/documents/folders?fetch_all=true',
      '/api/documents/folders?fetch_all=true&transaction_type=s',
    ]);
  });

  it('creates, updates and deletes a folder with folder_id in the query; the answer gives its record', async () => {
    const { sut, calls } = setup(() => jsonResponse(200, { status: 'success', message: 'ok', record: FOLDER }));

    const created = await sut.create('document-folders', { data: { folder_name: 'Inspections', transaction_type: 'b' } });
    await sut.update('document-folders', { id: 7, data: { folder_name: 'Inspection reports' }, previousData: { ...FOLDER, id: 7 } });
    await sut.delete('document-folders', { id: 7, previousData: { ...FOLDER, id: 7 } });

    expect(created.data).toEqual({ ...FOLDER, id: 7 });
    expect((created.meta as WriteMeta).answer).toEqual({ status: 'success', message: 'ok', record: FOLDER });
    expect(calls()).toEqual([
      { url: '/api/documents/folders', method: 'POST', body: { folder_name: 'Inspections', transaction_type: 'b' } },
      { url: '/api/documents/folders?folder_id=7', method: 'PATCH', body: { folder_name: 'Inspection reports' } },
      { url: '/api/documents/folders?folder_id=7', method: 'DELETE', body: undefined },
    ]);
  });

  it('names categories and types by their own id params', async () => {
    const { sut, calls } = setup(() => jsonResponse(200, { records: [], status: 'success' }));

    await sut.getList('document-categories', { ...LIST, filter: {} });
    await sut.create('document-categories', { data: { name: 'Disclosures' } });
    await sut.update('document-categories', { id: 3, data: { name: 'Seller disclosures' }, previousData: { id: 3 } });
    await sut.delete('document-categories', { id: 3 });
    await sut.getList('document-types', { ...LIST, filter: {} });
    await sut.getList('document-types', { ...LIST, filter: { team_document_category_id: 3 } });
    await sut.create('document-types', { data: { name: 'Lead paint', team_document_category_id: 3 } });
    await sut.update('document-types', {
      id: 9,
      data: { name: 'Lead paint disclosure', team_document_category_id: null },
      previousData: { id: 9 },
    });
    await sut.delete('document-types', { id: 9 });

    expect(calls().map((call) => `${call.method} ${call.url}`)).toEqual([
      'GET /api/documents/categories?fetch_all=true',
      'POST /api/documents/categories',
      'PATCH /api/documents/categories?team_document_category_id=3',
      'DELETE /api/documents/categories?team_document_category_id=3',
      'GET /api/documents/types/manage?fetch_all=true',
      'GET /api/documents/types/manage?fetch_all=true&team_document_category_id=3',
      'POST /api/documents/types/manage',
      'PATCH /api/documents/types/manage?team_document_type_id=9',
      'DELETE /api/documents/types/manage?team_document_type_id=9',
    ]);
    expect(calls()[7].body).toEqual({ name: 'Lead paint disclosure', team_document_category_id: null });
  });

  it('keeps the record react-admin had when a write answers no record', async () => {
    const { sut } = setup(() => jsonResponse(200, { status: 'success', message: 'Document Category updated successfully' }));

    const updated = await sut.update('document-categories', {
      id: 3,
      data: { name: 'Seller disclosures' },
      previousData: { id: 3, team_document_category_id: 3, name: 'Disclosures' },
    });

    expect(updated.data).toEqual({ id: 3, team_document_category_id: 3, name: 'Seller disclosures' });
  });

  it('fails with HttpErrors whose field errors the forms place (first message per field)', async () => {
    const { sut } = setup(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'Validation failed',
        errors: [
          { field: 'folder_name', error: 'A folder with this name already exists' },
          { field: 'folder_name', error: 'Required' },
        ],
      }),
    );

    const error = await sut.create('document-folders', { data: { folder_name: 'Photos' } }).catch((failure: unknown) => failure);

    expect(error).toBeInstanceOf(HttpError);
    expect(statusOf(error)).toBe(400);
    expect(fieldErrorsOf(error)).toEqual({ folder_name: 'A folder with this name already exists' });
  });

  it("keeps the server's message and status (403 system folder, 404 another team's id)", async () => {
    const answers: Record<string, Response> = {
      PATCH: jsonResponse(403, { status: 'error', message: 'System folders cannot be edited or deleted' }),
      DELETE: jsonResponse(404, { status: 'error', message: 'Not found' }),
    };
    const { sut } = setup((_url, init) => answers[init?.method ?? 'GET']);

    const forbidden = await failureOf(sut.update('document-folders', { id: -1, data: { folder_name: 'x' }, previousData: { id: -1 } }));
    const missing = await failureOf(sut.delete('document-folders', { id: 999 }));

    expect([forbidden.status, forbidden.message]).toEqual([403, 'System folders cannot be edited or deleted']);
    expect([missing.status, missing.message]).toEqual([404, 'Not found']);
  });
});

describe('tooltip back office (docs/tooltips-api.md)', () => {
  const TOOLTIP = { id: 5, key: 'transactions.list', market_id: 3, content: '<p>Hi</p>', position: 'top' as const };

  it('lists every row with no paging, reads one as a market sees it, and patches it', async () => {
    const { sut, calls } = setup((url, init) =>
      url.endsWith('/list')
        ? jsonResponse(200, { records: [TOOLTIP, { ...TOOLTIP, market_id: 0 }] })
        : init?.method === 'PATCH'
          ? jsonResponse(200, { status: 'success', message: 'Tooltip updated', record: { ...TOOLTIP, content: '<p>New</p>' } })
          : jsonResponse(200, TOOLTIP),
    );

    const list = await sut.getList('tooltips', { ...LIST, filter: {} });
    const one = await sut.getOne('tooltips', { id: 5, meta: { query: { market_id: 3 } } });
    await sut.getOne('tooltips', { id: 5, meta: { query: { market_id: 0 } } });
    const saved = await sut.update('tooltips', {
      id: 5,
      data: { market_id: 3, content: '<p>New</p>', position: 'top' },
      previousData: TOOLTIP,
    });

    expect(list.data).toHaveLength(2);
    expect(one.data).toEqual(TOOLTIP);
    expect(saved.data.content).toBe('<p>New</p>');
    expect(((saved.meta as WriteMeta).answer as { message: string }).message).toBe('Tooltip updated');
    expect(calls()).toEqual([
      { url: '/api/tooltips/list', method: 'GET', body: undefined },
      { url: '/api/tooltips/5?market_id=3', method: 'GET', body: undefined },
      { url: '/api/tooltips/5?market_id=0', method: 'GET', body: undefined },
      { url: '/api/tooltips/5', method: 'PATCH', body: { market_id: 3, content: '<p>New</p>', position: 'top' } },
    ]);
  });
});

describe('vendor invites (docs/vendor-enrollment-api.md)', () => {
  it('lists the links with no paging, creates one (the answer is the link) and revokes by invite_id in the body', async () => {
    const link = { invite_token: 't', url: 'http://localhost/enroll/vendor?invite_token=t', expires_at: '2026-12-04T10:00:00.000Z' };
    const { sut, calls } = setup((_url, init) =>
      init?.method === 'POST'
        ? jsonResponse(201, link)
        : init?.method === 'DELETE'
          ? jsonResponse(200, { status: 'success', message: 'Invite revoked' })
          : jsonResponse(200, { records: [{ invite_id: 7, status: 'pending' }] }),
    );

    const list = await sut.getList('vendor-invites', { ...LIST, filter: {} });
    const created = await sut.create('vendor-invites', { data: { name: 'Harbor Mortgage' } });
    const revoked = await sut.delete('vendor-invites', { id: 7, previousData: { id: 7, invite_id: 7 } });

    expect(list.data).toEqual([{ id: 7, invite_id: 7, status: 'pending' }]);
    expect((created.meta as WriteMeta).answer).toEqual(link);
    expect(((revoked.meta as WriteMeta).answer as { message: string }).message).toBe('Invite revoked');
    expect(calls()).toEqual([
      { url: '/api/enroll/vendor/links', method: 'GET', body: undefined },
      { url: '/api/enroll/vendor/link', method: 'POST', body: { name: 'Harbor Mortgage' } },
      { url: '/api/enroll/vendor/link', method: 'DELETE', body: { invite_id: 7 } },
    ]);
  });
});
