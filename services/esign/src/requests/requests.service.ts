import { createHash, randomUUID } from 'node:crypto';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  ESIGN_BODY_MAX_LENGTH,
  ESIGN_CANCELLABLE_STATUSES,
  ESIGN_DATE_PLACEHOLDER,
  ESIGN_DRAFT_MESSAGES as D,
  ESIGN_MAX_SIGNERS,
  ESIGN_NAME_MAX_LENGTH,
  ESIGN_REQUEST_MESSAGES as M,
  ESIGN_SUBJECT_MAX_LENGTH,
  esignValueError,
  isEsignValueEmpty,
  normaliseEsignValue,
  type EsignAuditLog,
  type EsignEmailConfig,
  type EsignPreviewResponse,
  type EsignRequestCreated,
  type EsignSignatureOrder,
  type EsignSignedDocumentLink,
  type EsignTemplateSchema,
  type EsignTransactionFieldChange,
  type FieldError,
} from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException, isFormEmail, SERVICE_CONFIG } from '@app/platform';
import { StorageService } from '@app/storage';
import { mayUpdateTransaction, pairKey } from '../drafts/draft-fields';
import { DraftAlreadySentException } from '../drafts/draft-sent.exception';
import { DraftsRepository } from '../drafts/drafts.repository';
import type { EsignConfig } from '../esign.config';
import { ESIGN_PROVIDER, type EsignProvider, type ProviderSent } from '../provider/esign-provider';
import { RequestProviders } from '../provider/request-providers';
import { stampDocuments } from '../sealing';
import type { CreateEsignRequestDto, EsignFieldValueInputDto, EsignSignerInputDto } from './dto/requests.dto';
import { RequestTemplatesReader, rolesWithFields, sameRole, type RequestDocumentSource, type RequestSource } from './request-schema';
import { fullNameOf } from './request-mailer';
import { RequestsRepository, type EsignTransactionRow, type RequestDocumentRow, type RequestRow } from './requests.repository';

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const transactionNotFound = () => new NotFoundException({ status: 'error', message: 'Transaction not found' });
const requestNotFound = () => new NotFoundException({ status: 'error', message: 'E-sign request not found' });
const draftNotFound = () => new NotFoundException({ status: 'error', message: D.draftNotFound });
/** Where a send copies its PDFs: requests/<uuid>/original-<n>.pdf, one uuid per send. */
const REQUEST_COPIES_PREFIX = 'requests/';
/** A copy no request names is removed by the sweep once it is this old (a send takes seconds, never a day). */
export const ORPHANED_COPY_HOURS = 24;
/** Storage keys listed per page of the sweep. */
const SWEEP_PAGE = 1000;
/** The uuid folder of a send's copy (requests/<uuid>/<file>), or null for any other key (requests/<id>/signed.pdf). */
const copyFolderOf = (key: string): string | null =>
  /^requests\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/.exec(key)?.[1] ?? null;

interface CheckedSigner {
  role: string;
  role_uuid: string;
  name: string;
  email: string;
  contact_id: number | null;
  order: number;
}

/**
 * Sending requests and reading them back (spec 002): the caller's team and permissions are checked by the
 * controller's guards; here the transaction and templates must be the team's (404), the signers, values and
 * messages pass the spec's rules (400 naming each field, nothing stored), and ADMIN and TRANC see every request
 * of the team while others see those they sent or on transactions where they are the primary agent. A request
 * may be sent from the caller's send draft (spec 002 section 2.2), marked sent with its request (409 to a second send); values marked Update
 * Transaction are published to transactions with the request (esign.transaction-fields.update-requested).
 */
@Injectable()
export class RequestsService {
  private readonly logger = new Logger(RequestsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
    private readonly requests: RequestsRepository,
    private readonly reader: RequestTemplatesReader,
    private readonly drafts: DraftsRepository,
    private readonly outbox: EventOutbox,
    private readonly storage: StorageService,
    @Inject(ESIGN_PROVIDER) private readonly provider: EsignProvider,
    private readonly providers: RequestProviders,
  ) {}

  /** The body's shape is CreateEsignRequestDto's; here the rules that need the transaction, the draft or the schema. */
  async create(caller: AuthenticatedUser, body: CreateEsignRequestDto): Promise<EsignRequestCreated | EsignPreviewResponse> {
    const { transaction, source, draftId } = await this.sourceOf(caller, body);
    const { schema, templates } = source;
    const errors: FieldError[] = [];
    const signatureOrder = body.signature_order;
    const signers = this.checkSigners(schema, body.signers, signatureOrder, errors);
    const { values, readonly, changes } = this.checkValues(schema, body.fields, errors);
    const emailConfig = this.checkEmailConfig(body.email_config, schema, errors);
    if (errors.length) throw new FieldErrorsException(errors);

    if (body.preview === true) return this.preview(source.documents, schema, values);

    // The PDFs are copied before the request's database transaction, so a committed request always has its files; a send
    // that does not commit removes its copies, and what a crash in between leaves the worker's sweep removes.
    const copies: string[] = [];
    // The configured provider sends it (own: mailed links; DocuSeal: a submission), in the request's transaction: when the
    // provider refuses, nothing is stored; when the transaction does not commit, the provider's sending is taken back.
    let sent: ProviderSent | null = null;
    let committing = false;
    let insertedId: number | null = null;
    let requestId: number;
    try {
      const documents = await this.snapshotDocuments(source.documents, `${REQUEST_COPIES_PREFIX}${randomUUID()}`, copies);
      requestId = await this.dataSource.transaction(async (manager) => {
        const id = await this.requests.insert(manager, {
          team_id: caller.team_id,
          client_id: transaction.client_id,
          created_by_agent_id: caller.agent_id,
          provider: this.provider.name,
          status: 'S',
          signature_order: signatureOrder,
          title: source.title.slice(0, 1000),
          template_ids: templates.map((template) => template.esig_template_id),
          esig_template_id: templates[0].esig_template_id,
          esig_packet_blueprint_id: source.packetId,
          default_storage_path: templates[0].storage_paths.default_storage_path,
          default_document_type: templates[0].storage_paths.default_document_type,
          schema,
          sender_values: values,
          readonly_fields: readonly,
          email_config: emailConfig!,
          lifetime_days: this.config.ESIGN_REQUEST_LIFETIME_DAYS,
        });
        insertedId = id;
        // A draft sends once: marked sent with this request (before the provider sends), a second send of it (another
        // tab, a double click) waits for this transaction and is refused with 409.
        if (draftId) {
          const mark = await this.drafts.markSent(manager, caller.team_id, caller.agent_id, draftId, id);
          if (mark !== 'marked') throw mark === 'already-sent' ? new DraftAlreadySentException() : draftNotFound();
        }
        await this.requests.insertDocuments(manager, id, documents);
        const request = (await this.requests.lock(manager, id))!;
        sent = await this.provider.send(manager, request, signers);
        await this.requests.setExternalId(manager, id, sent.externalId);
        // Values marked Update Transaction go to transactions with the request, in its transaction.
        if (changes.length > 0) {
          await this.outbox.publish(manager, 'esign.transaction-fields.update-requested', caller.team_id, {
            client_id: transaction.client_id,
            esig_request_id: id,
            agent_id: caller.agent_id,
            changes,
          });
        }
        committing = true;
        return id;
      });
    } catch (error) {
      // Thrown before the COMMIT: rolled back. A COMMIT that answered an error may still have committed: asked again on
      // another connection; a stored request is sent (its signers may have their links), so it keeps its provider
      // submission and its copies and is answered as sent. When that cannot be asked, both stay too (the sweep removes
      // the copies a day later if no request names them).
      const stored = committing && insertedId !== null ? await this.wasStored(insertedId) : false;
      if (stored === true) {
        this.logger.warn(
          `the COMMIT of request ${insertedId} answered an error (${(error as Error).message}) but the request is stored: answered as sent`,
        );
        return { esig_request_id: insertedId!, status: 'S' };
      }
      if (stored === false) {
        const discard = (sent as ProviderSent | null)?.discard;
        if (discard)
          await discard().catch((failure: Error) =>
            this.logger.warn(`could not take back a request the ${this.provider.name} provider sent: ${failure.message}`),
          );
        await this.removeCopies(copies);
      }
      throw error;
    }
    return { esig_request_id: requestId, status: 'S' };
  }

  /** Whether a request whose COMMIT answered an error is stored after all; null when that cannot be asked either. */
  private async wasStored(requestId: number): Promise<boolean | null> {
    try {
      return (await this.requests.byId(requestId)) !== null;
    } catch (failure) {
      this.logger.warn(`could not tell whether request ${requestId} was stored after its COMMIT failed: ${(failure as Error).message}`);
      return null;
    }
  }

  /**
   * What the request is made from: the caller's draft (`draft_id`: its transaction, templates, schema copy and title;
   * a client_id sent too must be the draft's), or `client_id` with `template_ids | packet_id` as the templates are now.
   * The transaction must be the team's in the read copy and every template still active (404 otherwise).
   */
  private async sourceOf(
    caller: AuthenticatedUser,
    body: CreateEsignRequestDto,
  ): Promise<{ transaction: EsignTransactionRow; source: RequestSource; draftId: string | null }> {
    if (body.draft_id !== undefined && body.draft_id !== null) {
      const draft = await this.drafts.own(caller.team_id, caller.agent_id, body.draft_id);
      if (!draft) throw draftNotFound();
      if (draft.sent_ts) throw new DraftAlreadySentException();
      if (body.client_id !== undefined && body.client_id !== null && body.client_id !== draft.client_id) {
        throw new FieldErrorsException([{ field: 'client_id', error: M.invalidValue }]);
      }
      const transaction = await this.requests.transaction(caller.team_id, draft.client_id);
      if (!transaction) throw transactionNotFound();
      const templates = await this.reader.activeTemplates(caller.team_id, draft.template_ids);
      return {
        transaction,
        source: { templates, packetId: draft.packet_id, documents: draft.documents, schema: draft.schema, title: draft.title },
        draftId: draft.draft_id,
      };
    }
    const transaction = await this.requests.transaction(caller.team_id, body.client_id);
    if (!transaction) throw transactionNotFound();
    return { transaction, source: await this.reader.sourceOf(caller.team_id, body), draftId: null };
  }

  /** Every role that owns a field needs a signer with a name and a valid email; S orders are whole numbers of 1 or more. */
  private checkSigners(
    schema: EsignTemplateSchema,
    list: readonly EsignSignerInputDto[],
    order: EsignSignatureOrder,
    errors: FieldError[],
  ): CheckedSigner[] {
    const needed = rolesWithFields(schema);
    const signers: CheckedSigner[] = [];
    list.forEach((entry, index) => {
      const at = (field: string) => `signers.${index}.${field}`;
      const role = schema.roles.find((candidate) => sameRole(candidate.name, entry.role));
      if (!role) return errors.push({ field: at('role'), error: M.unknownRole });
      if (signers.some((signer) => signer.role_uuid === role.uuid)) return errors.push({ field: at('role'), error: M.unknownRole });
      // A signer for a role without fields has nothing to sign: left out.
      if (!needed.some((candidate) => candidate.uuid === role.uuid)) return;
      const name = (entry.name ?? '').trim();
      const email = (entry.email ?? '').trim();
      if (!name) errors.push({ field: at('name'), error: M.signerNameRequired });
      else if (name.length > ESIGN_NAME_MAX_LENGTH)
        errors.push({ field: at('name'), error: `At most ${ESIGN_NAME_MAX_LENGTH} characters` });
      if (!email) errors.push({ field: at('email'), error: M.emailRequired });
      else if (!isFormEmail(email)) errors.push({ field: at('email'), error: M.invalidEmail });
      let signingOrder = 1;
      if (order === 'S') {
        if (!Number.isInteger(entry.order) || (entry.order as number) < 1 || (entry.order as number) > ESIGN_MAX_SIGNERS * 10)
          errors.push({ field: at('order'), error: M.orderMin });
        else signingOrder = entry.order as number;
      }
      signers.push({
        role: role.name,
        role_uuid: role.uuid,
        name,
        email: email.toLowerCase(),
        contact_id: entry.contact_id ?? null,
        order: signingOrder,
      });
    });
    for (const role of needed) {
      if (!signers.some((signer) => signer.role_uuid === role.uuid) && !errors.some((error) => error.field.startsWith('signers.'))) {
        errors.push({ field: `signers.${role.name}`, error: M.signerNameRequired });
      }
    }
    return signers;
  }

  /**
   * The sender's values, checked with the spec's rules (required ones may still be left to their signer), and the
   * transaction changes: values marked update_transaction on fields that may update it (can_update and mapped; any
   * other field refuses the mark), the last value of each transaction field.
   */
  private checkValues(
    schema: EsignTemplateSchema,
    given: readonly EsignFieldValueInputDto[] | null | undefined,
    errors: FieldError[],
  ): { values: Record<string, unknown>; readonly: string[]; changes: EsignTransactionFieldChange[] } {
    const values: Record<string, unknown> = {};
    const readonly: string[] = [];
    const changes = new Map<string, EsignTransactionFieldChange>();
    const result = () => ({ values, readonly, changes: [...changes.values()] });
    if (given === undefined || given === null) return result();
    const seen = new Set<string>();
    given.forEach((entry, index) => {
      const field = schema.fields.find((candidate) => candidate.uuid === entry.fieldId);
      if (!field || seen.has(field.uuid)) return errors.push({ field: `fields.${index}.fieldId`, error: M.unknownField });
      seen.add(field.uuid);
      const isReadonly = entry.readonly === true;
      const empty = isEsignValueEmpty(entry.value) || field.default_value === ESIGN_DATE_PLACEHOLDER;
      // A read-only field must carry its value: its signer cannot give one.
      const error = empty
        ? isReadonly && field.required && field.default_value !== ESIGN_DATE_PLACEHOLDER
          ? M.required
          : null
        : esignValueError(field, entry.value);
      if (entry.update_transaction !== undefined && entry.update_transaction !== null && typeof entry.update_transaction !== 'boolean') {
        errors.push({ field: `fields.${index}.update_transaction`, error: M.invalidValue });
      } else if (entry.update_transaction === true && !mayUpdateTransaction(field)) {
        errors.push({ field: `fields.${index}.update_transaction`, error: D.cannotUpdateTransaction });
      }
      if (error) return errors.push({ field: `fields.${index}.value`, error });
      const value = normaliseEsignValue(field, entry.value);
      if (!empty) values[field.uuid] = value;
      if (isReadonly && !empty) readonly.push(field.uuid);
      // A signing-date field has no value of the sender's to write back.
      if (entry.update_transaction === true && mayUpdateTransaction(field) && field.default_value !== ESIGN_DATE_PLACEHOLDER) {
        const target = { mapped_entity: field.mapped_entity!, mapped_field: field.mapped_field! };
        changes.set(pairKey(target), { ...target, value: empty ? null : value });
      }
    });
    return result();
  }

  /** Default subject required unless role messages are used; then each signing role's subject is. */
  private checkEmailConfig(given: unknown, schema: EsignTemplateSchema, errors: FieldError[]): EsignEmailConfig | null {
    const config = given && typeof given === 'object' ? (given as Body) : {};
    const message = (raw: unknown, at: string, required: boolean) => {
      const entry = raw && typeof raw === 'object' ? (raw as Body) : {};
      const subject = text(entry.subject);
      const body = typeof entry.body === 'string' ? entry.body : '';
      if (!subject && required) errors.push({ field: `${at}.subject`, error: M.required });
      if (subject.length > ESIGN_SUBJECT_MAX_LENGTH)
        errors.push({ field: `${at}.subject`, error: `At most ${ESIGN_SUBJECT_MAX_LENGTH} characters` });
      if (body.length > ESIGN_BODY_MAX_LENGTH) errors.push({ field: `${at}.body`, error: `At most ${ESIGN_BODY_MAX_LENGTH} characters` });
      return { subject, body };
    };
    const useRoleConfig = config.useRoleConfig === true;
    const result: EsignEmailConfig = { default: message(config.default, 'email_config.default', !useRoleConfig), useRoleConfig };
    if (useRoleConfig) {
      const roles = config.roles && typeof config.roles === 'object' ? (config.roles as Body) : {};
      result.roles = {};
      for (const role of rolesWithFields(schema)) {
        const key = Object.keys(roles).find((name) => sameRole(name, role.name));
        result.roles[role.name] = message(key ? roles[key] : undefined, `email_config.roles.${role.name}`, true);
      }
    }
    return result;
  }

  /** The filled PDF as a data URL: nothing is stored or sent. */
  private async preview(
    sources: readonly RequestDocumentSource[],
    schema: EsignTemplateSchema,
    values: Record<string, unknown>,
  ): Promise<EsignPreviewResponse> {
    const documents = [];
    for (const document of sources) documents.push({ name: document.name, bytes: await this.storage.getBytes(document.storage_key) });
    const defaults: Record<string, unknown> = {};
    for (const field of schema.fields) {
      if (field.default_value !== null && field.default_value !== ESIGN_DATE_PLACEHOLDER && field.type !== 'checkbox')
        defaults[field.uuid] = field.default_value;
    }
    const pdf = await stampDocuments({ documents, fields: schema.fields, values: { ...defaults, ...values } });
    return { url: `data:application/pdf;base64,${Buffer.from(pdf).toString('base64')}` };
  }

  /**
   * The request keeps its own copy of each PDF (a template may change or go later), with its SHA-256. Each key goes into
   * `copies` before it is written, so that a failed send removes a half-written one too.
   */
  private async snapshotDocuments(
    sources: readonly RequestDocumentSource[],
    folder: string,
    copies: string[],
  ): Promise<RequestDocumentRow[]> {
    const documents: RequestDocumentRow[] = [];
    for (const document of sources) {
      const bytes = await this.storage.getBytes(document.storage_key);
      const key = `${folder}/original-${documents.length + 1}.pdf`;
      copies.push(key);
      await this.storage.put(key, bytes, { contentType: 'application/pdf' });
      documents.push({
        position: documents.length + 1,
        name: document.name,
        storage_key: key,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        pages: document.pages,
        page_sizes: document.page_sizes,
      });
    }
    return documents;
  }

  /** Removes the copies of a send that did not commit; one that cannot be removed now is logged and left to the sweep. */
  private async removeCopies(keys: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
    const failed = keys.filter((_key, index) => results[index].status === 'rejected');
    if (failed.length === 0) return;
    const { reason } = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    const message = reason instanceof Error ? reason.message : String(reason);
    this.logger.warn(
      `could not remove the PDF copies of a request that was not sent (${failed.join(', ')}): ${message}; the worker's sweep removes them after a day`,
    );
  }

  /**
   * The worker's sweep (a step of esign-remove-old-drafts): removes the PDF copies under requests/<uuid>/ written over
   * ORPHANED_COPY_HOURS ago whose folder no request's documents are in, what a send stopped between its copies and its
   * commit (a killed process) left. Storage is listed in pages of 1000 keys, each page checked in one query; only
   * the copies' uuid folders are looked at (requests/<id>/ holds the signed documents). Idempotent: a second run, or
   * two at once, finds nothing more to remove. Answers how many files it removed.
   */
  async removeOrphanedCopies(now: Date = new Date()): Promise<number> {
    const writtenBefore = now.getTime() - ORPHANED_COPY_HOURS * 3_600_000;
    let removed = 0;
    let startAfter: string | undefined;
    do {
      const page = await this.storage.list(REQUEST_COPIES_PREFIX, { startAfter, limit: SWEEP_PAGE });
      const old = page.files.filter((file) => copyFolderOf(file.key) && file.lastModified.getTime() < writtenBefore);
      if (old.length > 0) {
        const used = await this.requests.copyFoldersInUse([...new Set(old.map((file) => copyFolderOf(file.key)!))]);
        for (const file of old.filter((candidate) => !used.has(copyFolderOf(candidate.key)!))) {
          await this.storage.delete(file.key);
          removed += 1;
        }
      }
      startAfter = page.next ?? undefined;
    } while (startAfter !== undefined);
    if (removed > 0) this.logger.log(`removed ${removed} PDF copies of requests that were never sent`);
    return removed;
  }

  /** The team's request the caller may see, else 404. */
  private async visible(caller: AuthenticatedUser, requestId: number): Promise<RequestRow> {
    const request = await this.requests.one(caller.team_id, requestId);
    if (!request) throw requestNotFound();
    if (caller.roles.includes('ADMIN') || caller.roles.includes('TRANC') || request.created_by_agent_id === caller.agent_id) return request;
    const transaction = await this.requests.transaction(caller.team_id, request.client_id);
    if (transaction?.primary_agent_id === caller.agent_id) return request;
    throw requestNotFound();
  }

  async auditLog(caller: AuthenticatedUser, requestId: number): Promise<EsignAuditLog> {
    let request = await this.visible(caller, requestId);
    // An open request's provider events first (DocuSeal's since the last poll); the log is still answered when the provider is away.
    const provider = this.providers.find(request.provider);
    if (provider && !request.archived && ['S', 'V', 'P', 'F'].includes(request.status)) {
      const added = await provider.audit(requestId).catch((error: Error) => {
        this.logger.warn(`request ${requestId}: the provider's audit events could not be read: ${error.message}`);
        return 0;
      });
      if (added > 0) request = await this.visible(caller, requestId);
    }
    const [events, documents] = await Promise.all([this.requests.audit(requestId), this.requests.documents(requestId)]);
    return {
      esig_request_id: requestId,
      status: request.status,
      events,
      documents: documents.map((document) => ({ name: document.name, sha256: document.sha256 })),
      final: request.final_sha256 && request.final_filename ? { name: request.final_filename, sha256: request.final_sha256 } : null,
    };
  }

  async signedDocument(caller: AuthenticatedUser, requestId: number): Promise<EsignSignedDocumentLink> {
    const request = await this.visible(caller, requestId);
    // The provider's signed document (it is in esign's storage, so a provider no longer configured still has it here).
    const provider = this.providers.find(request.provider);
    const signed =
      request.status !== 'C'
        ? null
        : provider
          ? await provider.documents(requestId)
          : request.final_key && request.final_sha256
            ? { name: request.final_filename ?? 'signed.pdf', storageKey: request.final_key, sha256: request.final_sha256 }
            : null;
    if (!signed) throw new ConflictException({ status: 'error', message: M.notCompleted });
    const url = await this.storage.createDownloadUrl(signed.storageKey, {
      expiresInSeconds: 300,
      filename: signed.name,
      disposition: 'attachment',
      contentType: 'application/pdf',
    });
    return { url, filename: signed.name, sha256: signed.sha256 };
  }

  /** Cancel (archive) from S, V, P or F only (409 otherwise). */
  async cancel(caller: AuthenticatedUser, requestId: number): Promise<EsignRequestCreated & { archived: true }> {
    await this.visible(caller, requestId);
    return this.dataSource.transaction(async (manager) => {
      const request = (await this.requests.lock(manager, requestId))!;
      if (request.archived || !ESIGN_CANCELLABLE_STATUSES.includes(request.status))
        throw new ConflictException({ status: 'error', message: M.cannotCancel });
      await this.providers.of(request).cancel(manager, request, fullNameOf(await this.requests.user(caller.agent_id, manager)));
      return { esig_request_id: requestId, status: request.status, archived: true as const };
    });
  }
}
