import { MESSAGING_MESSAGES } from '@app/contracts';

// Words of the CommentsPanel (issue 15). The spec's and the server's words come from the contracts
// (MESSAGING_MESSAGES); the panel's own labels below.
export { MESSAGING_MESSAGES };

export const COMMENT_LABELS = {
  comments: 'Comments',
  loading: 'Loading the comments',
  loadFailed: 'The comments could not be loaded.',
  retry: 'Retry',
  empty: 'No comments yet.',
  newComment: 'Add a comment',
  reply: 'Reply',
  /** {name}: the author of the comment replied to. */
  replyTo: 'Reply to {name}',
  replies: 'Replies',
  post: 'Comment',
  sendReply: 'Send Reply',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  edited: '(edited)',
  internal: 'Internal',
  clientFacing: 'Client-facing',
  replyType: 'Reply type',
  placeholder: 'Write a comment, type @ to mention someone',
  mentionSuggestions: 'People and groups to mention',
  posted: 'Comment added',
  updated: 'Comment updated',
  saveFailed: 'The comment could not be saved.',
} as const;
