import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ESIGN_CONSENT_TEXT,
  ESIGN_DATE_PLACEHOLDER,
  ESIGN_INVITATION_RETRY_MINUTES,
  ESIGN_REQUEST_MESSAGES as M,
  ESIGN_SIGNED_LINK_DAYS,
  esignValueError,
  normaliseEsignValue,
  type CompleteSigningRequest,
  type DeclineSigningRequest,
  type EsignField,
  type EsignSigningSession,
  type EsignSigningState,
  type FieldError,
} from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { StorageService } from '@app/storage';
import { fullNameOf, hashOfToken, RequestMailer } from './request-mailer';
import { RequestSending, type SendingSigner } from './request-sending';
import { RequestStatusWriter } from './request-status';
import { RequestsRepository, type LinkRow, type RequestRow, type SignerRow } from './requests.repository';
import { SealQueue } from './seal-queue';

export interface SignerClient {
  ip: string | null;
  userAgent: string | null;
}

const DAY_MS = 86_400_000;
const isOpenStatus = (request: RequestRow) => !request.archived && ['S', 'V', 'P', 'F'].includes(request.status);
const todayIso = (at = new Date()) => at.toISOString().slice(0, 10);
const linkNotFound = () => new NotFoundException({ status: 'error', message: M.linkNotFound });

/** The page a signer's link opens on, and its message. */
function stateOf(request: RequestRow, signer: SignerRow | null, link: LinkRow): { state: EsignSigningState; message: string | null } {
  if (link.purpose === 'download' || signer?.status === 'C') return { state: 'signed', message: M.alreadySigned };
  if (request.archived) return { state: 'cancelled', message: M.cancelled };
  if (request.status === 'E') return { state: 'expired', message: M.expired };
  if (request.status === 'D' || signer?.status === 'D') return { state: 'declined', message: M.declined };
  if (request.status === 'C') return { state: 'signed', message: M.alreadySigned };
  if (!signer || signer.status === 'W') return { state: 'waiting', message: M.notYourTurn };
  return { state: 'open', message: null };
}

/**
 * The own engine's signing rules: sending to the signers (P all at once, S by order), what a link shows, a
 * signer's completion and decline, the invitations that could not be delivered and their resends, expiry and
 * cancellation. Each change locks the request and goes through RequestStatusWriter.
 */
@Injectable()
export class SigningEngine {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly requests: RequestsRepository,
    private readonly status: RequestStatusWriter,
    private readonly mailer: RequestMailer,
    private readonly storage: StorageService,
    private readonly seals: SealQueue,
    private readonly sending: RequestSending,
  ) {}

  /** Signers of the request recorded, the first ones invited (all for P, the lowest order for S); the request is S. */
  async send(manager: EntityManager, request: RequestRow, signers: readonly SendingSigner[]): Promise<void> {
    await this.sending.record(manager, request, signers);
    await this.inviteNext(manager, request);
  }

  /** Invites every waiting signer of the lowest order not yet complete (equal orders sign in parallel). */
  private async inviteNext(manager: EntityManager, request: RequestRow): Promise<void> {
    const signers = await this.requests.signers(request.esig_request_id, manager);
    const pending = signers.filter((signer) => signer.status !== 'C');
    if (pending.length === 0) return;
    const order = Math.min(...pending.map((signer) => signer.signing_order));
    const sender = await this.requests.user(request.created_by_agent_id, manager);
    for (const signer of pending.filter((s) => s.signing_order === order && s.status === 'W')) {
      await this.requests.markInvited(manager, signer.signer_id);
      await this.mailer.invite(manager, request, signer, sender);
    }
  }

  /** What the signer's link opens; the first open of an invited link is their view (S becomes V). */
  async session(token: string, client: SignerClient): Promise<EsignSigningSession> {
    return this.dataSource.transaction(async (manager) => {
      const { request, signer, link } = await this.resolve(manager, token);
      const { state, message } = stateOf(request, signer, link);
      if (state === 'open' && signer) {
        await this.requests.appendAudit(manager, request.esig_request_id, {
          type: 'viewed',
          actor: signer.name,
          email: signer.email,
          ip: client.ip,
          user_agent: client.userAgent,
        });
        if (await this.requests.markViewed(manager, signer.signer_id, client)) {
          if (request.status === 'S') await this.status.move(manager, request, 'V', signer.name);
        }
      }
      const sender = await this.requests.user(request.created_by_agent_id, manager);
      const base: EsignSigningSession = {
        state,
        message,
        esig_request_id: request.esig_request_id,
        title: request.title,
        sender: { name: fullNameOf(sender), email: sender?.email ?? null },
        signer: signer
          ? { name: signer.name, email: signer.email, role: signer.role }
          : { name: fullNameOf(sender), email: sender?.email ?? '', role: 'Sender' },
        documents: [],
        fields: [],
        own_field_ids: [],
        values: {},
        signed_document_url: null,
        consent_text: ESIGN_CONSENT_TEXT,
      };
      if (state === 'signed') {
        const offered =
          request.status === 'C' &&
          request.final_key &&
          request.completed_ts &&
          Date.now() - new Date(request.completed_ts).getTime() <= ESIGN_SIGNED_LINK_DAYS * DAY_MS;
        if (offered) {
          base.signed_document_url = await this.storage.createDownloadUrl(request.final_key!, {
            expiresInSeconds: 3600,
            filename: request.final_filename ?? 'signed.pdf',
            disposition: 'attachment',
            contentType: 'application/pdf',
          });
        }
        return base;
      }
      if (state !== 'open' || !signer) return base;
      const signers = await this.requests.signers(request.esig_request_id, manager);
      const documents = await this.requests.documents(request.esig_request_id, manager);
      let firstPage = 1;
      for (const document of documents) {
        base.documents.push({
          id: String(document.position),
          name: document.name,
          pages: document.pages,
          url: await this.storage.createDownloadUrl(document.storage_key, { expiresInSeconds: 3600, contentType: 'application/pdf' }),
          page_sizes: document.page_sizes.map((size) => [size.width, size.height] as [number, number]),
          first_page: firstPage,
        });
        firstPage += document.pages;
      }
      base.fields = request.schema.fields;
      base.own_field_ids = this.ownFields(request, signer).map((field) => field.uuid);
      base.values = this.valuesSoFar(request, signers);
      return base;
    });
  }

  /**
   * The signer's fields they fill: theirs, less strikethroughs, those the sender set read-only and those the
   * template made read-only (a {{date}} field stays: the server fills it with the signing date).
   */
  private ownFields(request: RequestRow, signer: SignerRow): EsignField[] {
    const readonly = new Set(request.readonly_fields);
    return request.schema.fields.filter(
      (field) =>
        field.role_uuid === signer.role_uuid &&
        field.type !== 'strikethrough' &&
        !readonly.has(field.uuid) &&
        (!field.readonly || field.default_value === ESIGN_DATE_PLACEHOLDER),
    );
  }

  /** Defaults, then the sender's values, then each completed signer's. */
  valuesSoFar(request: RequestRow, signers: readonly SignerRow[]): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const field of request.schema.fields) {
      if (field.default_value !== null && field.default_value !== ESIGN_DATE_PLACEHOLDER) {
        values[field.uuid] =
          field.type === 'checkbox'
            ? field.default_value === 'true'
            : field.type === 'multiple'
              ? field.default_value.split(',').filter(Boolean)
              : field.default_value;
      }
    }
    Object.assign(values, request.sender_values);
    for (const signer of signers) if (signer.status === 'C') Object.assign(values, signer.values);
    return values;
  }

  /** A signer finishes: their values checked with the spec's rules, the next order invited, sealing queued when all signed. */
  async complete(token: string, body: CompleteSigningRequest, client: SignerClient): Promise<{ state: EsignSigningState }> {
    await this.dataSource.transaction(async (manager) => {
      const { request, signer, link } = await this.resolve(manager, token, true);
      const { state, message } = stateOf(request, signer, link);
      if (state !== 'open' || !signer) throw new ConflictException({ status: 'error', message: message ?? M.alreadySigned });
      const values = this.checkValues(request, signer, body);
      await this.requests.markCompleted(manager, signer.signer_id, values, client);
      await this.requests.appendAudit(manager, request.esig_request_id, {
        type: 'signed',
        actor: signer.name,
        email: signer.email,
        ip: client.ip,
        user_agent: client.userAgent,
      });
      const signers = await this.requests.signers(request.esig_request_id, manager);
      const done = signers.every((s) => s.status === 'C');
      if (!done) {
        if (request.status === 'S' || request.status === 'V') await this.status.move(manager, request, 'P', signer.name);
        await this.inviteNext(manager, request);
        return;
      }
      // The seal with the last signature (the outbox): it cannot be lost between this commit and the queue.
      await this.seals.enqueueInTransaction(manager, request.team_id, request.esig_request_id);
    });
    return { state: 'signed' };
  }

  /** Consent and the kind of `values` are the DTO's (CompleteSigningDto); here each value against this signer's fields. */
  private checkValues(request: RequestRow, signer: SignerRow, body: CompleteSigningRequest): Record<string, unknown> {
    const errors: FieldError[] = [];
    const given = body.values;
    const own = this.ownFields(request, signer);
    const ownIds = new Set(own.map((field) => field.uuid));
    const values: Record<string, unknown> = {};
    for (const key of Object.keys(given)) if (!ownIds.has(key)) errors.push({ field: `values.${key}`, error: M.unknownField });
    for (const field of own) {
      // The signing date fills a date field whose default is {{date}}, whatever the page sent.
      const value = field.default_value === ESIGN_DATE_PLACEHOLDER ? todayIso() : given[field.uuid];
      const error = esignValueError(field, value);
      if (error) errors.push({ field: `values.${field.uuid}`, error });
      else values[field.uuid] = normaliseEsignValue(field, value);
    }
    if (errors.length) throw new FieldErrorsException(errors);
    return values;
  }

  async decline(token: string, body: DeclineSigningRequest, client: SignerClient): Promise<{ state: EsignSigningState }> {
    await this.dataSource.transaction(async (manager) => {
      const { request, signer, link } = await this.resolve(manager, token, true);
      const { state, message } = stateOf(request, signer, link);
      if (state !== 'open' || !signer) throw new ConflictException({ status: 'error', message: message ?? M.alreadySigned });
      // Trimmed, required and at most ESIGN_DECLINE_REASON_MAX_LENGTH characters (DeclineSigningDto).
      const { reason } = body;
      await this.requests.markDeclined(manager, signer.signer_id, reason, client);
      await this.requests.appendAudit(manager, request.esig_request_id, {
        type: 'declined',
        actor: signer.name,
        email: signer.email,
        ip: client.ip,
        user_agent: client.userAgent,
        detail: reason,
      });
      await this.status.move(manager, request, 'D', signer.name);
      await this.mailer.declined(manager, request, signer, reason, await this.requests.user(request.created_by_agent_id, manager));
    });
    return { state: 'declined' };
  }

  /** Cancel (archive): signers who had a link hear it; their links show 'This request was cancelled'. */
  async cancel(manager: EntityManager, request: RequestRow, actor: string): Promise<void> {
    await this.requests.archive(manager, request.esig_request_id);
    await this.requests.appendAudit(manager, request.esig_request_id, { type: 'cancelled', actor });
    const signers = await this.requests.signers(request.esig_request_id, manager);
    await this.mailer.cancelled(manager, request, signers, await this.requests.user(request.created_by_agent_id, manager));
  }

  /** An invitation could not be delivered: the request is F and the invitation is resent at 1, 5 and 15 minutes. */
  async invitationFailed(manager: EntityManager, mailId: string): Promise<void> {
    const mail = await this.requests.lockMail(manager, mailId);
    if (!mail || mail.failed_ts) return; // not esign's, or already recorded
    const request = await this.requests.lock(manager, mail.esig_request_id);
    if (!request) return;
    await this.requests.appendAudit(manager, request.esig_request_id, {
      type: 'mail_failed',
      actor: 'System',
      email: mail.recipient,
      detail: mail.kind,
    });
    if (mail.kind !== 'invitation') {
      await this.requests.markMailFailed(manager, mailId, null);
      return;
    }
    const retryIn = ESIGN_INVITATION_RETRY_MINUTES[mail.attempt - 1] ?? null;
    await this.requests.markMailFailed(manager, mailId, retryIn);
    if (isOpenStatus(request)) await this.status.move(manager, request, 'F');
  }

  /**
   * The poller's own-engine step: expiry first, then the invitations whose resend is due, then a lost seal job
   * (queued directly: the poller looks again at the next tick, so nothing is lost if Redis refuses it).
   */
  async refresh(requestId: number, lifetimeNow = new Date()): Promise<void> {
    const sealFor = await this.dataSource.transaction(async (manager) => {
      const request = await this.requests.lock(manager, requestId);
      // The own engine's requests only (a provider's are refreshed by its adapter).
      if (!request || request.provider !== 'own' || !isOpenStatus(request)) return null;
      if (new Date(request.expires_ts).getTime() <= lifetimeNow.getTime()) {
        await this.status.move(manager, request, 'E');
        await this.requests.appendAudit(manager, request.esig_request_id, { type: 'expired', actor: 'System' });
        await this.mailer.expired(manager, request, await this.requests.user(request.created_by_agent_id, manager));
        return null;
      }
      const due = await this.requests.dueInvitationRetries(manager, requestId);
      if (due.length) {
        const signers = await this.requests.signers(requestId, manager);
        const sender = await this.requests.user(request.created_by_agent_id, manager);
        for (const mail of due) {
          const signer = signers.find((s) => s.signer_id === mail.signer_id);
          await this.requests.supersedeMail(manager, mail.mail_id);
          if (!signer || signer.status === 'C' || signer.status === 'D') continue;
          await this.requests.dropSignLinks(manager, signer.signer_id);
          await this.mailer.invite(manager, request, signer, sender, mail.attempt + 1);
          await this.requests.appendAudit(manager, requestId, {
            type: 'invitation_resent',
            actor: 'System',
            email: signer.email,
            detail: `try ${mail.attempt + 1}`,
          });
        }
        // Back to where it was once no failed invitation waits (a new failure makes it F again).
        if (
          request.status === 'F' &&
          request.status_before_failure &&
          (await this.requests.pendingFailedInvitations(manager, requestId)) === 0
        ) {
          await this.status.move(manager, request, request.status_before_failure);
        }
      }
      const signers = await this.requests.signers(requestId, manager);
      return signers.length > 0 && signers.every((s) => s.status === 'C') && !request.final_key ? requestId : null;
    });
    if (sealFor !== null) await this.seals.enqueue(sealFor);
  }

  private async resolve(
    manager: EntityManager,
    token: string,
    lock = false,
  ): Promise<{ request: RequestRow; signer: SignerRow | null; link: LinkRow }> {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(token)) throw linkNotFound();
    const link = await this.requests.link(hashOfToken(token), manager);
    if (!link) throw linkNotFound();
    const request = lock
      ? await this.requests.lock(manager, link.esig_request_id)
      : await this.requests.lock(manager, link.esig_request_id);
    if (!request) throw linkNotFound();
    const signer =
      link.signer_id === null
        ? null
        : ((await this.requests.signers(request.esig_request_id, manager)).find((s) => s.signer_id === link.signer_id) ?? null);
    return { request, signer, link };
  }
}
