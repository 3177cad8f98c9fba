import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES as M,
  folderAllowsSide,
  folderSlugOf,
  type DocumentFolderWithDocuments,
  type EsignRequestCompleted,
  type FieldError,
  type TransactionDocument,
  type TransactionDocumentWithUrl,
  type UploadUrlResponse,
} from '@app/contracts';
import { EventOutbox } from '@app/events';
import { FieldErrorsException } from '@app/platform';
import { StorageService } from '@app/storage';
import { TaskWriter } from '../tasks/task-writer';
import { TasksRepository } from '../tasks/tasks.repository';
import { TransactionAccessRepository, type VisibleTransaction } from '../transactions/transaction-access.repository';
import { scopeOf } from '../transactions/transaction-list.service';
import { DocumentListsRepository } from './document-lists.repository';
import { DocumentsRepository, type DocumentRecord, type NewDocument } from './documents.repository';
import type { DocumentConfirmDto, DocumentUploadDto } from './dto/documents.dto';

export const DOCUMENT_UPLOAD_URL_TTL_SECONDS = 15 * 60;
const DOCUMENT_EVENTS_SQL = `SELECT team_id, payload FROM transactions.document_snapshots WHERE document_id = ANY($1::int[])`;
const isVendor = (caller: AuthenticatedUser) => scopeOf(caller).kind === 'vendor';
const notFound = () => new NotFoundException({ status: 'error', message: M.notFound });
const transactionNotFound = () => new NotFoundException({ status: 'error', message: 'Transaction not found' });
/** The system folder a signed document goes to when its template's folder cannot take it. */
const SIGNED_DOCUMENTS_FOLDER_ID = -2;

/** The answer for a stored document (without its storage details). */
function documentOf({ storage_key: _key, vendor_visible: _vendor, team_id: _team, ...document }: DocumentRecord): TransactionDocument {
  return document;
}

@Injectable()
export class DocumentsService {
  private readonly logger = new Logger(DocumentsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly lists: DocumentListsRepository,
    private readonly documents: DocumentsRepository,
    private readonly transactions: TransactionAccessRepository,
    private readonly tasks: TasksRepository,
    private readonly taskWriter: TaskWriter,
    private readonly storage: StorageService,
    private readonly outbox: EventOutbox,
  ) {}

  /** GET /transaction/document-folders: the team's folders (of one side when asked); a VENDOR the vendor-visible ones. */
  async folders(caller: AuthenticatedUser, side?: 'b' | 's') {
    return { records: await this.lists.folders(caller.team_id, { side, vendorOnly: isVendor(caller) }) };
  }

  async types(caller: AuthenticatedUser) {
    return { records: await this.lists.types(caller.team_id) };
  }

  /** GET /transaction/{client_id}/documents: the folders of its side, each with its documents. */
  async byFolder(caller: AuthenticatedUser, clientId: number): Promise<{ records: DocumentFolderWithDocuments[] }> {
    const transaction = await this.visible(caller, clientId);
    const folders = await this.lists.folders(caller.team_id, { side: transaction.type, vendorOnly: isVendor(caller) });
    const documents = await this.documents.ofTransaction(
      clientId,
      folders.map((folder) => folder.client_document_folder_id),
    );
    return {
      records: folders.map((folder) => ({
        folder_id: folder.client_document_folder_id,
        folder_name: folder.folder_name,
        slug: folderSlugOf(folder.folder_name),
        documents: documents.filter((document) => document.folder_id === folder.client_document_folder_id).map(documentOf),
      })),
    };
  }

  /** POST /transaction/{client_id}/documents: a signed URL to PUT the file to (purpose document), remembered for the confirm. */
  async requestUpload(caller: AuthenticatedUser, clientId: number, body: DocumentUploadDto): Promise<UploadUrlResponse> {
    const transaction = await this.visible(caller, clientId);
    const errors: FieldError[] = [];
    const folder = await this.lists.folder(caller.team_id, body.folder_id);
    if (!folder || (isVendor(caller) && !folder.vendor_visible)) errors.push({ field: 'folder_id', error: M.folderRequired });
    else if (!folderAllowsSide(folder, transaction.type)) errors.push({ field: 'folder_id', error: M.folderNotAllowed });
    if (!(await this.lists.type(caller.team_id, body.doc_type_id))) errors.push({ field: 'doc_type_id', error: M.typeRequired });
    if (body.task_id !== undefined) {
      const task = await this.tasks.visible(scopeOf(caller), body.task_id);
      if (!task || task.client_id !== clientId || (isVendor(caller) && task.assigned_to_agent_id !== caller.agent_id)) {
        errors.push({ field: 'task_id', error: 'Not a task of this transaction' });
      }
    } else if (isVendor(caller)) {
      // A vendor attaches documents to its own tasks only.
      throw new ForbiddenException({ status: 'error', message: 'You can only add documents to tasks assigned to you' });
    }
    if (errors.length) throw new FieldErrorsException(errors);
    const key = `documents/${caller.team_id}/${clientId}/${randomUUID()}`;
    const url = await this.storage.createUploadUrl({
      key,
      contentType: body.type,
      purpose: 'document',
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresInSeconds: DOCUMENT_UPLOAD_URL_TTL_SECONDS,
    });
    await this.documents.addPending({
      storage_key: key,
      team_id: caller.team_id,
      client_id: clientId,
      agent_id: caller.agent_id,
      folder_id: body.folder_id,
      doc_type_id: body.doc_type_id,
      task_id: body.task_id ?? null,
      filename: body.name.trim(),
    });
    return { url, key, expires_in: DOCUMENT_UPLOAD_URL_TTL_SECONDS, max_bytes: DOCUMENT_MAX_BYTES };
  }

  /**
   * POST /transaction/{client_id}/documents/confirm: checks the bytes (PDF, JPEG or PNG; at most 50,000,000),
   * records the document, attaches it to its task, and answers it. A refused file leaves nothing stored.
   */
  async confirm(caller: AuthenticatedUser, clientId: number, body: DocumentConfirmDto): Promise<TransactionDocument> {
    await this.visible(caller, clientId);
    const upload = await this.documents.pending(body.key, clientId, caller.agent_id);
    if (!upload) throw new FieldErrorsException([{ field: 'key', error: M.unknownUpload }]);
    let verified;
    try {
      verified = await this.storage.verifyUpload(upload.storage_key, 'document', DOCUMENT_MAX_BYTES);
    } catch (error) {
      // verifyUpload deleted a refused file; the pending upload goes with it.
      await this.documents.dropPending(upload.storage_key);
      throw error;
    }
    const documentId = await this.dataSource.transaction(async (manager) => {
      if (!(await this.documents.dropPending(upload.storage_key, manager)))
        throw new FieldErrorsException([{ field: 'key', error: M.unknownUpload }]);
      const id = await this.record(manager, upload, { size: verified.size, contentType: verified.contentType });
      if (upload.task_id !== null) await this.taskWriter.update(manager, upload.task_id, { doc_id: id });
      return id;
    });
    return documentOf((await this.documents.one(documentId))!);
  }

  /**
   * esign.request.completed (AddSignedDocumentWhenEsignRequestCompleted), in the event's transaction: copies the
   * sealed PDF into this namespace and records it once per request, in the template's folder and type, or in -2
   * Signed Documents when that folder is gone or does not take the transaction's side. A hash mismatch
   * (FileHashMismatchError) or a missing file throws, so the event is retried. Answers the new document's id, or
   * null when there was nothing to add (already added, or the transaction is gone).
   */
  async addSigned(manager: EntityManager, completed: EsignRequestCompleted): Promise<number | null> {
    const transaction = await this.documents.transactionOf(manager, completed.client_id);
    if (!transaction) {
      // Deleted since the request was sent: nothing to attach it to, and retrying would not change that.
      this.logger.warn(
        `e-sign request ${completed.esig_request_id}: transaction ${completed.client_id} no longer exists, signed document not added`,
      );
      return null;
    }
    // A re-published event (a new id, the same request) finds the claim taken; a failure below rolls it back.
    if (!(await this.documents.claimEsignRequest(manager, completed.esig_request_id, transaction.client_id))) return null;
    const { default_storage_path: folderId, default_document_type: typeId } = completed.storage_paths;
    const folder = await this.lists.folder(transaction.team_id, folderId, manager);
    // A type the team has deleted since would show as a nameless type: the document goes without one.
    const type = typeId === null ? null : await this.lists.type(transaction.team_id, typeId, manager);
    // Derived from the request so that a retry lands on the same key (copyFrom then finds the bytes there).
    const key = `documents/${transaction.team_id}/${transaction.client_id}/esign-${completed.esig_request_id}.pdf`;
    const copy = await this.storage.copyFrom(completed.file, key);
    const document: NewDocument = {
      storage_key: key,
      team_id: transaction.team_id,
      client_id: transaction.client_id,
      agent_id: completed.created_by_agent_id,
      folder_id: folder && folderAllowsSide(folder, transaction.type) ? folder.client_document_folder_id : SIGNED_DOCUMENTS_FOLDER_ID,
      doc_type_id: type ? type.team_document_type_id : null,
      task_id: null,
      filename: completed.file.filename.trim() || 'Signed document.pdf',
    };
    const documentId = await this.record(manager, document, { size: copy.size, contentType: copy.contentType });
    await this.documents.linkEsignRequest(manager, completed.esig_request_id, documentId);
    return documentId;
  }

  /** GET /transaction/documents/{id}: the document and a signed URL valid for 5 minutes. */
  async one(caller: AuthenticatedUser, documentId: number): Promise<TransactionDocumentWithUrl> {
    const document = await this.reachable(caller, documentId);
    const url = await this.storage.createDownloadUrl(document.storage_key, {
      expiresInSeconds: DOCUMENT_DOWNLOAD_URL_TTL_SECONDS,
      filename: document.filename,
      disposition: 'inline',
      contentType: document.content_type,
    });
    return { ...documentOf(document), url, expires_in: DOCUMENT_DOWNLOAD_URL_TTL_SECONDS };
  }

  /** DELETE /transaction/documents/{id}: ADMIN, TRANC or the uploader; the tasks holding it lose it. */
  async remove(caller: AuthenticatedUser, documentId: number): Promise<{ id: number }> {
    const document = await this.reachable(caller, documentId);
    const allowed = caller.roles.includes('ADMIN') || caller.roles.includes('TRANC') || document.uploaded_by === caller.agent_id;
    if (!allowed) throw new ForbiddenException({ status: 'error', message: M.cannotDelete });
    await this.dataSource.transaction(async (manager: EntityManager) => {
      for (const taskId of await this.documents.tasksHolding(documentId, manager))
        await this.taskWriter.update(manager, taskId, { doc_id: null });
      await this.outbox.publishEach(manager, 'transactions.document.deleted', DOCUMENT_EVENTS_SQL, [[documentId]]);
      await this.documents.delete(manager, documentId);
    });
    await this.storage
      .delete(document.storage_key)
      .catch((error: Error) => this.logger.warn(`could not delete ${document.storage_key}: ${error.message}`));
    return { id: documentId };
  }

  /** Inserts a stored file's document and publishes transactions.document.created, in the caller's transaction. */
  private async record(manager: EntityManager, document: NewDocument, file: { size: number; contentType: string }): Promise<number> {
    const id = await this.documents.insert(manager, document, file);
    await this.outbox.publishEach(manager, 'transactions.document.created', DOCUMENT_EVENTS_SQL, [[id]]);
    return id;
  }

  /** A transaction the caller sees, else 404. */
  private async visible(caller: AuthenticatedUser, clientId: number): Promise<VisibleTransaction> {
    const transaction = await this.transactions.visible(scopeOf(caller), clientId);
    if (!transaction) throw transactionNotFound();
    return transaction;
  }

  /** A document of a transaction the caller sees (a VENDOR: in a vendor-visible folder), else 404. */
  private async reachable(caller: AuthenticatedUser, documentId: number): Promise<DocumentRecord> {
    const document = await this.documents.one(documentId);
    if (!document || document.team_id !== caller.team_id) throw notFound();
    if (!(await this.transactions.visible(scopeOf(caller), document.client_id))) throw notFound();
    if (isVendor(caller) && !document.vendor_visible) throw notFound();
    return document;
  }
}
