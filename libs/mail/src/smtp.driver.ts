import { UnrecoverableError } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';
import { addressOf, type MailDriver, type QueuedMail } from './mail-message';

/** Sends through an SMTP server (Mailpit in docker-compose, the provider's relay in production). */
export class SmtpDriver implements MailDriver {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async deliver(mail: QueuedMail): Promise<void> {
    try {
      await this.send(mail);
    } catch (error) {
      // A 5xx answer is permanent (unknown mailbox, refused sender, rejected content): no retry mends it.
      // A 4xx, a refused or dropped connection, a timeout: retried with backoff.
      const code = (error as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500 && code < 600) throw new UnrecoverableError(`SMTP ${code}: ${(error as Error).message}`);
      throw error;
    }
  }

  private async send(mail: QueuedMail): Promise<void> {
    await this.transport.sendMail({
      // The platform address always; a message's own display name when it has one ('Jane via Demo Realty').
      from: mail.from_name ? { name: mail.from_name.replace(/[\r\n]+/g, ' ').trim(), address: addressOf(this.from) } : this.from,
      ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      // A stable Message-ID lets the receiving side drop a duplicate after a retried job.
      messageId: `<${mail.id}@realty.mail>`,
      date: new Date(mail.created_at),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
