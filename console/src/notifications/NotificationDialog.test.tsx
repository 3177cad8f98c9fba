// @vitest-environment jsdom
import type { NotificationPreview } from '@app/contracts';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { testData } from '../test/dataProvider';
import { NotificationButton } from '../tasks/NotificationButton';
import { NotificationDialog, type NotificationDialogProps } from './NotificationDialog';

const api = vi.hoisted(() => ({ preview: vi.fn(), send: vi.fn(), updateTemplate: vi.fn() }));
// The dialog's calls on the data provider, by the names the assertions use.
const data = testData({ notificationPreview: api.preview, sendNotification: api.send, updateNotificationTemplate: api.updateTemplate });

const PREVIEW: NotificationPreview = {
  subject: 'Update on 2119 Highland Blvd',
  message: { html: '<p>Hi Betty, the inspection is booked.</p><script>alert(1)</script>', text: 'Hi Betty, the inspection is booked.' },
  recipients: ['betty@example.com'],
  from_email: 'sawyer@example.com',
  template: { subject: 'Update on {{address}}', template: '<p>Hi {{client_first_name}}, the inspection is booked.</p>' },
};

function renderInApp(node: React.ReactNode) {
  render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} dataProvider={data}>
        {node}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

function renderDialog(props: Partial<NotificationDialogProps> = {}) {
  const onClose = vi.fn();
  const onSent = vi.fn();
  const user = renderInApp(<NotificationDialog taskId={31} mode="send" source="task" onClose={onClose} onSent={onSent} {...props} />);
  return { user, onClose, onSent };
}

const fieldByTestId = (testId: string) => screen.getByTestId(testId).querySelector('input, textarea') as HTMLInputElement;
const recipientInput = () =>
  within(screen.getByTestId('notification-recipients')).getByRole('textbox', { name: 'Add a recipient' }) as HTMLInputElement;

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  api.preview.mockResolvedValue(PREVIEW);
  api.send.mockResolvedValue({ message: 'Message has been sent' });
  api.updateTemplate.mockResolvedValue({ message: 'Template updated' });
});

describe('NotificationDialog: Edit and Send', () => {
  it("shows the task's rendered email: from, recipients as chips, subject, message", async () => {
    renderDialog();
    await screen.findByTestId('notification-edit');
    expect(api.preview).toHaveBeenCalledWith(31);
    expect(fieldByTestId('notification-from').value).toBe('sawyer@example.com');
    expect(fieldByTestId('notification-subject').value).toBe('Update on 2119 Highland Blvd');
    expect(screen.getAllByTestId('notification-recipient').map((chip) => chip.textContent)).toEqual(['betty@example.com']);
    await waitFor(() =>
      expect(screen.getByTestId('notification-message-html').querySelector('.ProseMirror')?.textContent).toBe(
        'Hi Betty, the inspection is booked.',
      ),
    );
  });

  it('disables Send Updated Email without recipients unless the source is a task', async () => {
    const { user } = renderDialog({ source: 'other' });
    await screen.findByTestId('notification-edit');
    const send = screen.getByTestId('notification-send-updated') as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove betty@example.com' }));
    expect(screen.queryByTestId('notification-recipient')).toBeNull();
    expect(send.disabled).toBe(true);
    cleanup();

    const task = renderDialog({ source: 'task' });
    await screen.findByTestId('notification-edit');
    await task.user.click(screen.getByRole('button', { name: 'Remove betty@example.com' }));
    expect((screen.getByTestId('notification-send-updated') as HTMLButtonElement).disabled).toBe(false);
    await task.user.click(screen.getByTestId('notification-send-updated'));
    // No recipients: the task's defaults (none sent).
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send.mock.calls[0]![0]).not.toHaveProperty('recipients');
  });

  it('adds recipients as chips with the EmailInput rule', async () => {
    const { user } = renderDialog();
    await screen.findByTestId('notification-edit');
    await user.type(recipientInput(), 'tom@example{Enter}');
    expect(await within(screen.getByTestId('notification-recipients')).findByText('This is an invalid email address')).toBeTruthy();
    expect(screen.getAllByTestId('notification-recipient')).toHaveLength(1);
    await user.clear(recipientInput());
    await user.type(recipientInput(), 'tom@example.com{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-recipient').map((chip) => chip.textContent)).toEqual([
        'betty@example.com',
        'tom@example.com',
      ]),
    );
    expect(recipientInput().value).toBe('');
  });

  it('previews the email as the recipient sees it, sanitised', async () => {
    const { user } = renderDialog();
    await screen.findByTestId('notification-edit');
    await user.clear(fieldByTestId('notification-subject'));
    await user.type(fieldByTestId('notification-subject'), 'Inspection booked');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'The email as the recipient sees it' });
    expect(within(preview).getByTestId('notification-preview-subject').textContent).toBe('Inspection booked');
    expect(within(preview).getByTestId('notification-preview-from').textContent).toBe('sawyer@example.com');
    expect(within(preview).getByTestId('notification-preview-to').textContent).toBe('betty@example.com');
    const body = within(preview).getByTestId('notification-preview-body');
    expect(body.innerHTML).toContain('<p>Hi Betty, the inspection is booked.</p>');
    expect(body.innerHTML).not.toContain('script');
  });

  it("previews the sender as the mail shows it: From '{sender} via {team}', Reply-To the from address", async () => {
    const authProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      getPermissions: async () => ({ roles: ['TRANC'], permissions: [] }),
      getIdentity: async () => ({ id: 7, fullName: 'Sawyer Coordinator', email: 'sawyer@example.com', teamName: 'Demo Realty' }),
    };
    render(
      <MemoryRouter>
        <AdminContext store={memoryStore()} authProvider={authProvider} dataProvider={data}>
          <NotificationDialog taskId={31} mode="send" source="task" onClose={vi.fn()} />
        </AdminContext>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await screen.findByTestId('notification-edit');
    await user.clear(fieldByTestId('notification-from'));
    await user.type(fieldByTestId('notification-from'), 'sawyer.alt@example.com');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'The email as the recipient sees it' });
    await waitFor(() =>
      expect(within(preview).getByTestId('notification-preview-from').textContent).toBe('Sawyer Coordinator via Demo Realty'),
    );
    expect(within(preview).getByTestId('notification-preview-reply-to').textContent).toBe('sawyer.alt@example.com');
  });

  it("sends the edited email, says 'Message has been sent' and tells the task modal", async () => {
    const { user, onClose, onSent } = renderDialog();
    await screen.findByTestId('notification-edit');
    await user.clear(fieldByTestId('notification-subject'));
    await user.type(fieldByTestId('notification-subject'), 'Inspection booked');
    await user.type(recipientInput(), 'tom@example.com');
    await user.click(screen.getByTestId('notification-send-updated'));
    await waitFor(() => expect(api.send).toHaveBeenCalledTimes(1));
    expect(api.send).toHaveBeenCalledWith({
      task_ids: [31],
      subject: 'Inspection booked',
      message: { html: expect.stringContaining('Hi Betty, the inspection is booked.') },
      recipients: ['betty@example.com', 'tom@example.com'],
      from_email: 'sawyer@example.com',
    });
    expect(await screen.findByText('Message has been sent')).toBeTruthy();
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("shows the server's field errors on their fields and stays open", async () => {
    api.send.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [
          { field: 'recipients[0]', error: 'This is an invalid email address' },
          { field: 'from_email', error: 'You cannot send from this address' },
          { field: 'subject', error: 'Maximum length is 255' },
        ],
      }),
    );
    const { user, onClose } = renderDialog();
    await screen.findByTestId('notification-edit');
    await user.click(screen.getByTestId('notification-send-updated'));
    expect((await screen.findByTestId('notification-recipients-error')).textContent).toBe('This is an invalid email address');
    expect(await within(screen.getByTestId('notification-from')).findByText('You cannot send from this address')).toBeTruthy();
    expect(await within(screen.getByTestId('notification-subject')).findByText('Maximum length is 255')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('NotificationDialog: Edit Template', () => {
  it("edits the task's subject and template with merge fields and sends PATCH /notifications/template", async () => {
    const onClose = vi.fn();
    const user = renderInApp(<NotificationDialog taskId={31} mode="template" onClose={onClose} />);
    await screen.findByTestId('notification-template');
    expect(fieldByTestId('notification-subject').value).toBe('Update on {{address}}');
    const merge = screen.getByRole('group', { name: 'Merge fields' });
    expect(
      within(merge)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['{{client_first_name}}', '{{client_last_name}}', '{{address}}', '{{agent_name}}', '{{task_name}}', '{{due_date}}']);
    await user.clear(fieldByTestId('notification-subject'));
    await user.type(fieldByTestId('notification-subject'), 'Closing on {{{{address}}');
    await user.click(screen.getByTestId('notification-update-template'));
    await waitFor(() => expect(api.updateTemplate).toHaveBeenCalledTimes(1));
    expect(api.updateTemplate).toHaveBeenCalledWith({
      task_id: 31,
      subject: 'Closing on {{address}}',
      template: '<p>Hi {{client_first_name}}, the inspection is booked.</p>',
    });
    expect(await screen.findByText('Template updated')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it("shows 'Unknown merge field' under the template", async () => {
    api.updateTemplate.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'template', error: 'Unknown merge field' }],
      }),
    );
    const onClose = vi.fn();
    const user = renderInApp(<NotificationDialog taskId={31} mode="template" onClose={onClose} />);
    await screen.findByTestId('notification-template');
    await user.click(screen.getByTestId('notification-update-template'));
    expect(await within(screen.getByTestId('notification-template')).findByText('Unknown merge field')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('NotificationButton', () => {
  it("Send Notification sends the task's email at once and reloads the task", async () => {
    const onSent = vi.fn();
    const user = renderInApp(<NotificationButton taskId={31} onSent={onSent} />);
    await user.click(screen.getByTestId('task-notification-send'));
    await waitFor(() => expect(api.send).toHaveBeenCalledWith({ task_ids: [31] }));
    expect(await screen.findByText('Message has been sent')).toBeTruthy();
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(api.preview).not.toHaveBeenCalled();
    expect(screen.queryByTestId('notification-dialog')).toBeNull();
  });

  it('Edit and Send and Edit Template open the dialog in their modes', async () => {
    const user = renderInApp(<NotificationButton taskId={31} />);
    await user.click(screen.getByRole('button', { name: 'More notification options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit and Send' }));
    expect((await screen.findByTestId('notification-dialog')).getAttribute('data-mode')).toBe('send');
    expect(await screen.findByTestId('notification-send-updated')).toBeTruthy();
    await user.click(screen.getByTestId('notification-dialog-close'));
    await waitFor(() => expect(screen.queryByTestId('notification-dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'More notification options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit Template' }));
    expect((await screen.findByTestId('notification-dialog')).getAttribute('data-mode')).toBe('template');
    expect(await screen.findByTestId('notification-update-template')).toBeTruthy();
    expect(api.preview).toHaveBeenCalledWith(31);
  });
});
