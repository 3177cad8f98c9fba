// @vitest-environment jsdom
import type { Role, TransactionColumn, TransactionRow } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { buildForm, buildSavedFilter } from './filters/testing';
import { clearFilterFormCache } from './filters/useFilterForm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import type { TransactionListResponse } from './api';
import TransactionsPage from './TransactionsPage';

const api = vi.hoisted(() => ({
  listTransactions: vi.fn(),
  getStatuses: vi.fn(),
  getStages: vi.fn(),
  getRoadmapTemplates: vi.fn(),
  assignRoadmaps: vi.fn(),
  removeRoadmaps: vi.fn(),
}));
vi.mock('./index', () => ({ transactionsApi: api }));
const filters = vi.hoisted(() => ({
  listFilters: vi.fn(),
  createFilter: vi.fn(),
  updateFilter: vi.fn(),
  removeFilter: vi.fn(),
  getForm: vi.fn(),
}));
vi.mock('./filters/index', () => ({ filtersApi: filters }));

const COLS: TransactionColumn[] = [
  { field: 'id', header: 'ID', sortable: true, kind: 'row' },
  { field: 'address', header: 'Address', sortable: true, kind: 'row' },
  { field: 'status', header: 'Status', sortable: true, kind: 'row' },
  { field: 'stage', header: 'Stage', sortable: true, kind: 'row' },
  { field: 'tags', header: 'Tags', sortable: true, kind: 'row' },
  { field: 'tasks', header: 'Tasks', sortable: true, kind: 'row' },
  { field: 'derived_status', header: 'Progress', sortable: true, kind: 'row' },
  { field: 'rtc_count', header: 'Roadmaps', sortable: true, kind: 'row' },
  { field: 'created_ts', header: 'Created', sortable: true, kind: 'row' },
  { field: 'cf_price', header: 'List Price', sortable: true, kind: 'value', type: 'amount' },
];

function buildRow(id: number, overrides: Partial<TransactionRow> = {}): TransactionRow {
  return {
    client_id: 1000 + id,
    id,
    address: `${id} Oak St, Austin, TX`,
    contact_name: `Client ${id}`,
    type: 'Buyer',
    status: 'Active',
    color_css: 'status-3',
    tags: [{ label: 'VIP', border: '#1f4e79' }],
    field_order: ['cf_price'],
    values: { cf_price: { label: 'List Price', value: 450000 } },
    stage: { id: 2 },
    primary_agent_id: 7,
    primary_agent: 'Avery Agent',
    completed_task_count: 3,
    total_task_count: 8,
    derived_status: { value: 'On Track', color_css: 'derived-green' },
    rtc_count: id % 2,
    created_ts: '2024-03-05T15:00:00Z',
    ...overrides,
  };
}

function page(rows: TransactionRow[], total = rows.length, perPage = 10): TransactionListResponse {
  const pages = Math.ceil(total / perPage);
  return {
    table: { data: rows, cols: COLS },
    pagination: { total, page: 1, per_page: perPage, pages, has_next: pages > 1, has_prev: false },
  };
}

/** The query of the n-th list call, as an object. */
const queryOf = (call: number) => Object.fromEntries(api.listTransactions.mock.calls[call][0] as URLSearchParams);
const lastQuery = () => queryOf(api.listTransactions.mock.calls.length - 1);

const DetailProbe = () => <div data-testid="detail-probe">{useParams().clientId}</div>;

const LocationProbe = () => {
  const location = useLocation();
  return <div data-testid="location-probe">{`${location.pathname}${location.search}`}</div>;
};

function renderPage(roles: Role[] = ['ADMIN'], entry = '/transactions') {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles, permissions: [] }),
  };
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <LocationProbe />
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <Routes>
          <Route path="/transactions/*" element={<TransactionsPage />} />
          <Route path="/transaction/:clientId/detail" element={<DetailProbe />} />
          <Route path="/elsewhere" element={<div data-testid="elsewhere" />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

const rows = () => screen.queryAllByTestId('transactions-table-row');
const loaded = () => waitFor(() => expect(screen.getByTestId('transactions-table').getAttribute('data-loading')).toBe('false'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  vi.clearAllMocks();
  window.sessionStorage.clear();
  clearFilterFormCache();
  filters.getForm.mockResolvedValue(buildForm());
  filters.listFilters.mockResolvedValue([
    buildSavedFilter({ filter_id: 11, filter_name: 'My Buyers', filters: { type_filter: 'b', client_stage_id: [2] } }),
  ]);
  api.listTransactions.mockResolvedValue(page([buildRow(1), buildRow(2)], 2));
  api.getStatuses.mockResolvedValue([
    {
      id: 3,
      label: 'Active',
      color: '#1f4e79',
      font_color: 'light',
      category: 'active',
      color_css: 'status-3',
      dates: [],
      asks_lost_reason: false,
    },
  ]);
  api.getStages.mockResolvedValue([{ id: 2, label: 'Under Contract', color: '#f2a93b', font_color: 'dark' }]);
  api.getRoadmapTemplates.mockResolvedValue([
    { rtc_id: 5, name: 'Buyer Standard', client_type: 'b' },
    { rtc_id: 6, name: 'Seller Listing', client_type: 's' },
  ]);
});

describe('TransactionsPage', () => {
  it("asks for the spec's defaults and shows the server's columns and cells", async () => {
    renderPage();
    await loaded();
    expect(queryOf(0)).toEqual({ team_form_id: '-1', page: '1', per_page: '10', order_by: 'created_ts', order_dir: '1' });
    const headers = COLS.map((col) => screen.getByTestId(`transactions-table-col-${col.field}`).textContent);
    expect(headers).toEqual(COLS.map((col) => col.header));
    expect(rows()).toHaveLength(2);

    const first = within(rows()[0]);
    expect(first.getByTestId('transaction-status').className).toContain('status-3');
    expect(first.getByTestId('transaction-progress').className).toContain('derived-green');
    expect(first.getByTestId('transaction-progress').textContent).toBe('On Track');
    expect((await first.findByTestId('transaction-stage')).textContent).toBe('Under Contract');
    expect(rows()[0].querySelector('td[data-field="tasks"]')!.textContent).toBe('3/8');
    expect(rows()[0].querySelector('td[data-field="cf_price"]')!.textContent).toBe('$450,000.00');
    expect(rows()[0].querySelector('td[data-field="tags"]')!.textContent).toBe('VIP');
    // Roadmaps: a link to the tasks only when there are some.
    expect(first.getByTestId('transaction-roadmaps').getAttribute('href')).toBe('/transactions/1/tasks');
    expect(within(rows()[1]).queryByTestId('transaction-roadmaps')).toBeNull();
    expect(rows()[1].querySelector('td[data-field="rtc_count"]')!.textContent).toBe('0');
    expect(screen.getByTestId('transactions-help').textContent).toBe('Click a row to view details.');
    expect(screen.getByTestId('transactions-search').getAttribute('placeholder')).toBe('Address, Email, Client Name, Mobile Phone, or ID');
    // The table scrolls in its own focusable, named region.
    const region = screen.getByRole('region', { name: 'Transactions table' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('searches from page 1 after typing settles, and Clear brings the whole list back', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    await user.type(screen.getByTestId('transactions-search'), 'Oak');
    await waitFor(() => expect(lastQuery().quick_search_filter).toBe('Oak'));
    expect(lastQuery().page).toBe('1');
    // One call for the whole word, not one per key.
    expect(api.listTransactions.mock.calls.filter(([query]) => (query as URLSearchParams).has('quick_search_filter'))).toHaveLength(1);
    await user.click(screen.getByTestId('transactions-clear'));
    await waitFor(() => expect(lastQuery().quick_search_filter).toBeUndefined());
    expect((screen.getByTestId('transactions-search') as HTMLInputElement).value).toBe('');
  });

  it('sorts by a column, pages, changes the page size, and keeps it all for the session', async () => {
    api.listTransactions.mockResolvedValue(page([buildRow(1), buildRow(2)], 45));
    const user = userEvent.setup();
    const view = renderPage();
    await loaded();
    await user.click(screen.getByTestId('transactions-table-sort-address'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ order_by: 'address', order_dir: '1', page: '1' }));
    await user.click(screen.getByTestId('transactions-table-sort-address'));
    await waitFor(() => expect(lastQuery()).toMatchObject({ order_by: 'address', order_dir: '-1' }));
    await loaded();
    await user.click(screen.getByTestId('transactions-table-next-page'));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    await user.type(screen.getByTestId('transactions-search'), 'Oak{Enter}');
    await waitFor(() => expect(lastQuery()).toMatchObject({ quick_search_filter: 'Oak', page: '1' }));
    await loaded();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    await waitFor(() => expect(lastQuery().per_page).toBe('20'));
    await loaded();
    await user.click(screen.getByTestId('transactions-table-next-page'));
    await waitFor(() => expect(lastQuery().page).toBe('2'));

    // Leave and come back: the same table.
    view.unmount();
    api.listTransactions.mockClear();
    renderPage();
    await loaded();
    expect(queryOf(0)).toEqual({
      team_form_id: '-1',
      page: '2',
      per_page: '20',
      order_by: 'address',
      order_dir: '-1',
      quick_search_filter: 'Oak',
    });
    expect((screen.getByTestId('transactions-search') as HTMLInputElement).value).toBe('Oak');
  });

  it('opens a row on a click, but not on its checkbox', async () => {
    const user = userEvent.setup();
    renderPage(['AGENT']);
    await loaded();
    const checkboxes = await screen.findAllByTestId('transactions-table-select');
    expect(checkboxes).toHaveLength(2);
    await user.click(checkboxes[0]);
    expect((checkboxes[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('transactions-selected-count').textContent).toBe('1 selected');
    expect(screen.queryByTestId('detail-probe')).toBeNull();
    await user.click(screen.getByTestId('transactions-table-select-all'));
    expect(screen.getByTestId('transactions-selected-count').textContent).toBe('2 selected');

    await user.click(within(rows()[1]).getByText('2 Oak St, Austin, TX'));
    expect((await screen.findByTestId('detail-probe')).textContent).toBe('1002');
  });

  describe('bulk roadmaps on the selected rows', () => {
    const chooseTemplate = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
      await user.click(within(screen.getByTestId('roadmap-bulk')).getByRole('combobox'));
      await user.click(await screen.findByRole('option', { name }));
      await user.keyboard('{Escape}');
    };

    it('offers Assign and Remove, disabled until a template is chosen; success toasts and reloads page 1 with 10 rows by created_ts', async () => {
      const user = userEvent.setup();
      renderPage(['TRANC']);
      await loaded();
      expect(screen.queryByTestId('roadmap-bulk')).toBeNull();
      await user.click(screen.getByTestId('transactions-table-select-all'));
      expect((screen.getByTestId('roadmap-assign') as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByTestId('roadmap-remove') as HTMLButtonElement).disabled).toBe(true);
      await user.click(screen.getByTestId('transactions-table-col-address'));
      await loaded();
      let release: (value: unknown) => void = () => undefined;
      api.assignRoadmaps.mockReturnValue(new Promise((resolve) => (release = resolve)));
      await chooseTemplate(user, 'Buyer Standard');
      expect((screen.getByTestId('roadmap-assign') as HTMLButtonElement).disabled).toBe(false);
      const calls = api.listTransactions.mock.calls.length;
      await user.click(screen.getByTestId('roadmap-assign'));
      expect(screen.getByTestId('roadmap-bulk').getAttribute('aria-busy')).toBe('true');
      expect(api.assignRoadmaps).toHaveBeenCalledWith({ client_ids: [1001, 1002], rtc_id: [5] });
      await act(async () => release({ assigned: 2, skipped: 0 }));
      expect(await screen.findByText('Roadmaps assigned')).toBeTruthy();
      await waitFor(() => expect(api.listTransactions.mock.calls.length).toBeGreaterThan(calls));
      expect(lastQuery()).toMatchObject({ page: '1', per_page: '10', order_by: 'created_ts', order_dir: '1' });
      expect(screen.queryByTestId('roadmap-bulk')).toBeNull();

      api.removeRoadmaps.mockResolvedValue({ removed: 1, skipped: 1 });
      await user.click(screen.getAllByTestId('transactions-table-select')[0]);
      await chooseTemplate(user, 'Seller Listing');
      await user.click(screen.getByTestId('roadmap-remove'));
      expect(api.removeRoadmaps).toHaveBeenCalledWith({ client_ids: [1001], rtc_id: [6] });
      expect(await screen.findByText('Roadmaps have been removed')).toBeTruthy();
    });

    it('resets the busy flag and shows no message when a bulk call fails', async () => {
      const user = userEvent.setup();
      api.assignRoadmaps.mockRejectedValue(Object.assign(new Error('Internal server error'), { status: 500 }));
      renderPage(['ADMIN']);
      await loaded();
      await user.click(screen.getAllByTestId('transactions-table-select')[1]);
      await chooseTemplate(user, 'Buyer Standard');
      await user.click(screen.getByTestId('roadmap-assign'));
      await waitFor(() => expect(screen.getByTestId('roadmap-bulk').getAttribute('aria-busy')).toBe('false'));
      expect((screen.getByTestId('roadmap-assign') as HTMLButtonElement).disabled).toBe(false);
      expect(screen.queryByText('Roadmaps assigned')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByTestId('transactions-selected-count').textContent).toBe('1 selected');
    });
  });

  it('shows no row checkboxes to a vendor', async () => {
    renderPage(['VENDOR']);
    await loaded();
    // Give the roles time to arrive: the checkboxes must stay away after they do.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryAllByTestId('transactions-table-select')).toHaveLength(0);
    expect(screen.queryByTestId('transactions-table-select-all')).toBeNull();
    expect(rows()).toHaveLength(2);
    // Nor Add Transaction.
    expect(screen.queryByTestId('transactions-add')).toBeNull();
  });

  it('offers Add Transaction to everyone else on the list', async () => {
    renderPage(['AGENT']);
    await loaded();
    const add = await screen.findByTestId('transactions-add');
    expect(add.textContent).toBe('Add Transaction');
    expect(add.getAttribute('href')).toBe('/transactions/new');
  });

  it('keeps the rows and shows no message when a load fails', async () => {
    const user = userEvent.setup();
    renderPage();
    await loaded();
    api.listTransactions.mockRejectedValueOnce(
      Object.assign(new Error('Server Error'), { status: 500, body: { message: 'Server Error' } }),
    );
    await user.click(screen.getByTestId('transactions-table-sort-id'));
    await waitFor(() => expect(api.listTransactions).toHaveBeenCalledTimes(2));
    await loaded();
    expect(rows()).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Server Error')).toBeNull();
  });

  it('falls back to the default sort when the server refuses the kept one', async () => {
    window.sessionStorage.setItem(
      'realty.transactions.table',
      JSON.stringify({ page: 1, per_page: 10, order_by: 'cf_gone', order_dir: -1, quick_search_filter: '' }),
    );
    api.listTransactions.mockRejectedValueOnce(
      Object.assign(new Error('Invalid'), {
        status: 400,
        body: { message: 'Invalid', field_errors: [{ field: 'order_by', error: 'Unknown column' }] },
      }),
    );
    renderPage();
    await waitFor(() => expect(api.listTransactions).toHaveBeenCalledTimes(2));
    expect(queryOf(0).order_by).toBe('cf_gone');
    expect(queryOf(1)).toMatchObject({ order_by: 'created_ts', order_dir: '1' });
    await loaded();
    expect(rows()).toHaveLength(2);
  });

  it('says when nothing matches', async () => {
    api.listTransactions.mockResolvedValue(page([], 0));
    renderPage();
    expect((await screen.findByTestId('transactions-table-empty')).textContent).toContain('No transactions found.');
  });

  it('offers a jump-to-page dropdown at 960 px or less', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    }));
    api.listTransactions.mockResolvedValue(page([buildRow(1)], 300));
    renderPage();
    await loaded();
    const jump = (await screen.findByTestId('jump-to-page')) as HTMLSelectElement;
    expect(jump.options).toHaveLength(30);
    fireEvent.change(jump, { target: { value: '17' } });
    await waitFor(() => expect(lastQuery().page).toBe('17'));
  });

  describe('filters', () => {
    const chips = () => screen.queryAllByTestId('filter-chip').map((chip) => chip.textContent);
    const kept = () => JSON.parse(window.sessionStorage.getItem('realty.transactions.table') ?? '{}');

    it("applies a link's filter keys to the list, shows them as chips and drops them from the address", async () => {
      renderPage(
        ['ADMIN'],
        '/transactions?context=a7&type_filter=b&client_filter=closed&status_start_date=01-01-2023&status_end_date=01-31-2023&client_stage_id=1&client_stage_id=2&referrer_filter=dash',
      );
      await loaded();
      const first = api.listTransactions.mock.calls[0][0] as URLSearchParams;
      expect(first.get('context')).toBe('a7');
      expect(first.get('type_filter')).toBe('b');
      expect(first.getAll('client_stage_id')).toEqual(['1', '2']);
      expect(first.get('status_start_date')).toBe('01-01-2023');
      expect(first.has('referrer_filter')).toBe(false);
      await waitFor(() =>
        expect(chips()).toEqual(['Scope: Avery Agent', 'Type: Buyer', 'Stage: Nurture, Hot', 'Status: Closed (01-01-2023 – 01-31-2023)']),
      );
      expect(screen.getByTestId('location-probe').textContent).toBe('/transactions');
      expect(kept().filters).toMatchObject({ context: 'a7', type_filter: 'b' });
    });

    it('removes one chip, then Clear removes them all, each from page 1', async () => {
      renderPage(['ADMIN'], '/transactions?context=a7&type_filter=b');
      await loaded();
      await waitFor(() => expect(chips()).toHaveLength(2));
      const chip = screen.getAllByTestId('filter-chip').find((element) => element.getAttribute('data-key') === 'type_filter')!;
      fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
      await waitFor(() => expect(lastQuery().type_filter).toBeUndefined());
      expect(lastQuery().context).toBe('a7');
      expect(chips()).toEqual(['Scope: Avery Agent']);
      fireEvent.click(screen.getByTestId('filter-chips-clear'));
      await waitFor(() => expect(lastQuery().context).toBeUndefined());
      expect(screen.queryByTestId('filter-chips')).toBeNull();
      expect(kept().filters).toBeUndefined();
    });

    it("applies a saved filter from the sidebar: the toast, the list's query and the kept state", async () => {
      const user = userEvent.setup();
      renderPage();
      await loaded();
      await user.click(screen.getByTestId('transactions-filters'));
      const item = await screen.findByText('My Buyers');
      await screen.findByTestId('filter-form-left');
      await user.click(item);
      expect(await screen.findByText('Now using My Buyers Filter')).toBeTruthy();
      await waitFor(() => expect(lastQuery().type_filter).toBe('b'));
      expect((api.listTransactions.mock.lastCall![0] as URLSearchParams).getAll('client_stage_id')).toEqual(['2']);
      expect(lastQuery().page).toBe('1');
      expect(kept().filters).toEqual({ type_filter: 'b', client_stage_id: [2] });
      expect(screen.getByTestId('transactions-filters').textContent).toBe('Filters (2)');
      // A chip removed: the sidebar's form follows and the filter is no longer selected.
      const chip = screen.getAllByTestId('filter-chip').find((element) => element.getAttribute('data-key') === 'type_filter')!;
      fireEvent.click(chip.querySelector('.MuiChip-deleteIcon')!);
      await waitFor(() => expect(screen.getByTestId('saved-filter').getAttribute('data-selected')).toBe('false'));
    });

    it('drops a filter key the server refuses, and a scope of another team', async () => {
      api.listTransactions.mockImplementation(async (query: URLSearchParams) => {
        if (query.has('range_start'))
          throw toHttpError(400, 'Bad Request', {
            status: 'error',
            message: 'Invalid query',
            errors: [{ field: 'range_start', error: 'Not a number' }],
          });
        if (query.get('context') === 't99') throw toHttpError(404, 'Not Found', { status: 'error', message: 'Not found' });
        return page([buildRow(1)], 1);
      });
      renderPage(['ADMIN'], '/transactions?context=t99&amount_filter_key=cf_price&range_start=5');
      await waitFor(() => expect(lastQuery()).not.toHaveProperty('context'));
      await waitFor(() => expect(lastQuery()).not.toHaveProperty('range_start'));
      expect(lastQuery().amount_filter_key).toBe('cf_price');
      expect(rows()).toHaveLength(1);
    });
  });
});
