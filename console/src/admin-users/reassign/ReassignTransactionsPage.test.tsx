// @vitest-environment jsdom
import type { ScopeMenu } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider, memoryStore, Notification } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';

const api = vi.hoisted(() => ({ getReassignCount: vi.fn(), getAgentScopes: vi.fn(), reassign: vi.fn() }));
vi.mock('../index', () => ({ adminUsersApi: api }));

import ReassignTransactionsPage from './ReassignTransactionsPage';

const MENU: ScopeMenu = {
  groups: [
    {
      label: 'ISAs',
      items: [
        { value: 'ig1', label: 'All ISAs' },
        { value: 'i4', label: 'Ivy Isa' },
      ],
    },
    {
      label: 'Active Agents',
      items: [
        { value: 'a12', label: 'Ann Lee' },
        { value: 'a9', label: 'Bo Chen' },
      ],
    },
    { label: 'Disabled Agents', items: [{ value: 'a8', label: 'Dan Gone' }] },
  ],
};

const open = (agentId: number | null = 12, name = 'Ann Lee') => {
  render(
    <AdminContext store={memoryStore()} i18nProvider={defaultI18nProvider}>
      <ReassignTransactionsPage agentId={agentId} name={name} />
      <Notification />
    </AdminContext>,
  );
  return userEvent.setup();
};

// The open menu hides the rest of the page from assistive tech: look past that.
const targetBox = () => screen.getByRole('combobox', { name: /Reassign to/, hidden: true });
const submit = () => screen.getByTestId('reassign-submit') as HTMLButtonElement;

async function pickTarget(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('combobox', { name: /Reassign to/, hidden: true }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

beforeEach(() => {
  for (const mock of Object.values(api)) mock.mockReset();
  api.getAgentScopes.mockResolvedValue(MENU);
});
afterEach(cleanup);

describe('ReassignTransactionsPage', () => {
  it('says how many transactions the user has, and lists Active then Disabled Agents without the user', async () => {
    api.getReassignCount.mockResolvedValue({ total_trans_count: 14, active_trans_count: 5 });
    const user = open();
    expect((await screen.findByTestId('reassign-summary')).textContent).toBe('Ann Lee has 14 transactions, 5 active.');
    expect(api.getReassignCount).toHaveBeenCalledWith(12);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('reassign-target-loading')).toBeNull());
    await user.click(targetBox());
    const list = screen.getByRole('listbox');
    // The group headers, then each group's agents.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Active Agents', 'Bo Chen', 'Disabled Agents', 'Dan Gone']);
    expect(within(list).getByText('Active Agents').getAttribute('tabindex')).toBeNull();
    expect(within(list).queryByText('Ivy Isa')).toBeNull();
    expect(within(list).queryByText('Ann Lee')).toBeNull();
  });

  it("keeps Reassign disabled until a target is chosen and the type's count is above 0", async () => {
    api.getReassignCount.mockResolvedValue({ total_trans_count: 4, active_trans_count: 0 });
    const user = open();
    await screen.findByTestId('reassign-summary');
    expect(submit().disabled).toBe(true);
    await pickTarget(user, 'Bo Chen');
    expect(submit().disabled).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Active only' }));
    expect(submit().disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(submit().disabled).toBe(false);
  });

  it('asks first, then moves them, says so and reads the counts again', async () => {
    api.getReassignCount
      .mockResolvedValueOnce({ total_trans_count: 14, active_trans_count: 5 })
      .mockResolvedValue({ total_trans_count: 9, active_trans_count: 0 });
    api.reassign.mockResolvedValue({ reassigned_count: 5 });
    const user = open();
    await screen.findByTestId('reassign-summary');
    await pickTarget(user, 'Dan Gone');
    await user.click(screen.getByRole('radio', { name: 'Active only' }));
    await user.click(submit());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Reassign 5 transactions from Ann Lee to Dan Gone?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(api.reassign).toHaveBeenCalledWith({ from_agent_id: 12, to_agent_id: 8, type: 'active_only' });
    expect(await screen.findByText('5 transactions reassigned to Dan Gone')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('reassign-summary').textContent).toBe('Ann Lee has 9 transactions, 0 active.'));
    expect(api.getReassignCount).toHaveBeenCalledTimes(2);
    expect(submit().disabled).toBe(true);
  });

  it('moves nothing when the question is cancelled', async () => {
    api.getReassignCount.mockResolvedValue({ total_trans_count: 3, active_trans_count: 3 });
    const user = open();
    await screen.findByTestId('reassign-summary');
    await pickTarget(user, 'Bo Chen');
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.reassign).not.toHaveBeenCalled();
  });

  it("shows the server's field error under the target, and other refusals in words", async () => {
    api.getReassignCount.mockResolvedValue({ total_trans_count: 3, active_trans_count: 3 });
    api.reassign
      .mockRejectedValueOnce(
        toHttpError(400, 'Bad Request', {
          status: 'error',
          message: 'Invalid',
          errors: [{ field: 'to_agent_id', error: 'Choose a different agent' }],
        }),
      )
      .mockRejectedValueOnce(toHttpError(403, 'Forbidden', { status: 'error', message: 'Forbidden resource' }));
    const user = open();
    await screen.findByTestId('reassign-summary');
    await pickTarget(user, 'Bo Chen');
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reassign' }));
    expect((await screen.findByTestId('reassign-target-error')).textContent).toBe('Choose a different agent');
    expect(screen.getByTestId('reassign-error').textContent).toBe('Form Error: Please correct errors to save changes.');

    // Choosing again clears the field's message.
    await pickTarget(user, 'Dan Gone');
    expect(screen.getByTestId('reassign-target-error').textContent).not.toContain('Choose a different agent');
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.getByTestId('reassign-error').textContent).toBe('Forbidden resource'));
  });

  it('says when the counts or the agents cannot be read, and retries', async () => {
    api.getReassignCount
      .mockRejectedValueOnce(toHttpError(503, 'Service Unavailable', { message: 'Down' }))
      .mockResolvedValue({ total_trans_count: 1, active_trans_count: 1 });
    api.getAgentScopes.mockReset();
    api.getAgentScopes.mockRejectedValueOnce(toHttpError(500, 'Internal Server Error', null)).mockResolvedValue(MENU);
    const user = open();
    expect((await screen.findByTestId('reassign-counts-error')).textContent).toContain('The transaction counts could not be loaded. Down');
    expect((await screen.findByTestId('reassign-targets-error')).textContent).toContain('The agents could not be loaded.');
    await user.click(screen.getByTestId('reassign-counts-retry'));
    expect((await screen.findByTestId('reassign-summary')).textContent).toBe('Ann Lee has 1 transactions, 1 active.');
    await user.click(screen.getByTestId('reassign-targets-retry'));
    await waitFor(() => expect(targetBox()).toBeTruthy());
  });

  it('says so for a user of no team of the admin (404) or a malformed id', async () => {
    api.getReassignCount.mockRejectedValue(toHttpError(404, 'Not Found', { message: 'Not Found' }));
    open();
    expect((await screen.findByTestId('reassign-counts-error')).textContent).toContain('This user does not exist in your team.');
    cleanup();
    open(null);
    expect(screen.getByTestId('reassign-load-error').textContent).toBe('This user does not exist in your team.');
  });
});
