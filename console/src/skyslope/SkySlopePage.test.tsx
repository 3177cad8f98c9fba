// @vitest-environment jsdom
import type { SkySlopeSettingsResponse } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';

const api = vi.hoisted(() => ({
  getSettings: vi.fn(),
  saveSettings: vi.fn(),
  ping: vi.fn(),
  getOffices: vi.fn(),
  saveOffice: vi.fn(),
  getPrimaryAgents: vi.fn(),
  savePrimaryAgent: vi.fn(),
  getMatchedUsers: vi.fn(),
  rematchUsers: vi.fn(),
  getSyncActivity: vi.fn(),
  retrySync: vi.fn(),
}));
vi.mock('./index', () => ({ skyslopeApi: api }));
vi.mock('../auth', () => ({ authClient: { getSession: () => ({ user: { team: { team_id: 3 } } }) } }));

import SkySlopePage from './SkySlopePage';

function buildSettings(
  keys: { access_key: string; access_secret: string } = { access_key: '••••abcd', access_secret: '••••wxyz' },
): SkySlopeSettingsResponse {
  return {
    access_keys: keys,
    commission: {
      send_commission: { label: 'Send commission to SkySlope', value: false },
      send_commission_splits: { label: 'Send agent commission splits', value: true },
      send_referral: { label: 'Send referral fees', value: false },
    },
  };
}
const NO_KEYS = { access_key: '', access_secret: '' };
const MATCHED = [
  { agent_id: 11, first_name: 'Avery', last_name: 'Agent', matching_email: 'agent@demo-realty.test', guid: 'u-11' },
  { agent_id: 12, first_name: 'Taylor', last_name: 'Coordinator', matching_email: 'TC@demo-realty.test', guid: 'u-12' },
];

const open = () => {
  render(
    // The app's own i18n (Admin's default): the show/hide button's English labels.
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <SkySlopePage />
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
};

/** The toast's text once it shows. */
const toast = async (text: string) => expect(await screen.findByText(text)).toBeTruthy();
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const fieldError = (label: RegExp) =>
  input(label).closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '';

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  api.getSettings.mockResolvedValue(buildSettings());
  api.getOffices.mockResolvedValue({ skyslope_offices: { 'o-1': 'Downtown Office', 'o-2': 'Lakeside Office' }, skyslope_guid: 'o-1' });
  api.getPrimaryAgents.mockResolvedValue({ primary_agents: [{ guid: 'u-11', full_name: 'Avery Agent' }], selected_primary_agent: null });
  api.getMatchedUsers.mockResolvedValue([]);
  api.getSyncActivity.mockResolvedValue({
    records: [],
    pagination: { total: 0, page: 1, per_page: 10, pages: 0, has_next: false, has_prev: false },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SkySlopePage', () => {
  it('shows only API Configuration while no keys are saved', async () => {
    api.getSettings.mockResolvedValue(buildSettings(NO_KEYS));
    open();
    expect(await screen.findByTestId('skyslope-api-config')).toBeTruthy();
    expect(input(/Access Key/).value).toBe('');
    expect(screen.queryByTestId('skyslope-office-mapping')).toBeNull();
    expect(screen.queryByTestId('skyslope-preferences')).toBeNull();
    expect(screen.queryByTestId('skyslope-matched-users')).toBeNull();
    expect(api.getOffices).not.toHaveBeenCalled();
    expect(api.getMatchedUsers).not.toHaveBeenCalled();
  });

  it('shows every panel once keys are saved, the keys masked', async () => {
    open();
    expect(await screen.findByTestId('skyslope-office-mapping')).toBeTruthy();
    expect(screen.getByTestId('skyslope-preferences')).toBeTruthy();
    expect(screen.getByTestId('skyslope-matched-users')).toBeTruthy();
    expect(input(/Access Key/).value).toBe('••••abcd');
    expect(input(/Access Secret/).value).toBe('••••wxyz');
    expect(api.getOffices).toHaveBeenCalledWith(3);
  });

  it('checks both keys on the client with the server words, sending nothing', async () => {
    api.getSettings.mockResolvedValue(buildSettings(NO_KEYS));
    const user = open();
    await screen.findByTestId('skyslope-api-config');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await waitFor(() => expect(fieldError(/Access Key/)).toBe('Access Key is required'));
    expect(fieldError(/Access Secret/)).toBe('Access Secret is required');

    await user.type(input(/Access Key/), '   ');
    await waitFor(() => expect(fieldError(/Access Key/)).toBe('Access Key must be at least 1 character'));
    await user.type(input(/Access Secret/), '  ');
    await waitFor(() => expect(fieldError(/Access Secret/)).toBe('Access Secret must be at least 1 character'));

    fireEvent.change(input(/Access Key/), { target: { value: 'k'.repeat(257) } });
    fireEvent.change(input(/Access Secret/), { target: { value: 's'.repeat(257) } });
    await waitFor(() => expect(fieldError(/Access Key/)).toBe('Access Key cannot exceed 256 characters'));
    expect(fieldError(/Access Secret/)).toBe('Access Secret cannot exceed 256 characters');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    expect(api.saveSettings).not.toHaveBeenCalled();
  });

  it('Save Credentials sends the keys, says so and shows the other panels', async () => {
    api.getSettings.mockResolvedValueOnce(buildSettings(NO_KEYS));
    api.saveSettings.mockResolvedValue({ message: 'Successfully updated SkySlope settings' });
    const user = open();
    await screen.findByTestId('skyslope-api-config');
    await user.type(input(/Access Key/), 'demo-access-key');
    await user.type(input(/Access Secret/), 'demo-access-secret');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await toast('Successfully updated SkySlope settings');
    expect(api.saveSettings).toHaveBeenCalledWith({ accessKey: 'demo-access-key', accessSecret: 'demo-access-secret' });
    expect(await screen.findByTestId('skyslope-office-mapping')).toBeTruthy();
    expect(input(/Access Key/).value).toBe('••••abcd');
  });

  it('never keeps a saved key in clear: the form shows the masks again', async () => {
    api.saveSettings.mockResolvedValue({ message: 'Successfully updated SkySlope settings' });
    const user = open();
    await screen.findByTestId('skyslope-office-mapping');
    await user.clear(input(/Access Key/));
    await user.type(input(/Access Key/), 'another-key-abcd');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await toast('Successfully updated SkySlope settings');
    expect(api.saveSettings).toHaveBeenCalledWith({ accessKey: 'another-key-abcd', accessSecret: '••••wxyz' });
    await waitFor(() => expect(input(/Access Key/).value).toBe('••••abcd'));
  });

  it("puts the server's field errors under their fields, with the failure toast", async () => {
    api.saveSettings.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'accessSecret', error: 'Access Secret cannot exceed 256 characters' }],
      }),
    );
    const user = open();
    await screen.findByTestId('skyslope-office-mapping');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await toast('Failed to update SkySlope settings');
    await waitFor(() => expect(fieldError(/Access Secret/)).toBe('Access Secret cannot exceed 256 characters'));
  });

  it("shows the server's message when a save fails, or the fallback", async () => {
    api.saveSettings.mockRejectedValueOnce(toHttpError(403, 'Forbidden', { status: 'error', message: 'Forbidden resource' }));
    api.saveSettings.mockRejectedValueOnce(toHttpError(500, 'Internal Server Error', null));
    const user = open();
    await screen.findByTestId('skyslope-office-mapping');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await toast('Forbidden resource');
    await user.click(screen.getByTestId('skyslope-save-credentials'));
    await toast('Failed to update SkySlope settings');
  });

  it('Test API Connection says whether SkySlope took the saved keys', async () => {
    api.ping.mockResolvedValueOnce({ status_code: 0, message: 'Successful SkySlope API connection' });
    api.ping.mockResolvedValueOnce({ status_code: 2, message: 'SkySlope refused the credentials' });
    api.ping.mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', null));
    const user = open();
    await screen.findByTestId('skyslope-api-config');
    await user.click(screen.getByTestId('skyslope-test-connection'));
    await toast('Successful SkySlope API connection');
    await user.click(screen.getByTestId('skyslope-test-connection'));
    await toast('SkySlope refused the credentials');
    await user.click(screen.getByTestId('skyslope-test-connection'));
    await toast('Failed to ping SkySlope service');
    expect(api.ping).toHaveBeenCalledTimes(3);
  });

  it('shows and hides the Access Secret', async () => {
    const user = open();
    await screen.findByTestId('skyslope-api-config');
    expect(input(/Access Secret/).type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input(/Access Secret/).type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input(/Access Secret/).type).toBe('password');
  });

  it('saves the office on change', async () => {
    api.saveOffice.mockResolvedValue({});
    const user = open();
    await choose(user, 'SkySlope office', 'Lakeside Office');
    await toast('Office: SkySlope office successfully updated');
    expect(api.saveOffice).toHaveBeenCalledWith('o-2');
  });

  it("saves the primary agent, null for 'Same as transaction primary agent'", async () => {
    api.savePrimaryAgent.mockResolvedValue({});
    const user = open();
    expect((await screen.findByRole('combobox', { name: 'Primary agent' })).textContent).toBe('Same as transaction primary agent');
    await choose(user, 'Primary agent', 'Avery Agent');
    await toast('Primary agent successfully updated');
    expect(api.savePrimaryAgent).toHaveBeenLastCalledWith('u-11');
    await choose(user, 'Primary agent', 'Same as transaction primary agent');
    await waitFor(() => expect(api.savePrimaryAgent).toHaveBeenLastCalledWith(null));
  });

  it('saves a commission preference with the masked keys sent back unchanged', async () => {
    api.saveSettings.mockResolvedValueOnce({ message: 'Successfully updated SkySlope settings' });
    api.saveSettings.mockRejectedValueOnce(toHttpError(500, 'Internal Server Error', null));
    const user = open();
    const referral = (await screen.findByTestId('skyslope-pref-send_referral')) as HTMLInputElement;
    expect((screen.getByTestId('skyslope-pref-send_commission_splits') as HTMLInputElement).checked).toBe(true);
    await user.click(referral);
    await toast('Successfully updated SkySlope settings');
    expect(api.saveSettings).toHaveBeenCalledWith({ accessKey: '••••abcd', accessSecret: '••••wxyz', prefs: { send_referral: true } });
    expect(referral.checked).toBe(true);
    await user.click(screen.getByTestId('skyslope-pref-send_commission'));
    await toast('Failed to update SkySlope settings');
    expect((screen.getByTestId('skyslope-pref-send_commission') as HTMLInputElement).checked).toBe(false);
  });

  it('Re-match Users fills the table and says so', async () => {
    api.getMatchedUsers.mockResolvedValueOnce([]).mockResolvedValue(MATCHED);
    api.rematchUsers.mockResolvedValue({ running: false, status: 'Successfully updated matched users' });
    const user = open();
    expect(await screen.findByTestId('skyslope-matched-users-empty')).toBeTruthy();
    await user.click(screen.getByTestId('skyslope-rematch'));
    await toast('Successfully updated matched users');
    const row = await screen.findByTestId('skyslope-matched-user-12');
    expect(within(row).getByText('TC@demo-realty.test')).toBeTruthy();
    expect(within(row).getByText('u-12')).toBeTruthy();
    const table = screen.getByTestId('skyslope-matched-users-table');
    for (const header of ['ID', 'First Name', 'Last Name', 'Matching Email', 'GUID']) expect(within(table).getByText(header)).toBeTruthy();
  });

  it('says the matching still runs on a 202, and shows a failure', async () => {
    api.rematchUsers.mockResolvedValueOnce({ running: true, status: 'Matching is still running. Refresh in a moment.' });
    api.rematchUsers.mockRejectedValueOnce(toHttpError(500, 'Internal Server Error', null));
    const user = open();
    await screen.findByTestId('skyslope-matched-users-empty');
    await user.click(screen.getByTestId('skyslope-rematch'));
    await toast('Matching is still running. Refresh in a moment.');
    await user.click(screen.getByTestId('skyslope-rematch'));
    await toast('Failed to update matched users');
  });

  it('stacks the matched users at 960 px or less (no sideways scroll on a phone)', async () => {
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
    api.getMatchedUsers.mockResolvedValue(MATCHED);
    open();
    const table = await screen.findByTestId('skyslope-matched-users-table');
    expect(table.getAttribute('data-layout')).toBe('stacked');
    expect(within(screen.getByTestId('skyslope-matched-user-11')).getByText('agent@demo-realty.test')).toBeTruthy();
  });

  it('explains the matching in the info popover', async () => {
    const user = open();
    await user.click(await screen.findByRole('button', { name: 'How users are matched' }));
    expect((await screen.findByTestId('skyslope-matching-info-popover')).textContent).toMatch(/matched to SkySlope users by email/);
  });

  it('only logs failed loads of offices and matched users, ending their loading', async () => {
    api.getOffices.mockRejectedValue(toHttpError(500, 'Internal Server Error', null));
    api.getMatchedUsers.mockRejectedValue(toHttpError(500, 'Internal Server Error', null));
    open();
    expect(await screen.findByTestId('skyslope-matched-users-empty')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('skyslope-offices-loading')).toBeNull());
    expect(screen.getByRole('combobox', { name: 'SkySlope office' })).toBeTruthy();
    expect(warn).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Server error please try again.')).toBeNull();
  });

  it('says the settings could not be fetched', async () => {
    api.getSettings.mockRejectedValue(toHttpError(0, '', null));
    open();
    expect(await screen.findByTestId('skyslope-settings-error')).toBeTruthy();
    expect(screen.getAllByText('Failed to fetch SkySlope settings').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('skyslope-api-config')).toBeNull();
  });
});
