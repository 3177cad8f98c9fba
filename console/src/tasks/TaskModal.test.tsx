// @vitest-environment jsdom
import type { Task } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { clearOptionCache } from '../transactions/detail/options';
import { BulkTaskEditDialog } from './BulkTaskEditDialog';
import { TaskModal } from './TaskModal';

const api = vi.hoisted(() => ({ getTask: vi.fn(), updateTask: vi.fn(), updateTransaction: vi.fn(), bulkUpdate: vi.fn() }));
vi.mock('./index', () => ({ tasksApi: api }));
const transactions = vi.hoisted(() => ({ getStages: vi.fn(), getStatuses: vi.fn(), getChoices: vi.fn() }));
vi.mock('../transactions/index', () => ({ transactionsApi: transactions }));
const documents = vi.hoisted(() => ({
  getFolders: vi.fn(),
  getTypes: vi.fn(),
  getDocument: vi.fn(),
  requestUpload: vi.fn(),
  putFile: vi.fn(),
  confirmUpload: vi.fn(),
}));
vi.mock('../documents/index', () => ({ documentsApi: documents }));

function buildTask(overrides: Partial<Task> = {}): Task {
  return {
    id: 31,
    task_id: 31,
    client_id: 47,
    name: 'Order inspection',
    description: '<p>Call the inspector</p>',
    status_id: 1,
    done: false,
    task_type: null,
    due_dt: '03/10/2025',
    due: {
      date: '03/10/2025',
      original_due_date: '03/09/2025',
      label: 'Due 03/10/2025',
      trigger: '5 days after Signed Date',
      style: 'info',
      is_adjusted: true,
      pace_class: 'on-pace',
    },
    due_source: 'roadmap',
    on_roadmap: true,
    rtc_id: 2,
    step: 3,
    assigned_to_agent_id: 13,
    assigned_to_agent: { id: 13, first_name: 'Sawyer', last_name: 'Bennett', profile_path: null },
    doc_type_id: null,
    doc_id: null,
    pinned_on_boards: false,
    completed_ts: null,
    version: 1,
    transaction: {
      id: 47,
      type: 'buyer',
      first_name: 'Betty',
      last_name: 'Garcia',
      address_1: '2119 Highland Blvd',
      address_2: '',
      agent_id: 13,
      tc_agent_id: null,
      stage: { id: 1, label: 'Nurture', color: '#cccccc', font_color: 'dark' },
      status: { id: 3, label: 'Active', color: '#1f4e79', font_color: 'light' },
      tags: [{ id: 6, label: 'Luxury', border: '#5D4037' }],
    },
    ...overrides,
  };
}

function renderInApp(node: React.ReactNode) {
  render(
    <MemoryRouter>
      <AdminContext store={memoryStore()}>{node}</AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  clearOptionCache();
  transactions.getStages.mockResolvedValue([
    { id: 1, label: 'Nurture', color: '#cccccc', font_color: 'dark' },
    { id: 2, label: 'Under Contract', color: '#f2a93b', font_color: 'dark' },
  ]);
  transactions.getChoices.mockImplementation(async (element: string) =>
    element === 'agent'
      ? [
          { value: 13, label: 'Sawyer Bennett' },
          { value: 14, label: 'Avery Agent' },
        ]
      : element === 'tc'
        ? [{ value: 20, label: 'Taylor TC' }]
        : [
            { value: 6, label: 'Luxury' },
            { value: 7, label: 'First Home' },
          ],
  );
  documents.getFolders.mockResolvedValue([
    { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: true, vendor_visible: false },
  ]);
  documents.getTypes.mockResolvedValue([
    { team_document_type_id: 3, name: 'Inspection Report', team_document_category_id: null, category_name: null },
  ]);
});

describe('TaskModal', () => {
  it('sends a status, an assignee and a stage at once, each in its own call', async () => {
    api.getTask.mockResolvedValue(buildTask());
    api.updateTask.mockImplementation(async (_task: Task, change: Record<string, unknown>) =>
      buildTask(change.preset === 'status' ? { status_id: 2 } : { assigned_to_agent_id: 14 }),
    );
    api.updateTransaction.mockResolvedValue({ client_id: 47, version: 2, changed: ['client_stage_id'] });
    const onChanged = vi.fn();
    const user = renderInApp(<TaskModal taskId={31} onClose={vi.fn()} onChanged={onChanged} />);
    expect((await screen.findByTestId('task-modal-title')).textContent).toBe('Order inspection');
    expect(screen.getByTestId('task-due-adjusted').getAttribute('aria-label')).toBe('Date changed due to black out dates');

    await choose(user, 'Status', 'In Progress');
    await waitFor(() =>
      expect(api.updateTask).toHaveBeenCalledWith(expect.objectContaining({ task_id: 31 }), { preset: 'status', status_id: 2 }),
    );
    await choose(user, 'Assigned to', 'Avery Agent');
    await waitFor(() =>
      expect(api.updateTask).toHaveBeenCalledWith(expect.objectContaining({ task_id: 31 }), {
        preset: 'assignee',
        assigned_to_agent_id: 14,
      }),
    );
    await choose(user, 'Stage', 'Under Contract');
    await waitFor(() => expect(api.updateTransaction).toHaveBeenCalledWith(47, 31, { client_stage_id: 2 }));
    expect(onChanged).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /save/i })).toBeNull();
  });

  it("opens 'Document required' for a done status before the document, sending nothing", async () => {
    api.getTask.mockResolvedValue(buildTask({ doc_type_id: 3 }));
    const user = renderInApp(<TaskModal taskId={31} onClose={vi.fn()} />);
    await choose(user, 'Status', 'Completed');
    const dialog = await screen.findByTestId('document-required-dialog');
    expect(within(dialog).getByText('Document required')).toBeTruthy();
    expect(within(dialog).getByTestId('document-required-text').textContent).toBe(
      'You cannot complete this task without attaching a document first.',
    );
    expect(api.updateTask).not.toHaveBeenCalled();
  });

  it("shows the server's 'Document required' refusal in the same dialog", async () => {
    api.getTask.mockResolvedValue(buildTask());
    api.updateTask.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'status_id', error: 'You cannot complete this task without attaching a document first.' }],
      }),
    );
    const user = renderInApp(<TaskModal taskId={31} onClose={vi.fn()} />);
    await choose(user, 'Status', 'Not Applicable');
    expect(await screen.findByTestId('document-required-dialog')).toBeTruthy();
  });

  it('disables the status of a notification task and offers Send Notification', async () => {
    api.getTask.mockResolvedValue(buildTask({ task_type: 'N' }));
    renderInApp(<TaskModal taskId={31} onClose={vi.fn()} />);
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('task-modal-status-help').textContent).toBe('The status of a notification task changes when it is sent');
    expect(screen.getByTestId('task-notification-send').textContent).toBe('Send Notification');
  });

  it('refuses a file picked before the folder is chosen, sending nothing', async () => {
    api.getTask.mockResolvedValue(buildTask({ doc_type_id: 3 }));
    const user = renderInApp(<TaskModal taskId={31} onClose={vi.fn()} />);
    const input = (await screen.findByTestId('task-modal-upload-file')) as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'report.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('task-modal-upload-folder-error')).textContent).toBe('Upload folder is required.');
    expect(documents.requestUpload).not.toHaveBeenCalled();
  });
});

describe('BulkTaskEditDialog', () => {
  const tasks = [
    { task_id: 1, name: 'Order inspection' },
    { task_id: 2, name: 'Send disclosures' },
    { task_id: 3, name: 'Book appraisal' },
  ];

  it("is disabled until something changes, then sends only that field with 'Change 3 tasks'", async () => {
    api.bulkUpdate.mockResolvedValue({ updated: 3 });
    const onDone = vi.fn();
    const user = renderInApp(<BulkTaskEditDialog tasks={tasks} onClose={vi.fn()} onDone={onDone} />);
    const submit = screen.getByTestId('bulk-task-submit') as HTMLButtonElement;
    expect(submit.textContent).toBe('Change 3 tasks');
    expect(submit.disabled).toBe(true);
    await choose(user, 'Status', 'In Progress');
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(3));
    expect(api.bulkUpdate).toHaveBeenCalledWith({ task_ids: [1, 2, 3], status_id: 2 });
  });

  it('lists the refused tasks by name and stays open', async () => {
    api.bulkUpdate.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Invalid input',
        errors: [{ field: 'tasks.2', error: 'You cannot complete this task without attaching a document first.' }],
      }),
    );
    const onDone = vi.fn();
    const user = renderInApp(<BulkTaskEditDialog tasks={tasks} onClose={vi.fn()} onDone={onDone} />);
    await choose(user, 'Status', 'Completed');
    await user.click(screen.getByTestId('bulk-task-submit'));
    const item = await screen.findByTestId('bulk-task-refused-item');
    expect(item.textContent).toBe('Send disclosures: You cannot complete this task without attaching a document first.');
    expect(screen.getByTestId('bulk-task-dialog')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
