// @vitest-environment jsdom
import type { GoalsResponse } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { deferred } from '../../test/factories';

const api = vi.hoisted(() => ({ getGoals: vi.fn(), saveGoals: vi.fn() }));
vi.mock('../index', () => ({ dashboardsApi: api }));

import GoalsPage from './GoalsPage';

const none = {
  appointments_set: null,
  appointments_met: null,
  signed: null,
  under_contract: null,
  closed: null,
  closed_volume: null,
  closed_gci: null,
};
const METRICS: GoalsResponse['metrics'] = [
  { metric: 'appointments_set', label: 'Appointments Set', amount: false },
  { metric: 'appointments_met', label: 'Appointments Met', amount: false },
  { metric: 'signed', label: 'Signed', amount: false },
  { metric: 'under_contract', label: 'Under Contract', amount: false },
  { metric: 'closed', label: 'Closed', amount: false },
  { metric: 'closed_volume', label: 'Closed Volume', amount: true },
  { metric: 'closed_gci', label: 'Closed GCI', amount: true },
];
const goalsOf = (year: number, rows: GoalsResponse['rows'] = ROWS): GoalsResponse => ({ year, metrics: METRICS, rows });
const ROWS: GoalsResponse['rows'] = [
  { agent_id: null, name: 'Team', goals: { ...none, closed: 40, closed_volume: 12_000_000 } },
  { agent_id: 12, name: 'Ann Lee', goals: { ...none, appointments_set: 30, closed_gci: 45_000.5 } },
  { agent_id: 14, name: 'Bo Chen', goals: { ...none } },
];

let location = '';
const LocationProbe = () => {
  location = `${useLocation().pathname}${useLocation().search}`;
  return null;
};

const open = (path = '/app/admin/goals') => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
        <GoalsPage />
        <Notification />
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
};

const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => screen.getByTestId('goals-save') as HTMLButtonElement;
const yearPicker = () => screen.getByTestId('goals-year') as HTMLSelectElement;

async function retype(user: ReturnType<typeof userEvent.setup>, name: string, text: string) {
  await user.clear(cell(name));
  if (text) await user.type(cell(name), text);
  await user.tab();
}

function stubNarrowScreen() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.getGoals.mockImplementation(async (year?: number | null) => goalsOf(year ?? 2025));
  location = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GoalsPage', () => {
  it("shows a loading state, then the server's year: the team first, each active agent, a column per metric", async () => {
    const load = deferred<GoalsResponse>();
    api.getGoals.mockReturnValueOnce(load.promise);
    open();
    expect(screen.getByTestId('goals-loading')).toBeTruthy();
    expect(save().disabled).toBe(true);
    load.resolve(goalsOf(2025));

    const table = await screen.findByTestId('goals-table');
    expect(api.getGoals).toHaveBeenCalledWith(null);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Appointments Set', 'Appointments Met', 'Signed', 'Under Contract', 'Closed', 'Closed Volume', 'Closed GCI']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((header) => header.textContent),
    ).toEqual(['Team', 'Ann Lee', 'Bo Chen']);
    expect(yearPicker().value).toBe('2025');
    // Amounts in USD with 2 decimals, counts whole, no goal empty.
    expect(cell('Closed Volume for Team').value).toBe('$12,000,000.00');
    expect(cell('Closed GCI for Ann Lee').value).toBe('$45,000.50');
    expect(cell('Closed for Team').value).toBe('40');
    expect(cell('Closed for Bo Chen').value).toBe('');
    expect(screen.queryByTestId('goals-empty')).toBeNull();
    expect(save().disabled).toBe(true);
  });

  it("saves only the changed cells (an emptied one as null), says 'Goals saved' and shows the server's answer", async () => {
    api.saveGoals.mockImplementation(async () => ({
      ...goalsOf(2025, [
        { agent_id: null, name: 'Team', goals: { ...none, closed: 45, closed_volume: 12_000_000 } },
        { agent_id: 12, name: 'Ann Lee', goals: { ...none, closed_gci: 2_500_000.5 } },
        { agent_id: 14, name: 'Bo Chen', goals: { ...none } },
      ]),
      message: 'Goals saved',
    }));
    const user = open();
    await screen.findByTestId('goals-table');
    await retype(user, 'Closed for Team', '45');
    await retype(user, 'Appointments Set for Ann Lee', '');
    await retype(user, 'Closed GCI for Ann Lee', '2500000.5');
    expect(cell('Closed GCI for Ann Lee').value).toBe('$2,500,000.50');
    expect(screen.getByTestId('goals-changes').textContent).toBe('3 unsaved changes');
    expect(save().disabled).toBe(false);

    await user.click(save());
    expect(await screen.findByText('Goals saved')).toBeTruthy();
    expect(api.saveGoals).toHaveBeenCalledWith({
      year: 2025,
      goals: [
        { agent_id: null, metric: 'closed', value: 45 },
        { agent_id: 12, metric: 'appointments_set', value: null },
        { agent_id: 12, metric: 'closed_gci', value: 2_500_000.5 },
      ],
    });
    await waitFor(() => expect(save().disabled).toBe(true));
    expect(screen.getByTestId('goals-changes').textContent).toBe('');
    expect(cell('Closed for Team').value).toBe('45');
    expect(cell('Appointments Set for Ann Lee').value).toBe('');
  });

  it("puts the server's field errors on the cells they are about (goals.{i} is the i-th goal sent)", async () => {
    api.saveGoals.mockRejectedValueOnce(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid',
        errors: [
          { field: 'goals.1.value', error: 'Enter a whole number of 0 or more' },
          { field: 'goals.2.value', error: 'Enter an amount of 0 or more with at most 2 decimals' },
        ],
      }),
    );
    const user = open();
    await screen.findByTestId('goals-table');
    await retype(user, 'Signed for Team', '10');
    await retype(user, 'Closed for Bo Chen', '-3');
    await retype(user, 'Closed Volume for Bo Chen', '99');
    await user.click(save());

    expect(await screen.findByText('Form Error: Please correct errors to save changes.')).toBeTruthy();
    const boChen = screen.getAllByTestId('goals-row').find((row) => row.getAttribute('data-key') === 'a14')!;
    await within(boChen).findByText('Enter a whole number of 0 or more');
    expect(within(boChen).getByText('Enter an amount of 0 or more with at most 2 decimals')).toBeTruthy();
    expect(cell('Closed for Bo Chen').getAttribute('aria-invalid')).toBe('true');
    expect(cell('Signed for Team').getAttribute('aria-invalid')).toBe('false');
    // Nothing was saved: the changes stay to be corrected.
    expect(save().disabled).toBe(false);
    expect(cell('Closed for Bo Chen').value).toBe('-3');

    // A corrected cell loses its message.
    await retype(user, 'Closed for Bo Chen', '3');
    await waitFor(() => expect(within(boChen).queryByText('Enter a whole number of 0 or more')).toBeNull());
  });

  it("shows the year's error under the picker and a refusal without field errors as a toast", async () => {
    api.saveGoals
      .mockRejectedValueOnce(
        toHttpError(400, 'Bad Request', {
          status: 'error',
          message: 'Invalid',
          errors: [{ field: 'year', error: 'Enter a year from 2000 to 2100' }],
        }),
      )
      .mockRejectedValueOnce(toHttpError(403, 'Forbidden', { status: 'error', message: 'Forbidden resource' }));
    const user = open();
    await screen.findByTestId('goals-table');
    await retype(user, 'Signed for Team', '10');
    await user.click(save());
    expect(await screen.findByText('Enter a year from 2000 to 2100')).toBeTruthy();
    await user.click(save());
    expect(await screen.findByText('Forbidden resource')).toBeTruthy();
  });

  it('reads the year from the URL, and loads another year picked (the old one gone at once)', async () => {
    const user = open('/app/admin/goals?year=2024');
    expect((await screen.findByTestId('goals-table')).getAttribute('data-year')).toBe('2024');
    expect(api.getGoals).toHaveBeenCalledWith(2024);
    expect(yearPicker().value).toBe('2024');
    const next = deferred<GoalsResponse>();
    api.getGoals.mockReturnValueOnce(next.promise);
    await user.selectOptions(yearPicker(), '2026');
    // Nobody edits or saves 2024's goals while 2026's load.
    expect(screen.queryByTestId('goals-table')).toBeNull();
    expect(screen.getByTestId('goals-loading')).toBeTruthy();
    expect(save().disabled).toBe(true);
    await waitFor(() => expect(api.getGoals).toHaveBeenLastCalledWith(2026));
    expect(location).toBe('/app/admin/goals?year=2026');
    next.resolve(goalsOf(2026));
    expect((await screen.findByTestId('goals-table')).getAttribute('data-year')).toBe('2026');
    expect(yearPicker().value).toBe('2026');
  });

  it('asks before a year change drops unsaved changes', async () => {
    const user = open();
    await screen.findByTestId('goals-table');
    await retype(user, 'Closed for Team', '50');
    await user.selectOptions(yearPicker(), '2024');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your unsaved goal changes will be lost if you switch to 2024.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.getGoals).toHaveBeenCalledTimes(1);
    expect(yearPicker().value).toBe('2025');
    expect(cell('Closed for Team').value).toBe('50');

    await user.selectOptions(yearPicker(), '2024');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(api.getGoals).toHaveBeenLastCalledWith(2024));
  });

  it('says when the team has no active agents: only the team row', async () => {
    api.getGoals.mockResolvedValueOnce(goalsOf(2025, [ROWS[0]]));
    open();
    expect((await screen.findByTestId('goals-empty')).textContent).toBe(
      'Your team has no active agents yet: only the team goals can be set.',
    );
    expect(cell('Closed for Team').value).toBe('40');
  });

  it('shows a failed load with Retry', async () => {
    api.getGoals.mockRejectedValueOnce(toHttpError(500, 'Server Error', null));
    const user = open();
    const error = await screen.findByTestId('goals-error');
    expect(error.textContent).toContain('The goals could not be loaded.');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('goals-table')).toBeTruthy();
  });

  it('stacks each row under its name at 960 px or less, with the same inputs', async () => {
    stubNarrowScreen();
    open();
    const stacked = await screen.findByTestId('goals-stacked');
    expect(screen.queryByTestId('goals-table')).toBeNull();
    const team = within(stacked).getByRole('region', { name: 'Team' });
    expect(within(team).getByRole('textbox', { name: 'Closed for Team' })).toBeTruthy();
    expect(
      within(stacked)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Team', 'Ann Lee', 'Bo Chen']);
  });
});
