import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailService, mailParts } from '@app/mail';
import { SERVICE_CONFIG } from '@app/platform';
import { hashToken } from '../auth/refresh-tokens.repository';
import type { IdentityConfig } from '../identity.config';
import { PasswordRepository } from './password.repository';

export const RESET_KEY_TTL_SECONDS = 60 * 60;
// A new user may not read the welcome mail the same hour; the link is as good as a reset link.
export const WELCOME_KEY_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Who a password mail goes to. */
export interface MailRecipient {
  agent_id: number;
  email: string;
  first_name: string;
}

/** The secret of a reset link and the hash stored for it. */
export interface ResetSecret {
  key: string;
  keyHash: string;
}

export function newResetSecret(): ResetSecret {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: hashToken(key) };
}

/**
 * Mails that carry a link to the console's reset page (/auth/reset-password/<key>): the reset mail of
 * password recovery and of the admin's "Send Password Reset", and the welcome mail of a new user.
 * Either link is spent by POST /auth/reset-password. The key's row and its mail are written in the caller's
 * transaction (`manager`; the mail through the outbox, id = the key's row id): a committed key always gets
 * its mail, and a mail never carries a key that was not stored.
 */
@Injectable()
export class ResetMailer {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
    private readonly passwords: PasswordRepository,
    private readonly mail: MailService,
  ) {}

  async sendReset(manager: EntityManager, user: MailRecipient, ip: string | null, secret: ResetSecret = newResetSecret()): Promise<void> {
    const id = await this.passwords.insertResetKey(user.agent_id, secret.keyHash, RESET_KEY_TTL_SECONDS, ip, manager);
    const link = this.link(secret.key);
    const { text, html } = mailParts([
      `Hello ${user.first_name},`,
      'We received a request to reset the password of your Realty account. Open this link within 1 hour to choose a new password:',
      { href: link, label: 'Choose a new password', text: link },
      'If you did not ask for this, you can ignore this email: your password stays the same.',
    ]);
    await this.mail.sendInTransaction(manager, { id, to: user.email, subject: 'Reset your Realty password', text, html });
  }

  async sendWelcome(manager: EntityManager, user: MailRecipient & { team_name: string }, ip: string | null): Promise<void> {
    const secret = newResetSecret();
    const id = await this.passwords.insertResetKey(user.agent_id, secret.keyHash, WELCOME_KEY_TTL_SECONDS, ip, manager);
    const link = this.link(secret.key);
    const { text, html } = mailParts([
      `Hello ${user.first_name},`,
      `${user.team_name} has given you an account on Realty. Your sign-in email is ${user.email}. Open this link within 7 days to choose your password:`,
      { href: link, label: 'Choose your password', text: link },
      'After that, ask your team administrator to send you a new link.',
    ]);
    await this.mail.sendInTransaction(manager, { id, to: user.email, subject: 'Welcome to Realty', text, html });
  }

  private link(key: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/auth/reset-password/${key}`;
  }
}
