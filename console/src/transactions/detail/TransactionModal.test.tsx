// @vitest-environment jsdom
import type { TransactionDetail, TransactionFieldDefinition } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import { clearOptionCache } from './options';
import { TransactionModal } from './TransactionModal';

const api = vi.hoisted(() => ({
  getTransaction: vi.fn(),
  getStatuses: vi.fn(),
  getStages: vi.fn(),
  getChoices: vi.fn(),
  updateTransaction: vi.fn(),
}));
vi.mock('../index', () => ({ transactionsApi: api }));

const field = (
  field_key: string,
  label: string,
  type: TransactionFieldDefinition['type'],
  extra: Partial<TransactionFieldDefinition> = {},
): TransactionFieldDefinition => ({
  field_key,
  label,
  type,
  options: [],
  client_type: null,
  required: false,
  vendor_visible: true,
  can_update: true,
  system: false,
  ...extra,
});

function buildDetail(overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    client_id: 47,
    id: 47,
    address: '2119 Highland Blvd, Naperville, IL 60540',
    contact_name: 'Betty Garcia',
    type: 'Buyer',
    side: 'b',
    status: 'Pipeline',
    status_id: 1,
    status_category: 'pipeline',
    color_css: 'status-1',
    tags: [{ label: 'Luxury', border: '#5D4037' }],
    tag_ids: [6],
    field_order: ['trans_amt', 'mls_number', 'earnest_money', 'listing_link', 'loan_type'],
    fields: [
      field('trans_amt', 'Price', 'amount', { system: true }),
      field('mls_number', 'MLS #', 'text'),
      field('earnest_money', 'Earnest Money', 'amount'),
      field('listing_link', 'Listing Link', 'link', { client_type: 's' }),
      field('loan_type', 'Loan Type', 'select', { client_type: 'b', options: ['FHA'] }),
    ],
    values: {
      trans_amt: { label: 'Price', value: 555000 },
      mls_number: { label: 'MLS #', value: 'MLS4952801' },
      earnest_money: { label: 'Earnest Money', value: 19300 },
      listing_link: { label: 'Listing Link', value: null },
      loan_type: { label: 'Loan Type', value: null },
    },
    stage: { id: 1 },
    primary_agent_id: 13,
    primary_agent: 'Sawyer Bennett',
    tc_agent_id: null,
    tc_agent: '',
    completed_task_count: 2,
    total_task_count: 9,
    derived_status: { value: 'On Track', color_css: 'derived-green' },
    rtc_count: 0,
    created_ts: '2024-12-31T09:56:44.000Z',
    team_form_id: 3,
    address_1: '2119 Highland Blvd',
    address_2: '',
    city: 'Naperville',
    state: 'IL',
    postal_code: '60540',
    first_name: 'Betty',
    last_name: 'Garcia',
    email: null,
    mobile_phone: null,
    dates: {
      appt_set_dt: null,
      appt_met_dt: null,
      signed_dt: null,
      under_contract_dt: null,
      est_close_dt: null,
      closed_dt: null,
      lost_dt: null,
      lost_reason: null,
    },
    contacts: [],
    linked_users: [],
    version: 4,
    can_edit: 'all',
    ...overrides,
  };
}

function renderModal(onClose = vi.fn(), onChanged = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/transaction/47/detail']}>
      <AdminContext store={memoryStore()}>
        <TransactionModal clientId="47" onClose={onClose} onChanged={onChanged} />
      </AdminContext>
    </MemoryRouter>,
  );
  return { onClose, onChanged, user: userEvent.setup() };
}

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  clearOptionCache();
  api.getTransaction.mockResolvedValue(buildDetail());
  api.getStatuses.mockResolvedValue([
    {
      id: 1,
      label: 'Pipeline',
      color: '#9E9E9E',
      font_color: 'dark',
      category: 'pipeline',
      color_css: 'status-1',
      dates: [],
      asks_lost_reason: false,
    },
  ]);
  api.getStages.mockResolvedValue([
    { id: 1, label: 'New Lead', color: '#E3F2FD', font_color: 'dark' },
    { id: 2, label: 'Nurture', color: '#FFF3E0', font_color: 'dark' },
  ]);
  api.getChoices.mockResolvedValue([
    { value: 13, label: 'Sawyer Bennett' },
    { value: 14, label: 'Alex Agent' },
  ]);
  api.updateTransaction.mockResolvedValue({ client_id: 47, version: 5, changed: ['stage_id'] });
});

describe('TransactionModal', () => {
  it('shows the address, Buyer, the status, tags, the custom fields in field_order, and the links', async () => {
    renderModal();
    const fields = await screen.findByTestId('transaction-modal-fields');
    // The team's page form (no team_form_id).
    expect(api.getTransaction).toHaveBeenCalledWith('47', null);
    expect(screen.getByTestId('transaction-modal-title').textContent).toBe('2119 Highland Blvd, Naperville, IL 60540');
    expect(screen.getByTestId('transaction-modal-type').textContent).toBe('Buyer');
    expect(screen.getByTestId('transaction-status-tag').textContent).toBe('Pipeline');
    expect(screen.getByTestId('transaction-tags').textContent).toBe('Luxury');
    // Custom fields only, in order, and not the seller-only one on a buyer.
    expect(
      within(fields)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['MLS #', 'Earnest Money', 'Loan Type']);
    expect(screen.getByTestId('transaction-modal-field-earnest_money').textContent).toContain('$19,300.00');
    expect(screen.getByTestId('transaction-modal-tasks').textContent).toBe('View Tasks (2/9)');
    expect(screen.getByTestId('transaction-modal-tasks').getAttribute('href')).toBe('/transactions/47/tasks');
    expect(screen.getByTestId('transaction-modal-view').getAttribute('href')).toBe('/transactions/47');
    expect(screen.getByTestId('transaction-comments')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Agent' })).toBeTruthy();
  });

  it('shows the contact name when there is no address, and no agent dropdown without the right', async () => {
    api.getTransaction.mockResolvedValue(buildDetail({ address: '', can_edit: 'except_agent' }));
    renderModal();
    await screen.findByTestId('transaction-modal-fields');
    expect(screen.getByTestId('transaction-modal-title').textContent).toBe('Betty Garcia');
    expect(screen.queryByRole('combobox', { name: 'Agent' })).toBeNull();
    expect(screen.getByTestId('transaction-modal-agent-name').textContent).toContain('Sawyer Bennett');
  });

  it('saves the stage at once with the transaction_modal preset', async () => {
    const { user, onChanged } = renderModal();
    await screen.findByTestId('transaction-modal-fields');
    api.getTransaction.mockResolvedValue(buildDetail({ stage: { id: 2 }, version: 5 }));
    await user.click(screen.getByRole('combobox', { name: 'Stage' }));
    await user.click(await screen.findByRole('option', { name: 'Nurture' }));
    await waitFor(() => expect(api.updateTransaction).toHaveBeenCalledWith(47, 'transaction_modal', { client_stage_id: 2 }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(screen.getByRole('combobox', { name: 'Stage' }).textContent).toBe('Nurture');
  });

  it('saves the agent at once with the transaction_modal preset (ADMIN, TRANC)', async () => {
    const { user, onChanged } = renderModal();
    await screen.findByTestId('transaction-modal-fields');
    api.getTransaction.mockResolvedValue(buildDetail({ primary_agent_id: 14, primary_agent: 'Alex Agent', version: 5 }));
    await user.click(screen.getByRole('combobox', { name: 'Agent' }));
    await user.click(await screen.findByRole('option', { name: 'Alex Agent' }));
    await waitFor(() => expect(api.updateTransaction).toHaveBeenCalledWith(47, 'transaction_modal', { agent_id: 14 }));
    expect(api.updateTransaction).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agent' }).textContent).toBe('Alex Agent'));
  });

  it("puts a refused stage's message under the dropdown and keeps the stage it had", async () => {
    api.updateTransaction.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'changes.client_stage_id', error: 'Please choose one of the options' }],
      }),
    );
    const { user, onChanged } = renderModal();
    await screen.findByTestId('transaction-modal-fields');
    await user.click(screen.getByRole('combobox', { name: 'Stage' }));
    await user.click(await screen.findByRole('option', { name: 'Nurture' }));
    expect((await screen.findByTestId('transaction-modal-stage-error')).textContent).toBe('Please choose one of the options');
    expect(screen.getByRole('combobox', { name: 'Stage' }).textContent).toBe('New Lead');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('lets a vendor read only, and closes', async () => {
    api.getTransaction.mockResolvedValue(buildDetail({ can_edit: 'none' }));
    const { user, onClose } = renderModal();
    await screen.findByTestId('transaction-modal-fields');
    expect(screen.getByRole('combobox', { name: 'Stage' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByTestId('transaction-modal-close'));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the transaction is not one the user sees', async () => {
    api.getTransaction.mockRejectedValue(toHttpError(404, 'Not Found', { status: 'error', message: 'Transaction not found' }));
    renderModal();
    expect((await screen.findByTestId('transaction-modal-error')).textContent).toBe(
      'This transaction does not exist or is not one you can see.',
    );
  });
});
