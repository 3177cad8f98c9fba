// @vitest-environment jsdom
import type { AdminUserRow } from '@app/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserRowActions, type RowActionHandlers } from './UserRowActions';

afterEach(cleanup);

const ROW: AdminUserRow = {
  agent_id: 12,
  profile_image_path: null,
  agent_full_name: 'Ann Lee',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.test',
  mobile_phone: null,
  role_id: 'AGENT',
  created_ts: '2025-01-01T00:00:00.000Z',
  last_access_ts: null,
  status: 'Active',
  excluded: false,
  download: true,
  client_count: 0,
};

const handlers = (): RowActionHandlers => ({
  edit: vi.fn(),
  inactivate: vi.fn(),
  activate: vi.fn(),
  email: vi.fn(),
  changePassword: vi.fn(),
  history: vi.fn(),
  reassign: vi.fn(),
});

describe('UserRowActions', () => {
  it('offers Reassign Transactions, which opens the reassign screen for the row', async () => {
    const on = handlers();
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <UserRowActions row={ROW} busy={false} on={on} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const item = screen.getByRole('menuitem', { name: 'Reassign Transactions' });
    expect(item.getAttribute('aria-disabled')).toBeNull();
    await user.click(item);
    expect(on.reassign).toHaveBeenCalledWith(ROW);
    expect(screen.queryByText('Available with transactions')).toBeNull();
  });

  it("offers Log Activity, a link to app/record with the user's id and name", async () => {
    const Where = () => {
      const location = useLocation();
      return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
    };
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <Routes>
          <Route path="/admin/users" element={<UserRowActions row={ROW} busy={false} on={handlers()} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    const item = screen.getByRole('menuitem', { name: 'Log Activity' });
    expect(item.getAttribute('aria-disabled')).toBeNull();
    expect(item.getAttribute('href')).toBe('/record?user=12&name=Ann+Lee');
    await user.click(item);
    expect(screen.getByTestId('where').textContent).toBe('/record?user=12&name=Ann+Lee');
  });
});
