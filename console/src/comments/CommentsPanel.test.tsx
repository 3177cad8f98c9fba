// @vitest-environment jsdom
import type { Comment, Role } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHttpError } from '../dataProvider/httpError';
import { CommentsPanel } from './CommentsPanel';

const api = vi.hoisted(() => ({ listCommentsOn: vi.fn(), createComment: vi.fn(), updateComment: vi.fn(), getMentionOptions: vi.fn() }));
vi.mock('../messages/index', () => ({ messagesApi: api }));
const socket = vi.hoisted(() => ({ listeners: new Set<(event: unknown) => void>() }));
vi.mock('../messages/inboxSocket', () => ({
  useInboxSocket: (listener: (event: unknown) => void) => {
    socket.listeners.add(listener);
  },
}));

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
  fireEvent.paste(editor, {
    clipboardData: { files: [], types: ['text/plain'], getData: (type: string) => (type === 'text/plain' ? text : '') },
  });
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
  socket.listeners.clear();
  api.listCommentsOn.mockResolvedValue([]);
  api.createComment.mockImplementation(async (request) => buildComment({ comment_id: 900, ...request }));
  api.updateComment.mockImplementation(async (request) => buildComment(request));
  api.getMentionOptions.mockResolvedValue([]);
});

const submitIn = (editor: HTMLElement) => within(editor).getByTestId('editor-submit');

describe('CommentsPanel', () => {
  it('lists the threads of its item with replies, author, time, (edited) and the Internal / Client-facing marker', async () => {
    api.listCommentsOn.mockResolvedValue([
      buildComment({
        visibility: 'c',
        thread: [
          buildComment({
            comment_id: 502,
            parent_comment_id: 501,
            comment_value: '<p>Thanks</p>',
            author: { id: ME, name: 'Sawyer Bennett', profile_image: null },
            updated_ts: '2026-03-10T16:00:00.000Z',
          }),
        ],
      }),
    ]);
    renderPanel();
    const thread = await screen.findByTestId('comment-thread');
    expect(api.listCommentsOn).toHaveBeenCalledWith('trans', 47);
    const top = within(thread).getByTestId('thread-top');
    const reply = within(thread).getByTestId('thread-reply');
    expect(within(top).getByTestId('message-author').textContent).toBe('Tina Cole');
    expect(within(top).getByTestId('message-body').textContent).toBe('Inspection is booked');
    expect(within(top).getByTestId('visibility-marker').textContent).toBe('Client-facing');
    expect(within(top).queryByTestId('message-edited')).toBeNull();
    // Only one's own comment has Edit.
    expect(within(top).queryByTestId('message-edit')).toBeNull();
    expect(within(reply).getByTestId('message-edited').textContent).toBe('(edited)');
    expect(within(reply).getByTestId('visibility-marker').textContent).toBe('Internal');
    expect(within(reply).getByTestId('message-edit')).toBeTruthy();
  });

  it('posts a comment on its task with the chosen reply type (non-client)', async () => {
    const user = renderPanel(['TRANC'], { commentType: 'task', commentOnId: 31, testId: 'task-comments' });
    await screen.findByTestId('comments-empty');
    expect(api.listCommentsOn).toHaveBeenCalledWith('task', 31);
    const editor = screen.getByTestId('comment-editor');
    await write(editor, 'Call the lender');
    const choice = within(editor).getByRole('radiogroup', { name: 'Reply type' });
    expect((within(choice).getByRole('radio', { name: 'Internal' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(choice).getByRole('radio', { name: 'Client-facing' }));
    await user.click(submitIn(editor));
    await waitFor(() => expect(api.createComment).toHaveBeenCalledTimes(1));
    expect(api.createComment).toHaveBeenCalledWith({
      comment_type: 'task',
      comment_on_id: 31,
      comment_value: '<p>Call the lender</p>',
      parent_comment_id: null,
      visibility: 'c',
    });
    await waitFor(() => expect(api.listCommentsOn).toHaveBeenCalledTimes(2));
  });

  it('empties the box after a post and draws its placeholder again (data-empty follows the reset)', async () => {
    const user = renderPanel(['TRANC'], { commentType: 'task', commentOnId: 31, testId: 'task-comments' });
    await screen.findByTestId('comments-empty');
    const editor = screen.getByTestId('comment-editor');
    const box = editor.querySelector('.ProseMirror') as HTMLElement;
    expect(box.getAttribute('data-placeholder')).toBe('Write a comment, type @ to mention someone');
    await write(editor, 'Call the lender');
    await waitFor(() => expect(box.getAttribute('data-empty')).toBe('false'));
    await user.click(submitIn(editor));
    await waitFor(() => expect(api.createComment).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(box.textContent).toBe(''));
    await waitFor(() => expect(box.getAttribute('data-empty')).toBe('true'));
  });

  it("hides the reply type and the markers from a client, who posts client-facing ('c')", async () => {
    api.listCommentsOn.mockResolvedValue([buildComment({ visibility: 'c' })]);
    const user = renderPanel(['CLIENT']);
    const thread = await screen.findByTestId('comment-thread');
    expect(within(thread).queryByTestId('visibility-marker')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Reply type' })).toBeNull();
    await user.click(within(thread).getByTestId('comment-reply-button'));
    const editor = await screen.findByTestId('comment-reply-editor');
    expect(within(editor).queryByRole('radiogroup')).toBeNull();
    await write(editor, 'When is closing?');
    await user.click(submitIn(editor));
    await waitFor(() =>
      expect(api.createComment).toHaveBeenCalledWith({
        comment_type: 'trans',
        comment_on_id: 47,
        comment_value: '<p>When is closing?</p>',
        parent_comment_id: 501,
        visibility: 'c',
      }),
    );
  });

  it("replies with the thread's reply type by default", async () => {
    api.listCommentsOn.mockResolvedValue([buildComment({ visibility: 'c' })]);
    const user = renderPanel(['ADMIN']);
    await user.click(await screen.findByTestId('comment-reply-button'));
    const editor = await screen.findByTestId('comment-reply-editor');
    expect((within(editor).getByRole('radio', { name: 'Client-facing' }) as HTMLInputElement).checked).toBe(true);
    await write(editor, 'Noted');
    await user.click(submitIn(editor));
    await waitFor(() =>
      expect(api.createComment).toHaveBeenCalledWith(expect.objectContaining({ parent_comment_id: 501, visibility: 'c' })),
    );
    // The reply box closes once sent.
    await waitFor(() => expect(screen.queryByTestId('comment-reply-editor')).toBeNull());
  });

  it('edits one own comment with PATCH /messages/comments', async () => {
    api.listCommentsOn.mockResolvedValue([
      buildComment({ author: { id: ME, name: 'Sawyer Bennett', profile_image: null }, comment_value: '<p>Old</p>' }),
    ]);
    const user = renderPanel();
    await user.click(await screen.findByTestId('message-edit'));
    const editor = await screen.findByTestId('message-edit-editor');
    expect(within(editor).queryByRole('radiogroup')).toBeNull();
    const text = await write(editor, ' and new');
    expect(text.textContent).toContain('Old');
    await user.click(submitIn(editor));
    await waitFor(() => expect(api.updateComment).toHaveBeenCalledTimes(1));
    const request = api.updateComment.mock.calls[0]![0];
    expect(request).toMatchObject({ comment_id: 501, comment_type: 'trans', comment_on_id: 47 });
    expect(request.comment_value).toContain('Old');
    expect(request.comment_value).toContain('and new');
  });

  it("shows the server's field error under the text and keeps it", async () => {
    api.createComment.mockRejectedValue(
      toHttpError(400, 'Bad Request', {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'comment_value', error: 'Maximum length is 5000' }],
      }),
    );
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    const editor = screen.getByTestId('comment-editor');
    const text = await write(editor, 'Too long');
    await user.click(submitIn(editor));
    expect(await within(editor).findByText('Maximum length is 5000')).toBeTruthy();
    expect(text.textContent).toContain('Too long');
  });

  it("says 'This field is required' for an empty comment and sends nothing", async () => {
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    const editor = screen.getByTestId('comment-editor');
    await user.click(submitIn(editor));
    expect(await within(editor).findByText('This field is required')).toBeTruthy();
    expect(api.createComment).not.toHaveBeenCalled();
  });

  it('mentions a user picked from /messages/mention-options as a data-mention span', async () => {
    api.getMentionOptions.mockResolvedValue([
      { type: 'user', id: 44, label: 'Tina Cole', profile_image: null },
      { type: 'group', id: 'tcs', label: 'tcs', profile_image: null },
    ]);
    const user = renderPanel();
    await screen.findByTestId('comments-empty');
    const editor = screen.getByTestId('comment-editor');
    await write(editor, 'Ask @Ti');
    await waitFor(() => expect(api.getMentionOptions).toHaveBeenCalledWith('Ti'));
    fireEvent.mouseDown(await screen.findByTestId('mention-option-user-44'));
    await waitFor(() => expect(editor.querySelector('.ProseMirror')!.textContent).toContain('Ask @Tina Cole'));
    await user.click(submitIn(editor));
    await waitFor(() => expect(api.createComment).toHaveBeenCalledTimes(1));
    expect(api.createComment.mock.calls[0]![0].comment_value).toContain('<span data-mention="user:44">@Tina Cole</span>');
  });

  it('loads again when a comment on its item is pushed over the inbox socket, not for another item', async () => {
    renderPanel();
    await screen.findByTestId('comments-empty');
    expect(api.listCommentsOn).toHaveBeenCalledTimes(1);
    const push = (record: Comment) =>
      act(() => socket.listeners.forEach((listener) => listener({ type: 'created', push: { kind: 'comment', record } })));
    await push(buildComment({ comment_type: 'trans', comment_on_id: 48 }));
    await push(buildComment({ comment_type: 'task', comment_on_id: 47 }));
    expect(api.listCommentsOn).toHaveBeenCalledTimes(1);
    api.listCommentsOn.mockResolvedValue([buildComment({ comment_value: '<p>Live</p>' })]);
    await push(buildComment({ comment_value: '<p>Live</p>' }));
    expect((await screen.findByTestId('message-body')).textContent).toBe('Live');
    expect(api.listCommentsOn).toHaveBeenCalledTimes(2);
  });
});
