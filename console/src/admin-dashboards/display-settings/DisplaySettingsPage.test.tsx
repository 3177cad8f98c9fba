// @vitest-environment jsdom
import { DEFAULT_DISPLAY_CONFIG, type DisplayConfig } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { deferred } from '../../test/factories';

const api = vi.hoisted(() => ({ getDisplayConfig: vi.fn(), saveDisplayConfig: vi.fn(), listDashboards: vi.fn() }));
vi.mock('../index', () => ({ dashboardsApi: api }));

import DisplaySettingsPage from './DisplaySettingsPage';

const NAMES = {
  dashboards: [
    { id: 7, name: 'Agent Production' },
    { id: 9, name: 'Lead Conversion' },
    { id: 2, name: 'Stats' },
    { id: 3, name: 'Activity' },
    { id: 4, name: 'Leaderboard' },
  ],
};
const THREE: DisplayConfig = {
  slides: [
    { id: 7, report: null, ytd: false },
    { id: 2, report: null, ytd: false },
    { id: 4, report: 'closed', ytd: false },
  ],
  default_dashboard_id: 7,
};

const open = () => {
  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <DisplaySettingsPage />
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
};

const slides = () => screen.getAllByTestId('display-slide');
const slide = (n: number) => within(screen.getByRole('listitem', { name: `Slide ${n}` }));
/** Each slide as the admin reads it: its dashboard, and the report and YTD of a leaderboard. */
const summary = () =>
  slides().map((item) => {
    const dashboard = within(item).getByTestId('display-slide-dashboard') as HTMLSelectElement;
    const report = within(item).queryByTestId('display-slide-report') as HTMLSelectElement | null;
    const ytd = within(item).queryByTestId('display-slide-ytd') as HTMLInputElement | null;
    return [dashboard.value, report?.value, ytd?.checked].filter((value) => value !== undefined).join(':');
  });
const save = () => screen.getByTestId('display-save') as HTMLButtonElement;

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.getDisplayConfig.mockResolvedValue(THREE);
  api.listDashboards.mockResolvedValue(NAMES);
  api.saveDisplayConfig.mockImplementation(async (body: DisplayConfig) => ({ ...body, message: 'Display settings saved' }));
});
afterEach(cleanup);

describe('DisplaySettingsPage', () => {
  it('shows a loading state, then the slides in order with their dashboards, and the default circle dashboard', async () => {
    const load = deferred<DisplayConfig>();
    api.getDisplayConfig.mockReturnValueOnce(load.promise);
    open();
    expect(screen.getByTestId('display-settings-loading')).toBeTruthy();
    load.resolve(DEFAULT_DISPLAY_CONFIG);
    await screen.findAllByTestId('display-slide');
    expect(summary()).toEqual(['7', '9', '2', '3', '4:closed:false', '4:volume:true']);
    const picker = slide(1).getByRole('combobox', { name: 'Dashboard' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Agent Production (7)', 'Lead Conversion (9)', 'Stats (2)', 'Activity (3)', 'Leaderboard (4)']);
    expect(slide(6).getByRole('combobox', { name: 'Report' })).toBeTruthy();
    expect(
      within(slide(6).getByRole('combobox', { name: 'Report' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Closed', 'Under Contract', 'Signed', 'Appointments Set', 'Appointments Met', 'Volume']);
    expect(slide(1).queryByRole('combobox', { name: 'Report' })).toBeNull();
    expect((screen.getByRole('radio', { name: 'Agent Production (7)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(save().disabled).toBe(true);
  });

  it("adds a leaderboard slide with a report and YTD, reorders, saves the whole list and says 'Display settings saved'", async () => {
    const user = open();
    await screen.findAllByTestId('display-slide');
    await user.click(screen.getByRole('button', { name: 'Add Slide' }));
    expect(summary()).toEqual(['7', '2', '4:closed:false', '7']);
    await user.selectOptions(slide(4).getByRole('combobox', { name: 'Dashboard' }), '4');
    await user.selectOptions(slide(4).getByRole('combobox', { name: 'Report' }), 'signed');
    await user.click(slide(4).getByRole('checkbox', { name: 'Year to date (YTD)' }));
    expect(summary()).toEqual(['7', '2', '4:closed:false', '4:signed:true']);

    await user.click(screen.getByRole('button', { name: 'Move slide 4 up' }));
    expect(summary()).toEqual(['7', '2', '4:signed:true', '4:closed:false']);
    // The moved slide's button keeps the focus.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move slide 3 up' }));
    await user.click(screen.getByRole('button', { name: 'Move slide 1 down' }));
    await user.click(screen.getByRole('radio', { name: 'Lead Conversion (9)' }));
    expect(summary()).toEqual(['2', '7', '4:signed:true', '4:closed:false']);

    await user.click(save());
    expect(await screen.findByText('Display settings saved')).toBeTruthy();
    expect(api.saveDisplayConfig).toHaveBeenCalledWith({
      slides: [
        { id: 2, report: null, ytd: false },
        { id: 7, report: null, ytd: false },
        { id: 4, report: 'signed', ytd: true },
        { id: 4, report: 'closed', ytd: false },
      ],
      default_dashboard_id: 9,
    });
    await waitFor(() => expect(save().disabled).toBe(true));
  });

  it('removes a slide but never the last one, and keeps the ends from moving past the list', async () => {
    api.getDisplayConfig.mockResolvedValue({
      slides: [
        { id: 7, report: null, ytd: false },
        { id: 3, report: null, ytd: false },
      ],
      default_dashboard_id: 7,
    });
    const user = open();
    await screen.findAllByTestId('display-slide');
    expect((screen.getByRole('button', { name: 'Move slide 1 up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move slide 2 down' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove slide 1' }));
    expect(summary()).toEqual(['3']);
    expect((screen.getByRole('button', { name: 'Remove slide 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect(save().disabled).toBe(false);
  });

  it("shows the server's field errors on their slides and the default dashboard, and a form error toast", async () => {
    api.saveDisplayConfig.mockRejectedValueOnce(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid',
        errors: [
          { field: 'slides.2.report', error: 'Choose the leaderboard report' },
          { field: 'default_dashboard_id', error: 'Choose dashboard 7 or 9' },
          { field: 'slides', error: 'At most 20 slides' },
        ],
      }),
    );
    const user = open();
    await screen.findAllByTestId('display-slide');
    await user.click(slide(3).getByRole('checkbox', { name: 'Year to date (YTD)' }));
    await user.click(save());
    expect(await screen.findByText('Form Error: Please correct errors to save changes.')).toBeTruthy();
    expect(slide(3).getByText('Choose the leaderboard report')).toBeTruthy();
    expect(screen.getByTestId('display-default-dashboard-help').textContent).toBe('Choose dashboard 7 or 9');
    expect(screen.getByTestId('display-slides-error').textContent).toBe('At most 20 slides');
    expect(slide(3).getByRole('combobox', { name: 'Report' }).getAttribute('aria-invalid')).toBe('true');

    // Editing the field drops its message; changing the list drops the slides' messages.
    await user.selectOptions(slide(3).getByRole('combobox', { name: 'Report' }), 'volume');
    expect(slide(3).queryByText('Choose the leaderboard report')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Slide' }));
    expect(screen.queryByTestId('display-slides-error')).toBeNull();
    expect(screen.getByTestId('display-default-dashboard-help').textContent).toBe('Choose dashboard 7 or 9');
  });

  it('shows a refusal without field errors as a toast and keeps the changes', async () => {
    api.saveDisplayConfig.mockRejectedValueOnce(toHttpError(403, 'Forbidden', { status: 'error', message: 'Forbidden resource' }));
    const user = open();
    await screen.findAllByTestId('display-slide');
    await user.click(screen.getByRole('radio', { name: 'Lead Conversion (9)' }));
    await user.click(save());
    expect(await screen.findByText('Forbidden resource')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Lead Conversion (9)' }) as HTMLInputElement).checked).toBe(true);
    expect(save().disabled).toBe(false);
  });

  it("labels the picker with the contract's names when the dashboards cannot be listed", async () => {
    api.listDashboards.mockRejectedValueOnce(toHttpError(500, 'Server Error', null));
    open();
    await screen.findAllByTestId('display-slide');
    expect(within(slide(1).getByRole('combobox', { name: 'Dashboard' })).getAllByRole('option')[1].textContent).toBe('Lead Conversion (9)');
  });

  it('shows a failed load with Retry', async () => {
    api.getDisplayConfig.mockRejectedValueOnce(toHttpError(500, 'Server Error', null));
    const user = open();
    const error = await screen.findByTestId('display-settings-error');
    expect(error.textContent).toContain('The display settings could not be loaded.');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByTestId('display-slide')).toHaveLength(3);
  });
});
