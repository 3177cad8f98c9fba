// @vitest-environment jsdom
import type { AdminUserRecord, CapsResponse, CommissionTemplatesResponse } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';

const api = vi.hoisted(() => ({
  getUser: vi.fn(),
  updateUser: vi.fn(),
  createUser: vi.fn(),
  getLicences: vi.fn(),
  requestAvatarUpload: vi.fn(),
  putFile: vi.fn(),
  confirmAvatar: vi.fn(),
}));
const commission = vi.hoisted(() => ({ getCaps: vi.fn(), getTemplates: vi.fn(), marketId: vi.fn(() => 0) }));
vi.mock('../index', () => ({ adminUsersApi: api }));
vi.mock('../../commission/index', () => ({
  commissionApi: { getCaps: commission.getCaps, getTemplates: commission.getTemplates },
  sessionMarketId: () => commission.marketId(),
}));

import UserFormPage from './UserFormPage';

const template = (id: number, name: string, side: 'b' | 's') => ({
  commission_template_id: id,
  name,
  client_type_id: side,
  cap_kind: null,
  pct: 0,
  flat_amt: 0,
});
const TEMPLATES: CommissionTemplatesResponse = {
  buyer: [template(1, 'Brokerage Split', 'b'), template(2, 'Royalty', 'b'), template(3, 'Transaction Fee', 'b')],
  seller: [template(4, 'Brokerage Split', 's'), template(5, 'Royalty', 's')],
  show_default_templates: true,
};
const CAPS: CapsResponse = {
  records: [
    { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20000, ytd: 5000, pct: 25, pending: 0 },
    { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3000, ytd: 300, pct: 10, pending: 0 },
  ],
  brokerage_cap_anniversary_dt: '02-01-2020',
  royalty_cap_anniversary_dt: '06-15-2020',
};
const USER: AdminUserRecord = {
  agent_id: 12,
  status: 'active',
  profile_image_url: null,
  first_name: 'Ann',
  last_name: 'Lee',
  mobile_phone: '5125550100',
  email: 'ann@example.test',
  role_id: 'AGENT',
  start_dt: '01/15/2024',
  can_download: true,
  default_commission_templates: { buyer: [1, 2], seller: [4] },
};

const open = (mode: 'edit' | 'create' = 'edit') => {
  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <UserFormPage mode={mode} agentId={mode === 'edit' ? 12 : null} />
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
};

// An open menu hides the rest of the page from assistive tech: look past that.
const templatesBox = (side: 'buyer' | 'seller') =>
  within(screen.getByTestId(`user-templates-${side}`)).getByRole('combobox', { hidden: true });
const saveAndGetPatch = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByTestId('user-form-save'));
  await waitFor(() => expect(api.updateUser).toHaveBeenCalled());
  return api.updateUser.mock.calls[0][1] as Record<string, unknown>;
};

beforeEach(() => {
  for (const mock of [...Object.values(api), commission.getCaps, commission.getTemplates]) mock.mockReset();
  commission.marketId.mockReturnValue(0);
  api.getUser.mockResolvedValue(USER);
  api.updateUser.mockImplementation(async (_id: number, patch: object) => ({ status: 'success', record: { ...USER, ...patch } }));
  api.getLicences.mockResolvedValue({ total: 0, used: 0, remaining: 0, esign_total: 0, esign_used: 0, esign_remaining: 0 });
  commission.getTemplates.mockResolvedValue(TEMPLATES);
  commission.getCaps.mockResolvedValue(CAPS);
});
afterEach(cleanup);

describe('UserFormPage: Default Commission Templates', () => {
  it("lists the team's templates per side, the user's defaults chosen", async () => {
    const user = open();
    expect(await screen.findByRole('heading', { name: 'Default Commission Templates' })).toBeTruthy();
    expect(templatesBox('buyer').textContent).toBe('Brokerage Split, Royalty');
    expect(templatesBox('seller').textContent).toBe('Brokerage Split');
    await user.click(templatesBox('buyer'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Brokerage Split', 'Royalty', 'Transaction Fee']);
  });

  it('sends the lists when one changed, and nothing about them otherwise', async () => {
    const user = open();
    await screen.findByTestId('user-default-templates');
    await user.click(templatesBox('buyer'));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Transaction Fee' }));
    await user.keyboard('{Escape}');
    expect(await saveAndGetPatch(user)).toEqual({ default_commission_templates: { buyer: [1, 2, 3], seller: [4] } });

    api.updateUser.mockClear();
    await user.type(screen.getByTestId('user-last_name-input'), 'x');
    expect(await saveAndGetPatch(user)).toEqual({ last_name: 'Leex' });
  });

  it('is hidden by the platform setting, and the form then sends no default_commission_templates', async () => {
    commission.getTemplates.mockResolvedValue({ ...TEMPLATES, show_default_templates: false });
    const user = open();
    await screen.findByTestId('user-edit-panel');
    await waitFor(() => expect(commission.getTemplates).toHaveBeenCalled());
    expect(screen.queryByTestId('user-default-templates')).toBeNull();
    await user.type(screen.getByTestId('user-last_name-input'), 'x');
    const patch = await saveAndGetPatch(user);
    expect(patch).toEqual({ last_name: 'Leex' });
    expect('default_commission_templates' in patch).toBe(false);
  });

  it('sends both lists for a new user', async () => {
    api.createUser.mockResolvedValue({ status: 'success', agent_id: 30 });
    const user = open('create');
    await screen.findByTestId('user-default-templates');
    const fill = async (field: string, text: string) => {
      await user.click(screen.getByTestId(`user-${field}-input`));
      await user.paste(text);
    };
    await fill('first_name', 'Bo');
    await fill('last_name', 'Chen');
    await fill('mobile_phone', '5125550101');
    await fill('email', 'bo@example.test');
    await fill('start_dt', '02/01/2025');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Agent' }));
    await user.click(templatesBox('seller'));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Royalty' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(api.createUser).toHaveBeenCalled());
    expect(api.createUser.mock.calls[0][0]).toMatchObject({ first_name: 'Bo', default_commission_templates: { buyer: [], seller: [5] } });
  });

  it("is not offered for VENDOR (a real-estate field), and a vendor's save sends none", async () => {
    api.getUser.mockResolvedValue({ ...USER, role_id: 'VENDOR' });
    const user = open();
    await screen.findByTestId('user-edit-panel');
    await waitFor(() => expect(commission.getTemplates).toHaveBeenCalled());
    expect(screen.queryByTestId('user-default-templates')).toBeNull();
    await user.type(screen.getByTestId('user-last_name-input'), 'x');
    expect(await saveAndGetPatch(user)).toEqual({ last_name: 'Leex' });
  });

  it("shows 'Unknown commission template' under the multi-select it names, until that side is edited", async () => {
    api.updateUser.mockRejectedValueOnce(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'default_commission_templates.seller', error: 'Unknown commission template' }],
      }),
    );
    const user = open();
    await screen.findByTestId('user-default-templates');
    await user.click(templatesBox('seller'));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Royalty' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('user-form-save'));
    const seller = screen.getByTestId('user-templates-seller');
    await waitFor(() => expect(within(seller).getByText('Unknown commission template')).toBeTruthy());
    expect(within(screen.getByTestId('user-templates-buyer')).queryByText('Unknown commission template')).toBeNull();
    expect(screen.getByTestId('user-form-error').textContent).toBe('Form Error: Please correct errors to save changes.');

    await user.click(templatesBox('seller'));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Royalty' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(seller).queryByText('Unknown commission template')).toBeNull());
  });

  it('says when the templates cannot be read, and tries again', async () => {
    commission.getTemplates
      .mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { message: 'Down' }))
      .mockResolvedValue(TEMPLATES);
    const user = open();
    expect((await screen.findByTestId('user-default-templates-error')).textContent).toContain(
      'The commission templates could not be loaded. Down',
    );
    await user.click(screen.getByTestId('user-default-templates-retry'));
    expect(await screen.findByTestId('user-default-templates')).toBeTruthy();
  });
});

describe('UserFormPage: commission cap side panel', () => {
  it("shows the user's cap card for an existing user on a market 0 team", async () => {
    open();
    expect((await screen.findByTestId('user-cap-summary-brokerage-cap')).textContent).toBe('$20,000.00');
    expect(commission.getCaps).toHaveBeenCalledWith(12);
    expect(screen.getByRole('progressbar', { name: 'Royalty Cap' }).getAttribute('aria-valuenow')).toBe('10');
  });

  it('reads the card again after a save', async () => {
    const user = open();
    await screen.findByTestId('user-cap-summary-brokerage');
    const reads = commission.getCaps.mock.calls.length;
    await user.clear(screen.getByTestId('user-brokerage_cap_amt-input'));
    await user.type(screen.getByTestId('user-brokerage_cap_amt-input'), '25000');
    await saveAndGetPatch(user);
    await waitFor(() => expect(commission.getCaps.mock.calls.length).toBeGreaterThan(reads));
  });

  it('is not there for a new user, a vendor, or a team whose market is not 0', async () => {
    open('create');
    await screen.findByTestId('user-edit-panel');
    expect(screen.queryByTestId('user-cap-summary')).toBeNull();
    cleanup();

    api.getUser.mockResolvedValue({ ...USER, role_id: 'VENDOR' });
    open();
    await screen.findByTestId('user-edit-panel');
    expect(screen.queryByTestId('user-cap-summary')).toBeNull();
    cleanup();

    api.getUser.mockResolvedValue(USER);
    commission.marketId.mockReturnValue(3);
    open();
    await screen.findByTestId('user-edit-panel');
    expect(screen.queryByTestId('user-cap-summary')).toBeNull();
    expect(commission.getCaps).not.toHaveBeenCalled();
  });
});
