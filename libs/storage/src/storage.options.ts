import type { ServiceName } from '@app/contracts';

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
  maxBytes: number;
  expiresInSeconds: number;
}

/** What an uploaded object turned out to be. */
export interface VerifiedUpload {
  key: string;
  size: number;
  contentType: string;
}
