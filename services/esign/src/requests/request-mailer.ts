import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailService, mailParts } from '@app/mail';
import { SERVICE_CONFIG } from '@app/platform';
import type { EsignConfig } from '../esign.config';
import { RequestsRepository, type EsignUserRow, type RequestRow, type SignerRow } from './requests.repository';

/** A new signer link token: 32 random bytes, base64url; only its SHA-256 is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOfToken(token) };
}

export const hashOfToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const fullNameOf = (user: Pick<EsignUserRow, 'first_name' | 'last_name'> | null) =>
  user ? `${user.first_name} ${user.last_name}`.trim() : 'Realty';

/** The parts of a mail of one text and one button; its text part ends with a new line. */
const withButton = (text: string, href: string, label: string) => {
  const parts = mailParts([text, { href, label, button: true }]);
  return { text: `${parts.text}\n`, html: parts.html };
};

/**
 * The request's mails. Each goes only onto the mail.outgoing queue (libs/mail; messaging's worker delivers it)
 * and is recorded with its request, so a messaging.mail.failed names the invitation it was. Each is written into
 * esign's outbox in the change's database transaction (MailService.sendInTransaction): a committed change always
 * gets its mails, however long Redis is away, and a change that rolls back mails nobody (no link it never stored).
 */
@Injectable()
export class RequestMailer {
  constructor(
    private readonly mail: MailService,
    private readonly requests: RequestsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
  ) {}

  private url(path: string) {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
  }

  /** A new 'sign' link for the signer and the invitation that carries it ('Review and Sign'). */
  async invite(manager: EntityManager, request: RequestRow, signer: SignerRow, sender: EsignUserRow | null, attempt = 1): Promise<string> {
    const { token, hash } = newLinkToken();
    await this.requests.insertLink(manager, hash, request.esig_request_id, signer.signer_id, 'sign');
    const config = request.email_config;
    const message = (config.useRoleConfig && config.roles?.[signer.role]) || config.default;
    const link = this.url(`/sign/${token}`);
    const body = message.body?.trim() ? message.body : `${fullNameOf(sender)} sent you ${request.title} to sign.`;
    return this.queue(manager, request, {
      signer_id: signer.signer_id,
      kind: 'invitation',
      to: signer.email,
      subject: message.subject,
      ...withButton(body, link, 'Review and Sign'),
      sender,
      attempt,
    });
  }

  /** The sealed PDF: to the sender (switch esign_completed) and to each signer, each with a link of their own. */
  async completed(manager: EntityManager, request: RequestRow, signers: readonly SignerRow[], sender: EsignUserRow | null): Promise<void> {
    const subject = `Completed: ${request.title}`;
    const recipients: { signer: SignerRow | null; email: string }[] = [
      ...(sender ? [{ signer: null, email: sender.email }] : []),
      ...signers.map((signer) => ({ signer, email: signer.email })),
    ];
    for (const recipient of recipients) {
      const { token, hash } = newLinkToken();
      await this.requests.insertLink(manager, hash, request.esig_request_id, recipient.signer?.signer_id ?? null, 'download');
      const link = this.url(`/sign/${token}`);
      const text = `Everyone has signed ${request.title}. The signed document is ready.`;
      await this.queue(manager, request, {
        signer_id: recipient.signer?.signer_id ?? null,
        kind: 'completed',
        to: recipient.email,
        subject,
        ...withButton(text, link, 'Download the signed document'),
        sender,
        ...(recipient.signer ? {} : { notification_key: 'esign_completed', to_agent_id: request.created_by_agent_id }),
      });
    }
  }

  /** A signer declined: the sender hears it (switch esign_declined). */
  async declined(
    manager: EntityManager,
    request: RequestRow,
    signer: SignerRow,
    reason: string,
    sender: EsignUserRow | null,
  ): Promise<void> {
    if (!sender) return;
    const text = `${signer.name} (${signer.email}) declined to sign ${request.title}.\n\nReason: ${reason}`;
    await this.queue(manager, request, {
      signer_id: null,
      kind: 'declined',
      to: sender.email,
      subject: `Declined: ${request.title}`,
      ...mailParts([text]),
      sender,
      notification_key: 'esign_declined',
      to_agent_id: request.created_by_agent_id,
    });
  }

  /** The request expired: the sender hears it (no switch covers it). */
  async expired(manager: EntityManager, request: RequestRow, sender: EsignUserRow | null): Promise<void> {
    if (!sender) return;
    const text = `${request.title} expired before everyone signed it.`;
    await this.queue(manager, request, {
      signer_id: null,
      kind: 'expired',
      to: sender.email,
      subject: `Expired: ${request.title}`,
      ...mailParts([text]),
      sender,
    });
  }

  /** The request was cancelled: signers who had a link hear it. */
  async cancelled(manager: EntityManager, request: RequestRow, signers: readonly SignerRow[], sender: EsignUserRow | null): Promise<void> {
    for (const signer of signers.filter((s) => s.invited_ts !== null)) {
      const text = `${fullNameOf(sender)} cancelled the request to sign ${request.title}. You do not need to do anything.`;
      await this.queue(manager, request, {
        signer_id: signer.signer_id,
        kind: 'cancelled',
        to: signer.email,
        subject: `Cancelled: ${request.title}`,
        ...mailParts([text]),
        sender,
      });
    }
  }

  private async queue(
    manager: EntityManager,
    request: RequestRow,
    mail: {
      signer_id: number | null;
      kind: string;
      to: string;
      subject: string;
      text: string;
      html: string;
      sender: EsignUserRow | null;
      attempt?: number;
      notification_key?: string;
      to_agent_id?: number;
    },
  ): Promise<string> {
    const id = `esign-${request.esig_request_id}-${mail.kind}-${randomUUID()}`;
    await this.requests.insertMail(manager, {
      mail_id: id,
      esig_request_id: request.esig_request_id,
      signer_id: mail.signer_id,
      kind: mail.kind,
      recipient: mail.to,
      attempt: mail.attempt ?? 1,
    });
    await this.requests.appendAudit(manager, request.esig_request_id, {
      type: 'mail_queued',
      actor: 'System',
      email: mail.to,
      detail: `${mail.kind}: ${mail.subject}`,
    });
    await this.mail.sendInTransaction(
      manager,
      {
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.sender ? { from_name: fullNameOf(mail.sender), reply_to: mail.sender.email } : {}),
        ...(mail.notification_key ? { notification_key: mail.notification_key, to_agent_id: mail.to_agent_id } : {}),
      },
      { team_id: request.team_id },
    );
    return id;
  }
}
