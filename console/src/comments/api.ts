import type { Comment, CommentType, CreateCommentRequest, MentionOption, UpdateCommentRequest } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface CommentsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

const id = (value: number | string) => encodeURIComponent(String(value));

/** The calls of the CommentsPanel (issue 15, Comments): errors are react-admin HttpErrors. */
export function createCommentsApi(options: CommentsApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** GET /messages/comments/on/{comment_type}/{comment_on_id}: the threads the caller may see, replies inside. */
    listOn: (commentType: CommentType, commentOnId: number) => call<Comment[] | { records: Comment[] }>(`/messages/comments/on/${id(commentType)}/${id(commentOnId)}`).then(recordsOf),
    /** POST /messages/comments: answers the stored comment. */
    create: (request: CreateCommentRequest) => call<Comment>('/messages/comments', 'POST', request),
    /** PATCH /messages/comments (author only). */
    update: (request: UpdateCommentRequest) => call<Comment>('/messages/comments', 'PATCH', request),
    /** GET /messages/mention-options?term=: users and groups the caller may mention. */
    mentionOptions: (term: string) => call<MentionOption[] | { records: MentionOption[] }>(`/messages/mention-options?${new URLSearchParams({ term }).toString()}`).then(recordsOf),
  };
}

/** A list answered bare or as `{records}`. */
function recordsOf<T>(body: T[] | { records: T[] } | null): T[] {
  if (Array.isArray(body)) return body;
  return body?.records ?? [];
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
