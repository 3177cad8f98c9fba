/**
 * Messaging (spec 001 sections 2 to 9): direct messages, comments and @mentions, the real-time inbox
 * and email notifications. Wire shapes of the messaging service (`/messages`, `/notifications`) and of
 * its socket.io gateway (`socketPathOf('messaging')`), shared by the service, the console and tests.
 */
import type { Pagination } from './api';

/** What a comment is on: a transaction, a document or a task. */
export const COMMENT_TYPES = ['trans', 'doc', 'task'] as const;
export type CommentType = (typeof COMMENT_TYPES)[number];

/** i internal (staff only), c client-facing (clients of the transaction see it too). */
export const COMMENT_VISIBILITIES = ['i', 'c'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

/** Per-user state changes of a message: read sets read_ts / viewed_ts, unread clears it. */
export const MESSAGE_STATUSES = ['read', 'unread', 'archived', 'unarchived'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** Bulk takes these two only. */
export const BULK_MESSAGE_STATUSES = ['read', 'archived'] as const;
export type BulkMessageStatus = (typeof BULK_MESSAGE_STATUSES)[number];

/** List filters: absent = All (not archived). */
export const INBOX_STATUS_FILTERS = ['unread', 'archived'] as const;
export type InboxStatusFilter = (typeof INBOX_STATUS_FILTERS)[number];

/** Group mentions and the roles each resolves to (among the author's team's active users who may see the message). */
export const MENTION_GROUPS = {
  all: ['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR'],
  team: ['ADMIN', 'TRANC', 'ISISA', 'AGENT'],
  agents: ['AGENT'],
  isas: ['ISISA'],
  tcs: ['TRANC'],
} as const;
export type MentionGroup = keyof typeof MENTION_GROUPS;
export const MENTION_GROUP_NAMES = Object.keys(MENTION_GROUPS) as MentionGroup[];

/** `<span data-mention="user:12">` / `<span data-mention="group:all">` in the editor's HTML. */
export const mentionAttributeOf = (mention: { type: 'user'; id: number } | { type: 'group'; id: MentionGroup }) =>
  `${mention.type}:${mention.id}`;

/** Text limits of a message or comment (characters of text, tags aside). */
export const MESSAGE_TEXT_MAX = 5000;
/** Page size of both inboxes. */
export const INBOX_PER_PAGE = 10;
/** Recipients of one notification email, at most. */
export const NOTIFICATION_RECIPIENTS_MAX = 50;
export const NOTIFICATION_SUBJECT_MAX = 255;
/** Merge fields of a notification template. */
export const NOTIFICATION_MERGE_FIELDS = [
  'client_first_name',
  'client_last_name',
  'address',
  'agent_name',
  'task_name',
  'due_date',
] as const;
export type NotificationMergeField = (typeof NOTIFICATION_MERGE_FIELDS)[number];

export interface MessageAuthor {
  name: string;
  profile_image: string | null;
}

/** A direct message (spec 001 section 3); read_ts is the caller's (null: unread). */
export interface DirectMessage {
  dm_id: number;
  parent_dm_id: number | null;
  dm_value: string;
  author: MessageAuthor & { agent_id: number };
  created_ts: string;
  updated_ts: string | null;
  read_ts: string | null;
  /** The replies, oldest first (empty on a reply). */
  thread: DirectMessage[];
}

export interface CommentTransaction {
  client_id: number;
  first_name: string;
  last_name: string;
  formatted_address: string;
}

/** A comment (spec 001 section 3); viewed_ts is the caller's (null: unread). */
export interface Comment {
  comment_id: number;
  parent_comment_id: number | null;
  comment_type: CommentType;
  comment_on_id: number;
  comment_value: string;
  visibility: CommentVisibility;
  viewed_ts: string | null;
  author: MessageAuthor & { id: number };
  created_ts: string;
  updated_ts: string | null;
  /** The replies the caller may see, oldest first (empty on a reply). */
  thread: Comment[];
  transaction: CommentTransaction;
  task?: { id: number; name: string };
  document?: { id: number; filename: string };
}

export interface DirectMessagesPage {
  records: DirectMessage[];
  pagination: Pagination;
}
export interface CommentsPage {
  records: Comment[];
  pagination: Pagination;
}

/** GET /messages/dms */
export interface DirectMessagesQuery {
  page?: number;
  per_page?: number;
  status?: InboxStatusFilter;
  search?: string;
}
/** GET /messages/comments */
export interface CommentsQuery {
  page?: number;
  per_page?: number;
  comment_type?: CommentType;
  status?: InboxStatusFilter;
  search?: string;
  mention_only?: boolean;
}

export interface CreateDirectMessageRequest {
  dm_value: string;
  parent_dm_id?: number | null;
}
export interface UpdateDirectMessageRequest {
  dm_id: number;
  dm_value: string;
}
export interface DirectMessageStatusRequest {
  dm_id: number;
  status: MessageStatus;
}
export interface BulkStatusRequest {
  status: BulkMessageStatus;
  /** None: the whole inbox of that kind. */
  dm_ids?: number[];
  comment_ids?: number[];
}
export interface CreateCommentRequest {
  comment_type: CommentType;
  comment_on_id: number;
  comment_value: string;
  parent_comment_id?: number | null;
  visibility?: CommentVisibility;
}
export interface UpdateCommentRequest {
  comment_id: number;
  comment_type: CommentType;
  comment_on_id: number;
  comment_value: string;
}
export interface CommentStatusRequest {
  comment_id: number;
  /** When sent, the comment must be of this type (else 404); the comment_id alone finds it. */
  comment_type?: CommentType;
  status: MessageStatus;
  /** Accepted and ignored: the caller's role decides. */
  client?: boolean;
}

/** GET /messages/unread-counts and the inbox.counts push. */
export interface InboxCounts {
  dms: number;
  comments: number;
  mentions: number;
}

/** GET /messages/mention-options?term= */
export type MentionOption =
  | { type: 'user'; id: number; label: string; profile_image: string | null }
  | { type: 'group'; id: MentionGroup; label: string; profile_image: null };

/** GET /notifications/preview?task_id= */
export interface NotificationPreview {
  subject: string;
  message: { html: string; text: string };
  recipients: string[];
  from_email: string;
  /**
   * The template the preview was rendered from, merge fields as written ({{address}}): what Edit Template
   * starts from (the task's own template, else the team default). Optional: without it the console starts
   * from the rendered subject and message.
   */
  template?: { subject: string; template: string };
}
/** POST /notifications/send */
export interface SendNotificationRequest {
  task_ids: number[];
  subject?: string;
  message?: { html?: string; text?: string } | string;
  recipients?: string[];
  from_email?: string;
}
/** PATCH /notifications/template */
export interface NotificationTemplateRequest {
  task_id: number;
  subject: string;
  template: string;
}

/** The socket.io namespace of the console's real-time inbox (on socketPathOf('messaging')). */
export const MESSAGING_NAMESPACE = '/inbox';
/** Server -> client events of the inbox socket. */
export const MESSAGING_SOCKET_EVENTS = {
  messageCreated: 'message.created',
  messageUpdated: 'message.updated',
  inboxCounts: 'inbox.counts',
} as const;
export type MessagePush = { kind: 'dm'; record: DirectMessage } | { kind: 'comment'; record: Comment };
/** Server -> client events of the inbox socket and their payloads (socket.io's `Socket<MessagingServerEvents>`). */
export interface MessagingServerEvents {
  'message.created': (push: MessagePush) => void;
  'message.updated': (push: MessagePush) => void;
  'inbox.counts': (counts: InboxCounts) => void;
}
/** The connect_error message of a refused handshake (no, bad or expired token): connect again with a fresh token. The server also disconnects a socket when its token expires ('io server disconnect'). */
export const MESSAGING_SOCKET_UNAUTHORIZED = 'unauthorized';

/** Console deep links of a message (mails link here too). */
export const messageLinkOf = (kind: 'dms' | 'comments', id: number) => `/app/messages?type=${kind}&id=${id}`;

/** The spec's words (spec 001 sections 5, 8 and 9, and ours where it has none). */
export const MESSAGING_MESSAGES = {
  required: 'This field is required',
  mentionRequired: 'Mention a user or group to send this message',
  onlyAuthor: 'Only the author can edit this message.',
  notFound: 'Message not found',
  tooLong: `Maximum length is ${MESSAGE_TEXT_MAX}`,
  invalidStatus: 'Must be one of read, unread, archived, unarchived',
  invalidBulkStatus: 'Must be one of read, archived',
  invalidCommentType: 'Must be one of trans, doc, task',
  invalidVisibility: 'Must be one of i, c',
  parentMismatch: 'Reply to a top-level comment on the same item',
  messageSent: 'Message has been sent',
  notNotificationTask: 'This task is not a notification task',
  noRecipients: 'No recipients',
  invalidEmail: 'This is an invalid email address',
  tooManyRecipients: `At most ${NOTIFICATION_RECIPIENTS_MAX} recipients`,
  cannotSendFrom: 'You cannot send from this address',
  unknownMergeField: 'Unknown merge field',
  templateUpdated: 'Template updated',
  subjectTooLong: `Maximum length is ${NOTIFICATION_SUBJECT_MAX}`,
  embeddedImages: 'Embeded images not allowed',
} as const;
