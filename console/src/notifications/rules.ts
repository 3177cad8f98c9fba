import { NOTIFICATION_RECIPIENTS_MAX, type SendNotificationRequest } from '@app/contracts';
import { isEmail } from '../shared/form-fields/rules';
import { MESSAGING_MESSAGES as M, NOTIFICATION_LABELS as L } from './messages';

/** Where the dialog was opened from: a task sends to its defaults when no recipient is given. */
export type NotificationSource = 'task' | 'other';

/** The dialog's fields (the server's field names, message split in its two forms). */
export interface NotificationFormValues {
  subject: string;
  message_html: string;
  message_text: string;
  from_email: string | null;
  recipient_draft: string | null;
  template: string;
}
export type NotificationField = keyof NotificationFormValues | 'recipients';

/** The name the mail is sent under (From '{sender} via {team}'); null while the user is unknown. */
export function senderNameOf(identity: { fullName?: string; teamName?: string } | null | undefined): string | null {
  const sender = identity?.fullName?.trim();
  if (!sender) return null;
  const team = identity?.teamName?.trim();
  return team ? L.senderVia.replace('{sender}', sender).replace('{team}', team) : sender;
}

/** Send Updated Email is disabled without recipients, except when the source is a task (its defaults go). */
export const canSendUpdated = (recipients: readonly string[], source: NotificationSource): boolean =>
  recipients.length > 0 || source === 'task';

/** A typed address added to the chips: the list after it, or the field's message. Duplicates are added once. */
export function addRecipient(recipients: readonly string[], draft: string | null | undefined): { recipients: string[]; error?: string } {
  const address = (draft ?? '').trim();
  if (!address) return { recipients: [...recipients] };
  if (!isEmail(address)) return { recipients: [...recipients], error: M.invalidEmail };
  if (recipients.some((existing) => existing.toLowerCase() === address.toLowerCase())) return { recipients: [...recipients] };
  if (recipients.length >= NOTIFICATION_RECIPIENTS_MAX) return { recipients: [...recipients], error: M.tooManyRecipients };
  return { recipients: [...recipients, address] };
}

/** The form field a server field error belongs to: 'recipients[2]' / 'recipients.2' to recipients, 'message.text' to the plain text. */
export function formFieldOf(serverField: string): NotificationField | null {
  const root = serverField.split(/[.[]/)[0]!;
  if (root === 'recipients') return 'recipients';
  if (root === 'message') return /text/.test(serverField) ? 'message_text' : 'message_html';
  if (root === 'subject' || root === 'from_email' || root === 'template') return root;
  return null;
}

/** The server's field errors by form field (the first per field); those of no field under `other`. */
export function fieldErrorsByFormField(errors: Record<string, string>): {
  fields: Partial<Record<NotificationField, string>>;
  other?: string;
} {
  const fields: Partial<Record<NotificationField, string>> = {};
  let other: string | undefined;
  for (const [field, message] of Object.entries(errors)) {
    const target = formFieldOf(field);
    if (target) fields[target] ??= message;
    else other ??= message;
  }
  return { fields, other };
}

/**
 * POST /notifications/send of the edited email: subject, from address and the message as edited (the
 * plain text only when it was edited; the server derives it otherwise); recipients only when there are
 * some (none: the task's defaults).
 */
export function sendRequestOf(
  taskId: number,
  values: Pick<NotificationFormValues, 'subject' | 'message_html' | 'message_text' | 'from_email'>,
  recipients: readonly string[],
  textEdited: boolean,
): SendNotificationRequest {
  const request: SendNotificationRequest = {
    task_ids: [taskId],
    subject: values.subject,
    message: textEdited ? { html: values.message_html, text: values.message_text } : { html: values.message_html },
  };
  if (recipients.length > 0) request.recipients = [...recipients];
  if (values.from_email) request.from_email = values.from_email;
  return request;
}
