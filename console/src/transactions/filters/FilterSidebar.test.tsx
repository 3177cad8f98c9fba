// @vitest-environment jsdom
import { filterFormFieldsOf, type FilterComponent, type Role, type TransactionFilterKeys } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { AdminContext, memoryStore, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { FilterSidebar } from './FilterSidebar';
import { buildForm, buildSavedFilter } from './testing';
import { clearFilterFormCache } from './useFilterForm';

const api = vi.hoisted(() => ({
  listFilters: vi.fn(),
  createFilter: vi.fn(),
  updateFilter: vi.fn(),
  removeFilter: vi.fn(),
  getForm: vi.fn(),
}));
vi.mock('./index', () => ({ filtersApi: api }));
const transactions = vi.hoisted(() => ({ getChoices: vi.fn() }));
vi.mock('../index', () => ({ transactionsApi: transactions }));

// Wednesday March 15 2023, noon in New York.
const now = () => new Date('2023-03-15T16:00:00Z');

function renderSidebar(options: { roles?: Role[]; applied?: TransactionFilterKeys; ui?: ReactNode; component?: FilterComponent } = {}) {
  const onApply = vi.fn();
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles: options.roles ?? ['AGENT'], permissions: [] }),
  };
  const view = render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        {options.ui ?? (
          <FilterSidebar
            component={options.component ?? 'transactions'}
            applied={options.applied}
            onApply={onApply}
            timeZone="America/New_York"
            now={now}
          />
        )}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...view, onApply, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;
const formReady = () => screen.findByTestId('filter-form-left');
const savedItems = () => screen.getAllByTestId('saved-filter');
const itemNamed = async (name: string) => {
  await screen.findByTestId('saved-filters-list');
  const item = savedItems().find((element) => element.textContent === name);
  if (!item) throw new Error(`no saved filter ${name}`);
  return item;
};

async function pick(user: User, label: string | RegExp, typed: string, option: string) {
  const box = screen.getByRole('combobox', { name: label });
  await user.clear(box);
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  clearFilterFormCache();
  api.getForm.mockResolvedValue(buildForm());
  api.listFilters.mockResolvedValue([
    buildSavedFilter({ filter_id: 10, filter_name: 'Under Contract', owner_type: 'team', filters: { client_filter: 'under_contract' } }),
    buildSavedFilter({ filter_id: 11, filter_name: 'My Buyers', filters: { type_filter: 'b' } }),
  ]);
  transactions.getChoices.mockResolvedValue([]);
});

describe('FilterSidebar', () => {
  it('lays the form out in two columns with left_count fields on the left', async () => {
    renderSidebar();
    const left = await formReady();
    const fields = [...left.querySelectorAll('[data-field]')].map((element) => element.getAttribute('data-field'));
    // The 14 fields of the left column, the date ranges drawn with their preset (shown once chosen).
    expect(fields).toEqual([
      'context',
      'type_filter',
      'client_stage_id',
      'client_filter',
      'cohort_date_field',
      'lead_type_filter',
      'lead_type_group_filter',
      'appt_set_by_filter',
    ]);
    const right = [...screen.getByTestId('filter-form-right').querySelectorAll('[data-field]')].map((element) =>
      element.getAttribute('data-field'),
    );
    expect(right[0]).toBe('tc_filter');
    expect(right).toContain('tag_filters');
  });

  it('shows the loading state, then an error with Retry when the form cannot be loaded', async () => {
    api.getForm.mockRejectedValueOnce(toHttpError(500, 'Server Error', {}));
    const { user } = renderSidebar();
    expect(screen.getByTestId('filter-form-loading')).toBeTruthy();
    expect(await screen.findByTestId('filter-form-error')).toBeTruthy();
    await user.click(screen.getByTestId('filter-form-retry'));
    expect(await formReady()).toBeTruthy();
  });

  it("lists team filters with ' (Team)'; an agent gets no remove on them, an admin does", async () => {
    renderSidebar({ roles: ['AGENT'] });
    const team = await itemNamed('Under Contract (Team)');
    expect(within(team).queryByTestId('saved-filter-remove')).toBeNull();
    expect(within(await itemNamed('My Buyers')).getByRole('button', { name: 'Remove filter My Buyers' })).toBeTruthy();
    cleanup();
    renderSidebar({ roles: ['ADMIN'] });
    expect(
      within(await itemNamed('Under Contract (Team)')).getByRole('button', { name: 'Remove filter Under Contract (Team)' }),
    ).toBeTruthy();
  });

  it('shows the empty and error states of the saved filters', async () => {
    api.listFilters.mockResolvedValueOnce([]);
    renderSidebar();
    expect((await screen.findByTestId('saved-filters-empty')).textContent).toBe('No saved filters yet');
    cleanup();
    api.listFilters.mockRejectedValueOnce(toHttpError(500, 'Server Error', {}));
    renderSidebar();
    expect(await screen.findByTestId('saved-filters-error')).toBeTruthy();
  });

  it("applies a saved filter: selected, 'Now using My Buyers Filter', the list asked with its keys", async () => {
    const { user, onApply } = renderSidebar();
    await formReady();
    await user.click(within(await itemNamed('My Buyers')).getByTestId('saved-filter-use'));
    expect(await screen.findByText('Now using My Buyers Filter')).toBeTruthy();
    expect(onApply).toHaveBeenLastCalledWith({ type_filter: 'b' });
    expect((await itemNamed('My Buyers')).getAttribute('data-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe('Buyer');
  });

  it('deselects the filter when the form no longer matches it, and Clear All resets the form', async () => {
    const { user } = renderSidebar();
    await formReady();
    await user.click(within(await itemNamed('My Buyers')).getByTestId('saved-filter-use'));
    await waitFor(async () => expect((await itemNamed('My Buyers')).getAttribute('data-selected')).toBe('true'));
    await pick(user, 'Type', 'S', 'Seller');
    await waitFor(async () => expect((await itemNamed('My Buyers')).getAttribute('data-selected')).toBe('false'));
    await user.click(screen.getByTestId('filter-clear-all'));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement).value).toBe(''));
  });

  it('Apply Filter sends the form as filter keys', async () => {
    const { user, onApply } = renderSidebar();
    await formReady();
    await pick(user, 'Scope', 'Ave', 'Avery Agent');
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ context: 'a7' }));
  });

  it("saves as new (personal for an agent, no Team box), selecting it: 'Successfully Saved Filter'", async () => {
    api.createFilter.mockResolvedValue({ filter_id: 12 });
    const { user, onApply } = renderSidebar();
    await formReady();
    await pick(user, 'Type', 'Se', 'Seller');
    await user.click(screen.getByTestId('filter-save-new'));
    const dialog = await screen.findByTestId('filter-save-dialog');
    expect(within(dialog).queryByTestId('filter-save-team')).toBeNull();
    await user.click(within(dialog).getByTestId('filter-save-confirm'));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.createFilter).not.toHaveBeenCalled();
    await user.type(within(dialog).getByTestId('filter-save-name'), 'Sellers');
    api.listFilters.mockResolvedValue([
      buildSavedFilter({ filter_id: 11 }),
      buildSavedFilter({ filter_id: 12, filter_name: 'Sellers', filters: { type_filter: 's' } }),
    ]);
    await user.click(within(dialog).getByTestId('filter-save-confirm'));
    expect(await screen.findByText('Successfully Saved Filter')).toBeTruthy();
    expect(api.createFilter).toHaveBeenCalledWith({
      name: 'Sellers',
      filters: { type_filter: 's' },
      component: 'transactions',
      owner_type: 'personal',
    });
    expect(onApply).toHaveBeenLastCalledWith({ type_filter: 's' });
    await waitFor(() => expect(screen.queryByTestId('filter-save-dialog')).toBeNull());
    expect((await itemNamed('Sellers')).getAttribute('data-selected')).toBe('true');
  });

  it('offers Team to an admin and saves a team filter', async () => {
    api.createFilter.mockResolvedValue({ filter_id: 12 });
    const { user } = renderSidebar({ roles: ['ADMIN'] });
    await formReady();
    await user.click(screen.getByTestId('filter-save-new'));
    const dialog = await screen.findByTestId('filter-save-dialog');
    await user.type(within(dialog).getByTestId('filter-save-name'), 'Everyone');
    await user.click(within(dialog).getByTestId('filter-save-team'));
    await user.click(within(dialog).getByTestId('filter-save-confirm'));
    await waitFor(() => expect(api.createFilter).toHaveBeenCalledWith(expect.objectContaining({ name: 'Everyone', owner_type: 'team' })));
  });

  it("shows the server's name error in the dialog and stores nothing", async () => {
    api.createFilter.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'name', error: 'A filter with this name already exists' }],
      }),
    );
    const { user } = renderSidebar();
    await formReady();
    await user.click(screen.getByTestId('filter-save-new'));
    const dialog = await screen.findByTestId('filter-save-dialog');
    await user.type(within(dialog).getByTestId('filter-save-name'), 'My Buyers');
    await user.click(within(dialog).getByTestId('filter-save-confirm'));
    expect(await within(dialog).findByText('A filter with this name already exists')).toBeTruthy();
    expect(screen.queryByText('Successfully Saved Filter')).toBeNull();
  });

  it("puts the server's filters.<key> errors on the form's fields", async () => {
    api.createFilter.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'filters.context', error: 'Not a scope of your team' }],
      }),
    );
    const { user } = renderSidebar();
    await formReady();
    await pick(user, 'Scope', 'Ave', 'Avery Agent');
    await user.click(screen.getByTestId('filter-save-new'));
    const dialog = await screen.findByTestId('filter-save-dialog');
    await user.type(within(dialog).getByTestId('filter-save-name'), 'Avery');
    await user.click(within(dialog).getByTestId('filter-save-confirm'));
    expect(await screen.findByText('Not a scope of your team')).toBeTruthy();
  });

  it("updates the selected filter after the form moved away from it: '{name} Filter has been updated.'", async () => {
    api.updateFilter.mockResolvedValue(null);
    const { user, onApply } = renderSidebar();
    await formReady();
    await user.click(within(await itemNamed('My Buyers')).getByTestId('saved-filter-use'));
    await pick(user, 'Type', 'Se', 'Seller');
    await waitFor(async () => expect((await itemNamed('My Buyers')).getAttribute('data-selected')).toBe('false'));
    await user.click(screen.getByTestId('filter-update-selected'));
    const dialog = await screen.findByTestId('filter-update-dialog');
    expect((within(dialog).getByTestId('filter-update-name') as HTMLInputElement).value).toBe('My Buyers');
    api.listFilters.mockResolvedValue([buildSavedFilter({ filter_id: 11, filters: { type_filter: 's' } })]);
    await user.click(within(dialog).getByTestId('filter-update-confirm'));
    expect(await screen.findByText('My Buyers Filter has been updated.')).toBeTruthy();
    expect(api.updateFilter).toHaveBeenCalledWith({
      filter_id: 11,
      filter_name: 'My Buyers',
      filters: { type_filter: 's' },
      component: 'transactions',
      updateSelected: true,
    });
    expect(onApply).toHaveBeenLastCalledWith({ type_filter: 's' });
    await waitFor(async () => expect((await itemNamed('My Buyers')).getAttribute('data-selected')).toBe('true'));
  });

  it('Update Selected needs a name', async () => {
    const { user } = renderSidebar();
    await formReady();
    await user.click(within(await itemNamed('My Buyers')).getByTestId('saved-filter-use'));
    await user.click(screen.getByTestId('filter-update-selected'));
    const dialog = await screen.findByTestId('filter-update-dialog');
    await user.clear(within(dialog).getByTestId('filter-update-name'));
    await user.click(within(dialog).getByTestId('filter-update-confirm'));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(api.updateFilter).not.toHaveBeenCalled();
  });

  it("removes a filter after asking: 'Successfully Removed Filter'", async () => {
    api.removeFilter.mockResolvedValue(null);
    const { user } = renderSidebar();
    await formReady();
    await user.click(within(await itemNamed('My Buyers')).getByTestId('saved-filter-remove'));
    const dialog = await screen.findByTestId('filter-remove-dialog');
    expect(within(dialog).getByText("Remove the saved filter 'My Buyers'?")).toBeTruthy();
    api.listFilters.mockResolvedValue([buildSavedFilter({ filter_id: 10, filter_name: 'Under Contract', owner_type: 'team' })]);
    await user.click(within(dialog).getByTestId('filter-remove-confirm'));
    expect(await screen.findByText('Successfully Removed Filter')).toBeTruthy();
    expect(api.removeFilter).toHaveBeenCalledWith(11, 'transactions');
    await waitFor(() => expect(savedItems().map((item) => item.textContent)).toEqual(['Under Contract (Team)']));
  });

  it('hides and clears the tag value until a type is chosen, then requires it (Save blocked)', async () => {
    const { user } = renderSidebar();
    await formReady();
    const entry = screen.getByTestId('tag-entry-0-0');
    expect(within(entry).queryByRole('combobox', { name: /^Tag( \*)?$/ })).toBeNull();
    await pick(user, 'Type', 'B', 'Buyer');
    const typeBox = within(entry).getByRole('combobox', { name: 'Tag type' });
    await user.type(typeBox, 'Has');
    await user.click(await screen.findByRole('option', { name: 'Has tag' }));
    const value = await within(entry).findByRole('combobox', { name: /^Tag( \*)?$/ });
    await user.click(screen.getByTestId('filter-save-new'));
    expect(await within(entry).findByText('This field is required')).toBeTruthy();
    expect(screen.queryByTestId('filter-save-dialog')).toBeNull();
    await user.type(value, 'Lux');
    await user.click(await screen.findByRole('option', { name: 'Luxury' }));
    // Type cleared: the value hides and goes.
    await user.clear(typeBox);
    await user.tab();
    await waitFor(() => expect(within(entry).queryByRole('combobox', { name: /^Tag( \*)?$/ })).toBeNull());
  });

  it('sends tag groups without empty entries', async () => {
    const { user, onApply } = renderSidebar();
    await formReady();
    const entry = screen.getByTestId('tag-entry-0-0');
    await user.type(within(entry).getByRole('combobox', { name: 'Tag type' }), 'Does');
    await user.click(await screen.findByRole('option', { name: 'Does not have tag' }));
    await user.type(await within(entry).findByRole('combobox', { name: /^Tag( \*)?$/ }), 'First');
    await user.click(await screen.findByRole('option', { name: 'First Home' }));
    await user.click(screen.getByTestId('tag-group-add'));
    await user.click(screen.getByTestId('filter-apply'));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ tag_filters: [[{ tag_filter_modifier: 'not', tag_filter_id: 7 }]] }));
  });

  it('fills both dates from a preset and requires them once touched', async () => {
    const { user, onApply } = renderSidebar();
    await formReady();
    await pick(user, 'Status', 'Clo', 'Closed');
    const preset = await screen.findByRole('combobox', { name: /Status date range/ });
    await user.click(preset);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'This Month' }));
    await waitFor(() => expect((screen.getByLabelText(/Status start date/) as HTMLInputElement).value).toBe('03-01-2023'));
    expect((screen.getByLabelText(/Status end date/) as HTMLInputElement).value).toBe('03-31-2023');
    await user.clear(screen.getByLabelText(/Status end date/));
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await user.click(screen.getByTestId('filter-apply'));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('shows at most 3 labels in a multi-select, then {0} items selected', async () => {
    const { user } = renderSidebar();
    await formReady();
    const stage = () => screen.getByRole('combobox', { name: /^Stage/, hidden: true });
    await user.click(stage());
    const list = screen.getByRole('listbox');
    for (const name of ['Nurture', 'Hot', 'Warm']) await user.click(within(list).getByRole('option', { name }));
    expect(stage().textContent).toBe('Nurture, Hot, Warm');
    await user.click(within(list).getByRole('option', { name: 'Cold' }));
    expect(stage().textContent).toBe('4 items selected');
  });

  it('follows the applied filters when they change elsewhere (a chip removed)', async () => {
    const Harness = () => {
      const [applied, setApplied] = useState<TransactionFilterKeys>({ type_filter: 'b', context: 'a7' });
      return (
        <>
          <button type="button" onClick={() => setApplied({ context: 'a7' })}>
            remove chip
          </button>
          <FilterSidebar component="transactions" applied={applied} onApply={setApplied} timeZone="America/New_York" now={now} />
        </>
      );
    };
    const { user } = renderSidebar({ ui: <Harness /> });
    await formReady();
    const type = () => screen.getByRole('combobox', { name: 'Type' }) as HTMLInputElement;
    expect(type().value).toBe('Buyer');
    expect((screen.getByRole('combobox', { name: 'Scope' }) as HTMLInputElement).value).toBe('Avery Agent');
    await user.click(screen.getByRole('button', { name: 'remove chip' }));
    await waitFor(() => expect(type().value).toBe(''));
    expect((screen.getByRole('combobox', { name: 'Scope' }) as HTMLInputElement).value).toBe('Avery Agent');
  });

  it('takes its component: the dashboard form with its dashboard dates, 13 fields on the left', async () => {
    api.getForm.mockResolvedValue(buildForm({ fields: filterFormFieldsOf('dashboard'), left_count: 13 }));
    api.listFilters.mockResolvedValue([]);
    renderSidebar({ component: 'dashboard' });
    const left = await formReady();
    expect(api.getForm).toHaveBeenCalledWith('dashboard');
    expect(api.listFilters).toHaveBeenCalledWith('dashboard');
    const fields = [...left.querySelectorAll('[data-field]')].map((element) => element.getAttribute('data-field'));
    expect(fields.slice(0, 3)).toEqual(['context', 'dashboard_start_date', 'dashboard_end_date']);
    expect(screen.getByTestId('filter-form-right').querySelector('[data-field]')!.getAttribute('data-field')).toBe('lead_type_filter');
  });

  it('opens autocomplete suggestions from the first character in a 200px list; the preset dropdown is 300px', async () => {
    const { user } = renderSidebar();
    await formReady();
    const scope = screen.getByRole('combobox', { name: 'Scope' });
    await user.click(scope);
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(scope, 'a');
    expect((await screen.findByRole('listbox')).style.maxHeight).toBe('200px');
    await user.keyboard('{Escape}');
    await pick(user, 'Status', 'Clo', 'Closed');
    const preset = await screen.findByRole('combobox', { name: /Status date range/ });
    expect(getComputedStyle(preset.closest('.MuiFormControl-root') as HTMLElement).width).toBe('300px');
  });
});
