import { DOCUMENT_MESSAGES, STORAGE_MESSAGES } from '@app/contracts';

// Words of the documents screens (spec 001 sections 2, 5 and 8). The spec's and the server's words come
// from the contracts (DOCUMENT_MESSAGES, STORAGE_MESSAGES); the screens' own labels below.
export { DOCUMENT_MESSAGES, STORAGE_MESSAGES };

export const DOCUMENT_LABELS = {
  pageTitle: 'Documents',
  folderTitle: 'Documents',
  viewTitle: 'Document',
  loading: 'Loading the documents',
  loadFailed: 'The documents could not be loaded.',
  backToFolders: 'Back to the folders',
  backToFolder: 'Back to the folder',
  backToTransaction: 'Back to transaction',
  emptyFolder: 'No documents in this folder yet.',
  /** {count}: the folder's documents. */
  documentCount: '{count} documents',
  oneDocument: '1 document',
  openFolder: 'Open folder',
  fileName: 'File',
  type: 'Type',
  size: 'Size',
  uploadedBy: 'Uploaded by',
  uploaded: 'Uploaded',
  folder: 'Folder',
  documentType: 'Document type',
  chooseFile: 'Upload PDF, JPG or PNG',
  uploading: 'Uploading…',
  uploadedOk: 'Document uploaded',
  uploadFailed: 'The file could not be uploaded.',
  download: 'Download',
  viewerTitle: 'Document preview',
  noPreview: 'This file cannot be shown here: download it to open it.',
  none: '—',
} as const;
