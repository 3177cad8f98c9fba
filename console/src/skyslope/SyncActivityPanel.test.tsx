// @vitest-environment jsdom
import type { SkySlopeSyncActivity } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';

const api = vi.hoisted(() => ({ getSyncActivity: vi.fn(), retrySync: vi.fn() }));
vi.mock('./index', () => ({ skyslopeApi: api }));
vi.mock('../auth', () => ({ authClient: { getSession: () => ({ user: { team: { team_id: 3 } } }) } }));

import { SyncActivityPanel } from './SyncActivityPanel';

const SYNCED: SkySlopeSyncActivity = {
  client_id: 7,
  transaction: '12 Elm St, Reno, NV 89501',
  kind: 'sale',
  guid: 'sale-guid-7',
  last_synced_ts: '2026-11-20T15:04:00.000Z',
  result: 'synced',
  reason: null,
  synced_version: 3,
};
const FAILED: SkySlopeSyncActivity = {
  client_id: 8,
  transaction: '9 Lake Rd, Reno, NV 89502',
  kind: 'listing',
  guid: null,
  last_synced_ts: null,
  result: 'failed',
  reason: "The transaction's primary agent has no matched SkySlope user",
  synced_version: null,
};
const page = (records: SkySlopeSyncActivity[], pages = 1, pageNumber = 1) => ({
  records,
  pagination: { total: records.length, page: pageNumber, per_page: 10, pages, has_next: pageNumber < pages, has_prev: pageNumber > 1 },
});

const open = () => {
  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <SyncActivityPanel />
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
};

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SyncActivityPanel', () => {
  it('lists the latest result per transaction, with Retry on failed rows only', async () => {
    api.getSyncActivity.mockResolvedValue(page([SYNCED, FAILED]));
    open();
    const synced = await screen.findByTestId('skyslope-sync-row-7');
    expect(within(synced).getByText('12 Elm St, Reno, NV 89501')).toBeTruthy();
    expect(within(synced).getByText('sale-guid-7')).toBeTruthy();
    expect(within(synced).getByText('Synced')).toBeTruthy();
    expect(within(synced).queryByRole('button', { name: /Retry/ })).toBeNull();
    const failed = screen.getByTestId('skyslope-sync-row-8');
    expect(within(failed).getByText('Listing')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('Not yet')).toBeTruthy();
    expect(within(failed).getByText("The transaction's primary agent has no matched SkySlope user")).toBeTruthy();
    expect(within(failed).getByRole('button', { name: 'Retry the sync of 9 Lake Rd, Reno, NV 89502' })).toBeTruthy();
    expect(api.getSyncActivity).toHaveBeenCalledWith(1, 10);
  });

  it('Retry queues the sync, says so and reads the list again', async () => {
    api.getSyncActivity.mockResolvedValueOnce(page([FAILED])).mockResolvedValue(page([{ ...FAILED, result: 'pending', reason: null }]));
    api.retrySync.mockResolvedValue({ message: 'Sync queued' });
    const user = open();
    await user.click(await screen.findByTestId('skyslope-sync-retry-8'));
    expect(await screen.findByText('Sync queued')).toBeTruthy();
    expect(api.retrySync).toHaveBeenCalledWith(8);
    await waitFor(() => expect(within(screen.getByTestId('skyslope-sync-row-8')).getByText('Pending')).toBeTruthy());
    expect(screen.queryByTestId('skyslope-sync-retry-8')).toBeNull();
  });

  it("shows the server's message when Retry fails, or the fallback", async () => {
    api.getSyncActivity.mockResolvedValue(page([FAILED]));
    api.retrySync
      .mockRejectedValueOnce(toHttpError(404, 'Not Found', { status: 'error', message: 'Not Found' }))
      .mockRejectedValueOnce(toHttpError(500, 'Internal Server Error', null));
    const user = open();
    await user.click(await screen.findByTestId('skyslope-sync-retry-8'));
    expect(await screen.findByText('Not Found')).toBeTruthy();
    await user.click(screen.getByTestId('skyslope-sync-retry-8'));
    expect(await screen.findByText('Failed to retry the sync')).toBeTruthy();
  });

  it('pages through the activity, says when there is none, and only logs a failed load', async () => {
    api.getSyncActivity.mockResolvedValueOnce(page([SYNCED], 2, 1)).mockResolvedValueOnce(page([FAILED], 2, 2));
    const user = open();
    expect((await screen.findByTestId('skyslope-sync-page')).textContent).toBe('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByTestId('skyslope-sync-row-8');
    expect(api.getSyncActivity).toHaveBeenLastCalledWith(2, 10);
    cleanup();

    api.getSyncActivity.mockResolvedValueOnce(page([]));
    open();
    expect(await screen.findByText('No transactions synced yet')).toBeTruthy();
    cleanup();

    api.getSyncActivity.mockRejectedValueOnce(new Error('down'));
    open();
    expect(await screen.findByText('No transactions synced yet')).toBeTruthy();
    expect(console.warn).toHaveBeenCalledWith('Failed to fetch sync activity', expect.any(Error));
  });

  it('stacks the rows at 960 px or less, Retry in reach', async () => {
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
    api.getSyncActivity.mockResolvedValue(page([FAILED]));
    open();
    expect((await screen.findByTestId('skyslope-sync-activity-table')).getAttribute('data-layout')).toBe('stacked');
    expect(within(screen.getByTestId('skyslope-sync-row-8')).getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
