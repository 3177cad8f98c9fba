// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardAnswer, boardLoaded, buildRow, createFetch, json, locationText, renderConsole, USER_GROUPS } from './testing';

const net = vi.hoisted(() => ({
  impl: (_url: string, _init?: RequestInit): Promise<Response> => Promise.reject(new Error('no fetch yet')),
}));
vi.mock('../../auth', () => ({
  authClient: { fetch: (url: string, init?: RequestInit) => net.impl(url, init), getSession: () => null },
  authProvider: {},
}));

import TransactionEsignPage from './TransactionEsignPage';

const server = createFetch();
net.impl = server.fetch;

const TRANSACTION = {
  id: 55,
  client_id: 55,
  side: 'b',
  type: 'Buyer',
  address: '55 Elm St, Austin, TX 78702',
  contact_name: 'Bea Buyer',
  version: 1,
};

const template = (id: number, name: string, typeId: 'b' | 's' | null) => ({
  esig_template_id: id,
  name,
  type_id: typeId,
  storage_paths: { default_document_type: null, default_storage_path: -1 },
  status: 'N',
  external_id: `own-${id}`,
  updated_ts: '2026-11-20T15:30:00.000Z',
  created_ts: '2026-11-01T10:00:00.000Z',
  document_type_name: null,
  folder_name: 'General',
});
const packet = (id: number, name: string, typeId: 'b' | 's' | null) => ({
  esig_packet_blueprint_id: id,
  name,
  type_id: typeId,
  status: 'N',
  templates: [
    { esig_template_id: 7, name: 'Buyer Representation' },
    { esig_template_id: 9, name: 'Lead Paint Disclosure' },
  ],
  updated_ts: '2026-11-20T15:30:00.000Z',
});
const page = <T,>(records: T[]) => ({
  records,
  pagination: { total: records.length, page: 1, per_page: 100, pages: 1, has_next: false, has_prev: false },
});

const routes = (
  <Routes>
    <Route path="/app/transactions/:id/esign" element={<TransactionEsignPage />} />
    <Route path="/app/transactions/:id/esign/send/:draftId" element={<div data-testid="stepper" />} />
  </Routes>
);

beforeEach(() => {
  server.reset();
  server.on(
    (call) => (call.path === '/api/transaction/55' ? json(TRANSACTION) : undefined),
    (call) =>
      call.path === '/api/esign/requests'
        ? json(boardAnswer([buildRow(1, { transaction: { ...buildRow(1).transaction, client_id: 55 } })]))
        : undefined,
    (call) => (call.path === '/api/esign/request-users' ? json(USER_GROUPS) : undefined),
    (call) =>
      call.path === '/api/esign/templates'
        ? json(
            page([
              template(7, 'Buyer Representation', 'b'),
              template(8, 'Listing Agreement', 's'),
              template(9, 'Lead Paint Disclosure', null),
            ]),
          )
        : undefined,
    (call) =>
      call.path === '/api/esign/packets'
        ? json(page([packet(4, 'Buyer packet', 'b'), packet(5, 'Seller packet', 's'), packet(6, 'Any packet', null)]))
        : undefined,
  );
});
afterEach(cleanup);

const JOURNEY = { timeout: 45_000 };

describe('A transaction’s e-sign tab', JOURNEY, () => {
  it('shows the board of that transaction’s requests (client_id in the query)', async () => {
    renderConsole('/app/transactions/55/esign', routes);
    await boardLoaded();
    expect(screen.getByTestId('transaction-esign-page')).toBeTruthy();
    expect(server.callsTo('GET', '/api/esign/requests')[0].query).toEqual({
      include_status_totals: 'true',
      page: '1',
      per_page: '50',
      order_by: 'created_ts',
      order_dir: 'desc',
      client_id: '55',
    });
    expect(screen.getByTestId('esign-request-row-1')).toBeTruthy();
    expect(await screen.findByText('E-sign: 55 Elm St, Austin, TX 78702')).toBeTruthy();
    expect(screen.getByTestId('transaction-esign-back').getAttribute('href')).toBe('/app/transactions/55');
  });

  it('offers the templates and packets of the transaction’s type, searches them, and opens the stepper on the draft of a template', async () => {
    server.on((call) =>
      call.method === 'POST' && call.path === '/api/esign/drafts' ? json({ draft_id: 'd-1', client_id: 55 }, 201) : undefined,
    );
    const user = renderConsole('/app/transactions/55/esign', routes);
    await boardLoaded();
    await waitFor(() => expect((screen.getByTestId('esign-new-request') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('esign-new-request'));
    const picker = await screen.findByTestId('esign-picker');
    // A buyer transaction: buyer templates and those for all types, not the seller's.
    await waitFor(() => expect(within(picker).getByTestId('esign-picker-item-template-7')).toBeTruthy());
    expect(within(picker).getByTestId('esign-picker-item-template-9')).toBeTruthy();
    expect(within(picker).queryByTestId('esign-picker-item-template-8')).toBeNull();
    expect(server.callsTo('GET', '/api/esign/templates')[0].query).toEqual({
      status: 'N',
      page: '1',
      per_page: '100',
      order_by: 'name',
      order_dir: 'asc',
    });

    await user.click(within(picker).getByTestId('esign-picker-packets'));
    expect(within(picker).getByTestId('esign-picker-item-packet-4')).toBeTruthy();
    expect(within(picker).getByTestId('esign-picker-item-packet-6')).toBeTruthy();
    expect(within(picker).queryByTestId('esign-picker-item-packet-5')).toBeNull();
    expect(within(picker).getByTestId('esign-picker-item-packet-4').textContent).toContain(
      '2 templates: Buyer Representation, Lead Paint Disclosure',
    );

    await user.click(within(picker).getByTestId('esign-picker-templates'));
    await user.type(within(picker).getByTestId('esign-picker-search'), 'paint{Enter}');
    await waitFor(() => expect(server.callsTo('GET', '/api/esign/templates').at(-1)?.query.quick_search_filter).toBe('paint'));
    expect(server.callsTo('GET', '/api/esign/packets').at(-1)?.query.quick_search_filter).toBe('paint');

    await user.click(await within(picker).findByTestId('esign-picker-item-template-9'));
    await screen.findByTestId('stepper');
    expect(server.callsTo('POST', '/api/esign/drafts').map((call) => call.body)).toEqual([{ client_id: 55, template_ids: [9] }]);
    expect(locationText()).toBe('/app/transactions/55/esign/send/d-1?step=1');
  });

  it('makes a packet’s draft with packet_id', async () => {
    server.on((call) =>
      call.method === 'POST' && call.path === '/api/esign/drafts' ? json({ draft_id: 'd-2', client_id: 55 }, 201) : undefined,
    );
    const user = renderConsole('/app/transactions/55/esign', routes);
    await waitFor(() => expect((screen.getByTestId('esign-new-request') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('esign-new-request'));
    const picker = await screen.findByTestId('esign-picker');
    await user.click(within(picker).getByTestId('esign-picker-packets'));
    await user.click(await within(picker).findByTestId('esign-picker-item-packet-6'));
    await screen.findByTestId('stepper');
    expect(server.callsTo('POST', '/api/esign/drafts').map((call) => call.body)).toEqual([{ client_id: 55, packet_id: 6 }]);
    expect(locationText()).toBe('/app/transactions/55/esign/send/d-2?step=1');
  });

  it('says 503 Transaction data is unavailable in a toast and stays on the picker', async () => {
    server.on((call) =>
      call.method === 'POST' && call.path === '/api/esign/drafts'
        ? json({ message: 'Transaction data is unavailable. Please try again.' }, 503)
        : undefined,
    );
    const user = renderConsole('/app/transactions/55/esign', routes);
    await waitFor(() => expect((screen.getByTestId('esign-new-request') as HTMLButtonElement).disabled).toBe(false));
    await user.click(screen.getByTestId('esign-new-request'));
    const picker = await screen.findByTestId('esign-picker');
    await user.click(await within(picker).findByTestId('esign-picker-item-template-7'));
    expect(await screen.findByText('Transaction data is unavailable. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('esign-picker')).toBeTruthy();
    expect(locationText()).toBe('/app/transactions/55/esign');
    expect((within(picker).getByTestId('esign-picker-item-template-7') as HTMLElement).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('says a transaction it cannot see, without the board', async () => {
    server.on((call) => (call.path === '/api/transaction/56' ? json({ message: 'Not found' }, 404) : undefined));
    renderConsole('/app/transactions/56/esign', routes);
    expect(await screen.findByTestId('transaction-esign-error')).toBeTruthy();
    expect(screen.queryByTestId('esign-requests-table')).toBeNull();
    expect(screen.queryByTestId('esign-new-request')).toBeNull();
  });
});
