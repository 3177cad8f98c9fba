// @vitest-environment jsdom
import type { Role } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore, type AuthProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessagesApi } from './api';
import type { InboxListener } from './inboxSocket';
import MessageCenterPage from './MessageCenterPage';
import { buildComment, buildDm, pageOf, stubEditorLayout } from './testing';

const socket = vi.hoisted(() => ({ listener: null as InboxListener | null, refreshCounts: vi.fn(async () => undefined) }));
vi.mock('./inboxSocket', () => ({
  useInboxSocket: (listener: InboxListener) => {
    socket.listener = listener;
  },
  inboxConnection: { refreshCounts: socket.refreshCounts },
}));
vi.mock('./index', () => ({ messagesApi: {} }));

function buildApi() {
  return {
    listDirectMessages: vi.fn(async (_query: URLSearchParams) => pageOf([buildDm(3), buildDm(2, { read_ts: '2026-11-26T16:00:00Z' })])),
    getDirectMessage: vi.fn(async (id: number) => buildDm(id)),
    createDirectMessage: vi.fn(async () => buildDm(50)),
    updateDirectMessage: vi.fn(async () => buildDm(3)),
    setDirectMessageStatus: vi.fn(async () => ({})),
    bulkDirectMessageStatus: vi.fn(async () => ({})),
    listComments: vi.fn(async (_query: URLSearchParams) => pageOf([buildComment(7, { visibility: 'c' }), buildComment(8)])),
    getComment: vi.fn(async (id: number) => buildComment(id)),
    listCommentsOn: vi.fn(),
    createComment: vi.fn(async () => buildComment(60)),
    updateComment: vi.fn(async () => buildComment(7)),
    setCommentStatus: vi.fn(async () => ({})),
    bulkCommentStatus: vi.fn(async () => ({})),
    getUnreadCounts: vi.fn(async () => ({ dms: 0, comments: 0, mentions: 0 })),
    getMentionOptions: vi.fn(async () => []),
  } satisfies MessagesApi;
}

let api: ReturnType<typeof buildApi>;

const LocationProbe = () => {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
};

function renderPage(path = '/messages', roles: Role[] = ['TRANC']) {
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => ({ roles, permissions: [] }),
    getIdentity: async () => ({ id: 13, fullName: 'Avery Agent' }),
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext store={memoryStore()} authProvider={authProvider}>
        <Routes>
          <Route path="/messages/*" element={<MessageCenterPage api={api as unknown as MessagesApi} />} />
        </Routes>
        <LocationProbe />
      </AdminContext>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

/** Opens the Filter select (MUI opens it on mouse down) and picks an entry. */
async function pickFilter(user: ReturnType<typeof userEvent.setup>, filter: string) {
  fireEvent.mouseDown(screen.getByTestId('inbox-filter'));
  await user.click(await screen.findByTestId(`inbox-filter-${filter}`));
}

const location = () => screen.getByTestId('location').textContent;
const queryOf = (mock: { mock: { calls: unknown[][] } }, index = -1) =>
  Object.fromEntries(mock.mock.calls.at(index)![0] as URLSearchParams);

function narrowScreen(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => {
  api = buildApi();
  socket.listener = null;
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  stubEditorLayout();
  narrowScreen(false);
});

describe('MessageCenterPage', () => {
  it('starts a staff user on Direct Messages with the bulk menu and New Message, and names the inbox in the URL', async () => {
    renderPage();
    expect(await screen.findAllByTestId('inbox-item')).toHaveLength(2);
    expect(queryOf(api.listDirectMessages)).toEqual({ page: '1', per_page: '10' });
    await waitFor(() => expect(location()).toBe('/messages?type=dms'));
    expect(screen.getByTestId('inbox-kind-dms').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('new-message')).toBeTruthy();
    expect(screen.getByTestId('bulk-menu')).toBeTruthy();
    // The unread marker on the unread thread only.
    const items = screen.getAllByTestId('inbox-item');
    expect(within(items[0]).getByTestId('unread-marker')).toBeTruthy();
    expect(within(items[1]).queryByTestId('unread-marker')).toBeNull();
  });

  it('shows a client only Comments, without bulk menu, New Message or visibility markers', async () => {
    renderPage('/messages?type=dms', ['CLIENT']);
    expect(await screen.findAllByTestId('inbox-item')).toHaveLength(2);
    expect(api.listDirectMessages).not.toHaveBeenCalled();
    await waitFor(() => expect(location()).toBe('/messages?type=comments'));
    expect(screen.queryByTestId('inbox-kind')).toBeNull();
    expect(screen.queryByTestId('bulk-menu')).toBeNull();
    expect(screen.queryByTestId('new-message')).toBeNull();
    expect(screen.queryByTestId('visibility-marker')).toBeNull();
  });

  it('shows the Internal / Client-facing markers to staff in Comments, and each filter sends its parameters', async () => {
    const user = renderPage('/messages?type=comments');
    expect(await screen.findAllByTestId('visibility-marker')).toHaveLength(2);
    expect(screen.getAllByTestId('visibility-marker').map((marker) => marker.textContent)).toEqual(['Client-facing', 'Internal']);
    const expected: Record<string, Record<string, string>> = {
      trans: { comment_type: 'trans' },
      task: { comment_type: 'task' },
      doc: { comment_type: 'doc' },
      mentions: { mention_only: 'true' },
      unread: { status: 'unread' },
      archived: { status: 'archived' },
      all: {},
    };
    for (const [filter, params] of Object.entries(expected)) {
      await pickFilter(user, filter);
      await waitFor(() => expect(queryOf(api.listComments)).toEqual({ page: '1', per_page: '10', ...params }));
    }
  });

  it("says 'No messages' when the inbox is empty", async () => {
    api.listDirectMessages.mockResolvedValue(pageOf([]));
    renderPage();
    expect((await screen.findByTestId('inbox-empty')).textContent).toContain('No messages');
  });

  it('asks for the next page near the bottom while has_next, and not after the last', async () => {
    api.listDirectMessages.mockImplementation(async (query: URLSearchParams) => {
      const page = Number(query.get('page'));
      const ids = Array.from({ length: 10 }, (_, index) => page * 100 + index);
      return pageOf(
        ids.map((id) => buildDm(id)),
        page,
        page < 2,
      );
    });
    // jsdom has no layout: the list's box is 400 px high over 1,000 px of items (2,000 once page 2 is in).
    let contentHeight = 1000;
    const box = (element: HTMLElement, value: number) => (element.dataset.testid === 'inbox-scroller' ? value : 0);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this, 400);
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return box(this, contentHeight);
    });
    renderPage();
    await screen.findAllByTestId('inbox-item');
    const scroller = screen.getByTestId('inbox-scroller');
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(api.listDirectMessages).toHaveBeenCalledTimes(1);
    scroller.scrollTop = 500;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(20));
    expect(queryOf(api.listDirectMessages)).toEqual({ page: '2', per_page: '10' });
    contentHeight = 2000;
    scroller.scrollTop = 1500;
    fireEvent.scroll(scroller);
    expect(api.listDirectMessages).toHaveBeenCalledTimes(2);
  });

  it('opens a selected message: id in the URL, the thread shown and marked read', async () => {
    const user = renderPage();
    const [first] = await screen.findAllByTestId('inbox-item-open');
    await user.click(first);
    expect(location()).toBe('/messages?type=dms&id=3');
    expect((await screen.findByTestId('thread-top')).textContent).toContain('Message 3');
    await waitFor(() => expect(api.setDirectMessageStatus).toHaveBeenCalledWith({ dm_id: 3, status: 'read' }));
    await waitFor(() => expect(within(screen.getAllByTestId('inbox-item')[0]).queryByTestId('unread-marker')).toBeNull());
  });

  it('opens the message a URL names, and links a comment to its transaction, tasks and document', async () => {
    api.getComment.mockResolvedValue(
      buildComment(9, { comment_type: 'doc', comment_on_id: 31, document: { id: 31, filename: 'offer.pdf' }, viewed_ts: 'T' }),
    );
    renderPage('/messages?type=comments&id=9');
    expect((await screen.findByTestId('thread-top')).textContent).toContain('Comment 9');
    expect(api.getComment).toHaveBeenCalledWith(9);
    // Already read: no status call.
    expect(api.setCommentStatus).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('thread-link').map((link) => link.getAttribute('href'))).toEqual([
      '/transactions/47',
      '/transactions/47/documents/view/31',
    ]);
  });

  it('offers Mark as read / Mark as unread by read_ts and Archive, or Unarchive under Archived; archiving takes the item out', async () => {
    const user = renderPage();
    await screen.findAllByTestId('inbox-item');
    const menus = screen.getAllByTestId('inbox-item-menu');
    await user.click(menus[0]);
    let actions = await screen.findAllByRole('menuitem');
    expect(actions.map((action) => action.textContent)).toEqual(['Mark as read', 'Archive']);
    await user.keyboard('{Escape}');
    await user.click(menus[1]);
    actions = await screen.findAllByRole('menuitem');
    expect(actions.map((action) => action.textContent)).toEqual(['Mark as unread', 'Archive']);
    await user.click(screen.getByTestId('inbox-action-archived'));
    await waitFor(() => expect(api.setDirectMessageStatus).toHaveBeenCalledWith({ dm_id: 2, status: 'archived' }));
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(1));

    await pickFilter(user, 'archived');
    await waitFor(() => expect(queryOf(api.listDirectMessages)).toEqual({ page: '1', per_page: '10', status: 'archived' }));
    await user.click((await screen.findAllByTestId('inbox-item-menu'))[0]);
    expect((await screen.findAllByRole('menuitem')).map((action) => action.textContent)).toEqual(['Mark as read', 'Unarchive']);
  });

  it('opens the same context menu on a right click of the item', async () => {
    renderPage();
    const [first] = await screen.findAllByTestId('inbox-item-open');
    fireEvent.contextMenu(first, { clientX: 40, clientY: 60 });
    expect((await screen.findAllByRole('menuitem')).map((action) => action.textContent)).toEqual(['Mark as read', 'Archive']);
    expect(location()).not.toContain('id=');
  });

  it('marks all as read and archives all through the bulk menu (the whole inbox)', async () => {
    const user = renderPage();
    await screen.findAllByTestId('inbox-item');
    await user.click(screen.getByTestId('bulk-menu'));
    await user.click(await screen.findByTestId('bulk-read'));
    await waitFor(() => expect(api.bulkDirectMessageStatus).toHaveBeenCalledWith({ status: 'read' }));
    await user.click(screen.getByTestId('bulk-menu'));
    await user.click(await screen.findByTestId('bulk-archived'));
    await waitFor(() => expect(api.bulkDirectMessageStatus).toHaveBeenLastCalledWith({ status: 'archived' }));
    expect(socket.refreshCounts).toHaveBeenCalled();
  });

  it('shows one panel at a time at 960 px or less, the back button returning to the list without id', async () => {
    narrowScreen(true);
    const user = renderPage('/messages?type=dms&id=3');
    expect(await screen.findByTestId('thread-top')).toBeTruthy();
    expect(screen.getByTestId('messages-page').getAttribute('data-layout')).toBe('narrow');
    expect(screen.queryByTestId('inbox-panel')).toBeNull();
    await user.click(screen.getByTestId('thread-back'));
    expect(location()).toBe('/messages?type=dms');
    expect(await screen.findByTestId('inbox-panel')).toBeTruthy();
    expect(screen.queryByTestId('thread-panel')).toBeNull();
  });

  it('joins a live message to the open list and reloads the open thread when a reply comes', async () => {
    renderPage('/messages?type=dms&id=3');
    await screen.findByTestId('thread-top');
    await screen.findAllByTestId('inbox-item');
    api.getDirectMessage.mockImplementation(async (id: number) =>
      buildDm(id, { thread: id === 3 ? [buildDm(31, { parent_dm_id: 3, dm_value: '<p>A reply</p>' })] : [] }),
    );
    await act(async () => socket.listener!({ type: 'created', push: { kind: 'dm', record: buildDm(40) } }));
    await waitFor(() => expect(screen.getAllByTestId('inbox-item').map((item) => item.getAttribute('data-id'))).toEqual(['40', '3', '2']));
    await act(async () => socket.listener!({ type: 'created', push: { kind: 'dm', record: buildDm(31, { parent_dm_id: 3 }) } }));
    expect((await screen.findByTestId('thread-reply')).textContent).toContain('A reply');
    // A comment does not join the DM list.
    await act(async () => socket.listener!({ type: 'created', push: { kind: 'comment', record: buildComment(70) } }));
    expect(screen.getAllByTestId('inbox-item')).toHaveLength(3);
  });

  it('offers Edit on the caller’s own messages only', async () => {
    api.getDirectMessage.mockResolvedValue(
      buildDm(3, { thread: [buildDm(31, { parent_dm_id: 3, author: { name: 'Tina Coordinator', profile_image: null, agent_id: 20 } })] }),
    );
    renderPage('/messages?type=dms&id=3');
    const top = await screen.findByTestId('thread-top');
    expect(within(top).getByTestId('message-edit')).toBeTruthy();
    expect(within(screen.getByTestId('thread-reply')).queryByTestId('message-edit')).toBeNull();
  });
});
