import type {
  BulkStatusRequest,
  Comment,
  CommentsPage,
  CommentStatusRequest,
  CommentType,
  CreateCommentRequest,
  CreateDirectMessageRequest,
  DirectMessage,
  DirectMessagesPage,
  DirectMessageStatusRequest,
  InboxCounts,
  MentionOption,
  UpdateCommentRequest,
  UpdateDirectMessageRequest,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface MessagesApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

const withQuery = (path: string, query?: URLSearchParams) => {
  const text = query?.toString();
  return text ? `${path}?${text}` : path;
};

/**
 * The messaging service's calls of the message center (`/messages`). Errors are react-admin
 * HttpErrors (status, the server's {message, errors}).
 */
export function createMessagesApi(options: MessagesApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** GET /messages/dms?page&per_page&status&search (`query` from inboxQuery). */
    listDirectMessages: (query: URLSearchParams) => call<DirectMessagesPage>(withQuery('/messages/dms', query)),
    /** GET /messages/dms/{dm_id}: one thread (deep links). */
    getDirectMessage: (dmId: number) => call<DirectMessage>(`/messages/dms/${dmId}`),
    /** POST /messages/dms: a new thread (mentions decide who gets it) or a reply (parent_dm_id). */
    createDirectMessage: (request: CreateDirectMessageRequest) => call<DirectMessage>('/messages/dms', 'POST', request),
    /** PATCH /messages/dms: the author's edit. */
    updateDirectMessage: (request: UpdateDirectMessageRequest) => call<DirectMessage>('/messages/dms', 'PATCH', request),
    /** PATCH /messages/dms/status: read, unread, archived, unarchived for the caller. */
    setDirectMessageStatus: (request: DirectMessageStatusRequest) => call<unknown>('/messages/dms/status', 'PATCH', request),
    /** PATCH /messages/dms/status/bulk: no ids = the whole DM inbox. */
    bulkDirectMessageStatus: (request: Pick<BulkStatusRequest, 'status' | 'dm_ids'>) =>
      call<unknown>('/messages/dms/status/bulk', 'PATCH', request),

    /** GET /messages/comments?page&per_page&comment_type&status&search&mention_only. */
    listComments: (query: URLSearchParams) => call<CommentsPage>(withQuery('/messages/comments', query)),
    /** GET /messages/comments/{comment_id}: one thread (deep links). */
    getComment: (commentId: number) => call<Comment>(`/messages/comments/${commentId}`),
    /** GET /messages/comments/on/{comment_type}/{comment_on_id}: the comments on one thing. */
    listCommentsOn: (commentType: CommentType, commentOnId: number) =>
      call<Comment[] | CommentsPage>(`/messages/comments/on/${commentType}/${commentOnId}`),
    /** POST /messages/comments. */
    createComment: (request: CreateCommentRequest) => call<Comment>('/messages/comments', 'POST', request),
    /** PATCH /messages/comments: the author's edit. */
    updateComment: (request: UpdateCommentRequest) => call<Comment>('/messages/comments', 'PATCH', request),
    /** PATCH /messages/comments/status. */
    setCommentStatus: (request: CommentStatusRequest) => call<unknown>('/messages/comments/status', 'PATCH', request),
    /** PATCH /messages/comments/status/bulk: no ids = the whole comment inbox. */
    bulkCommentStatus: (request: Pick<BulkStatusRequest, 'status' | 'comment_ids'>) =>
      call<unknown>('/messages/comments/status/bulk', 'PATCH', request),

    /** GET /messages/unread-counts. */
    getUnreadCounts: () => call<InboxCounts>('/messages/unread-counts'),
    /** GET /messages/mention-options?term=: users and groups the caller may mention. */
    getMentionOptions: (term: string) =>
      call<MentionOption[] | { records: MentionOption[] }>(withQuery('/messages/mention-options', new URLSearchParams({ term }))).then(
        optionsOf,
      ),
  };
}

// The options as a list, whether the server answers a bare list or {records}.
function optionsOf(body: MentionOption[] | { records: MentionOption[] } | null): MentionOption[] {
  if (!body) return [];
  return Array.isArray(body) ? body : (body.records ?? []);
}

export type MessagesApi = ReturnType<typeof createMessagesApi>;
