// @vitest-environment jsdom
import type { ActivityEntry, ActivityPage } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';

const api = vi.hoisted(() => ({ getActivity: vi.fn() }));
vi.mock('../index', () => ({ dashboardsApi: api }));
vi.mock('../../admin-users/useUserTimeZone', () => ({ useUserTimeZone: () => 'America/Chicago' }));

import ActivityRecordPage from './ActivityRecordPage';

const entry = (id: number, ts: string, text: string): ActivityEntry => ({ id, ts, agent_name: 'Ann Lee', profile_image_path: null, text });
const pageOf = (records: ActivityEntry[], total: number, page = 1, per_page = 20): ActivityPage => {
  const pages = Math.ceil(total / per_page);
  return { records, pagination: { total, page, per_page, pages, has_next: page < pages, has_prev: page > 1 } };
};
const NEWEST_FIRST = [
  entry(31, '2025-03-04T15:30:00.000Z', 'Ann Lee closed 12 Main St'),
  entry(30, '2025-03-02T14:05:00.000Z', 'Ann Lee went under contract on 8 Oak Ave'),
  entry(29, '2025-02-27T09:00:00.000Z', 'Ann Lee completed the task Order inspection'),
];

let location = '';
const LocationProbe = () => {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
};

const open = (path: string) => {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} basename="/app">
        <ActivityRecordPage />
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
};

beforeEach(() => {
  api.getActivity.mockReset();
  api.getActivity.mockResolvedValue(pageOf(NEWEST_FIRST, 3));
  location = '';
});
afterEach(cleanup);

describe('ActivityRecordPage', () => {
  it("lists the user's activity as the server orders it (newest first), 20 a page, the times in the viewer's zone", async () => {
    open('/app/record?user=12&name=Ann%20Lee');
    const rows = await screen.findAllByTestId('activity-table-row');
    expect(api.getActivity).toHaveBeenCalledWith({ agentId: 12, page: 1, perPage: 20 });
    expect(screen.getByTestId('activity-name').textContent).toBe('Activity of Ann Lee');
    expect(rows.map((row) => within(row).getByTestId('activity-text').textContent)).toEqual([
      'Ann Lee closed 12 Main St',
      'Ann Lee went under contract on 8 Oak Ave',
      'Ann Lee completed the task Order inspection',
    ]);
    // 15:30 UTC is 9:30 AM in Chicago (CST).
    expect(within(rows[0]).getByTestId('activity-ts').textContent).toBe('03/04/2025 9:30 AM');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['When', 'Activity']);
    expect(within(screen.getByTestId('activity-table-per-page')).getByText('20')).toBeTruthy();
  });

  it('pages through the rows, keeping the user and the name in the URL', async () => {
    api.getActivity
      .mockResolvedValueOnce(pageOf(NEWEST_FIRST, 45))
      .mockResolvedValueOnce(pageOf([entry(3, '2025-01-02T10:00:00.000Z', 'Older')], 45, 2));
    const user = open('/app/record?user=12&name=Ann%20Lee');
    await screen.findAllByTestId('activity-table-row');
    await user.click(screen.getByTestId('activity-table-next-page'));
    await waitFor(() => expect(api.getActivity).toHaveBeenLastCalledWith({ agentId: 12, page: 2, perPage: 20 }));
    expect(location).toBe('/app/record?user=12&name=Ann+Lee&page=2&per_page=20');
    expect(await screen.findByText('Older')).toBeTruthy();
  });

  it('says when the user has no activity yet', async () => {
    api.getActivity.mockResolvedValueOnce(pageOf([], 0));
    open('/app/record?user=12&name=Ann%20Lee');
    expect((await screen.findByTestId('activity-table-empty')).textContent).toBe('No activity recorded yet.');
  });

  it("says so for another team's user (404) or a user that is not an id, without a retry", async () => {
    api.getActivity.mockRejectedValueOnce(toHttpError(404, 'Not Found', { status: 'error', message: 'User not found' }));
    open('/app/record?user=99&name=Someone');
    expect((await screen.findByTestId('activity-table-error')).textContent).toBe('This user does not exist in your team.');
    expect(screen.queryByTestId('activity-table-retry')).toBeNull();
    cleanup();

    open('/app/record?user=abc');
    expect((await screen.findByTestId('activity-table-error')).textContent).toBe('This user does not exist in your team.');
    expect(api.getActivity).toHaveBeenCalledTimes(1);
  });

  it("shows the signed-in user's own rows without a user", async () => {
    open('/app/record');
    await screen.findAllByTestId('activity-table-row');
    expect(api.getActivity).toHaveBeenCalledWith({ agentId: null, page: 1, perPage: 20 });
    expect(screen.getByTestId('activity-name').textContent).toBe('Your activity');
  });

  it('goes back to the user list when opened directly', async () => {
    const user = open('/app/record?user=12&name=Ann%20Lee');
    await screen.findAllByTestId('activity-table-row');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location).toBe('/app/admin/users');
  });
});
