import type { StorageDriverName, UploadUrlRequest, VerifiedUpload } from './storage.options';

/** Runs when an upload to a key under `prefix` has been accepted (size and bytes checked). */
export type UploadedHandler = (upload: VerifiedUpload) => Promise<void>;

/**
 * Signed-URL file storage. Inject this class; StorageModule provides the configured driver.
 * Clients PUT files to the URL that createUploadUrl returns and read them from createDownloadUrl.
 */
export abstract class StorageService {
  abstract readonly driver: StorageDriverName;
  private readonly handlers: { prefix: string; handler: UploadedHandler }[] = [];

  /** A URL the client PUTs the file to, valid for expiresInSeconds. */
  abstract createUploadUrl(request: UploadUrlRequest): Promise<string>;

  /** A URL that reads the file, valid for expiresInSeconds (default one hour). */
  abstract createDownloadUrl(key: string, expiresInSeconds?: number): Promise<string>;

  /**
   * Checks an uploaded object: it exists, is at most maxBytes and its first bytes are a PNG, JPEG, GIF or
   * WEBP image. A refused object is deleted. Throws 404, 413 or 415 (HttpException) otherwise.
   */
  abstract verifyImage(key: string, maxBytes: number): Promise<VerifiedUpload>;

  abstract delete(key: string): Promise<void>;

  /** Registers what happens once an upload under `prefix` is accepted (the local driver calls it after the PUT). */
  onUploaded(prefix: string, handler: UploadedHandler): void {
    this.handlers.push({ prefix, handler });
  }

  /** Runs the handlers registered for the key's prefix. */
  async notifyUploaded(upload: VerifiedUpload): Promise<void> {
    for (const { prefix, handler } of this.handlers) {
      if (upload.key.startsWith(prefix)) await handler(upload);
    }
  }
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are relative, slash-separated, and no segment starts with a dot (so no '..'). */
export function assertValidKey(key: string): void {
  if (key.length > 512 || !KEY.test(key)) throw new Error(`invalid storage key "${key}"`);
}

export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}
