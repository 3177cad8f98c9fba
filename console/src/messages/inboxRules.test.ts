import { describe, expect, it } from 'vitest';
import {
  appendPage,
  commentLinksOf,
  contextMenuOf,
  filterLabelOf,
  filtersOf,
  idFromText,
  inboxKindOf,
  inboxKindsFor,
  inboxQuery,
  isEdited,
  joinsList,
  messageSearchOf,
  panelsOf,
  plainTextOf,
  pushTarget,
  shouldLoadMore,
  staysAfter,
  upsertThread,
  withStatus,
} from './inboxRules';
import { buildComment, buildDm } from './testing';

const query = (...args: Parameters<typeof inboxQuery>) => Object.fromEntries(inboxQuery(...args));

describe('inbox filters', () => {
  it('offers All, Unread, Archived for DMs and the seven comment filters, in the spec words', () => {
    expect(filtersOf('dms').map(filterLabelOf)).toEqual(['All', 'Unread', 'Archived']);
    expect(filtersOf('comments').map(filterLabelOf)).toEqual([
      'All',
      'Transactions',
      'Tasks',
      'Documents',
      '@ Mentions',
      'Unread',
      'Archived',
    ]);
  });

  it('sends exactly the parameters the issue names for each filter, 10 per page', () => {
    expect(query('dms', 'all', 1)).toEqual({ page: '1', per_page: '10' });
    expect(query('dms', 'unread', 1)).toEqual({ page: '1', per_page: '10', status: 'unread' });
    expect(query('dms', 'archived', 2)).toEqual({ page: '2', per_page: '10', status: 'archived' });
    expect(query('comments', 'all', 1)).toEqual({ page: '1', per_page: '10' });
    expect(query('comments', 'trans', 1)).toEqual({ page: '1', per_page: '10', comment_type: 'trans' });
    expect(query('comments', 'task', 1)).toEqual({ page: '1', per_page: '10', comment_type: 'task' });
    expect(query('comments', 'doc', 1)).toEqual({ page: '1', per_page: '10', comment_type: 'doc' });
    expect(query('comments', 'mentions', 1)).toEqual({ page: '1', per_page: '10', mention_only: 'true' });
    expect(query('comments', 'unread', 3)).toEqual({ page: '3', per_page: '10', status: 'unread' });
    expect(query('comments', 'archived', 1)).toEqual({ page: '1', per_page: '10', status: 'archived' });
  });

  it('adds the search trimmed, and none when blank', () => {
    expect(query('dms', 'all', 1, '  oak st ')).toEqual({ page: '1', per_page: '10', search: 'oak st' });
    expect(query('comments', 'task', 1, '   ')).toEqual({ page: '1', per_page: '10', comment_type: 'task' });
  });
});

describe('client view', () => {
  it('gives clients only Comments and others Direct Messages first', () => {
    expect(inboxKindsFor(['CLIENT'])).toEqual(['comments']);
    expect(inboxKindsFor(['AGENT'])).toEqual(['dms', 'comments']);
    expect(inboxKindOf(null, ['TRANC'])).toBe('dms');
    expect(inboxKindOf('comments', ['TRANC'])).toBe('comments');
    expect(inboxKindOf('dms', ['CLIENT'])).toBe('comments');
    expect(inboxKindOf('nonsense', ['ADMIN'])).toBe('dms');
  });
});

describe(contextMenuOf.name, () => {
  it('offers Mark as read for an unread item and Mark as unread for a read one (by read_ts), then Archive', () => {
    expect(contextMenuOf(buildDm(1, { read_ts: null }), 'all')).toEqual([
      { status: 'read', label: 'Mark as read' },
      { status: 'archived', label: 'Archive' },
    ]);
    expect(contextMenuOf(buildDm(1, { read_ts: '2026-11-26T16:00:00Z' }), 'unread').map((item) => item.label)).toEqual([
      'Mark as unread',
      'Archive',
    ]);
    expect(contextMenuOf(buildComment(1, { viewed_ts: '2026-11-26T16:00:00Z' }), 'task').map((item) => item.label)).toEqual([
      'Mark as unread',
      'Archive',
    ]);
  });

  it('offers Unarchive instead of Archive under Archived', () => {
    expect(contextMenuOf(buildComment(1), 'archived')).toEqual([
      { status: 'read', label: 'Mark as read' },
      { status: 'unarchived', label: 'Unarchive' },
    ]);
  });

  it('says which items leave the list after a change, and sets or clears the read mark', () => {
    expect(staysAfter('archived', 'all')).toBe(false);
    expect(staysAfter('archived', 'archived')).toBe(true);
    expect(staysAfter('unarchived', 'archived')).toBe(false);
    expect(staysAfter('read', 'unread')).toBe(false);
    expect(staysAfter('read', 'all')).toBe(true);
    expect(staysAfter('unread', 'trans')).toBe(true);
    expect(withStatus(buildDm(1), 'read', 'T').read_ts).toBe('T');
    expect(withStatus(buildComment(1, { viewed_ts: 'X' }), 'unread').viewed_ts).toBeNull();
    expect(withStatus(buildDm(1, { read_ts: 'X' }), 'archived').read_ts).toBe('X');
  });
});

describe('URL', () => {
  it('reads the id as digits only', () => {
    expect(idFromText('42')).toBe(42);
    for (const text of [null, '', '0', '-1', '1e3', '0x2', ' 4', '4.0', 'abc']) expect(idFromText(text)).toBeNull();
  });

  it('names the inbox and the open message', () => {
    expect(messageSearchOf('dms', 7)).toBe('?type=dms&id=7');
    expect(messageSearchOf('comments', null)).toBe('?type=comments');
  });
});

describe(shouldLoadMore.name, () => {
  it('asks for the next page near the bottom while has_next and nothing is loading', () => {
    const nearBottom = { scrollTop: 700, clientHeight: 400, scrollHeight: 1200 };
    const atTop = { scrollTop: 0, clientHeight: 400, scrollHeight: 1200 };
    expect(shouldLoadMore(nearBottom, { hasNext: true, loading: false })).toBe(true);
    expect(shouldLoadMore(atTop, { hasNext: true, loading: false })).toBe(false);
    expect(shouldLoadMore(nearBottom, { hasNext: false, loading: false })).toBe(false);
    expect(shouldLoadMore(nearBottom, { hasNext: true, loading: true })).toBe(false);
    // A page that does not fill the box.
    expect(shouldLoadMore({ scrollTop: 0, clientHeight: 600, scrollHeight: 500 }, { hasNext: true, loading: false })).toBe(true);
  });

  it('appends a page without repeating a thread already listed', () => {
    expect(appendPage([buildDm(3), buildDm(2)], [buildDm(2), buildDm(1)]).map((dm) => dm.dm_id)).toEqual([3, 2, 1]);
  });
});

describe(panelsOf.name, () => {
  it('shows both panels on a wide screen and one at a time at 960 px or less', () => {
    expect(panelsOf(false, null)).toEqual({ list: true, thread: true });
    expect(panelsOf(false, 5)).toEqual({ list: true, thread: true });
    expect(panelsOf(true, null)).toEqual({ list: true, thread: false });
    expect(panelsOf(true, 5)).toEqual({ list: false, thread: true });
  });
});

describe('live messages', () => {
  it('joins a pushed thread to the open list when it matches the filter', () => {
    expect(joinsList('dms', 'all', '', buildDm(1), 7)).toBe(true);
    expect(joinsList('dms', 'unread', '', buildDm(1, { read_ts: null }), 7)).toBe(true);
    expect(joinsList('dms', 'unread', '', buildDm(1, { read_ts: 'T' }), 7)).toBe(false);
    expect(joinsList('dms', 'archived', '', buildDm(1), 7)).toBe(false);
    expect(joinsList('dms', 'all', 'oak', buildDm(1), 7)).toBe(false);
    expect(joinsList('comments', 'all', '', buildDm(1), 7)).toBe(false);
    expect(joinsList('comments', 'task', '', buildComment(1, { comment_type: 'task' }), 7)).toBe(true);
    expect(joinsList('comments', 'doc', '', buildComment(1, { comment_type: 'task' }), 7)).toBe(false);
    const mentioning = buildComment(1, {
      thread: [buildComment(2, { parent_comment_id: 1, comment_value: '<p><span data-mention="user:7">@Dana</span></p>' })],
    });
    expect(joinsList('comments', 'mentions', '', mentioning, 7)).toBe(true);
    expect(joinsList('comments', 'mentions', '', mentioning, 8)).toBe(false);
  });

  it("joins @ Mentions when a group of the caller's role is mentioned, as a span or typed plain, never by their own message", () => {
    const tcs = buildComment(1, { comment_value: '<p><span data-mention="group:tcs">@tcs</span> please check</p>' });
    expect(joinsList('comments', 'mentions', '', tcs, 7, ['TRANC'])).toBe(true);
    expect(joinsList('comments', 'mentions', '', tcs, 7, ['AGENT'])).toBe(false);
    const plainAll = buildComment(2, {
      thread: [buildComment(3, { parent_comment_id: 2, comment_value: '<p>Heads up @all: closing moved</p>' })],
    });
    expect(joinsList('comments', 'mentions', '', plainAll, 7, ['ISISA'])).toBe(true);
    expect(joinsList('comments', 'mentions', '', plainAll, 7, ['CLIENT'])).toBe(false);
    expect(joinsList('comments', 'mentions', '', buildComment(4, { comment_value: '<p>mail me at x@team.com</p>' }), 7, ['AGENT'])).toBe(
      false,
    );
    expect(
      joinsList(
        'comments',
        'mentions',
        '',
        buildComment(5, { comment_value: '<p>@team</p>', author: { id: 7, name: 'Me', profile_image: null } }),
        7,
        ['AGENT'],
      ),
    ).toBe(false);
  });

  it('puts new activity first and keeps an edit in place', () => {
    const list = [buildDm(3), buildDm(2), buildDm(1)];
    expect(upsertThread(list, buildDm(1), true).map((dm) => dm.dm_id)).toEqual([1, 3, 2]);
    expect(upsertThread(list, buildDm(2, { dm_value: 'edited' }), false).map((dm) => dm.dm_value)).toEqual([
      '<p>Message 3</p>',
      'edited',
      '<p>Message 1</p>',
    ]);
    expect(upsertThread(list, buildDm(9), true).map((dm) => dm.dm_id)).toEqual([9, 3, 2, 1]);
  });

  it('targets the top-level thread of a pushed reply', () => {
    expect(pushTarget({ kind: 'dm', record: buildDm(8, { parent_dm_id: 5 }) })).toEqual({ kind: 'dms', threadId: 5 });
    expect(pushTarget({ kind: 'comment', record: buildComment(4) })).toEqual({ kind: 'comments', threadId: 4 });
  });
});

describe(commentLinksOf.name, () => {
  it('links a comment to its transaction, its tasks and its document view', () => {
    expect(commentLinksOf(buildComment(1), '/app')).toEqual([{ label: 'View transaction', to: '/app/transactions/47' }]);
    expect(
      commentLinksOf(buildComment(1, { comment_type: 'task', comment_on_id: 9, task: { id: 9, name: 'Order inspection' } }), '/app').map(
        (link) => link.to,
      ),
    ).toEqual(['/app/transactions/47', '/app/transactions/47/tasks']);
    expect(
      commentLinksOf(buildComment(1, { comment_type: 'doc', comment_on_id: 31, document: { id: 31, filename: 'offer.pdf' } }), '/app').map(
        (link) => link.to,
      ),
    ).toEqual(['/app/transactions/47', '/app/transactions/47/documents/view/31']);
  });
});

describe('message text', () => {
  it("marks an edit '(edited)' only when updated after it was created", () => {
    expect(isEdited({ created_ts: '2026-11-26T15:00:00Z', updated_ts: null })).toBe(false);
    expect(isEdited({ created_ts: '2026-11-26T15:00:00Z', updated_ts: '2026-11-26T15:00:00Z' })).toBe(false);
    expect(isEdited({ created_ts: '2026-11-26T15:00:00Z', updated_ts: '2026-11-26T15:05:00Z' })).toBe(true);
  });

  it('previews the text without tags', () => {
    expect(plainTextOf('<p>Hi <span data-mention="user:3">@Tina</span> &amp; team</p><p>next</p>')).toBe('Hi @Tina & team next');
  });
});
