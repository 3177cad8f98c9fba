import { paginationOf } from '@app/database';
import { ConflictException, HttpException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
  ESIGN_MESSAGES as M,
  ESIGN_NAME_MAX_LENGTH,
  ESIGN_TEMPLATE_MAX_BYTES,
  ESIGN_TEMPLATES_PER_PAGE,
  type EsignStoragePaths,
  type EsignTemplate,
  type EsignTemplateDetail,
  type EsignTemplateListResponse,
  type EsignTemplateSchema,
  type EsignUploadConfirmResponse,
  type FieldError,
  type TransactionType,
  type UploadUrlResponse,
} from '@app/contracts';
import { FieldErrorsException, MAX_DATABASE_ID } from '@app/platform';
import { StorageService } from '@app/storage';
import { DocumentListsRepository } from '../document-lists/document-lists.repository';
import { ESIGN_PROVIDER, type EsignProvider, type ProviderDocument } from '../provider/esign-provider';
import type { TemplateListQueryDto } from './dto/templates.dto';
import { inspectPdf } from './pdf-inspector';
import { checkTemplateSchema } from './template-schema.validator';
import { TemplateUploadsRepository, type TemplateUpload } from './template-uploads.repository';
import { TemplatesRepository, type TemplateDocumentRow } from './templates.repository';

/** Lifetime of a template upload's signed PUT URL. */
export const TEMPLATE_UPLOAD_URL_TTL_SECONDS = 15 * 60;
/**
 * An upload no template took is abandoned once its URL has expired and an hour more has passed (the bytes may
 * have been PUT just before the URL expired, and a template may still take them until then).
 */
export const ABANDONED_UPLOAD_AFTER_SECONDS = TEMPLATE_UPLOAD_URL_TTL_SECONDS + 3600;
/** Abandoned uploads removed per request for a new upload URL. */
const ABANDONED_SWEEP_LIMIT = 50;
/** The role a new template starts with (as DocuSeal names it). */
export const FIRST_ROLE_NAME = 'First Party';

type Body = Record<string, unknown>;
const notFound = () => new NotFoundException({ status: 'error', message: M.templateNotFound });
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DATABASE_ID;
const isFolderId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) !== 0 && (value as number) >= -2 && (value as number) <= MAX_DATABASE_ID;
const missing = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A timestamp Postgres takes back: parseable, in the years 1 to 9999 (toISOString writes others as +099999-... or -000001-...). */
const isTimestamp = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return false;
  const year = new Date(at).getUTCFullYear();
  return year >= 1 && year <= 9999;
};

/** The copy's name: '{name} (Copy)', kept within the name limit. */
export function copyNameOf(name: string): string {
  const suffix = ' (Copy)';
  return `${name.slice(0, ESIGN_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
}

@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly templates: TemplatesRepository,
    private readonly uploads: TemplateUploadsRepository,
    private readonly lists: DocumentListsRepository,
    private readonly storage: StorageService,
    @Inject(ESIGN_PROVIDER) private readonly provider: EsignProvider,
  ) {}

  /** GET /esign/templates: the team's templates of a status, searched, sorted and paged. */
  async list(caller: AuthenticatedUser, query: TemplateListQueryDto): Promise<EsignTemplateListResponse> {
    const page = query.page ?? 1;
    const perPage = query.per_page ?? ESIGN_TEMPLATES_PER_PAGE;
    const { records, total } = await this.templates.list(caller.team_id, {
      status: query.status ?? 'N',
      page,
      perPage,
      orderBy: query.order_by ?? 'name',
      orderDir: query.order_dir ?? 'asc',
      search: query.quick_search_filter,
    });
    return { records, pagination: paginationOf(total, page, perPage) };
  }

  /** POST /esign/templates/upload: a signed URL to PUT the PDF to (the document purpose, at most 50,000,000 bytes). */
  async requestUpload(caller: AuthenticatedUser, body: Body): Promise<UploadUrlResponse> {
    const errors: FieldError[] = [];
    if (missing(body.name)) errors.push({ field: 'name', error: M.required });
    else if (typeof body.name !== 'string' || body.name.trim().length > ESIGN_NAME_MAX_LENGTH)
      errors.push({ field: 'name', error: M.nameTooLong });
    if (missing(body.type)) errors.push({ field: 'type', error: M.required });
    else if (typeof body.type !== 'string' || body.type.split(';')[0].trim().toLowerCase() !== 'application/pdf')
      errors.push({ field: 'type', error: M.notAPdf });
    if (missing(body.size)) errors.push({ field: 'size', error: M.required });
    // Any number over the limit is too large (1e300 included), before the size is checked as a byte count.
    else if (typeof body.size === 'number' && body.size > ESIGN_TEMPLATE_MAX_BYTES) errors.push({ field: 'size', error: M.fileTooLarge });
    else if (!(Number.isSafeInteger(body.size) && (body.size as number) > 0)) errors.push({ field: 'size', error: M.notAPdf });
    if (errors.length) throw new FieldErrorsException(errors);
    await this.removeAbandonedUploads(caller.team_id);
    const key = `templates/${caller.team_id}/uploads/${randomUUID()}.pdf`;
    const url = await this.storage.createUploadUrl({
      key,
      contentType: 'application/pdf',
      purpose: 'document',
      maxBytes: ESIGN_TEMPLATE_MAX_BYTES,
      expiresInSeconds: TEMPLATE_UPLOAD_URL_TTL_SECONDS,
    });
    await this.uploads.add({
      storage_key: key,
      team_id: caller.team_id,
      agent_id: caller.agent_id,
      filename: (body.name as string).trim(),
    });
    return { url, key, expires_in: TEMPLATE_UPLOAD_URL_TTL_SECONDS, max_bytes: ESIGN_TEMPLATE_MAX_BYTES };
  }

  /** POST /esign/templates/upload/confirm: checks the uploaded bytes; a refused file leaves nothing stored. */
  async confirmUpload(caller: AuthenticatedUser, body: Body): Promise<EsignUploadConfirmResponse> {
    if (missing(body.key)) throw new FieldErrorsException([{ field: 'key', error: M.required }]);
    const upload = typeof body.key === 'string' ? await this.uploads.one(caller.team_id, body.key) : null;
    if (!upload) throw new FieldErrorsException([{ field: 'key', error: M.uploadNotFound }]);
    const checked = await this.checkUpload(upload, 'key');
    return { key: checked.storage_key, pages: checked.pages!, size: checked.size! };
  }

  /** POST /esign/templates: a template from a confirmed (or just uploaded) PDF. */
  async create(caller: AuthenticatedUser, body: Body): Promise<EsignTemplateDetail> {
    const errors: FieldError[] = [];
    const name = this.checkName(body.name, 'name', errors);
    if (missing(body.template_file)) errors.push({ field: 'template_file', error: M.required });
    const storagePaths = await this.checkStoragePaths(
      caller,
      { default_storage_path: body.storage_folder_id, default_document_type: body.default_document_type },
      errors,
      {
        folder: 'storage_folder_id',
        type: 'default_document_type',
      },
    );
    const typeId = this.checkTypeId(body.type_id, 'type_id', errors);
    if (errors.length) throw new FieldErrorsException(errors);
    const upload = typeof body.template_file === 'string' ? await this.uploads.one(caller.team_id, body.template_file) : null;
    if (!upload) throw new FieldErrorsException([{ field: 'template_file', error: M.uploadNotFound }]);
    const checked = await this.checkUpload(upload, 'template_file');
    const document: TemplateDocumentRow = {
      id: randomUUID(),
      name: checked.filename,
      pages: checked.pages!,
      storage_key: checked.storage_key,
      size: checked.size!,
      page_sizes: checked.page_sizes!,
    };
    const schema: EsignTemplateSchema = {
      documents: [{ id: document.id, name: document.name, pages: document.pages }],
      roles: [{ uuid: randomUUID(), name: FIRST_ROLE_NAME }],
      fields: [],
    };
    const providerDocuments = [providerDocumentOf(document)];
    const external = await this.provider.createTemplateFromPdf(caller.team_id, name!, providerDocuments);
    // The provider's copy gets the same role (its uuid) as ours.
    await this.provider.saveSchema(caller.team_id, external.externalId, name!, schema, providerDocuments);
    const templateId = await this.dataSource.transaction(async (manager) => {
      if (!(await this.uploads.drop(checked.storage_key, manager)))
        throw new FieldErrorsException([{ field: 'template_file', error: M.uploadNotFound }]);
      const id = await this.templates.insert(manager, {
        team_id: caller.team_id,
        name: name!,
        type_id: typeId!,
        storage_paths: storagePaths!,
        external_id: external.externalId,
        schema,
        created_by: caller.agent_id,
      });
      await this.templates.insertDocument(manager, id, document);
      return id;
    });
    return this.one(caller, templateId);
  }

  /** GET /esign/templates/{id}: the template, its schema and a signed URL of each document's PDF. */
  async one(caller: AuthenticatedUser, templateId: number): Promise<EsignTemplateDetail> {
    const template = await this.found(caller, templateId);
    return this.detailOf(template);
  }

  /** PATCH /esign/templates/{id}: name, storage_paths, type_id (only the keys sent change). */
  async update(caller: AuthenticatedUser, templateId: number, body: Body): Promise<EsignTemplateDetail> {
    const template = await this.found(caller, templateId);
    const errors: FieldError[] = [];
    const name = body.name === undefined ? template.name : this.checkName(body.name, 'name', errors);
    let storagePaths: EsignStoragePaths | null = template.storage_paths;
    if (body.storage_paths !== undefined) {
      const paths = typeof body.storage_paths === 'object' && body.storage_paths !== null ? (body.storage_paths as Body) : {};
      storagePaths = await this.checkStoragePaths(caller, paths, errors, {
        folder: 'storage_paths.default_storage_path',
        type: 'storage_paths.default_document_type',
      });
    }
    const typeId = body.type_id === undefined ? template.type_id : this.checkTypeId(body.type_id, 'type_id', errors);
    if (errors.length) throw new FieldErrorsException(errors);
    const unchanged =
      name === template.name &&
      typeId === template.type_id &&
      storagePaths!.default_storage_path === template.storage_paths.default_storage_path &&
      storagePaths!.default_document_type === template.storage_paths.default_document_type;
    // Nothing to change: updated_ts stays, so an open builder's next autosave is not refused as stale.
    if (unchanged) return this.detailOf(template);
    await this.dataSource.transaction(async (manager) => {
      await this.templates.lock(manager, templateId);
      await this.templates.updateMeta(manager, templateId, { name: name!, type_id: typeId!, storage_paths: storagePaths! });
      // A new name reaches the provider's copy too (in the transaction: a refusal there changes nothing here).
      if (name !== template.name) await this.syncProvider(manager, caller.team_id, { ...template, name: name! });
    });
    return this.one(caller, templateId);
  }

  /** PUT /esign/templates/{id}/schema (builder autosave): 400 naming the field, 409 when saved elsewhere since updated_ts. */
  async saveSchema(caller: AuthenticatedUser, templateId: number, body: Body): Promise<EsignTemplateDetail> {
    const template = await this.found(caller, templateId);
    const documents = await this.templates.documents(templateId);
    const checked = checkTemplateSchema(body, documents);
    const errors = [...checked.errors];
    if (missing(body.updated_ts)) errors.push({ field: 'updated_ts', error: M.required });
    else if (!isTimestamp(body.updated_ts)) errors.push({ field: 'updated_ts', error: M.fieldInvalid('updated_ts') });
    if (errors.length || !checked.schema) throw new FieldErrorsException(errors);
    const schema = checked.schema;
    await this.dataSource.transaction(async (manager) => {
      await this.templates.lock(manager, templateId);
      if (!(await this.templates.saveSchema(manager, templateId, schema, new Date(body.updated_ts as string).toISOString()))) {
        throw new ConflictException({ status: 'error', message: M.staleTemplate });
      }
      // The provider's copy in the same transaction: when the provider refuses, our copy does not change either.
      await this.syncProvider(manager, caller.team_id, template);
    });
    return this.one(caller, templateId);
  }

  /** POST /esign/templates/{id}/documents: adds a PDF (uploaded and confirmed the same way) at the end. */
  async addDocument(caller: AuthenticatedUser, templateId: number, body: Body): Promise<EsignTemplateDetail> {
    const template = await this.found(caller, templateId);
    const errors: FieldError[] = [];
    if (missing(body.template_file)) errors.push({ field: 'template_file', error: M.required });
    const name = body.name === undefined || body.name === null ? undefined : this.checkName(body.name, 'name', errors);
    if (errors.length) throw new FieldErrorsException(errors);
    const upload = typeof body.template_file === 'string' ? await this.uploads.one(caller.team_id, body.template_file) : null;
    if (!upload) throw new FieldErrorsException([{ field: 'template_file', error: M.uploadNotFound }]);
    const checked = await this.checkUpload(upload, 'template_file');
    const document: TemplateDocumentRow = {
      id: randomUUID(),
      name: name ?? checked.filename,
      pages: checked.pages!,
      storage_key: checked.storage_key,
      size: checked.size!,
      page_sizes: checked.page_sizes!,
    };
    await this.dataSource.transaction(async (manager) => {
      await this.templates.lock(manager, templateId);
      if (!(await this.uploads.drop(checked.storage_key, manager)))
        throw new FieldErrorsException([{ field: 'template_file', error: M.uploadNotFound }]);
      await this.templates.insertDocument(manager, templateId, document);
      const schema = await this.templates.schema(templateId, manager);
      schema.documents.push({ id: document.id, name: document.name, pages: document.pages });
      await this.templates.replaceSchema(manager, templateId, schema);
      // The provider gets every PDF (DocuSeal replaces a template's documents as a whole), then the fields on them.
      const externalId = await this.providerIdOf(manager, caller.team_id, template);
      await this.provider.addDocument(caller.team_id, externalId, await this.providerDocuments(manager, templateId, schema));
      await this.syncProvider(manager, caller.team_id, template);
    });
    return this.one(caller, templateId);
  }

  /** POST /esign/templates/{id}/clone: a copy named '{name} (Copy)' with the same PDFs, roles and fields. */
  async clone(caller: AuthenticatedUser, templateId: number): Promise<EsignTemplateDetail> {
    const template = await this.found(caller, templateId);
    const name = copyNameOf(template.name);
    const sourceExternalId = await this.providerIdOf(this.dataSource.manager, caller.team_id, template);
    const external = await this.provider.cloneTemplate(caller.team_id, sourceExternalId, name);
    const copyId = await this.dataSource.transaction(async (manager) => {
      const schema = await this.templates.schema(templateId, manager);
      const documents = await this.templates.documents(templateId, manager);
      // New ids for the copy's documents (the PDFs themselves are shared: a template's files never change).
      const ids = new Map(documents.map((document) => [document.id, randomUUID()]));
      const copySchema: EsignTemplateSchema = {
        ...schema,
        documents: schema.documents.map((document) => ({ ...document, id: ids.get(document.id) ?? randomUUID() })),
      };
      const id = await this.templates.insert(manager, {
        team_id: caller.team_id,
        name,
        type_id: template.type_id,
        storage_paths: template.storage_paths,
        external_id: external.externalId,
        schema: copySchema,
        created_by: caller.agent_id,
      });
      for (const document of documents) await this.templates.insertDocument(manager, id, { ...document, id: ids.get(document.id)! });
      // The provider's copy took new field and role ids: ours are sent over them.
      await this.syncProvider(manager, caller.team_id, { esig_template_id: id, name, external_id: external.externalId });
      return id;
    });
    return this.one(caller, copyId);
  }

  /** DELETE /esign/templates/{id}: status D; 409 naming the packets that still use it. */
  async remove(caller: AuthenticatedUser, templateId: number): Promise<{ esig_template_id: number; status: 'D' }> {
    const template = await this.found(caller, templateId);
    await this.dataSource.transaction(async (manager) => {
      await this.templates.lock(manager, templateId);
      const packets = await this.templates.packetsUsing(caller.team_id, templateId, manager);
      if (packets.length) throw new ConflictException({ status: 'error', message: M.templateInPackets(packets) });
      await this.templates.markDeleted(manager, templateId);
    });
    // A template the provider never had (made under another provider) has nothing to archive there.
    if (this.provider.owns(template.external_id)) {
      await this.provider
        .archiveTemplate(caller.team_id, template.external_id!)
        .catch((error: Error) => this.logger.warn(`template ${templateId} deleted, the provider did not archive it: ${error.message}`));
    }
    return { esig_template_id: templateId, status: 'D' };
  }

  /**
   * The team's abandoned uploads (never made into a template) go, files and rows, whenever the team asks for a
   * new upload URL. A failure here is logged, never the caller's.
   */
  async removeAbandonedUploads(teamId: number): Promise<number> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const keys = await this.uploads.lockAbandoned(manager, teamId, ABANDONED_UPLOAD_AFTER_SECONDS, ABANDONED_SWEEP_LIMIT);
        for (const key of keys) await this.storage.delete(key);
        await this.uploads.dropMany(manager, keys);
        return keys.length;
      });
    } catch (error) {
      this.logger.warn(`could not remove abandoned template uploads of team ${teamId}: ${(error as Error).message}`);
      return 0;
    }
  }

  /** An active template of the caller's team, else 404. */
  private async found(caller: AuthenticatedUser, templateId: number): Promise<EsignTemplate> {
    const template = await this.templates.one(caller.team_id, templateId);
    if (!template) throw notFound();
    return template;
  }

  private async detailOf(template: EsignTemplate): Promise<EsignTemplateDetail> {
    const [schema, documents] = await Promise.all([
      this.templates.schema(template.esig_template_id),
      this.templates.documents(template.esig_template_id),
    ]);
    const byId = new Map(documents.map((document) => [document.id, document]));
    const files = await Promise.all(
      schema.documents.map(async (entry) => {
        const stored = byId.get(entry.id)!;
        const url = await this.storage.createDownloadUrl(stored.storage_key, {
          expiresInSeconds: DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
          filename: `${stored.name.replace(/\.pdf$/i, '')}.pdf`,
          disposition: 'inline',
          contentType: 'application/pdf',
        });
        return { id: entry.id, name: entry.name, pages: entry.pages, url, page_sizes: stored.page_sizes };
      }),
    );
    return { ...template, schema, files };
  }

  /**
   * An upload's bytes checked once: at most 50,000,000 bytes, a readable PDF (header, structure, pages read with
   * pdf-lib). A refused file is deleted with its pending row; the answer names `field`.
   */
  private async checkUpload(upload: TemplateUpload, field: string): Promise<TemplateUpload> {
    if (upload.confirmed) return upload;
    const refuse = async (error: string): Promise<never> => {
      await this.storage
        .delete(upload.storage_key)
        .catch((e: Error) => this.logger.warn(`could not delete ${upload.storage_key}: ${e.message}`));
      await this.uploads.drop(upload.storage_key);
      throw new FieldErrorsException([{ field, error }]);
    };
    let size: number;
    try {
      const verified = await this.storage.verifyUpload(upload.storage_key, 'document', ESIGN_TEMPLATE_MAX_BYTES);
      if (verified.contentType !== 'application/pdf') return refuse(M.notAPdf);
      size = verified.size;
    } catch (error) {
      if (error instanceof FieldErrorsException) throw error;
      const status = error instanceof HttpException ? error.getStatus() : 500;
      if (status === 404) {
        // Nothing arrived (the PUT was refused or never made): the pending upload goes.
        await this.uploads.drop(upload.storage_key);
        throw new FieldErrorsException([{ field, error: M.uploadNotFound }]);
      }
      if (status === 413) return refuse(M.fileTooLarge);
      if (status === 415) return refuse(M.notAPdf);
      throw error;
    }
    const facts = await inspectPdf(await this.storage.getBytes(upload.storage_key));
    if (!facts) return refuse(M.notAPdf);
    await this.uploads.confirm(upload.storage_key, { size, pages: facts.pages, page_sizes: facts.pageSizes });
    return { ...upload, confirmed: true, size, pages: facts.pages, page_sizes: facts.pageSizes };
  }

  private checkName(value: unknown, field: string, errors: FieldError[]): string | null {
    if (missing(value)) {
      errors.push({ field, error: M.required });
      return null;
    }
    if (typeof value !== 'string' || value.trim().length > ESIGN_NAME_MAX_LENGTH) {
      errors.push({ field, error: M.nameTooLong });
      return null;
    }
    return value.trim();
  }

  private checkTypeId(value: unknown, field: string, errors: FieldError[]): TransactionType | undefined {
    if (value === undefined || value === null || value === '') return null;
    if (value === 'b' || value === 's') return value;
    errors.push({ field, error: M.invalidTransactionType });
    return undefined;
  }

  /** The folder (required) and document type (optional) must be the team's, from esign's read copies. */
  private async checkStoragePaths(
    caller: AuthenticatedUser,
    paths: Body,
    errors: FieldError[],
    fields: { folder: string; type: string },
  ): Promise<EsignStoragePaths | null> {
    const folder = paths.default_storage_path;
    const type = paths.default_document_type;
    let ok = true;
    if (missing(folder)) {
      errors.push({ field: fields.folder, error: M.required });
      ok = false;
    } else if (!isFolderId(folder) || !(await this.lists.folder(caller.team_id, folder))) {
      errors.push({ field: fields.folder, error: M.folderNotFound });
      ok = false;
    }
    if (!missing(type) && (!isId(type) || !(await this.lists.type(caller.team_id, type)))) {
      errors.push({ field: fields.type, error: M.documentTypeNotFound });
      ok = false;
    }
    return ok ? { default_storage_path: folder as number, default_document_type: missing(type) ? null : (type as number) } : null;
  }

  /**
   * GET /esign/templates/{id}/builder-token: a fresh token for the provider's template builder on this template (its
   * provider ids chosen here from the row, never by the client); 409 when the provider has no such builder (own).
   */
  async builderToken(caller: AuthenticatedUser, templateId: number) {
    const template = await this.found(caller, templateId);
    const externalId = await this.providerIdOf(this.dataSource.manager, caller.team_id, template);
    const token = await this.provider.builderToken(
      { ...template, external_id: externalId },
      { email: await this.templates.userEmail(caller.agent_id) },
    );
    return { ...token, esig_template_id: templateId, provider: this.provider.name };
  }

  /** The template's PDFs in its schema's order, as a provider takes them. */
  private async providerDocuments(manager: EntityManager, templateId: number, schema: EsignTemplateSchema): Promise<ProviderDocument[]> {
    const stored = new Map((await this.templates.documents(templateId, manager)).map((document) => [document.id, document]));
    return schema.documents.flatMap((entry) => {
      const document = stored.get(entry.id);
      return document ? [providerDocumentOf({ ...document, name: entry.name })] : [];
    });
  }

  /**
   * The provider's id of the template. A template made under another provider (ESIGN_PROVIDER changed since) is made
   * again with this one from our copy of its PDFs and schema, and the row keeps the new id.
   */
  private async providerIdOf(
    manager: EntityManager,
    teamId: number,
    template: Pick<EsignTemplate, 'esig_template_id' | 'name' | 'external_id'>,
  ): Promise<string> {
    if (this.provider.owns(template.external_id)) return template.external_id!;
    const schema = await this.templates.schema(template.esig_template_id, manager);
    const documents = await this.providerDocuments(manager, template.esig_template_id, schema);
    const created = await this.provider.createTemplateFromPdf(teamId, template.name, documents);
    await this.provider.saveSchema(teamId, created.externalId, template.name, schema, documents);
    await this.templates.setExternalId(manager, template.esig_template_id, created.externalId);
    this.logger.log(
      `template ${template.esig_template_id} made with the ${this.provider.name} provider (was ${template.external_id ?? 'none'})`,
    );
    template.external_id = created.externalId;
    return created.externalId;
  }

  /** Our copy of the template (as the transaction sees it) sent to the provider: name, roles and fields. */
  private async syncProvider(
    manager: EntityManager,
    teamId: number,
    template: Pick<EsignTemplate, 'esig_template_id' | 'name' | 'external_id'>,
  ): Promise<void> {
    const externalId = await this.providerIdOf(manager, teamId, template);
    const schema = await this.templates.schema(template.esig_template_id, manager);
    await this.provider.saveSchema(
      teamId,
      externalId,
      template.name,
      schema,
      await this.providerDocuments(manager, template.esig_template_id, schema),
    );
  }
}

const providerDocumentOf = (document: Pick<TemplateDocumentRow, 'id' | 'name' | 'storage_key' | 'pages'>): ProviderDocument => ({
  id: document.id,
  name: document.name,
  storageKey: document.storage_key,
  pages: document.pages,
});
