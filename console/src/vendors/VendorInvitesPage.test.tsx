// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification, testDataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorInviteRecord } from '@app/contracts';

// The screen's calls, as the data provider's resource 'vendor-invites' answers them (the wire is
// dataProvider/resources.test.ts's): getList its rows, create the link, delete the server's message.
const api = { listInvites: vi.fn(), createInvite: vi.fn(), revokeInvite: vi.fn() };
const dataProvider = testDataProvider({
  getList: async (resource: string) => {
    expect(resource).toBe('vendor-invites');
    const rows = (await api.listInvites()) as VendorInviteRecord[];
    return { data: rows.map((row) => ({ ...row, id: row.invite_id })), total: rows.length } as never;
  },
  create: async (resource: string, params: { data: unknown }) => {
    expect(resource).toBe('vendor-invites');
    const answer = await api.createInvite(params.data);
    return { data: { ...(params.data as object), id: 0 }, meta: { answer } } as never;
  },
  delete: async (resource: string, params: { id: unknown }) => {
    expect(resource).toBe('vendor-invites');
    const answer = await api.revokeInvite(params.id);
    return { data: { id: params.id }, meta: { answer } } as never;
  },
});

import VendorInvitesPage from './VendorInvitesPage';

const invite = (overrides: Partial<VendorInviteRecord>): VendorInviteRecord => ({
  invite_id: 1,
  email: null,
  name: 'Acme Title',
  vendor_type: 'Title',
  status: 'pending',
  created_ts: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-12-04T10:00:00.000Z',
  used_ts: null,
  revoked_ts: null,
  vendor_id: null,
  vendor_name: null,
  created_by: 'Avery Admin',
  ...overrides,
});

const open = () =>
  render(
    <AdminContext store={memoryStore()} dataProvider={dataProvider}>
      <VendorInvitesPage />
      <Notification />
    </AdminContext>,
  );

beforeEach(() => {
  api.listInvites.mockReset();
  api.createInvite.mockReset();
  api.revokeInvite.mockReset();
});
afterEach(cleanup);

describe('VendorInvitesPage', () => {
  it('lists the invites with their status; only pending and expired ones can be revoked', async () => {
    api.listInvites.mockResolvedValue([
      invite({ invite_id: 1 }),
      invite({ invite_id: 2, name: null, email: 'pat@lender.test', status: 'used', vendor_name: 'Pat Lending' }),
      invite({ invite_id: 3, status: 'expired' }),
    ]);
    open();
    expect((await screen.findByTestId('invite-status-1')).textContent).toBe('Pending');
    expect(screen.getByTestId('invite-invitee-2').textContent).toBe('pat@lender.test');
    expect(screen.getByText('Pat Lending')).toBeTruthy();
    expect(screen.getByTestId('invite-revoke-1')).toBeTruthy();
    expect(screen.queryByTestId('invite-revoke-2')).toBeNull();
    expect(screen.getByTestId('invite-revoke-3')).toBeTruthy();
  });

  it('Invite Vendor sends what was filled in and shows the link with Copy; closing reloads the list', async () => {
    const user = userEvent.setup();
    api.listInvites.mockResolvedValue([]);
    api.createInvite.mockResolvedValue({
      invite_token: 't',
      url: 'http://localhost/enroll/vendor?invite_token=t',
      expires_at: '2026-12-04T10:00:00.000Z',
    });
    open();
    await screen.findByTestId('invites-empty');
    await user.click(screen.getByTestId('invite-vendor'));
    const dialog = await screen.findByTestId('invite-dialog');
    await user.type(within(dialog).getByLabelText(/Company name/), 'Harbor Mortgage');
    await user.click(within(dialog).getByTestId('invite-dialog-create'));
    const link = await screen.findByTestId('invite-link');
    expect((link.querySelector('input') as HTMLInputElement).value).toBe('http://localhost/enroll/vendor?invite_token=t');
    expect(api.createInvite).toHaveBeenCalledWith({ name: 'Harbor Mortgage' });
    expect(screen.getByTestId('invite-link-copy')).toBeTruthy();
    await user.click(screen.getByTestId('invite-dialog-close'));
    await waitFor(() => expect(api.listInvites).toHaveBeenCalledTimes(2));
  });

  it('Revoke asks first, then revokes by invite_id and reloads', async () => {
    const user = userEvent.setup();
    api.listInvites.mockResolvedValue([invite({ invite_id: 7 })]);
    api.revokeInvite.mockResolvedValue({ status: 'success', message: 'Invite revoked' });
    open();
    await user.click(await screen.findByTestId('invite-revoke-7'));
    expect(await screen.findByText('Revoke this invite?')).toBeTruthy();
    expect(api.revokeInvite).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /^Revoke$/ }));
    await waitFor(() => expect(api.revokeInvite).toHaveBeenCalledWith(7));
    expect(await screen.findByText('Invite revoked')).toBeTruthy();
    await waitFor(() => expect(api.listInvites).toHaveBeenCalledTimes(2));
  });
});
