import { IMAGE_MAX_BYTES } from './account';
import type { ServiceName } from './services';

// Files (ARCHITECTURE.md sections 4 and 6, docs/storage.md). IMAGE_MAX_BYTES (account.ts) and
// UploadUrlResponse (admin.ts) are the image side of these and stay where they are.

/** What an upload is for; each purpose has its own content policy, judged by the bytes. */
export const UPLOAD_PURPOSES = ['image', 'document'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Largest document upload (spec 001: "upload max 50,000,000 bytes"). */
export const DOCUMENT_MAX_BYTES = 50_000_000;

/** Lifetime of a document's signed download URL: 5 minutes. */
export const DOCUMENT_DOWNLOAD_URL_TTL_SECONDS = 300;

/** The content types each purpose accepts, as recognised from the file's first bytes. */
export const UPLOAD_CONTENT_TYPES: Record<UploadPurpose, readonly string[]> = {
  image: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  document: ['application/pdf', 'image/jpeg', 'image/png'],
};

/** The size limit of each purpose, in bytes. */
export const UPLOAD_MAX_BYTES: Record<UploadPurpose, number> = {
  image: IMAGE_MAX_BYTES,
  document: DOCUMENT_MAX_BYTES,
};

/** Messages of a refused upload (word for word from the spec). */
export const STORAGE_MESSAGES = {
  /** 415 for an image upload whose bytes are not PNG, JPEG, GIF or WEBP. */
  notAnImage: 'Only image files are allowed.',
  /** 413 for an image upload over IMAGE_MAX_BYTES. */
  imageTooLarge: 'File is too large. The limit is 10,000,000 bytes.',
  /** 415 for a document upload whose bytes are not PDF, JPEG or PNG (spec 001). */
  documentTypeNotAllowed: 'allowed file types: PDF & Image (JPG, PNG)',
  /** 413 for a document upload over DOCUMENT_MAX_BYTES. */
  documentTooLarge: 'File is larger than 50,000,000 bytes',
} as const;

/**
 * A file one service hands to another through an event payload (ARCHITECTURE.md section 4). The receiver
 * copies it into its own namespace with StorageService.copyFrom, which checks sha256, before recording it.
 */
export interface FileHandoff {
  /** The sending service, whose storage namespace holds the file. */
  namespace: ServiceName;
  /** The file's key inside that namespace. */
  key: string;
  /** Lower-case hex SHA-256 of the file's bytes. */
  sha256: string;
  /** Name to show and to download as, e.g. "Purchase agreement (signed).pdf". */
  filename: string;
  content_type: string;
}
