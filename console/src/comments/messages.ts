// Words of the CommentsPanel (spec 001); the thread and the editor bring theirs (console/src/messages).
export const COMMENT_LABELS = {
  comments: 'Comments',
  loading: 'Loading the comments',
  loadFailed: 'The comments could not be loaded.',
  retry: 'Retry',
  empty: 'No comments yet.',
  newComment: 'Add a comment',
  placeholder: 'Write a comment, type @ to mention someone',
  reply: 'Reply',
  /** {name}: the author of the thread replied to. */
  replyTo: 'Reply to {name}',
  post: 'Comment',
  sendReply: 'Send Reply',
  posted: 'Comment added',
  updated: 'Comment updated',
} as const;
