import type {
  DocumentFolderWithDocuments,
  DocumentUploadRequest,
  TransactionDocument,
  TransactionDocumentFolder,
  TransactionDocumentType,
  TransactionDocumentWithUrl,
  UploadUrlResponse,
} from '@app/contracts';
import { createJsonClient, plainFetch, putFile, type FetchLike } from '../dataProvider/apiClient';

export interface DocumentsApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  /** fetch for the presigned upload URL (no Authorization header may go there). */
  uploadFetch?: FetchLike;
  apiBase?: string;
}

const id = (value: number | string) => encodeURIComponent(String(value));

function recordsOf<T>(body: { records?: T[] | null } | null): T[] {
  return Array.isArray(body?.records) ? body.records : [];
}

/**
 * A transaction's documents (spec 001 section 7): the folder and type lists of the upload
 * dropdowns, the documents by folder, the account area's signed upload (request, PUT, confirm), the signed
 * download and delete. Errors are react-admin HttpErrors.
 */
export function createDocumentsApi(options: DocumentsApiOptions) {
  const uploadFetch = options.uploadFetch ?? plainFetch;
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** The team's folders (with `side`, only those taking that side's documents). */
    getFolders: async (side?: 'b' | 's') =>
      recordsOf(
        await call<{ records?: TransactionDocumentFolder[] | null }>(`/transaction/document-folders${side ? `?type=${side}` : ''}`),
      ),
    getTypes: async () => recordsOf(await call<{ records?: TransactionDocumentType[] | null }>('/transaction/document-types')),
    /** The transaction's folders, each with its documents. */
    getTransactionDocuments: async (clientId: number | string) =>
      recordsOf(await call<{ records?: DocumentFolderWithDocuments[] | null }>(`/transaction/${id(clientId)}/documents`)),
    /** Asks where to put the file: the answer's url takes a PUT of it. */
    requestUpload: (clientId: number, request: DocumentUploadRequest) =>
      call<UploadUrlResponse>(`/transaction/${id(clientId)}/documents`, 'POST', request),
    putFile: (url: string, file: Blob) => putFile(uploadFetch, url, file),
    /** After the PUT: the server checks the bytes and records the document (attached to its task, if any). */
    confirmUpload: (clientId: number, key: string) =>
      call<TransactionDocument>(`/transaction/${id(clientId)}/documents/confirm`, 'POST', { key }),
    /** The document with a signed download url (5 minutes). */
    getDocument: (documentId: number | string) => call<TransactionDocumentWithUrl>(`/transaction/documents/${id(documentId)}`),
    deleteDocument: (documentId: number | string) => call<unknown>(`/transaction/documents/${id(documentId)}`, 'DELETE'),
  };
}

export type DocumentsApi = ReturnType<typeof createDocumentsApi>;
