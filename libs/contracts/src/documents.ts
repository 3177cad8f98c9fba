import type { DocumentFolderSnapshot, DocumentTypeSnapshot } from './events';
import type { TransactionSide } from './transactions';

// Transaction documents (spec 001): the transactions service's folders and types (read copies of
// team-admin's lists), a transaction's documents by folder, upload and download.

/** GET /transaction/document-folders?type=b|s -> {records}. The system folders -1 'General' and -2 'Signed Documents' first. */
export type TransactionDocumentFolder = DocumentFolderSnapshot;
/** GET /transaction/document-types -> {records}. */
export type TransactionDocumentType = DocumentTypeSnapshot;

/** A document of a transaction. */
export interface TransactionDocument {
  id: number;
  client_id: number;
  filename: string;
  content_type: string;
  folder_id: number;
  folder_name: string;
  type: { id: number; name: string } | null;
  size: number;
  task_id: number | null;
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  uploaded_ts: string;
}

/** GET /transaction/{client_id}/documents -> {records: DocumentFolderWithDocuments[]}, the folders of its side. */
export interface DocumentFolderWithDocuments {
  folder_id: number;
  folder_name: string;
  /** The folder name lowercased with spaces turned into hyphens (the route's {folder-name-slug}). */
  slug: string;
  documents: TransactionDocument[];
}

/** POST /transaction/{client_id}/documents: asks for a signed upload URL (the account area's flow, purpose document). */
export interface DocumentUploadRequest {
  name: string;
  type: string;
  size: number;
  folder_id: number;
  doc_type_id: number;
  task_id?: number;
}

/** GET /transaction/documents/{id}: the document and a signed download URL valid for 5 minutes. */
export interface TransactionDocumentWithUrl extends TransactionDocument {
  url: string;
  expires_in: number;
}

/** The whole document, as transactions.document.* events carry it (version is the document's). */
export interface DocumentSnapshot {
  document_id: number;
  client_id: number;
  team_id: number;
  filename: string;
  folder_id: number;
  folder_name: string;
  doc_type_id: number | null;
  task_id: number | null;
  uploaded_by: number | null;
  version: number;
}

/** The route segment of a folder: its name lowercased, spaces turned into hyphens. */
export const folderSlugOf = (folderName: string) => folderName.toLowerCase().replace(/ /g, '-');

/** Whether a folder takes documents of a transaction of this side (transaction_type null: both). */
export const folderAllowsSide = (folder: Pick<DocumentFolderSnapshot, 'transaction_type'>, side: TransactionSide) =>
  folder.transaction_type === null || folder.transaction_type === side;

export const DOCUMENT_MESSAGES = {
  folderRequired: 'Upload folder is required.',
  typeRequired: 'Document type is required.',
  documentRequired: 'You cannot complete this task without attaching a document first.',
  documentRequiredTitle: 'Document required',
  unknownUpload: 'Unknown upload',
  notFound: 'Document not found',
  folderNotAllowed: 'This folder does not take documents of this transaction',
  cannotDelete: 'Only admins, transaction coordinators and the uploader can delete a document',
} as const;
