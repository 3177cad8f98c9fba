import { describe, expect, it, vi } from 'vitest';
import { statusOf } from '../../shared/forms/fieldErrors';
import { createEsignApi } from '../api';
import { json } from './testing';

function setup(respond: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  const api = createEsignApi({ fetch: fetchMock });
  const calls = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
  return { api, calls };
}

describe('the board’s calls', () => {
  it('lists requests with the board query, reads the user groups, the audit log and the signed document', async () => {
    const { api, calls } = setup(() => json({}));
    await api.listRequests(new URLSearchParams({ include_status_totals: 'true', allowed_statuses: 'S,V' }));
    await api.getRequestUsers();
    await api.getAuditLog(4);
    await api.getSignedDocument(4);
    expect(calls()).toEqual([
      { url: '/api/esign/requests?include_status_totals=true&allowed_statuses=S%2CV', method: 'GET', body: undefined },
      { url: '/api/esign/request-users', method: 'GET', body: undefined },
      { url: '/api/esign/requests/4/audit-log', method: 'GET', body: undefined },
      { url: '/api/esign/requests/4/documents', method: 'GET', body: undefined },
    ]);
  });

  it('cancels with POST and rejects a 409 with the server’s message', async () => {
    const { api, calls } = setup((url) =>
      url.endsWith('/5/cancel') ? json({ message: 'This request can no longer be cancelled' }, 409) : json({ esig_request_id: 4 }),
    );
    await api.cancelRequest(4);
    const refused = await api.cancelRequest(5).catch((error: unknown) => error);
    expect({ status: statusOf(refused), message: (refused as Error).message }).toEqual({
      status: 409,
      message: 'This request can no longer be cancelled',
    });
    expect(calls().map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/esign/requests/4/cancel',
      'POST /api/esign/requests/5/cancel',
    ]);
  });

  it('makes a draft of templates or of a packet', async () => {
    const { api, calls } = setup(() => json({ draft_id: 'd-1' }, 201));
    expect((await api.createDraft({ client_id: 55, template_ids: [7] })).draft_id).toBe('d-1');
    await api.createDraft({ client_id: 55, packet_id: 4 });
    expect(calls()).toEqual([
      { url: '/api/esign/drafts', method: 'POST', body: { client_id: 55, template_ids: [7] } },
      { url: '/api/esign/drafts', method: 'POST', body: { client_id: 55, packet_id: 4 } },
    ]);
  });
});
