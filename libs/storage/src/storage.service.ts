import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { SERVICE_NAMES, type FileHandoff, type ServiceName, type UploadPurpose } from '@app/contracts';
import type {
  DownloadUrlOptions,
  FileInfo,
  FileListPage,
  FileStream,
  ListOptions,
  StorageDriverName,
  StoredFile,
  UploadUrlRequest,
  VerifiedUpload,
} from './storage.options';

/** Runs when an upload to a key under `prefix` has been accepted (size and bytes checked). */
export type UploadedHandler = (upload: VerifiedUpload) => Promise<void>;

/**
 * Signed-URL file storage of one service's namespace. Inject this class; StorageModule provides the configured
 * driver. Clients PUT files to the URL that createUploadUrl returns and read them from createDownloadUrl; the
 * server writes and reads generated files with put and get; files travel between services as a FileHandoff
 * (describeForHandoff on the sender, copyFrom on the receiver). See docs/storage.md.
 */
export abstract class StorageService {
  abstract readonly driver: StorageDriverName;
  /** The owning service: its files live under this namespace (folder or key prefix). */
  abstract readonly namespace: ServiceName;
  private readonly handlers: { prefix: string; handler: UploadedHandler }[] = [];

  /**
   * A URL the client PUTs the file to, valid for expiresInSeconds. The bytes must pass the purpose's policy
   * (default 'image'): the local driver checks them during the PUT, the S3 driver in verifyUpload.
   */
  abstract createUploadUrl(request: UploadUrlRequest): Promise<string>;

  /** A URL that reads the file, valid for expiresInSeconds (default one hour). */
  createDownloadUrl(key: string, expiresInSeconds?: number): Promise<string>;
  /** A URL that reads the file, with its lifetime, and optionally a filename, disposition and content type. */
  createDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
  createDownloadUrl(key: string, options: number | DownloadUrlOptions = 3600): Promise<string> {
    const resolved = typeof options === 'number' ? { expiresInSeconds: options } : options;
    assertValidKey(key);
    if (!(Number.isSafeInteger(resolved.expiresInSeconds) && resolved.expiresInSeconds > 0)) {
      throw new Error(`invalid download URL lifetime ${resolved.expiresInSeconds}`);
    }
    return this.signDownloadUrl(key, resolved);
  }

  protected abstract signDownloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;

  /**
   * Checks an uploaded object against its purpose's policy (default 'image'): it exists (404), is at most the
   * limit (413) and its first bytes are an accepted type (415, e.g. 'allowed file types: PDF & Image (JPG, PNG)'
   * for documents). A refused object is deleted. maxBytes may lower the purpose's limit.
   */
  abstract verifyUpload(key: string, purpose?: UploadPurpose, maxBytes?: number): Promise<VerifiedUpload>;

  /** verifyUpload for the 'image' purpose (PNG, JPEG, GIF or WEBP). */
  verifyImage(key: string, maxBytes?: number): Promise<VerifiedUpload> {
    return this.verifyUpload(key, 'image', maxBytes);
  }

  /**
   * Writes a server-generated file (a sealed PDF, a CSV export) from a stream or a buffer, replacing any file at
   * the key. No content policy applies: the server chose the bytes.
   */
  abstract put(key: string, body: Readable | Buffer, options: { contentType: string }): Promise<StoredFile>;

  /** Opens a file for reading; 404 (NotFoundException) when there is none. */
  abstract get(key: string): Promise<FileStream>;

  /**
   * A whole file in memory, for files the service knows to be small enough (a template's PDFs, at most 50 MB, that
   * pdf-lib reads); 404 (NotFoundException) when there is none. Anything larger goes through get's stream.
   */
  async getBytes(key: string): Promise<Buffer> {
    const file = await this.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  /** A file's size and content type, or null when there is none. */
  abstract stat(key: string): Promise<FileInfo | null>;

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  /** Removes a file; removing a missing file is not an error. */
  abstract delete(key: string): Promise<void>;

  /**
   * One page of the files whose keys start with `prefix` ('' for every file, 'requests/' for a folder), in key
   * order: at most `limit` (1 to 1000, default 1000) after the key `startAfter`. The page's `next` is the
   * startAfter of the following page, null after the last. Files written or deleted meanwhile may or may not show;
   * what an upload URL staged, the local driver's metadata and unfinished writes are never listed.
   */
  list(prefix: string, { startAfter, limit = LIST_MAX }: ListOptions = {}): Promise<FileListPage> {
    if (prefix !== '') assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
    if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= LIST_MAX)) throw new Error(`invalid list limit ${limit}`);
    if (startAfter !== undefined && (typeof startAfter !== 'string' || startAfter.length > 1024))
      throw new Error('invalid list startAfter');
    return this.listPage(prefix, startAfter, limit);
  }

  /** Driver part of list, with checked arguments. */
  protected abstract listPage(prefix: string, startAfter: string | undefined, limit: number): Promise<FileListPage>;

  /** Computes the file's sha256 (streaming) and describes it for another service, which calls copyFrom. */
  async describeForHandoff(key: string, filename: string): Promise<FileHandoff> {
    const file = await this.get(key);
    const { sha256 } = await digestOf(file.stream);
    return { namespace: this.namespace, key, sha256, filename, content_type: file.contentType };
  }

  /**
   * Copies a file another service handed off into this service's namespace at destKey and checks its sha256
   * before returning. A mismatch removes the copy and throws FileHashMismatchError (the consumer's job fails and
   * BullMQ retries). Idempotent: when destKey already holds bytes with the announced hash, nothing is copied.
   * The only place a service reads another's namespace (ARCHITECTURE.md section 4).
   */
  async copyFrom(handoff: FileHandoff, destKey: string): Promise<StoredFile> {
    assertValidHandoff(handoff);
    assertValidKey(destKey);
    const existing = await this.stat(destKey);
    if (existing) {
      const current = await this.get(destKey).then((file) => digestOf(file.stream));
      if (current.sha256 === handoff.sha256)
        return { key: destKey, size: current.size, contentType: existing.contentType, sha256: current.sha256 };
    }
    return this.copyIntoNamespace(handoff, destKey);
  }

  /** Driver part of copyFrom: copy, check handoff.sha256, and leave nothing at destKey on a mismatch. */
  protected abstract copyIntoNamespace(handoff: FileHandoff, destKey: string): Promise<StoredFile>;

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

/** The most files one list page holds (S3's own limit). */
const LIST_MAX = 1000;
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Keys are relative, slash-separated, and no segment starts with a dot (so no '..'). */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.length > 512 || !KEY.test(key)) throw new Error(`invalid storage key "${key}"`);
}

export function isValidKey(key: string): boolean {
  return typeof key === 'string' && key.length <= 512 && KEY.test(key);
}

/** A handoff names a known service, a valid key and a hex sha256 (it arrives in an event payload). */
export function assertValidHandoff(handoff: FileHandoff): void {
  if (!SERVICE_NAMES.includes(handoff?.namespace)) throw new Error(`invalid file handoff namespace "${handoff?.namespace}"`);
  assertValidKey(handoff.key);
  if (typeof handoff.sha256 !== 'string' || !SHA256.test(handoff.sha256))
    throw new Error(`invalid file handoff sha256 "${handoff.sha256}"`);
  if (typeof handoff.content_type !== 'string' || !handoff.content_type) throw new Error('invalid file handoff content_type');
}

/** sha256 (lower-case hex) and size of a stream, read to its end. */
export async function digestOf(stream: AsyncIterable<Uint8Array>): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.byteLength;
  }
  return { sha256: hash.digest('hex'), size };
}
