import { contractArraySchema, contractSchema } from '@app/platform';

/**
 * The answers of the messaging service in its OpenAPI document: the libs/contracts type of each. Their
 * schemas are generated from those types at build time (docs/openapi.md).
 */
export const DIRECT_MESSAGE_SCHEMA = contractSchema('DirectMessage');
export const DIRECT_MESSAGES_SCHEMA = contractSchema('DirectMessagesPage');
export const COMMENT_SCHEMA = contractSchema('Comment');
export const COMMENTS_SCHEMA = contractSchema('CommentsPage');
export const COMMENT_THREADS_SCHEMA = contractSchema('CommentThreads');
export const UPDATED_SCHEMA = contractSchema('UpdatedCount');
export const MESSAGE_SCHEMA = contractSchema('MessageResponse');
export const INBOX_COUNTS_SCHEMA = contractSchema('InboxCounts');
export const MENTION_OPTIONS_SCHEMA = contractArraySchema('MentionOption');
export const NOTIFICATION_PREVIEW_SCHEMA = contractSchema('NotificationPreview');
