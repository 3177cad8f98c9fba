// @vitest-environment jsdom
import type { Role, Task } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOptionCache } from '../transactions/detail/options';
import TasksPage from './TasksPage';

const api = vi.hoisted(() => ({
  listTasks: vi.fn(),
  getTask: vi.fn(),
  updateTask: vi.fn(),
  updateTransaction: vi.fn(),
  bulkUpdate: vi.fn(),
  createTask: vi.fn(),
}));
vi.mock('./index', () => ({ tasksApi: api }));
const transactions = vi.hoisted(() => ({ getTransaction: vi.fn(), getStages: vi.fn(), getStatuses: vi.fn(), getChoices: vi.fn() }));
vi.mock('../transactions/index', () => ({ transactionsApi: transactions }));
vi.mock('../documents/index', () => ({
  documentsApi: { getFolders: vi.fn().mockResolvedValue([]), getTypes: vi.fn().mockResolvedValue([]), getDocument: vi.fn() },
}));

const due = (label: string, style: Task['due']['style'], is_adjusted = false): Task['due'] => ({
  date: null,
  original_due_date: null,
  label,
  trigger: null,
  style,
  is_adjusted,
  pace_class: 'none',
});

function buildTask(id: number, overrides: Partial<Task> = {}): Task {
  return {
    id,
    task_id: id,
    client_id: 47,
    name: `Task ${id}`,
    description: '',
    status_id: 1,
    done: false,
    task_type: null,
    due_dt: null,
    due: due('No due date', 'muted'),
    due_source: 'roadmap',
    on_roadmap: true,
    rtc_id: 1,
    step: id,
    assigned_to_agent_id: 13,
    assigned_to_agent: { id: 13, first_name: 'Sawyer', last_name: 'Bennett', profile_path: null },
    doc_type_id: null,
    doc_id: null,
    pinned_on_boards: false,
    completed_ts: null,
    version: 1,
    ...overrides,
  };
}

const LocationProbe = () => <div data-testid="location">{useLocation().pathname}</div>;

function renderPage(path = '/transactions/47/tasks', roles: Role[] = ['TRANC']) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles, permissions: [] }),
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <Routes>
          <Route path="/transactions/:id/tasks/*" element={<TasksPage />} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  clearOptionCache();
  transactions.getTransaction.mockRejectedValue(new Error('not needed'));
  transactions.getStages.mockResolvedValue([]);
  transactions.getChoices.mockResolvedValue([]);
  api.listTasks.mockResolvedValue({
    records: [
      buildTask(1, { name: 'Order inspection', due: due('Overdue', 'danger', true) }),
      buildTask(2, { name: 'Send disclosures', due: due('Due in 2 days', 'warning'), doc_type_id: 3 }),
      buildTask(3, { name: 'Book appraisal', status_id: 3, done: true, due: due('Completed', 'success'), doc_type_id: 3, doc_id: 8 }),
    ],
    pagination: { total: 3, page: 1, per_page: 100, pages: 1, has_next: false, has_prev: false },
  });
});

describe('TasksPage', () => {
  it("lists the transaction's tasks with their due labels, the blackout icon and the document", async () => {
    renderPage();
    const rows = await screen.findAllByTestId('tasks-table-row');
    expect(api.listTasks).toHaveBeenCalledWith({ client_id: 47, page: 1, per_page: 100, order_by: 'due_dt', order_dir: 1 });
    expect(rows.map((row) => within(row).getByTestId('task-due').textContent)).toEqual(['Overdue', 'Due in 2 days', 'Completed']);
    expect(within(rows[0]).getByTestId('task-due-adjusted').getAttribute('aria-label')).toBe('Date changed due to black out dates');
    expect(within(rows[1]).queryByTestId('task-due-adjusted')).toBeNull();
    expect(within(rows[1]).getByTestId('task-document-needed').textContent).toBe('Needed');
    expect(within(rows[2]).getByTestId('task-document').getAttribute('href')).toBe('/transactions/47/documents/view/8');
    expect(within(rows[2]).getByTestId('task-status').textContent).toBe('Completed');
  });

  it('opens the task modal on a row click, at its own URL', async () => {
    api.getTask.mockResolvedValue(buildTask(2, { name: 'Send disclosures' }));
    const user = renderPage();
    const rows = await screen.findAllByTestId('tasks-table-row');
    await user.click(rows[1].querySelector('td[data-field="roadmap"]')!);
    expect(screen.getByTestId('location').textContent).toBe('/transactions/47/tasks/2');
    expect((await screen.findByTestId('task-modal-title')).textContent).toBe('Send disclosures');
    expect(api.getTask).toHaveBeenCalledWith(2);
  });

  it('enables Bulk Edit once rows are selected, with the count on its button', async () => {
    const user = renderPage();
    await screen.findAllByTestId('tasks-table-row');
    const bulk = screen.getByTestId('tasks-bulk-edit') as HTMLButtonElement;
    await waitFor(() => expect(bulk.disabled).toBe(true));
    await user.click(screen.getByTestId('tasks-table-select-all'));
    expect(bulk.disabled).toBe(false);
    await user.click(bulk);
    expect(screen.getByTestId('bulk-task-submit').textContent).toBe('Change 3 tasks');
  });

  it('offers neither Add Task nor Bulk Edit to a vendor', async () => {
    renderPage('/transactions/47/tasks', ['VENDOR']);
    await screen.findAllByTestId('tasks-table-row');
    expect(screen.queryByTestId('tasks-add')).toBeNull();
    expect(screen.queryByTestId('tasks-table-select-all')).toBeNull();
  });
});
