import { describe, expect, it, vi } from 'vitest';
import { createMessagesApi } from './api';
import { inboxQuery } from './inboxRules';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function apiWith(answer: () => Response) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  return { fetch, sut: createMessagesApi({ fetch }) };
}

const calls = (fetch: ReturnType<typeof apiWith>['fetch']) => fetch.mock.calls.map(([url, init]) => [url, init?.method, init?.body]);

describe(createMessagesApi.name, () => {
  it('reads the inboxes, one thread, the counts and the mention options', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, { records: [], pagination: {} }));
    await sut.listDirectMessages(inboxQuery('dms', 'unread', 2, 'oak'));
    await sut.listComments(inboxQuery('comments', 'mentions', 1));
    await sut.getDirectMessage(5);
    await sut.getComment(6);
    await sut.getUnreadCounts();
    await sut.getMentionOptions('ti na');
    expect(calls(fetch)).toEqual([
      ['/api/messages/dms?page=2&per_page=10&status=unread&search=oak', 'GET', undefined],
      ['/api/messages/comments?page=1&per_page=10&mention_only=true', 'GET', undefined],
      ['/api/messages/dms/5', 'GET', undefined],
      ['/api/messages/comments/6', 'GET', undefined],
      ['/api/messages/unread-counts', 'GET', undefined],
      ['/api/messages/mention-options?term=ti+na', 'GET', undefined],
    ]);
  });

  it('answers the mention options as a list, whether bare or in records', async () => {
    const option = { type: 'group', id: 'all', label: 'all', profile_image: null };
    expect(await apiWith(() => jsonResponse(200, [option])).sut.getMentionOptions('a')).toEqual([option]);
    expect(await apiWith(() => jsonResponse(200, { records: [option] })).sut.getMentionOptions('a')).toEqual([option]);
  });

  it('sends new messages, edits and statuses with the spec fields', async () => {
    const { fetch, sut } = apiWith(() => jsonResponse(200, {}));
    await sut.createDirectMessage({ dm_value: '<p>hi</p>', parent_dm_id: 3 });
    await sut.updateDirectMessage({ dm_id: 3, dm_value: '<p>x</p>' });
    await sut.setDirectMessageStatus({ dm_id: 3, status: 'archived' });
    await sut.bulkDirectMessageStatus({ status: 'read' });
    await sut.createComment({ comment_type: 'task', comment_on_id: 9, comment_value: '<p>c</p>', parent_comment_id: 4, visibility: 'c' });
    await sut.updateComment({ comment_id: 4, comment_type: 'task', comment_on_id: 9, comment_value: '<p>d</p>' });
    await sut.setCommentStatus({ comment_id: 4, comment_type: 'task', status: 'unread', client: false });
    await sut.bulkCommentStatus({ status: 'archived' });
    expect(calls(fetch)).toEqual([
      ['/api/messages/dms', 'POST', JSON.stringify({ dm_value: '<p>hi</p>', parent_dm_id: 3 })],
      ['/api/messages/dms', 'PATCH', JSON.stringify({ dm_id: 3, dm_value: '<p>x</p>' })],
      ['/api/messages/dms/status', 'PATCH', JSON.stringify({ dm_id: 3, status: 'archived' })],
      ['/api/messages/dms/status/bulk', 'PATCH', JSON.stringify({ status: 'read' })],
      [
        '/api/messages/comments',
        'POST',
        JSON.stringify({ comment_type: 'task', comment_on_id: 9, comment_value: '<p>c</p>', parent_comment_id: 4, visibility: 'c' }),
      ],
      [
        '/api/messages/comments',
        'PATCH',
        JSON.stringify({ comment_id: 4, comment_type: 'task', comment_on_id: 9, comment_value: '<p>d</p>' }),
      ],
      ['/api/messages/comments/status', 'PATCH', JSON.stringify({ comment_id: 4, comment_type: 'task', status: 'unread', client: false })],
      ['/api/messages/comments/status/bulk', 'PATCH', JSON.stringify({ status: 'archived' })],
    ]);
  });

  it("rejects with the server's field error", async () => {
    const refused = apiWith(() =>
      jsonResponse(400, {
        status: 'error',
        message: 'Validation failed',
        errors: [{ field: 'dm_value', error: 'Mention a user or group to send this message' }],
      }),
    );
    await expect(refused.sut.createDirectMessage({ dm_value: '<p>hi</p>' })).rejects.toMatchObject({
      status: 400,
      body: { errors: { dm_value: 'Mention a user or group to send this message' } },
    });
  });
});
