import type { Comment, DirectMessage } from '@app/contracts';

// Records for the message center's tests, shaped as the server answers them (libs/contracts messaging).

export function buildDm(id: number, overrides: Partial<DirectMessage> = {}): DirectMessage {
  return {
    dm_id: id,
    parent_dm_id: null,
    dm_value: `<p>Message ${id}</p>`,
    author: { name: 'Avery Agent', profile_image: null, agent_id: 13 },
    created_ts: '2026-11-26T15:00:00.000Z',
    updated_ts: null,
    read_ts: null,
    thread: [],
    ...overrides,
  };
}

export function buildComment(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    comment_id: id,
    parent_comment_id: null,
    comment_type: 'trans',
    comment_on_id: 47,
    comment_value: `<p>Comment ${id}</p>`,
    visibility: 'i',
    viewed_ts: null,
    author: { id: 13, name: 'Avery Agent', profile_image: null },
    created_ts: '2026-11-26T15:00:00.000Z',
    updated_ts: null,
    thread: [],
    transaction: { client_id: 47, first_name: 'Casey', last_name: 'Client', formatted_address: '12 Oak St, Springfield' },
    ...overrides,
  };
}

export const pageOf = <T>(records: T[], page = 1, has_next = false) => ({
  records,
  pagination: { total: records.length, page, per_page: 10, pages: has_next ? page + 1 : page, has_next, has_prev: page > 1 },
});

/** ProseMirror measures the caret to scroll it into view: jsdom has no layout, so no rectangles. */
export function stubEditorLayout(): void {
  const noRect = () => ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getClientRects = () =>
    ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = noRect;
  document.elementFromPoint = () => null;
}
