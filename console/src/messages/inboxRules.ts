import {
  INBOX_PER_PAGE,
  MENTION_GROUP_NAMES,
  MENTION_GROUPS,
  type Comment,
  type CommentType,
  type DirectMessage,
  type MessagePush,
  type MessageStatus,
  type Role,
} from '@app/contracts';
import { MESSAGE_LABELS as L } from './messages';

// The message center's rules as plain functions (spec 001 sections 2, 4, 6 and 9): which
// inboxes and filters a user has, what each filter sends, the context menu, the URL, infinite scroll and
// which live messages join the open list. The screens stay thin; inboxRules.test.ts checks these.

export type InboxKind = 'dms' | 'comments';
export const DM_FILTERS = ['all', 'unread', 'archived'] as const;
export const COMMENT_FILTERS = ['all', 'trans', 'task', 'doc', 'mentions', 'unread', 'archived'] as const;
export type DmFilter = (typeof DM_FILTERS)[number];
export type CommentFilter = (typeof COMMENT_FILTERS)[number];
export type InboxFilter = DmFilter | CommentFilter;

/** A list entry of either inbox: a direct message thread or a comment thread (top-level). */
export type InboxRecord = DirectMessage | Comment;

/** Whether the user is a client: comments only, no DM tools, bulk menu or visibility markers (section 6). */
export const isClientUser = (roles: readonly Role[] | null | undefined): boolean => (roles ?? []).includes('CLIENT');

/** The inboxes a user has: clients only Comments; others both, starting on Direct Messages. */
export const inboxKindsFor = (roles: readonly Role[] | null | undefined): InboxKind[] =>
  isClientUser(roles) ? ['comments'] : ['dms', 'comments'];

/** The inbox a URL's `type` opens for this user: an inbox they lack (or none) is their first one. */
export function inboxKindOf(type: string | null | undefined, roles: readonly Role[] | null | undefined): InboxKind {
  const kinds = inboxKindsFor(roles);
  return kinds.includes(type as InboxKind) ? (type as InboxKind) : kinds[0];
}

export const filtersOf = (kind: InboxKind): readonly InboxFilter[] => (kind === 'dms' ? DM_FILTERS : COMMENT_FILTERS);

export const filterLabelOf = (filter: InboxFilter): string => L.filters[filter === 'mentions' ? 'mentions' : filter];

/**
 * The query of one page of an inbox (spec 001): per_page 10; DMs: status unread or archived (All sends
 * none); comments: comment_type trans, task or doc, mention_only=true (@ Mentions), status unread or
 * archived; search when there is one.
 */
export function inboxQuery(kind: InboxKind, filter: InboxFilter, page: number, search = ''): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), per_page: String(INBOX_PER_PAGE) });
  if (filter === 'unread' || filter === 'archived') query.set('status', filter);
  if (kind === 'comments') {
    if (filter === 'trans' || filter === 'task' || filter === 'doc') query.set('comment_type', filter);
    if (filter === 'mentions') query.set('mention_only', 'true');
  }
  const text = search.trim();
  if (text) query.set('search', text);
  return query;
}

export const isComment = (record: InboxRecord): record is Comment => 'comment_id' in record;

export const idOf = (record: InboxRecord): number => (isComment(record) ? record.comment_id : record.dm_id);
export const parentIdOf = (record: InboxRecord): number | null => (isComment(record) ? record.parent_comment_id : record.parent_dm_id);
/** The top-level thread a message belongs to (itself when it is one). */
export const threadIdOf = (record: InboxRecord): number => parentIdOf(record) ?? idOf(record);
export const htmlOf = (record: InboxRecord): string => (isComment(record) ? record.comment_value : record.dm_value);
/** The caller's read mark: read_ts of a DM, viewed_ts of a comment (null: unread). */
export const readTsOf = (record: InboxRecord): string | null => (isComment(record) ? record.viewed_ts : record.read_ts);
export const isUnread = (record: InboxRecord): boolean => !readTsOf(record);
/** The author's user id (agent id for DMs, user id for comments): only they edit (section 6). */
export const authorIdOf = (record: InboxRecord): number => (isComment(record) ? record.author.id : record.author.agent_id);
export const kindOf = (record: InboxRecord): InboxKind => (isComment(record) ? 'comments' : 'dms');

/** An edited message shows '(edited)': updated_ts set and later than created_ts. */
export const isEdited = (record: Pick<InboxRecord, 'created_ts' | 'updated_ts'>): boolean =>
  !!record.updated_ts && new Date(record.updated_ts).getTime() > new Date(record.created_ts).getTime();

export interface ContextMenuItem {
  status: MessageStatus;
  label: string;
}

/**
 * An item's context menu (spec 001 section 2): Mark as read or Mark as unread by whether its read_ts
 * is empty, then Archive, or Unarchive while viewing Archived.
 */
export function contextMenuOf(record: InboxRecord, filter: InboxFilter): ContextMenuItem[] {
  return [
    isUnread(record) ? { status: 'read', label: L.markRead } : { status: 'unread', label: L.markUnread },
    filter === 'archived' ? { status: 'unarchived', label: L.unarchive } : { status: 'archived', label: L.archive },
  ];
}

/** Whether an item stays in the list after a status change under this filter. */
export function staysAfter(status: MessageStatus, filter: InboxFilter): boolean {
  if (status === 'archived') return filter === 'archived';
  if (status === 'unarchived') return filter !== 'archived';
  if (status === 'read') return filter !== 'unread';
  return true;
}

/** The caller's read mark after a status change (read: now; unread: none; the others keep it). */
export function withStatus<T extends InboxRecord>(record: T, status: MessageStatus, now = new Date().toISOString()): T {
  if (status !== 'read' && status !== 'unread') return record;
  const mark = status === 'read' ? (readTsOf(record) ?? now) : null;
  return (isComment(record) ? { ...record, viewed_ts: mark } : { ...record, read_ts: mark }) as T;
}

// ------------------------------------------------------------------------------------------------ URL

/** A query-string id: digits only (like the server's ids), else null. */
export function idFromText(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** The message center's query string: type and, when a message is open, its id. */
export function messageSearchOf(kind: InboxKind, id: number | null): string {
  const params = new URLSearchParams({ type: kind });
  if (id !== null) params.set('id', String(id));
  return `?${params.toString()}`;
}

// ------------------------------------------------------------------------------------ infinite scroll

/** How close to the bottom (px) the list asks for its next page. */
export const LOAD_MORE_THRESHOLD_PX = 160;

/** The next page loads near the bottom of the list while has_next (spec 001 section 9). */
export function shouldLoadMore(
  box: { scrollTop: number; clientHeight: number; scrollHeight: number },
  state: { hasNext: boolean; loading: boolean },
  threshold = LOAD_MORE_THRESHOLD_PX,
): boolean {
  if (!state.hasNext || state.loading) return false;
  return box.scrollHeight - (box.scrollTop + box.clientHeight) <= threshold;
}

// ----------------------------------------------------------------------------------- narrow screens

/** At 960 px or less one panel at a time: the thread once a message is open, else the list. */
export function panelsOf(narrow: boolean, openId: number | null): { list: boolean; thread: boolean } {
  if (!narrow) return { list: true, thread: true };
  return openId === null ? { list: true, thread: false } : { list: false, thread: true };
}

// ----------------------------------------------------------------------------------- live messages

const mentionsUser = (html: string, userId: number) => html.includes(`data-mention="user:${userId}"`);

// A group mention, as a span or typed plain ('@tcs'), as the server reads it.
const GROUP_MENTION = new RegExp(`(?<![\\w@.])@(${MENTION_GROUP_NAMES.join('|')})(?![\\w-])`, 'gi');

/** The groups a message mentions: data-mention="group:X" spans and plain @all, @team, @agents, @isas, @tcs. */
export function groupsMentionedIn(html: string): string[] {
  const groups = new Set<string>();
  for (const [, name] of html.matchAll(/data-mention="group:(\w+)"/g)) groups.add(name.toLowerCase());
  for (const [, name] of plainTextOf(html).matchAll(GROUP_MENTION)) groups.add(name.toLowerCase());
  return [...groups].filter((name) => name in MENTION_GROUPS);
}

/**
 * Whether a message mentions the caller (the @ Mentions filter): by name, or through a group of
 * one of their roles (@all everyone but clients, @team, @agents, @isas, @tcs); the author is never
 * mentioned by their own message.
 */
export function mentionsCaller(message: Pick<Comment, 'comment_value' | 'author'>, userId: number, roles: readonly Role[]): boolean {
  if (message.author.id === userId) return false;
  if (mentionsUser(message.comment_value, userId)) return true;
  return groupsMentionedIn(message.comment_value).some((group) =>
    (MENTION_GROUPS[group as keyof typeof MENTION_GROUPS] as readonly string[]).some((role) => roles.includes(role as Role)),
  );
}

/**
 * Whether a pushed thread belongs in the open list (pushes join "the open list ... when matching
 * its filter"). A new message unarchives its thread for its recipients, so Archived never gains one; a
 * search is the server's to match, so a searched list waits for the next load.
 */
export function joinsList(
  kind: InboxKind,
  filter: InboxFilter,
  search: string,
  record: InboxRecord,
  userId: number | null,
  roles: readonly Role[] = [],
): boolean {
  if (kindOf(record) !== kind || search.trim() !== '' || filter === 'archived') return false;
  if (filter === 'unread') return isUnread(record);
  if (!isComment(record)) return true;
  if (filter === 'trans' || filter === 'task' || filter === 'doc') return record.comment_type === filter;
  if (filter === 'mentions') {
    if (userId === null) return false;
    return [record, ...(record.thread ?? [])].some((message) => mentionsCaller(message, userId, roles));
  }
  return true;
}

/** The list with a thread put first (new activity) or replaced where it is (an edit). */
export function upsertThread<T extends InboxRecord>(list: readonly T[], record: T, toTop: boolean): T[] {
  const id = idOf(record);
  const index = list.findIndex((item) => idOf(item) === id);
  if (index < 0) return toTop ? [record, ...list] : [...list];
  if (toTop) return [record, ...list.filter((_, at) => at !== index)];
  return list.map((item, at) => (at === index ? record : item));
}

/** A list page appended to what is there, without repeating a thread that moved down meanwhile. */
export function appendPage<T extends InboxRecord>(list: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(list.map(idOf));
  return [...list, ...page.filter((record) => !seen.has(idOf(record)))];
}

/** The top-level thread id a push concerns, and its kind. */
export const pushTarget = (push: MessagePush): { kind: InboxKind; threadId: number } => ({
  kind: push.kind === 'dm' ? 'dms' : 'comments',
  threadId: threadIdOf(push.record),
});

// ---------------------------------------------------------------------------------------- links

export interface CommentLink {
  label: string;
  to: string;
}

/**
 * The links of a comment (spec 001 section 2): its transaction (/app/transactions/{clientId}), the
 * transaction's tasks (/app/transactions/{clientId}/tasks) for a task comment, the document
 * (/app/transactions/{clientId}/documents/view/{docId}) for a document comment. `base` is the console's
 * basename ('/app').
 */
export function commentLinksOf(
  comment: Pick<Comment, 'comment_type' | 'comment_on_id' | 'transaction' | 'document'>,
  base: string,
): CommentLink[] {
  const clientId = comment.transaction?.client_id;
  if (!clientId) return [];
  const links: CommentLink[] = [{ label: L.viewTransaction, to: `${base}/transactions/${clientId}` }];
  if (comment.comment_type === 'task') links.push({ label: L.viewTasks, to: `${base}/transactions/${clientId}/tasks` });
  if (comment.comment_type === 'doc') {
    const docId = comment.document?.id ?? comment.comment_on_id;
    links.push({ label: L.viewDocument, to: `${base}/transactions/${clientId}/documents/view/${docId}` });
  }
  return links;
}

/** A comment's transaction as people read it: the client's names, else the address. */
export function transactionNameOf(transaction: Comment['transaction'] | undefined): string {
  if (!transaction) return '';
  const names = [transaction.first_name, transaction.last_name].filter(Boolean).join(' ').trim();
  return names || transaction.formatted_address || `#${transaction.client_id}`;
}

export const commentTypeOf = (filter: InboxFilter): CommentType | null =>
  filter === 'trans' || filter === 'task' || filter === 'doc' ? filter : null;

/** A message's text without tags (list previews). */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
