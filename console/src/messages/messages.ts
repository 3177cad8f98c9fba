import { MESSAGING_MESSAGES } from '@app/contracts';

// Words of the message center, the thread and the direct message dialog (spec 001 sections 2, 4, 6, 8;
// docs/messaging-api.md). The server's and the spec's own words come from the contracts (MESSAGING_MESSAGES).
export { MESSAGING_MESSAGES };

export const MESSAGE_LABELS = {
  pageTitle: 'Messages',
  inboxType: 'Inbox',
  dms: 'Direct Messages',
  comments: 'Comments',
  filter: 'Filter',
  filters: {
    all: 'All',
    unread: 'Unread',
    archived: 'Archived',
    trans: 'Transactions',
    task: 'Tasks',
    doc: 'Documents',
    mentions: '@ Mentions',
  },
  search: 'Search',
  searchPlaceholder: 'Search messages',
  clearSearch: 'Clear search',
  bulkMenu: 'Inbox actions',
  markAllRead: 'Mark all as read',
  archiveAll: 'Archive all',
  newMessage: 'New Message',
  noMessages: 'No messages',
  loading: 'Loading messages',
  loadingMore: 'Loading more messages',
  loadFailed: 'The messages could not be loaded.',
  retry: 'Retry',
  unread: 'Unread',
  internal: 'Internal',
  clientFacing: 'Client-facing',
  itemActions: 'Message actions',
  /** {name}: the thread's author. */
  itemActionsOf: 'Actions for the message from {name}',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  archive: 'Archive',
  unarchive: 'Unarchive',
  statusFailed: 'The change could not be saved.',
  // Thread
  thread: 'Conversation',
  resize: 'Resize the message list',
  selectMessage: 'Select a message to read it',
  threadFailed: 'This message could not be loaded.',
  back: 'Back to messages',
  edited: '(edited)',
  edit: 'Edit',
  editOf: 'Edit message of {name}',
  cancel: 'Cancel',
  save: 'Save',
  saved: 'Message updated',
  replies: 'Replies',
  reply: 'Reply',
  replyLabel: 'Reply',
  replyPlaceholder: 'Write a reply, type @ to mention',
  replyType: 'Reply type',
  send: 'Send',
  sendFailed: 'The message could not be sent.',
  viewTransaction: 'View transaction',
  viewTasks: 'View tasks',
  viewDocument: 'View document',
  /** {name}: a transaction's client names or address. */
  onTransaction: 'On transaction {name}',
  onTask: 'Task: {name}',
  onDocument: 'Document: {name}',
  // Direct message dialog (spec 001 section 2)
  dialogTitle: 'New Message',
  sendMessage: 'Send Message',
  sendPlaceholder: 'Message a user or group, type @ to begin',
  mentionGroups: 'Mention a group',
  /** {group}: all, team, agents, isas, tcs. */
  mentionGroup: 'Mention @{group}',
  mentionOptions: 'People and groups to mention',
  group: 'Group',
  noMentionOptions: 'No one matches',
  close: 'Close',
  // Menu badge
  /** {count}: unread direct messages and comments. */
  unreadBadge: '{count} unread',
  connection: {
    offline: 'Live updates are paused: reconnecting…',
  },
} as const;

/** '{count} unread' with the count filled in (any '{key}' of a label). */
export const fill = (label: string, values: Record<string, string | number>): string =>
  label.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
