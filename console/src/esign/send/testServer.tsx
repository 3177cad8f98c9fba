import type { EsignDraft, EsignSignerOptions } from '@app/contracts';
import { render } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { memoryStorage } from '../../auth/session';
import { createEsignSendApi } from './api';
import EsignSendPage from './EsignSendPage';
import { draftOf } from './testData';

// The send stepper's tests: a fake esign service behind a mocked fetch, and the page on its route.

export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export const SIGNER_OPTIONS: EsignSignerOptions = {
  contacts: [
    { contact_id: 5, name: 'Jo Buyer', email: 'jo@example.com', on_transaction: true },
    { contact_id: 6, name: 'Kim Neighbour', email: 'kim@example.com', on_transaction: false },
  ],
  agents: [{ agent_id: 3, name: 'Al Agent', email: 'al@demo-realty.test' }],
};

export function fakeServer(draft: EsignDraft = draftOf()) {
  const calls: RecordedCall[] = [];
  const server = {
    calls,
    draft,
    /** The answer of POST /esign/requests. */
    send: (body: { preview?: boolean }): [number, unknown] =>
      body.preview
        ? [200, { url: `data:application/pdf;base64,${btoa('%PDF-1.7 preview')}` }]
        : [201, { esig_request_id: 91, status: 'S' }],
    signerOptions: (term: string): [number, unknown] => {
      const match = (name: string) => name.toLowerCase().includes(term.toLowerCase());
      return [
        200,
        { contacts: SIGNER_OPTIONS.contacts.filter((c) => match(c.name)), agents: SIGNER_OPTIONS.agents.filter((a) => match(a.name)) },
      ];
    },
    saves: () => calls.filter((call) => call.method === 'PUT' && /\/esign\/drafts\/[^/]+$/.test(call.url)),
    schemaSaves: () => calls.filter((call) => call.method === 'PUT' && call.url.endsWith('/schema')),
    sends: () => calls.filter((call) => call.method === 'POST' && call.url === '/api/esign/requests'),
  };
  const respond = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const path = url.split('?')[0];
    if (path === `/api/esign/drafts/${server.draft.draft_id}` && method === 'GET') return respond(200, server.draft);
    if (path === `/api/esign/drafts/${server.draft.draft_id}` && method === 'PUT')
      return respond(200, { draft_id: server.draft.draft_id, updated_ts: new Date().toISOString() });
    if (path === `/api/esign/drafts/${server.draft.draft_id}/schema` && method === 'PUT')
      return respond(200, { draft_id: server.draft.draft_id });
    if (path.startsWith('/api/esign/drafts/')) return respond(404, { status: 'error', message: 'Draft not found' });
    if (path === '/api/esign/signer-options')
      return respond(...server.signerOptions(new URL(url, 'http://x').searchParams.get('term') ?? ''));
    if (path === '/api/esign/requests' && method === 'POST') return respond(...server.send(body as { preview?: boolean }));
    if (path === '/api/esign/mappable-fields') return respond(200, []);
    return respond(404, { status: 'error', message: 'Not found' });
  });
  return Object.assign(server, { fetch, api: createEsignSendApi({ fetch }) });
}
export type FakeServer = ReturnType<typeof fakeServer>;

const Where = () => {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
};

export const SEND_ROUTE = '/app/transactions/:id/esign/send/:draftId';

export function openStepper(server: FakeServer, entry = '/app/transactions/42/esign/send/dr-1?step=1') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} basename="/app">
        <Routes>
          <Route path={SEND_ROUTE} element={<EsignSendPage api={server.api} storage={memoryStorage()} />} />
          <Route path="*" element={<p data-testid="elsewhere" />} />
        </Routes>
        <Where />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
