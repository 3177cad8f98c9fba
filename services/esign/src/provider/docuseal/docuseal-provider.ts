import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EsignEmailMessage, EsignTemplate, EsignTemplateSchema } from '@app/contracts';
import { SERVICE_CONFIG } from '@app/platform';
import { StorageService } from '@app/storage';
import type { EsignConfig } from '../../esign.config';
import { RequestCompletion, signedFilenameOf, type CompletedFile } from '../../requests/request-completion';
import { RequestMailer } from '../../requests/request-mailer';
import { RequestSending } from '../../requests/request-sending';
import { RequestStatusWriter } from '../../requests/request-status';
import { RequestsRepository, type RequestRow, type SignerRow } from '../../requests/requests.repository';
import {
  PROVIDER_MESSAGES,
  ProviderRequestError,
  type EsignProvider,
  type ProviderBuilderToken,
  type ProviderDocument,
  type ProviderSent,
  type ProviderSignedDocument,
  type ProviderSigner,
  type ProviderTemplate,
} from '../esign-provider';
import { signBuilderToken } from './builder-token';
import { DocusealClient } from './docuseal-client';
import {
  docusealDocumentName,
  matchAttachments,
  toDocusealFields,
  toDocusealSubmitters,
  uniqueFieldNames,
  type DocusealAttachment,
} from './docuseal-schema';
import {
  auditEventOf,
  declineReasonOf,
  requestStatusOf,
  signerMirrorOf,
  type DocusealEvent,
  type DocusealSubmission,
  type DocusealSubmitter,
} from './docuseal-status';

/** A DocuSeal template as its API answers it (the parts the adapter reads). */
interface DocusealTemplate {
  id: number;
  name: string;
  external_id: string | null;
  folder_name?: string | null;
  archived_at?: string | null;
  schema: DocusealAttachment[];
  author?: { email?: string | null } | null;
}

/** After its expiry a request DocuSeal still calls open is expired here too, this long later. */
const EXPIRY_GRACE_MS = 24 * 3600 * 1000;
const OPEN = ['S', 'V', 'P', 'F'];
const isOpen = (request: RequestRow) => !request.archived && OPEN.includes(request.status);
const RANK: Record<string, number> = { S: 0, V: 1, P: 2 };
const sameRole = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/**
 * ESIGN_PROVIDER=docuseal: the EsignProvider on DocuSeal's REST API (docs/esign-api.md, "The provider").
 *
 * Templates: esign keeps its own copy (schema and PDFs) and DocuSeal a template of its own, whose id is the template's
 * external_id. Requests: a DocuSeal template made from the request's snapshot (its schema copy and PDFs,
 * external_id `request-<id>`), then a submission of it whose id is the request's external_id; DocuSeal mails the
 * signers. The poller's refresh reads the submission: its events become audit events (once each, keyed by their id),
 * the signers mirror DocuSeal's submitters, the status moves through RequestStatusWriter (forward only), and a
 * completed submission's combined document and audit log are downloaded into esign's storage (their URLs expire)
 * before RequestCompletion makes the request C and hands the document to transactions.
 */
@Injectable()
export class DocusealProvider implements EsignProvider {
  readonly name = 'docuseal' as const;
  private readonly logger = new Logger(DocusealProvider.name);
  readonly client: DocusealClient;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly storage: StorageService,
    private readonly requests: RequestsRepository,
    private readonly sending: RequestSending,
    private readonly status: RequestStatusWriter,
    private readonly mailer: RequestMailer,
    private readonly completion: RequestCompletion,
  ) {
    this.client = new DocusealClient({ url: config.DOCUSEAL_URL, apiKey: config.DOCUSEAL_API_KEY, timeoutMs: config.DOCUSEAL_TIMEOUT_MS });
  }

  /** DocuSeal's template ids are numbers. */
  owns(externalId: string | null): boolean {
    return typeof externalId === 'string' && /^\d+$/.test(externalId);
  }

  // ---------------------------------------------------------------- templates

  async createTemplateFromPdf(teamId: number, name: string, documents: readonly ProviderDocument[]): Promise<ProviderTemplate> {
    if (documents.length === 0) throw new Error('a template needs at least one PDF');
    const template = await this.client.post<DocusealTemplate>('/templates/pdf', {
      name,
      external_id: newExternalId(),
      folder_name: teamFolder(teamId),
      documents: await this.documentsParam(documents),
    });
    return { externalId: String(template.id) };
  }

  /** DocuSeal replaces a template's PDFs when POST /templates/pdf names its external_id: all of them go again. */
  async addDocument(teamId: number, externalId: string, documents: readonly ProviderDocument[]): Promise<void> {
    const template = await this.template(externalId);
    await this.reupload(teamId, template, documents);
  }

  async saveSchema(
    teamId: number,
    externalId: string,
    name: string,
    schema: EsignTemplateSchema,
    documents: readonly ProviderDocument[],
  ): Promise<void> {
    let template = await this.template(externalId);
    let attachments = matchAttachments(documents, template.schema);
    if (!attachments) {
      // The documents differ (one added while DocuSeal was away): send them again, then the fields on them.
      template = await this.reupload(teamId, template, documents);
      attachments = matchAttachments(documents, template.schema);
      if (!attachments) throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused("the template's documents did not match"));
    }
    await this.client.put(`/templates/${template.id}`, {
      name,
      submitters: toDocusealSubmitters(schema),
      fields: toDocusealFields(schema, attachments),
    });
  }

  async cloneTemplate(teamId: number, externalId: string, name: string): Promise<ProviderTemplate> {
    const copy = await this.client.post<DocusealTemplate>(`/templates/${this.id(externalId)}/clone`, {
      name,
      external_id: newExternalId(),
      folder_name: teamFolder(teamId),
    });
    return { externalId: String(copy.id) };
  }

  async mergeTemplates(teamId: number, externalIds: readonly string[], name: string): Promise<ProviderTemplate> {
    if (externalIds.length === 0) throw new Error('a merge needs at least one template');
    const merged = await this.client.post<DocusealTemplate>('/templates/merge', {
      template_ids: externalIds.map((id) => this.id(id)),
      name,
      external_id: newExternalId(),
      folder_name: teamFolder(teamId),
    });
    return { externalId: String(merged.id) };
  }

  async archiveTemplate(_teamId: number, externalId: string): Promise<void> {
    try {
      await this.client.delete(`/templates/${this.id(externalId)}`);
    } catch (error) {
      // Already gone in DocuSeal: nothing left to archive.
      if (!(error instanceof ProviderRequestError && error.providerStatus === 404)) throw error;
    }
  }

  /**
   * The embedded builder's token (HS256 with the API key): the template's DocuSeal id and external id, read from
   * DocuSeal for the template row's external_id; user_email the key's user (DOCUSEAL_USER_EMAIL, else the
   * template's author in DocuSeal), integration_email ours. A new token each call, for an hour.
   */
  async builderToken(template: EsignTemplate, user: { email: string | null }): Promise<ProviderBuilderToken> {
    const found = await this.template(template.external_id ?? '');
    let externalId = found.external_id;
    if (!externalId) {
      externalId = newExternalId();
      await this.client.put(`/templates/${found.id}`, { external_id: externalId });
    }
    const userEmail = this.config.DOCUSEAL_USER_EMAIL.trim() || found.author?.email || null;
    if (!userEmail)
      throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused('set DOCUSEAL_USER_EMAIL to the DocuSeal user of the API key'));
    const { token, expiresAt } = signBuilderToken(
      {
        user_email: userEmail,
        ...(user.email ? { integration_email: user.email } : {}),
        template_id: found.id,
        external_id: externalId,
        name: template.name,
        ...(found.folder_name ? { folder_name: found.folder_name } : {}),
      },
      this.config.DOCUSEAL_API_KEY,
    );
    return { token, template_id: found.id, external_id: externalId, host: this.client.host, expires_at: expiresAt.toISOString() };
  }

  // ---------------------------------------------------------------- requests

  async send(manager: EntityManager, request: RequestRow, signers: readonly ProviderSigner[]): Promise<ProviderSent> {
    const recorded = await this.sending.record(manager, request, signers);
    const documents = await this.requests.documents(request.esig_request_id, manager);
    const template = await this.client.post<DocusealTemplate>('/templates/pdf', {
      name: request.title,
      external_id: `request-${request.esig_request_id}`,
      folder_name: `${teamFolder(request.team_id)} requests`,
      documents: await this.documentsParam(
        documents.map((document) => ({
          id: String(document.position),
          name: document.name,
          storageKey: document.storage_key,
          pages: document.pages,
        })),
      ),
    });
    const discardTemplate = () =>
      this.client.delete(`/templates/${template.id}`).then(
        () => undefined,
        (error: Error) =>
          this.logger.warn(`request ${request.esig_request_id}: could not archive its DocuSeal template ${template.id}: ${error.message}`),
      );
    let submitters: DocusealSubmitter[];
    try {
      const schema = request.schema;
      if (template.schema.length !== schema.documents.length)
        throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused("the request's documents did not all arrive"));
      const attachments = new Map(schema.documents.map((document, index) => [document.id, template.schema[index].attachment_uuid]));
      const names = uniqueFieldNames(schema.fields);
      await this.client.put(`/templates/${template.id}`, {
        submitters: toDocusealSubmitters(schema),
        fields: toDocusealFields(schema, attachments, names),
      });
      submitters = await this.client.post<DocusealSubmitter[]>('/submissions', this.submissionBody(request, template.id, recorded, names));
    } catch (error) {
      await discardTemplate();
      throw error;
    }
    const submissionId = submitters[0]?.submission_id;
    if (!submissionId) {
      await discardTemplate();
      throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused('no signer was taken'));
    }
    // The submission keeps its own copy of the template: the request's template leaves DocuSeal's list.
    await discardTemplate();
    for (const submitter of submitters) {
      const signer = recorded.find((s) => sameRole(submitter.role, s.role)) ?? recorded.find((s) => s.email === submitter.email);
      if (signer && submitter.sent_at) await this.requests.markInvited(manager, signer.signer_id);
    }
    return {
      externalId: String(submissionId),
      discard: async () => {
        await this.client
          .delete(`/submissions/${submissionId}`)
          .catch((error: Error) => this.logger.warn(`could not archive DocuSeal submission ${submissionId}: ${error.message}`));
      },
    };
  }

  /** POST /submissions: DocuSeal mails each signer (P all at once, S by order) with our subject and body. */
  private submissionBody(request: RequestRow, templateId: number, signers: readonly SignerRow[], names: ReadonlyMap<string, string>) {
    const config = request.email_config;
    const readonly = new Set(request.readonly_fields);
    const fieldsByUuid = new Map(request.schema.fields.map((field) => [field.uuid, field]));
    return {
      template_id: templateId,
      send_email: true,
      order: request.signature_order === 'S' ? 'preserved' : 'random',
      expire_at: new Date(request.expires_ts).toISOString(),
      message: this.messageOf(config.default, request),
      submitters: signers.map((signer) => {
        const values: Record<string, unknown> = {};
        const fields: { name: string; default_value: unknown; readonly: true }[] = [];
        for (const [uuid, value] of Object.entries(request.sender_values)) {
          const field = fieldsByUuid.get(uuid);
          if (!field || field.role_uuid !== signer.role_uuid) continue;
          const name = names.get(uuid)!;
          // A value the sender made read-only is the field's; the others are prefilled for the signer to change.
          if (readonly.has(uuid)) fields.push({ name, default_value: value, readonly: true });
          else values[name] = value;
        }
        const roleMessage = config.useRoleConfig ? config.roles?.[signer.role] : undefined;
        return {
          role: signer.role,
          name: signer.name,
          email: signer.email,
          ...(request.signature_order === 'S' ? { order: signer.signing_order } : {}),
          ...(roleMessage ? { message: this.messageOf(roleMessage, request) } : {}),
          values,
          fields,
        };
      }),
    };
  }

  /** Our subject and body; DocuSeal puts the signing link where {{submitter.link}} stands (added when the body has none). */
  private messageOf(message: EsignEmailMessage, request: RequestRow) {
    const body = message.body?.trim() ? message.body : `You have been sent ${request.title} to sign.`;
    return {
      subject: message.subject?.trim() || request.title,
      body: body.includes('{{submitter.link}}') ? body : `${body}\n\n{{submitter.link}}`,
    };
  }

  async refresh(requestId: number): Promise<void> {
    const request = await this.requests.byId(requestId);
    if (!request || request.provider !== this.name || !isOpen(request) || !request.external_id) return;
    // Read outside the transaction: the request is locked only while DocuSeal's answer is written in.
    const submission = await this.submission(request.external_id);
    await this.dataSource.transaction(async (manager) => {
      const locked = await this.requests.lock(manager, requestId);
      if (!locked || !isOpen(locked)) return;
      const added = await this.bringEvents(manager, locked, submission);
      const signers = await this.mirrorSigners(manager, locked, submission);
      const sender = () => this.requests.user(locked.created_by_agent_id, manager);
      if (submission.archived_at) {
        // Archived in DocuSeal (or our cancel's write did not commit): cancelled here too.
        await this.requests.archive(manager, requestId);
        await this.requests.appendAudit(manager, requestId, {
          type: 'cancelled',
          actor: 'DocuSeal',
          detail: 'Submission archived in DocuSeal',
        });
        return;
      }
      let target = requestStatusOf(submission);
      if (target !== 'C' && target !== 'D' && target !== 'E' && Date.now() > new Date(locked.expires_ts).getTime() + EXPIRY_GRACE_MS)
        target = 'E';
      if (target === 'D') {
        const decliner = signers.find((signer) => signer.status === 'D');
        if (await this.status.move(manager, locked, 'D', decliner?.name ?? 'DocuSeal')) {
          if (decliner) await this.mailer.declined(manager, locked, decliner, decliner.decline_reason ?? '', await sender());
        }
        return;
      }
      if (target === 'E') {
        if (await this.status.move(manager, locked, 'E')) {
          await this.requests.appendAudit(manager, requestId, { type: 'expired', actor: 'System' });
          await this.mailer.expired(manager, locked, await sender());
        }
        return;
      }
      if (target === 'C') {
        if (locked.final_key) return;
        const { file, auditLogKey } = await this.downloadCompleted(locked, submission);
        if (auditLogKey) await this.requests.setAuditLogKey(manager, requestId, auditLogKey);
        // DocuSeal mails the signers their copy; the sender hears it from us as with the own engine.
        await this.completion.complete(manager, locked, file, {
          auditDetail: `Signed with DocuSeal (submission ${submission.id}); SHA-256 ${file.sha256}`,
          mailSigners: [],
        });
        return;
      }
      await this.forward(manager, locked, target);
      // A bounced invitation: F until the request gets further than it was (DocuSeal keeps the bounce in its events).
      if (added.some((event) => event.event_type === 'bounce_email')) await this.status.move(manager, locked, 'F', 'DocuSeal');
    });
  }

  /** S, V or P as DocuSeal says, forward only; out of F only once the request gets further than before the failure. */
  private async forward(manager: EntityManager, locked: RequestRow, target: 'S' | 'V' | 'P'): Promise<void> {
    if (locked.status === 'F') {
      const before = locked.status_before_failure ?? 'S';
      if ((RANK[target] ?? 0) <= (RANK[before] ?? 0)) return;
    }
    await this.status.move(manager, locked, target, 'DocuSeal');
  }

  async cancel(manager: EntityManager, request: RequestRow, actor: string): Promise<void> {
    if (request.external_id) {
      try {
        await this.client.delete(`/submissions/${this.id(request.external_id)}`);
      } catch (error) {
        if (!(error instanceof ProviderRequestError && error.providerStatus === 404)) throw error;
      }
    }
    await this.requests.archive(manager, request.esig_request_id);
    await this.requests.appendAudit(manager, request.esig_request_id, { type: 'cancelled', actor });
    const signers = await this.requests.signers(request.esig_request_id, manager);
    await this.mailer.cancelled(manager, request, signers, await this.requests.user(request.created_by_agent_id, manager));
  }

  async audit(requestId: number): Promise<number> {
    const request = await this.requests.byId(requestId);
    if (!request || request.provider !== this.name || !request.external_id) return 0;
    const submission = await this.submission(request.external_id);
    return this.dataSource.transaction(async (manager) => {
      const locked = await this.requests.lock(manager, requestId);
      return locked ? (await this.bringEvents(manager, locked, submission)).length : 0;
    });
  }

  async documents(requestId: number): Promise<ProviderSignedDocument | null> {
    const request = await this.requests.byId(requestId);
    if (!request?.final_key || !request.final_sha256) return null;
    return { name: request.final_filename ?? 'signed.pdf', storageKey: request.final_key, sha256: request.final_sha256 };
  }

  // ---------------------------------------------------------------- helpers

  private submission(externalId: string): Promise<DocusealSubmission> {
    return this.client.get<DocusealSubmission>(`/submissions/${this.id(externalId)}`, { include: 'combined_document_url' });
  }

  /** The submission's events not yet in the audit log, appended in DocuSeal's order; answers those added. */
  private async bringEvents(manager: EntityManager, request: RequestRow, submission: DocusealSubmission): Promise<DocusealEvent[]> {
    const byId = new Map((submission.submitters ?? []).map((submitter) => [submitter.id, submitter]));
    const added: DocusealEvent[] = [];
    for (const event of [...(submission.submission_events ?? [])].sort((a, b) => a.id - b.id)) {
      if (await this.requests.appendAudit(manager, request.esig_request_id, auditEventOf(event, byId.get(event.submitter_id))))
        added.push(event);
    }
    return added;
  }

  /** Our signers as DocuSeal's submitters stand (matched by role, else email); answers them afterwards. */
  private async mirrorSigners(manager: EntityManager, request: RequestRow, submission: DocusealSubmission): Promise<SignerRow[]> {
    const signers = await this.requests.signers(request.esig_request_id, manager);
    for (const signer of signers) {
      const submitter =
        (submission.submitters ?? []).find((s) => sameRole(s.role, signer.role)) ??
        (submission.submitters ?? []).find((s) => s.email === signer.email);
      if (submitter)
        await this.requests.mirrorSigner(manager, signer.signer_id, signerMirrorOf(submitter, declineReasonOf(submission, submitter.id)));
    }
    return this.requests.signers(request.esig_request_id, manager);
  }

  /**
   * The completed submission's files into esign's storage, now (their URLs expire): the combined document (the signed
   * documents and the audit log in one PDF; `include=combined_document_url`, else the signed documents merged) as the
   * request's signed document, and the audit log beside it.
   */
  private async downloadCompleted(
    request: RequestRow,
    submission: DocusealSubmission,
  ): Promise<{ file: CompletedFile; auditLogKey: string | null }> {
    let url = submission.combined_document_url ?? null;
    if (!url) {
      const merged = await this.client.get<{ documents?: { url: string }[] }>(`/submissions/${submission.id}/documents`, { merge: 'true' });
      url = merged?.documents?.[0]?.url ?? null;
    }
    if (!url) throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused('the completed submission has no document'));
    const key = `requests/${request.esig_request_id}/signed.pdf`;
    const stored = await this.storage.put(key, await this.client.download(url), { contentType: 'application/pdf' });
    let auditLogKey: string | null = null;
    if (submission.audit_log_url) {
      auditLogKey = `requests/${request.esig_request_id}/audit-log.pdf`;
      await this.storage.put(auditLogKey, await this.client.download(submission.audit_log_url), { contentType: 'application/pdf' });
    }
    return { file: { key, sha256: stored.sha256, filename: signedFilenameOf(request.title), contentSha256: stored.sha256 }, auditLogKey };
  }

  private template(externalId: string): Promise<DocusealTemplate> {
    return this.client.get<DocusealTemplate>(`/templates/${this.id(externalId)}`);
  }

  /** The template's PDFs sent again under its external_id (DocuSeal replaces them); answers the template after. */
  private async reupload(teamId: number, template: DocusealTemplate, documents: readonly ProviderDocument[]): Promise<DocusealTemplate> {
    let externalId = template.external_id;
    if (!externalId) {
      externalId = newExternalId();
      await this.client.put(`/templates/${template.id}`, { external_id: externalId });
    }
    const updated = await this.client.post<DocusealTemplate>('/templates/pdf', {
      name: template.name,
      external_id: externalId,
      folder_name: template.folder_name || teamFolder(teamId),
      documents: await this.documentsParam(documents),
    });
    if (updated.id !== template.id)
      throw new ProviderRequestError(422, PROVIDER_MESSAGES.refused(`the template's documents went to another template (${updated.id})`));
    return updated;
  }

  /** PDFs from esign's storage as POST /templates/pdf takes them: name and base64. */
  private async documentsParam(documents: readonly ProviderDocument[]) {
    const param: { name: string; file: string }[] = [];
    for (const document of documents)
      param.push({
        name: docusealDocumentName(document.name),
        file: (await this.storage.getBytes(document.storageKey)).toString('base64'),
      });
    return param;
  }

  /** A DocuSeal id from an external_id (a template made under another engine has none here). */
  private id(externalId: string): number {
    if (!this.owns(externalId)) throw new ProviderRequestError(404, PROVIDER_MESSAGES.notFound);
    return Number(externalId);
  }
}

const newExternalId = () => `esign-${randomUUID()}`;
const teamFolder = (teamId: number) => `esign team ${teamId}`;
