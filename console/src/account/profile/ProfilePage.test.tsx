// @vitest-environment jsdom
import type { UserProfile } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SINGLETON_ID } from '../../dataProvider/resources';
import { buildProfile } from '../../test/factories';

const commission = vi.hoisted(() => ({ getCaps: vi.fn(), getTemplates: vi.fn() }));
vi.mock('../../commission/index', () => ({ commissionApi: commission, sessionMarketId: () => 0 }));
vi.mock('../index', () => ({ accountApi: { getProfileImage: vi.fn(async () => ({ url: null })) } }));

import ProfilePage from './ProfilePage';

const CAPS = {
  records: [
    { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20000, ytd: 4000, pct: 20, pending: 2000 },
    { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3000, ytd: 900, pct: 30, pending: 0 },
  ],
  brokerage_cap_anniversary_dt: '04-01-2020',
  royalty_cap_anniversary_dt: '09-30-2019',
};

function open(profile: UserProfile) {
  let saved = { ...profile, id: SINGLETON_ID };
  const dataProvider = {
    getOne: vi.fn(async () => ({ data: saved })),
    update: vi.fn(async (_resource: string, params: { data: object }) => {
      saved = { ...saved, ...params.data };
      return { data: saved };
    }),
  } as unknown as DataProvider;

  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider} dataProvider={dataProvider}>
      <ProfilePage />
    </AdminContext>,
  );
  return { dataProvider, user: userEvent.setup() };
}

beforeEach(() => {
  commission.getCaps.mockReset();
  commission.getCaps.mockResolvedValue(CAPS);
});
afterEach(cleanup);

describe('ProfilePage: the commission cap summary card', () => {
  it("shows the signed-in user's own caps at the side for a role with commissions", async () => {
    open(buildProfile({ roles: ['AGENT'] }));
    expect((await screen.findByTestId('profile-cap-summary-brokerage-ytd')).textContent).toBe('$4,000.00');
    expect(commission.getCaps).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole('heading', { name: 'Commission Cap Summary' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Brokerage Cap' }).getAttribute('aria-valuenow')).toBe('20');
    expect(screen.getByTestId('profile-cap-summary-royalty-anniversary').textContent).toBe('09/30/2019');
  });

  it('is not there for a client or a vendor (no commissions)', async () => {
    open(buildProfile({ roles: ['CLIENT'] }));
    await screen.findByTestId('profile-form');
    expect(screen.queryByTestId('profile-cap-summary')).toBeNull();
    cleanup();
    open(buildProfile({ roles: ['VENDOR'] }));
    await screen.findByTestId('profile-form');
    expect(screen.queryByTestId('profile-cap-summary')).toBeNull();
    expect(commission.getCaps).not.toHaveBeenCalled();
  });

  it('reads the figures again after the profile is saved', async () => {
    const { user, dataProvider } = open(buildProfile({ roles: ['ADMIN'], brokerage_cap_amt: 20000 }));
    await screen.findByTestId('profile-cap-summary-brokerage');
    const reads = commission.getCaps.mock.calls.length;
    await user.type(screen.getByTestId('profile-last_name').querySelector('input')!, 'x');
    // Submitted as the Save button does (react-admin's SaveButton click does not reach the form in jsdom).
    fireEvent.submit(screen.getByTestId('profile-form').closest('form')!);
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    await waitFor(() => expect(commission.getCaps.mock.calls.length).toBeGreaterThan(reads));
  });
});
