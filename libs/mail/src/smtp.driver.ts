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
