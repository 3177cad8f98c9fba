// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardAnswer, boardLoaded, buildRow, createFetch, json, locationText, renderConsole, USER_GROUPS } from './testing';
import { stubWindowWidth } from '../../test/viewport';

// The console's calls go through the session's fetch: here a fetch that answers by path and records the calls.
const net = vi.hoisted(() => ({
  impl: (_url: string, _init?: RequestInit): Promise<Response> => Promise.reject(new Error('no fetch yet')),
}));
vi.mock('../../auth', () => ({
  authClient: { fetch: (url: string, init?: RequestInit) => net.impl(url, init), getSession: () => null },
  authProvider: {},
}));

import EsignRequestsPage from './EsignRequestsPage';

const server = createFetch();
net.impl = server.fetch;

const BOARD = '/api/esign/requests';
const boardCalls = () => server.callsTo('GET', BOARD);
const lastBoardQuery = () => boardCalls().at(-1)?.query ?? {};

const ROWS = [
  buildRow(1, { status: 'S', esignature_template: { name: 'Listing Agreement' } }),
  buildRow(2, { status: 'V' }),
  buildRow(3, { status: 'P' }),
  buildRow(4, { status: 'C', completed_ts: '2026-11-22T18:05:00.000Z' }),
  buildRow(5, { status: 'D' }),
  buildRow(6, { status: 'F' }),
  buildRow(7, { status: 'E' }),
  buildRow(8, { status: 'S', archived: true }),
];

const routes = (
  <Routes>
    <Route path="/app/esign-requests/*" element={<EsignRequestsPage />} />
    <Route path="/app/esign/*" element={<EsignRequestsPage />} />
  </Routes>
);
const open = (path = '/app/esign-requests') => renderConsole(path, routes);

/** Waits for a board call whose query has these entries (the latest one). */
const queried = (expected: Record<string, string>) => waitFor(() => expect(lastBoardQuery()).toEqual(expect.objectContaining(expected)));

const DEFAULT_QUERY = { include_status_totals: 'true', page: '1', per_page: '50', order_by: 'created_ts', order_dir: 'desc' };

/** Opens a select (MUI) inside a filter's box and picks options by their text. */
async function pick(testId: string, ...options: string[]) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const listbox = await screen.findByRole('listbox');
  for (const option of options) fireEvent.click(within(listbox).getByRole('option', { name: option }));
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const row = (id: number) => screen.getByTestId(`esign-request-row-${id}`);
const toast = async (text: string) => expect(await screen.findByText(text)).toBeTruthy();

beforeEach(() => {
  server.reset();
  server.on(
    (call) => (call.path === BOARD && call.method === 'GET' ? json(boardAnswer(ROWS, 8)) : undefined),
    (call) => (call.path === '/api/esign/request-users' ? json(USER_GROUPS) : undefined),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const headers = () =>
  within(screen.getByTestId('esign-requests-table'))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

// Journeys through react-admin forms and MUI menus: room for a loaded machine.
const JOURNEY = { timeout: 45_000 };

describe('E-sign request board', JOURNEY, () => {
  it('loads 50 requests with their status totals by created_ts descending, and shows the columns of spec 2.5', async () => {
    open();
    await boardLoaded();
    expect(screen.getByTestId('esign-requests-page')).toBeTruthy();
    expect(lastBoardQuery()).toEqual(DEFAULT_QUERY);
    const table = screen.getByTestId('esign-requests-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Template', 'Transaction', 'Created By', 'Created', 'Completed', 'Status', 'Actions']);
    const cells = [...row(4).querySelectorAll('td')].map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Template 4',
      '12 Oak St, Unit 4, Austin, TX 78701',
      'Dana Admin',
      '11/20/2026 9:30 AM',
      '11/22/2026 12:05 PM',
      'Completed',
    ]);
    expect(within(row(1)).getByText('Listing Agreement')).toBeTruthy();
    // The transaction links to its e-sign tab.
    expect(within(row(4)).getByRole('link', { name: '12 Oak St, Unit 4, Austin, TX 78701' }).getAttribute('href')).toBe(
      '/app/transactions/104/esign',
    );
    // The tiles.
    const tiles = { Sent: '3', Viewed: '1', PartiallySigned: '2', Completed: '4', Failed: '1', Total: '13' };
    for (const [key, total] of Object.entries(tiles)) expect(screen.getByTestId(`esign-status-tile-${key}`).textContent).toContain(total);
    expect(screen.getByTestId('esign-status-tile-PartiallySigned').textContent).toContain('Partially Signed');
    expect(screen.getByTestId('esign-status-tile-Total').getAttribute('aria-pressed')).toBe('true');
  });

  it('names D and E Declined and Expired, marks an archived request Cancelled, and offers Cancel and Audit Log where they apply', async () => {
    open();
    await boardLoaded();
    const status = (id: number) => screen.getByTestId(`esign-request-status-${id}`).textContent;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(status)).toEqual([
      'Sent',
      'Viewed',
      'Partially Signed',
      'Completed',
      'Declined',
      'Failed',
      'Expired',
      'Cancelled',
    ]);
    const cancellable = [1, 2, 3, 4, 5, 6, 7, 8].filter((id) => screen.queryByTestId(`esign-cancel-${id}`));
    expect(cancellable).toEqual([1, 2, 3, 6]);
    const audited = [1, 2, 3, 4, 5, 6, 7, 8].filter((id) => screen.queryByTestId(`esign-audit-${id}`));
    expect(audited).toEqual([4]);
  });

  it('on a phone (390 px) puts the Status first, where the sticky Actions column cannot cover it; at 1366 px the spec’s order', async () => {
    stubWindowWidth(390);
    open();
    await boardLoaded();
    await waitFor(() => expect(headers()).toEqual(['Status', 'Template', 'Transaction', 'Created By', 'Created', 'Completed', 'Actions']));
    expect([...row(4).querySelectorAll('td')].map((cell) => cell.textContent).slice(0, 2)).toEqual(['Completed', 'Template 4']);
    expect(row(4).querySelector('td')?.querySelector('[data-testid="esign-request-status-4"]')).toBeTruthy();
    cleanup();

    stubWindowWidth(1366);
    open();
    await boardLoaded();
    expect(headers()).toEqual(['Template', 'Transaction', 'Created By', 'Created', 'Completed', 'Status', 'Actions']);
    expect(row(4).querySelector('td')?.textContent).toBe('Template 4');
  });

  it('filters on a tile’s status, and Total shows every status again', async () => {
    const user = open();
    await boardLoaded();
    await user.click(screen.getByTestId('esign-status-tile-Completed'));
    await queried({ allowed_statuses: 'C', page: '1' });
    expect(locationText()).toBe('/app/esign-requests?status=C');
    await waitFor(() => expect(screen.getByTestId('esign-status-tile-Completed').getAttribute('aria-pressed')).toBe('true'));
    // The status filter shows it too.
    await waitFor(() => expect(within(screen.getByTestId('esign-filter-status')).getByRole('combobox').textContent).toBe('Completed'));
    await user.click(screen.getByTestId('esign-status-tile-PartiallySigned'));
    await queried({ allowed_statuses: 'P' });
    await user.click(screen.getByTestId('esign-status-tile-Total'));
    await waitFor(() => expect(lastBoardQuery()).toEqual(DEFAULT_QUERY));
    expect(locationText()).toBe('/app/esign-requests');
  });

  it('builds the query from the status, user and date filters (MM/dd/yyyy), and Clear takes them all off', async () => {
    const user = open();
    await boardLoaded();
    await pick('esign-filter-status', 'Sent', 'Viewed');
    await queried({ allowed_statuses: 'S,V' });

    // The users, grouped.
    fireEvent.mouseDown(within(screen.getByTestId('esign-filter-user')).getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Active Users')).toBeTruthy();
    expect(within(listbox).getByText('Disabled Users')).toBeTruthy();
    fireEvent.keyDown(listbox, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await pick('esign-filter-user', 'Gale Gone', 'Avery Agent');
    await queried({ allowed_statuses: 'S,V', created_by_agent_ids: '3,9' });

    // The range is optional (no asterisk): an empty range is no filter, a cleared date no message.
    expect((screen.getByLabelText(/^Start date/) as HTMLInputElement).required).toBe(false);
    expect((screen.getByLabelText(/^End date/) as HTMLInputElement).required).toBe(false);
    expect(within(screen.getByTestId('esign-filter-range')).queryByText('*')).toBeNull();

    // Created Date by default.
    await user.type(screen.getByLabelText(/^Start date/), '01052026');
    await user.type(screen.getByLabelText(/^End date/), '01312026');
    await queried({ created_start_dt: '01/05/2026', created_end_dt: '01/31/2026' });
    expect(lastBoardQuery().time_zone).toBeTruthy();
    // Completed Date moves the range to the completed dates.
    await pick('esign-filter-date-type', 'Completed Date');
    await queried({ completed_start_dt: '01/05/2026', completed_end_dt: '01/31/2026' });
    expect(lastBoardQuery()).not.toHaveProperty('created_start_dt');
    expect(locationText()).toBe(
      '/app/esign-requests?status=S%2CV&user=3%2C9&date_type=completed&preset=custom&from=01-05-2026&to=01-31-2026',
    );

    // A cleared end leaves the range open after its start (no message: the range is optional).
    await user.clear(screen.getByLabelText(/^End date/));
    await waitFor(() => expect(lastBoardQuery()).not.toHaveProperty('completed_end_dt'));
    expect(lastBoardQuery()).toMatchObject({ completed_start_dt: '01/05/2026' });
    expect(screen.queryByText('This field is required')).toBeNull();
    // An end before the start is said and not asked for.
    const calls = boardCalls().length;
    await user.type(screen.getByLabelText(/^End date/), '01012026');
    expect(await screen.findByText('End date must be on or after start date')).toBeTruthy();
    expect(boardCalls().length).toBe(calls);

    await user.click(screen.getByTestId('esign-filter-clear'));
    await waitFor(() => expect(lastBoardQuery()).toEqual(DEFAULT_QUERY));
    expect(locationText()).toBe('/app/esign-requests');
    await waitFor(() => expect(within(screen.getByTestId('esign-filter-status')).getByRole('combobox').textContent).not.toContain('Sent'));
    expect((screen.getByLabelText(/^Start date/) as HTMLInputElement).value).toBe('');
    await user.click(screen.getByLabelText(/^Start date/));
    await user.tab();
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('asks the server again on a quick search, a sort and a page change, and keeps them in the URL for a reload', async () => {
    server.on((call) => (call.path === BOARD ? json(boardAnswer(ROWS, 120)) : undefined));
    const user = open();
    await boardLoaded();
    await user.type(screen.getByTestId('esign-quick-search'), 'oak');
    await queried({ quick_search_filter: 'oak', page: '1' });

    await user.click(screen.getByTestId('esign-requests-table-sort-template_name'));
    await queried({ order_by: 'template_name', order_dir: 'asc' });
    await user.click(screen.getByTestId('esign-requests-table-sort-template_name'));
    await queried({ order_by: 'template_name', order_dir: 'desc' });
    // A date column sorts newest first.
    await user.click(screen.getByTestId('esign-requests-table-sort-completed_ts'));
    await queried({ order_by: 'completed_ts', order_dir: 'desc' });

    await user.click(screen.getByTestId('esign-requests-table-next-page'));
    await queried({ page: '2' });
    fireEvent.mouseDown(within(screen.getByTestId('esign-requests-table-pagination')).getByRole('combobox'));
    const sizes = await screen.findByRole('listbox');
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['20', '50', '100', '500']);
    fireEvent.click(within(sizes).getByRole('option', { name: '100' }));
    await queried({ per_page: '100', page: '1' });

    const url = locationText();
    expect(url).toBe('/app/esign-requests?per_page=100&order_by=completed_ts&search=oak');
    // A reload of that URL asks for the same.
    cleanup();
    server.calls.length = 0;
    open(url);
    await boardLoaded();
    expect(boardCalls()[0].query).toEqual({ ...DEFAULT_QUERY, per_page: '100', order_by: 'completed_ts', quick_search_filter: 'oak' });
    expect((screen.getByTestId('esign-quick-search') as HTMLInputElement).value).toBe('oak');
  });

  it('cancels a request after its confirmation, and says the server’s 409', async () => {
    server.on((call) =>
      call.method === 'POST' && call.path === '/api/esign/requests/1/cancel' ? json({ esig_request_id: 1, archived: true }) : undefined,
    );
    server.on((call) =>
      call.method === 'POST' && call.path === '/api/esign/requests/2/cancel'
        ? json({ message: 'This request can no longer be cancelled' }, 409)
        : undefined,
    );
    const user = open();
    await boardLoaded();
    await user.click(screen.getByTestId('esign-cancel-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to cancel this request?')).toBeTruthy();
    // No: nothing is posted.
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.callsTo('POST', '/api/esign/requests/1/cancel')).toHaveLength(0);

    await user.click(screen.getByTestId('esign-cancel-1'));
    const loadsBefore = boardCalls().length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await toast('Request cancelled');
    expect(server.callsTo('POST', '/api/esign/requests/1/cancel')).toHaveLength(1);
    await waitFor(() => expect(boardCalls().length).toBe(loadsBefore + 1));

    await user.click(screen.getByTestId('esign-cancel-2'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    await toast('This request can no longer be cancelled');
  });

  it('shows a completed request’s audit log (local and UTC times, hashes) and downloads the signed PDF', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    server.on(
      (call) =>
        call.path === '/api/esign/requests/4/audit-log'
          ? json({
              esig_request_id: 4,
              status: 'C',
              events: [
                {
                  type: 'sent',
                  actor: 'Dana Admin',
                  email: 'dana@demo-realty.test',
                  ip: '10.0.0.5',
                  user_agent: 'Mozilla/5.0 Chrome',
                  ts: '2026-11-20T15:30:05.000Z',
                  detail: 'Purchase agreement',
                },
                {
                  type: 'signed',
                  actor: 'Sam Seller',
                  email: 'sam@example.test',
                  ip: '203.0.113.9',
                  user_agent: 'Mozilla/5.0 Safari',
                  ts: '2026-11-22T18:05:00.000Z',
                  detail: null,
                },
              ],
              documents: [{ name: 'Purchase Agreement.pdf', sha256: 'a'.repeat(64) }],
              final: { name: 'Purchase Agreement (signed).pdf', sha256: 'b'.repeat(64) },
            })
          : undefined,
      (call) =>
        call.path === '/api/esign/requests/4/documents'
          ? json({ url: 'https://files.test/signed-4.pdf', filename: 'signed.pdf', sha256: 'b'.repeat(64) })
          : undefined,
    );
    const user = open();
    await boardLoaded();
    await user.click(screen.getByTestId('esign-audit-4'));
    const dialog = await screen.findByTestId('esign-audit-dialog');
    await waitFor(() => expect(within(dialog).getAllByTestId('esign-audit-event')).toHaveLength(2));
    const [first] = within(dialog).getAllByTestId('esign-audit-event');
    expect([...first.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      '11/20/2026 9:30:05 AM CST2026-11-20 15:30:05 UTC',
      'Sent',
      'Dana Admin',
      'dana@demo-realty.test',
      '10.0.0.5',
      'Mozilla/5.0 Chrome',
      'Purchase agreement',
    ]);
    expect(within(dialog).getByTestId('esign-audit-document-sha256').textContent).toBe('a'.repeat(64));
    expect(within(dialog).getByTestId('esign-audit-final-sha256').textContent).toBe('b'.repeat(64));
    expect(within(dialog).getByText('Purchase Agreement (signed).pdf')).toBeTruthy();

    await user.click(within(dialog).getByTestId('esign-audit-download'));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://files.test/signed-4.pdf', '_blank', 'noopener,noreferrer'));
    expect(server.callsTo('GET', '/api/esign/requests/4/documents')).toHaveLength(1);
    await user.click(within(dialog).getByTestId('esign-audit-close'));
    await waitFor(() => expect(screen.queryByTestId('esign-audit-dialog')).toBeNull());
  });

  it('says a refused download in a toast', async () => {
    server.on(
      (call) =>
        call.path === '/api/esign/requests/4/audit-log'
          ? json({ esig_request_id: 4, status: 'C', events: [], documents: [], final: null })
          : undefined,
      (call) =>
        call.path === '/api/esign/requests/4/documents' ? json({ message: 'The signed document is not ready yet' }, 409) : undefined,
    );
    const user = open();
    await boardLoaded();
    await user.click(screen.getByTestId('esign-audit-4'));
    const dialog = await screen.findByTestId('esign-audit-dialog');
    await waitFor(() => expect(within(dialog).getByText('No events')).toBeTruthy());
    await user.click(within(dialog).getByTestId('esign-audit-download'));
    await toast('The signed document is not ready yet');
  });

  it('says No requests found when nothing matches', async () => {
    server.on((call) =>
      call.path === BOARD
        ? json(boardAnswer([], 0, { Sent: 0, Viewed: 0, PartiallySigned: 0, Completed: 0, Failed: 0, Total: 0 }))
        : undefined,
    );
    open();
    expect((await screen.findByTestId('esign-empty')).textContent).toBe('No requests found');
  });

  it('shows the loading state, then says a failed load’s message in a toast', async () => {
    let answer: (response: Response) => void = () => undefined;
    server.on((call) => (call.path === BOARD ? new Promise<Response>((resolve) => (answer = resolve)) : undefined));
    open();
    expect((await screen.findAllByTestId('esign-requests-table-loading')).length).toBeGreaterThan(0);
    answer(json({ message: 'You do not have access to e-sign' }, 403));
    await toast('You do not have access to e-sign');
  });

  it('sends /app/esign to the board, with its query', async () => {
    open('/app/esign?status=C');
    await waitFor(() => expect(locationText()).toBe('/app/esign-requests?status=C'));
    await queried({ allowed_statuses: 'C' });
  });
});
