import { MESSAGING_MESSAGES } from '@app/contracts';

// Words of the email notification dialog (spec 001). The spec's and the server's words come from the
// contracts (MESSAGING_MESSAGES: 'Message has been sent', 'Template updated', ...); the dialog's own below.
export { MESSAGING_MESSAGES };

export const NOTIFICATION_LABELS = {
  sendTitle: 'Email notification',
  templateTitle: 'Edit notification template',
  close: 'Close',
  loading: 'Loading the email',
  loadFailed: 'The email could not be loaded.',
  retry: 'Retry',
  edit: 'Edit',
  preview: 'Preview',
  from: 'From',
  to: 'To',
  replyTo: 'Reply-To',
  /** The mail's sender name (From '{sender} via {team}'). */
  senderVia: '{sender} via {team}',
  recipients: 'Recipients',
  addRecipient: 'Add a recipient',
  addRecipientHelp: 'Type an address and press Enter',
  /** {email}: the recipient's address. */
  removeRecipient: 'Remove {email}',
  noRecipientsYet: "No recipients: the task sends to its transaction's contacts.",
  subject: 'Subject',
  message: 'Message',
  richText: 'Rich text',
  plainText: 'Plain text',
  template: 'Template',
  mergeFields: 'Merge fields',
  /** {field}: a merge field's name. */
  insertMergeField: 'Insert {field}',
  previewRegion: 'The email as the recipient sees it',
  sendUpdated: 'Send Updated Email',
  updateTemplate: 'Update Template',
  cancel: 'Cancel',
  sending: 'Sending…',
  saving: 'Saving…',
  sendFailed: 'The email could not be sent.',
  saveFailed: 'The template could not be saved.',
  fixFields: 'Some fields need attention: see the messages under them.',
} as const;
