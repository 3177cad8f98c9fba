import type { Readable } from 'node:stream';
import type { ServiceName, UploadPurpose } from '@app/contracts';

export type StorageDriverName = 'local' | 's3';

export interface S3StorageOptions {
  /** e.g. http://minio:9000; empty for AWS itself. */
  endpoint: string;
  bucket: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

export interface StorageOptions {
  /** The owning service: local URLs are /api/<service>/files/<key>, and files live under <storageDir>/<service>/. */
  service: ServiceName;
  driver: StorageDriverName;
  /** Root folder of the local driver. */
  storageDir: string;
  /** HMAC-SHA256 key of the local driver's URLs. */
  signingSecret: string;
  /** Origin put in front of local URLs ('' gives same-origin paths such as /api/identity/files/...). */
  publicUrl: string;
  s3?: S3StorageOptions;
}

export const STORAGE_OPTIONS = Symbol('STORAGE_OPTIONS');

export interface UploadUrlRequest {
  key: string;
  /** The declared type; the S3 driver binds it into the signature (the PUT must send the same Content-Type). */
  contentType: string;
  /** The content policy the bytes must pass (default 'image'). */
  purpose?: UploadPurpose;
  /** A lower limit than the purpose's (default: the purpose's limit; more is refused). */
  maxBytes?: number;
  expiresInSeconds: number;
}

/** What an uploaded object turned out to be. */
export interface VerifiedUpload {
  key: string;
  size: number;
  /** Sniffed from the bytes. */
  contentType: string;
}

/** createDownloadUrl's options. */
export interface DownloadUrlOptions {
  /** Lifetime of the URL (documents: DOCUMENT_DOWNLOAD_URL_TTL_SECONDS). */
  expiresInSeconds: number;
  /** Name the browser saves the file as (Content-Disposition filename). */
  filename?: string;
  /** 'inline' (default: shown in the browser) or 'attachment' (saved). */
  disposition?: 'inline' | 'attachment';
  /** Content-Type to answer with instead of the stored one. */
  contentType?: string;
}

/** A file written by put or copyFrom. */
export interface StoredFile {
  key: string;
  size: number;
  contentType: string;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
}

/** A stored file's metadata (stat). */
export interface FileInfo {
  size: number;
  contentType: string;
}

/** A stored file opened for reading (get). The caller must consume or destroy the stream. */
export interface FileStream extends FileInfo {
  stream: Readable;
}

/** A file as list reports it. */
export interface ListedFile {
  key: string;
  size: number;
  /** When the file was last written (S3's LastModified, the local file's mtime). */
  lastModified: Date;
}

/** One page of list: files in key order, and the key to pass as startAfter for the next page (null after the last). */
export interface FileListPage {
  files: ListedFile[];
  next: string | null;
}

/** list's options: the page size (1 to 1000, default 1000) and the key the page starts after. */
export interface ListOptions {
  startAfter?: string;
  limit?: number;
}
