// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, defaultI18nProvider, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

const dashboards = vi.hoisted(() => ({ getActivity: vi.fn() }));
vi.mock('../admin-dashboards/index', () => ({ dashboardsApi: dashboards }));
vi.mock('./useUserTimeZone', () => ({ useUserTimeZone: () => null }));
vi.mock('./list/UserListPage', () => ({ default: () => <p data-testid="user-list-stub" /> }));

import AdminUsersPage from './AdminUsersPage';

afterEach(cleanup);

// ConsoleApp mounts the page at admin/users/* and at record/* (menu.ts).
const open = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} basename="/app">
        <Routes>
          <Route path="/app/admin/users/*" element={<AdminUsersPage />} />
          <Route path="/app/record/*" element={<AdminUsersPage />} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );

describe('AdminUsersPage', () => {
  it("shows Log Activity's record of the user at app/record", async () => {
    dashboards.getActivity.mockResolvedValue({
      records: [],
      pagination: { total: 0, page: 1, per_page: 20, pages: 0, has_next: false, has_prev: false },
    });
    open('/app/record?user=12&name=Ann%20Lee');
    expect(await screen.findByTestId('activity-record-page')).toBeTruthy();
    expect(dashboards.getActivity).toHaveBeenCalledWith({ agentId: 12, page: 1, perPage: 20 });
    expect(screen.queryByTestId('user-list-stub')).toBeNull();
  });

  it('keeps the user list at admin/users', () => {
    open('/app/admin/users');
    expect(screen.getByTestId('user-list-stub')).toBeTruthy();
    expect(screen.queryByTestId('activity-record-page')).toBeNull();
  });
});
