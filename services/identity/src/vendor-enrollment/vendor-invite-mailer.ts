import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailService, mailParts } from '@app/mail';
import { VENDOR_ENROLLMENT_MESSAGES, VENDOR_INVITE_TTL_DAYS } from '@app/contracts';

/** The invite mail: the team's invitation and the link to the Vendor Enrollment Form, written with the invite (outbox). */
@Injectable()
export class VendorInviteMailer {
  constructor(private readonly mail: MailService) {}

  async send(
    manager: EntityManager,
    invite: { team_id: number; email: string; name: string | null; team_name: string; url: string },
  ): Promise<void> {
    const { text, html } = mailParts([
      invite.name ? `Hello ${invite.name},` : 'Hello,',
      `${invite.team_name} invites you to Realty. ${VENDOR_ENROLLMENT_MESSAGES.intro} Open this link within ${VENDOR_INVITE_TTL_DAYS} days to fill in the Vendor Enrollment Form:`,
      { href: invite.url, label: VENDOR_ENROLLMENT_MESSAGES.title, text: invite.url },
      'The link works once. After that, ask the team for a new one.',
    ]);
    await this.mail.sendInTransaction(
      manager,
      {
        id: randomUUID(),
        to: invite.email,
        subject: `${invite.team_name} invites you to enroll as a vendor`,
        text,
        html,
      },
      { team_id: invite.team_id },
    );
  }
}
