// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageThread, threadOfComment, threadOfDm } from './MessageThread';
import { buildComment, buildDm, stubEditorLayout } from './testing';

vi.mock('./index', () => ({ messagesApi: { getMentionOptions: async () => [] } }));

afterEach(cleanup);
beforeEach(stubEditorLayout);

const renderThread = (ui: React.ReactNode) => {
  render(<AdminContext store={memoryStore()}>{ui}</AdminContext>);
  return userEvent.setup();
};

describe('MessageThread', () => {
  const dm = buildDm(3, {
    updated_ts: '2026-11-26T15:10:00.000Z',
    thread: [
      buildDm(31, { parent_dm_id: 3, dm_value: '<p>Mine too</p>' }),
      buildDm(32, { parent_dm_id: 3, dm_value: '<p>Theirs</p>', author: { name: 'Tina Coordinator', profile_image: null, agent_id: 20 } }),
    ],
  });

  it("shows the top message and replies with name, time and '(edited)', and Edit only on the caller's own", () => {
    const { top, replies } = threadOfDm(dm);
    renderThread(<MessageThread top={top} replies={replies} currentUserId={13} onEdit={vi.fn()} />);
    const topItem = screen.getByTestId('thread-top');
    expect(within(topItem).getByTestId('message-author').textContent).toBe('Avery Agent');
    expect(within(topItem).getByTestId('message-edited').textContent).toBe('(edited)');
    expect(topItem.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-26T15:00:00.000Z');
    const [mine, theirs] = screen.getAllByTestId('thread-reply');
    expect(within(mine).queryByTestId('message-edited')).toBeNull();
    expect(within(topItem).getByTestId('message-edit')).toBeTruthy();
    expect(within(mine).getByTestId('message-edit')).toBeTruthy();
    expect(within(theirs).queryByTestId('message-edit')).toBeNull();
  });

  it('toggles edit mode for one message at a time, each separately, and cancels back', async () => {
    const { top, replies } = threadOfDm(dm);
    const user = renderThread(<MessageThread top={top} replies={replies} currentUserId={13} onEdit={vi.fn()} />);
    const [mine] = screen.getAllByTestId('thread-reply');
    await user.click(within(mine).getByTestId('message-edit'));
    await waitFor(() => expect(within(mine).getByTestId('message-edit-editor')).toBeTruthy());
    expect(within(screen.getByTestId('thread-top')).queryByTestId('message-edit-editor')).toBeNull();
    expect(within(screen.getByTestId('thread-top')).getByTestId('message-body').textContent).toBe('Message 3');
    await user.click(within(mine).getByTestId('editor-cancel'));
    expect(within(mine).queryByTestId('message-edit-editor')).toBeNull();
    expect(within(mine).getByTestId('message-body').textContent).toBe('Mine too');
  });

  it('marks comments Internal / Client-facing when asked (non-clients) and offers the reply type', () => {
    const comment = buildComment(7, { visibility: 'c', thread: [buildComment(71, { parent_comment_id: 7, visibility: 'i' })] });
    const { top, replies } = threadOfComment(comment);
    renderThread(<MessageThread top={top} replies={replies} currentUserId={13} showVisibility onReply={vi.fn()} />);
    expect(screen.getAllByTestId('visibility-marker').map((marker) => marker.textContent)).toEqual(['Client-facing', 'Internal']);
    expect(screen.getByTestId('reply-visibility')).toBeTruthy();
    cleanup();
    renderThread(<MessageThread top={top} replies={replies} currentUserId={13} onReply={vi.fn()} />);
    expect(screen.queryByTestId('visibility-marker')).toBeNull();
    expect(screen.queryByTestId('reply-visibility')).toBeNull();
  });

  it('draws the message sanitised: no scripts or handlers', () => {
    const { top } = threadOfDm(buildDm(5, { dm_value: '<p onclick="steal()">Hi<script>alert(1)</script></p>' }));
    renderThread(<MessageThread top={top} replies={[]} currentUserId={null} />);
    const body = screen.getByTestId('message-body');
    expect(body.innerHTML).toBe('<p>Hi</p>');
  });
});
