/** One outgoing message; `id` makes queueing and delivery idempotent (job id, mailbox file name). */
export interface MailMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
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
