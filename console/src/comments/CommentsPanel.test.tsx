// @vitest-environment jsdom
import type { Comment, Role } from '@app/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { CommentsPanel } from './CommentsPanel';

const api = vi.hoisted(() => ({ listOn: vi.fn(), create: vi.fn(), update: vi.fn(), mentionOptions: vi.fn() }));
vi.mock('./index', () => ({ commentsApi: api }));

const ME = 13;

function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: 501,
    parent_comment_id: null,
    comment_type: 'trans',
    comment_on_id: 47,
    comment_value: '<p>Inspection is booked</p>',
    visibility: 'i',
    viewed_ts: null,
    author: { id: 21, name: 'Tina Cole', profile_image: null },
    created_ts: '2026-03-10T15:00:00.000Z',
    updated_ts: null,
    thread: [],
    transaction: { client_id: 47, first_name: 'Betty', last_name: 'Garcia', formatted_address: '2119 Highland Blvd' },
    ...overrides,
  };
}

function renderPanel(roles: Role[] = ['AGENT'], props: Partial<Parameters<typeof CommentsPanel>[0]> = {}) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles, permissions: [] }),
    getIdentity: async () => ({ id: ME, fullName: 'Sawyer Bennett' }),
  };
  render(
    <MemoryRouter>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <CommentsPanel commentType="trans" commentOnId={47} testId="transaction-comments" {...props} />
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** Text into a composer's editor, as a paste (jsdom has no typing into contenteditable). */
async function write(composer: HTMLElement, text: string) {
  await waitFor(() => expect(composer.querySelector('.ProseMirror')).toBeTruthy());
  const editor = composer.querySelector('.ProseMirror') as HTMLElement;
  fireEvent.paste(editor, { clipboardData: { files: [], types: ['text/plain'], getData: (type: string) => (type === 'text/plain' ? text : '') } });
  await waitFor(() => expect(editor.textContent).toContain(text));
  return editor;
}

// ProseMirror scrolls the caret into view after a command; jsdom has no layout.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const emptyRect = () => new DOMRect(0, 0, 0, 0);
if (!Range.prototype.getClientRects) Range.prototype.getClientRects = noRects;
if (!Range.prototype.getBoundingClientRect) Range.prototype.getBoundingClientRect = emptyRect;
if (!(Text.prototype as unknown as Element).getClientRects) (Text.prototype as unknown as Element).getClientRects = noRects;

afterEach(cleanup);
beforeEach(() => {
  vi.clearAllMocks();
  api.listOn.mockResolvedValue([]);
  api.create.mockImplementation(async (request) => buildComment({ comment_id: 900, ...request }));
  api.update.mockImplementation(async (request) => buildComment(request));
  api.mentionOptions.mockResolvedValue([]);
});

describe('CommentsPanel', () => {
  it('lists the threads of its item with replies, author, time, (edited) and the Internal / Client-facing marker', async () => {
    api.listOn.mockResolvedValue([
      buildComment({
        visibility: 'c',
        thread: [buildComment({ comment_id: 502, parent_comment_id: 501, comment_value: '<p>Thanks</p>', author: { id: ME, name: 'Sawyer Bennett', profile_image: null }, updated_ts: '2026-03-10T16:00:00.000Z' })],
      }),
    ]);
    renderPanel();
    const thread = await screen.findByTestId('comment-thread');
    expect(api.listOn).toHaveBeenCalledWith('trans', 47);
    const [top, reply] = within(thread).getAllByTestId('comment');
    expect(within(top!).getByTestId('comment-author').textContent).toBe('Tina Cole');
    expect(within(top!).getByTestId('comment-body').textContent).toBe('Inspection is booked');
    expect(within(top!).getByTestId('comment-visibility').textContent).toBe('Client-facing');
    expect(within(top!).queryByTestId('comment-edited')).toBeNull();
    expect(within(top!).queryByTestId('comment-edit')).toBeNull();
    expect(within(top!).getByRole('time').getAttribute('datetime')).toBe('2026-03-10T15:00:00.000Z');
    expect(within(reply!).getByTestId('comment-edited').textContent).toBe('(edited)');
    expect(within(reply!).getByTestId('comment-visibility').textContent).toBe('Internal');
    // Only one's own comment has Edit.
    expect(within(reply!).getByTestId('comment-edit')).toBeTruthy();
  });

  it('posts a comment on its task with the chosen reply type (non-client)', async () => {
    const user = renderPanel(['TRANC'], { commentType: 'task', commentOnId: 31, testId: 'task-comments' });
    await screen.findByTestId('comments-empty');
    expect(api.listOn).toHaveBeenCalledWith('task', 31);
    const composer = screen.getByTestId('comment-composer');
    await write(composer, 'Call the lender');
    const choice = within(composer).getByRole('radiogroup', { name: 'Reply type' });
    expect((within(choice).getByRole('radio', { name: 'Internal' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(choice).getByRole('radio', { name: 'Client-facing' }));
    await user.click(screen.getByTestId('comment-composer-submit'));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create).toHaveBeenCalledWith({ comment_type: 'task', comment_on_id: 31, comment_value: '<p>Call the lender</p>', parent_comment_id: null, visibility: 'c' });
    await waitFor(() => expect(api.listOn).toHaveBeenCalledTimes(2));
  });

  it("hides the reply type and the markers from a client, who posts client-facing ('c')", async () => {
    api.listOn.mockResolvedValue([buildComment({ visibility: 'c' })]);
    const user = renderPanel(['CLIENT']);
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).queryByTestId('comment-visibility')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Reply type' })).toBeNull();
    await user.click(within(thread).getByTestId('comment-reply-button'));
    const composer = await screen.findByTestId('comment-reply-composer');
    expect(within(composer).queryByRole('radiogroup')).toBeNull();
    await write(composer, 'When is closing?');
    await user.click(screen.getByTestId('comment-reply-composer-submit'));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith({ comment_type: 'trans', comment_on_id: 47, comment_value: '<p>When is closing?</p>', parent_comment_id: 501, visibility: 'c' }),
    );
  });

  it("replies with the thread's reply type by default", async () => {
    api.listOn.mockResolvedValue([buildComment({ visibility: 'c' })]);
    const user = renderPanel(['ADMIN']);
    await user.click(await screen.findByTestId('comment-reply-button'));
    const composer = await screen.findByTestId('comment-reply-composer');
    expect((within(composer).getByRole('radio', { name: 'Client-facing' }) as HTMLInputElement).checked).toBe(true);
    await write(composer, 'Noted');
    await user.click(screen.getByTestId('comment-reply-composer-submit'));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ parent_comment_id: 501, visibility: 'c' })));
  });

  it('edits one own comment with PATCH /messages/comments', async () => {
    api.listOn.mockResolvedValue([buildComment({ author: { id: ME, name: 'Sawyer Bennett', profile_image: null }, comment_value: '<p>Old</p>' })]);
    const user = renderPanel();
    await user.click(await screen.findByTestId('comment-edit'));
    const composer = await screen.findByTestId('comment-edit-composer');
    expect(within(composer).queryByRole('radiogroup')).toBeNull();
    const editor = await write(composer, ' and new');
    expect(editor.textContent).toContain('Old');
    await user.click(screen.getByTestId('comment-edit-composer-submit'));
    await waitFor(() => expect(api.update).toHaveBeenCalledTimes(1));
    const request = api.update.mock.calls[0]![0];
    expect(request).toMatchObject({ comment_id: 501, comment_type: 'trans', comment_on_id: 47 });
    expect(request.comment_value).toContain('Old');
    expect(request.comment_value).toContain('and new');
  });

  it("shows the server's field error under the text and keeps it", async () => {
    api.create.mockRejectedValue(toHttpError(400, 'Bad Request', { status: 'error', message: 'Validation failed', errors: [{ field: 'comment_value', error: 'Maximum length is 5000' }] }));
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    const composer = screen.getByTestId('comment-composer');
    const editor = await write(composer, 'Too long');
    await user.click(screen.getByTestId('comment-composer-submit'));
    expect(await within(composer).findByText('Maximum length is 5000')).toBeTruthy();
    expect(editor.textContent).toContain('Too long');
  });

  it("says 'This field is required' for an empty comment and sends nothing", async () => {
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    await user.click(screen.getByTestId('comment-composer-submit'));
    expect(await within(screen.getByTestId('comment-composer')).findByText('This field is required')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });

  it('mentions a user picked from /messages/mention-options as a data-mention span', async () => {
    api.mentionOptions.mockResolvedValue([
      { type: 'user', id: 44, label: 'Tina Cole', profile_image: null },
      { type: 'group', id: 'tcs', label: 'Transaction coordinators', profile_image: null },
    ]);
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    const composer = screen.getByTestId('comment-composer');
    await write(composer, 'Ask @Ti');
    await waitFor(() => expect(api.mentionOptions).toHaveBeenCalledWith('Ti'));
    const listbox = await screen.findByRole('listbox', { name: 'People and groups to mention' });
    fireEvent.mouseDown(within(listbox).getByRole('option', { name: 'Tina Cole' }));
    await waitFor(() => expect(composer.querySelector('.ProseMirror')!.textContent).toContain('Ask @Tina Cole'));
    await user.click(screen.getByTestId('comment-composer-submit'));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(1));
    expect(api.create.mock.calls[0]![0].comment_value).toContain('<span data-mention="user:44">@Tina Cole</span>');
  });
});
