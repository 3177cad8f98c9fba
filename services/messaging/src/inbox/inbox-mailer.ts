import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { messageLinkOf } from '@app/contracts';
import { MailService, mailParts, type MailMessage } from '@app/mail';
import { SERVICE_CONFIG, richTextPlain, type ServiceConfig } from '@app/platform';

/** What a new message mails: its recipients (author left out), under one notification switch. */
export interface MessageMail {
  kind: 'dms' | 'comments';
  /** The message (one mail per user per message: the mail id is message and user). */
  message_id: number;
  /** The thread the link opens. */
  thread_id: number;
  author_agent_id: number;
  html: string;
  recipients: number[];
  /** Where the comment is, for the subject ('on 12 Main St'). */
  context?: string;
}

/**
 * Mails of the inbox through libs/mail: a DM or reply to each recipient under `direct_message`, a comment
 * mention to the mentioned user under `comment_mention` (the delivering worker drops it while that user's
 * switch is off). Never to the author; the message id makes it one mail per user per message. Written in the
 * message's transaction (the outbox): a committed message always gets its mails, however long Redis is away.
 */
@Injectable()
export class InboxMailer {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
    @Optional() private readonly mail?: MailService,
  ) {}

  /** Writes the message's mails into the outbox; `manager` is the message's transaction. */
  async queue(manager: EntityManager, teamId: number, mail: MessageMail): Promise<void> {
    const recipients = mail.recipients.filter((id) => id !== mail.author_agent_id);
    if (!this.mail || recipients.length === 0) return;
    const users: { agent_id: number; email: string; first_name: string; last_name: string }[] = await manager.query(
      `SELECT agent_id, email, first_name, last_name FROM messaging.users WHERE agent_id = ANY($1::int[]) AND status = 'active'`,
      [[mail.author_agent_id, ...recipients]],
    );
    const author = users.find((u) => u.agent_id === mail.author_agent_id);
    const authorName = author ? `${author.first_name} ${author.last_name}`.trim() : 'Someone';
    const link = `${this.config.PUBLIC_URL.replace(/\/$/, '')}${messageLinkOf(mail.kind, mail.thread_id)}`;
    const dm = mail.kind === 'dms';
    const subject = dm
      ? `New message from ${authorName}`
      : `${authorName} mentioned you in a comment${mail.context ? ` on ${mail.context}` : ''}`;
    const { text, html } = mailParts([
      `${subject}:`,
      { html: mail.html, text: richTextPlain(mail.html).trim(), quote: true },
      { href: link, label: 'Open it' },
    ]);
    const mails: MailMessage[] = [];
    for (const user of users) {
      if (user.agent_id === mail.author_agent_id || !recipients.includes(user.agent_id)) continue;
      mails.push({
        id: `${dm ? 'dm' : 'comment'}-${mail.message_id}-to-${user.agent_id}`,
        to: user.email,
        subject,
        text,
        html,
        from_name: authorName,
        notification_key: dm ? 'direct_message' : 'comment_mention',
        to_agent_id: user.agent_id,
      });
    }
    if (mails.length) await this.mail.sendAllInTransaction(manager, mails, { team_id: teamId });
  }
}
