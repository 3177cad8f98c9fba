/** One outgoing message; `id` makes queueing and delivery idempotent (job id, mailbox file name). */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Display name of the sender; the address stays the platform's (MAIL_FROM): 'Jane Doe via Demo Realty <no-reply@...>'. */
  from_name?: string;
  /** Where replies go (e.g. the sending agent's own address). */
  reply_to?: string;
  /**
   * A notification switch code (libs/contracts NOTIFICATION, e.g. 'direct_message'): the delivering
   * worker drops the mail when `to_agent_id`'s effective switch of that code is off when it runs.
   */
  notification_key?: string;
  /** The recipient's agent id, read with notification_key. */
  to_agent_id?: number;
}

/** What travels on the queue: the message plus the moment it was sent. */
export interface QueuedMail extends MailMessage {
  /** ISO timestamp, set once by MailService.send so every retry writes the same file. */
  created_at: string;
}

/** A delivery channel; deliver must be safe to call twice with the same message. */
export interface MailDriver {
  deliver(mail: QueuedMail): Promise<void>;
  close?(): Promise<void>;
}

/** The address part of a From setting: 'Realty <no-reply@realty.test>' -> 'no-reply@realty.test'. */
export function addressOf(from: string): string {
  const match = /<([^<>]+)>\s*$/.exec(from);
  return (match ? match[1] : from).trim();
}

/** The display name of a From setting ('Realty <no-reply@realty.test>' -> 'Realty'), or undefined. */
export function displayNameOf(from: string): string | undefined {
  const match = /^\s*"?(.*?)"?\s*<[^<>]+>\s*$/.exec(from);
  const name = match?.[1]?.trim();
  return name ? name : undefined;
}

/** The From header of a message: its own display name (quoted when it needs to be) at the platform address. */
export function fromHeaderOf(mail: Pick<MailMessage, 'from_name'>, platformFrom: string): string {
  if (!mail.from_name) return platformFrom;
  const name = mail.from_name.replace(/[\r\n]+/g, ' ').trim();
  const safe = /^[\w !#$%&'*+\-/=?^`{|}~.]*$/.test(name) ? name : `"${name.replace(/(["\\])/g, '\\$1')}"`;
  return `${safe} <${addressOf(platformFrom)}>`;
}
