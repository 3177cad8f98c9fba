import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NotFoundException } from '@nestjs/common';
import { UPLOAD_PURPOSES, type FileHandoff, type ServiceName, type UploadPurpose } from '@app/contracts';
import { contentDispositionOf } from './content-disposition';
import { sniffFileType, SNIFF_BYTES } from './image-sniffer';
import { FileHashMismatchError, FileTooLargeException, InvalidFileUrlException } from './storage.errors';
import type {
  DownloadUrlOptions,
  FileInfo,
  FileListPage,
  FileStream,
  ListedFile,
  StorageOptions,
  StoredFile,
  UploadUrlRequest,
  VerifiedUpload,
} from './storage.options';
import { assertValidKey, isValidKey, StorageService } from './storage.service';
import { acceptedContentType, assertSizeAllowed, assertWellFormed, uploadPolicyOf, type UploadedBytes } from './upload-policy';

/** Query parameters of a local signed URL. */
export interface SignedQuery {
  expires?: string;
  /** PUT: the size limit. */
  max?: string;
  /** PUT: the upload purpose; absent for 'image'. */
  purpose?: string;
  /** GET: 'inline' or 'attachment'. */
  disposition?: string;
  /** GET: the download name. */
  filename?: string;
  /** GET: the Content-Type to answer with. */
  type?: string;
  sig?: string;
}

/** A signed GET, opened: the file and the headers to answer with. */
export interface SignedDownload extends FileStream {
  contentDisposition: string;
}

/** Past this many bytes beyond the limit the upload connection is cut instead of drained. */
const DRAIN_ALLOWANCE = 2 * 1024 * 1024;

/** Types a browser may render in place; any other type is always served as an attachment. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/csv']);

/** Holds each file's content type (written by put and copyFrom); key segments never start with a dot. */
const META_DIR = '.meta';

/** A write in progress (put, copyFrom, an upload): '<file>.<uuid>.part', renamed to the file once complete. */
const PART_FILE = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/**
 * Local-disk driver: files under <storageDir>/<service>/<key>, URLs /api/<service>/files/<key>?expires&max&sig
 * signed with HMAC-SHA256 and served by the owning service's FilesController. An upload URL can store one
 * file: a PUT to a key that already holds one is refused.
 */
export class LocalStorageDriver extends StorageService {
  readonly driver = 'local' as const;

  constructor(
    private readonly options: StorageOptions,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  get namespace(): ServiceName {
    return this.options.service;
  }

  /** The route prefix the FilesController serves, e.g. /api/identity/files/. */
  get routePrefix(): string {
    return `/api/${this.options.service}/files/`;
  }

  async createUploadUrl({ key, purpose = 'image', maxBytes, expiresInSeconds }: UploadUrlRequest): Promise<string> {
    assertValidKey(key);
    const policy = uploadPolicyOf(purpose, maxBytes);
    // 'image' stays implicit so that image URLs keep their shape (?expires&max&sig); the signature covers it anyway.
    return this.signedUrl('PUT', key, expiresInSeconds, {
      max: String(policy.maxBytes),
      ...(purpose !== 'image' ? { purpose } : {}),
    });
  }

  protected async signDownloadUrl(
    key: string,
    { expiresInSeconds, filename, disposition, contentType }: DownloadUrlOptions,
  ): Promise<string> {
    return this.signedUrl('GET', key, expiresInSeconds, {
      ...(disposition ? { disposition } : {}),
      ...(filename !== undefined ? { filename } : {}),
      ...(contentType ? { type: contentType } : {}),
    });
  }

  async verifyUpload(key: string, purpose: UploadPurpose = 'image', maxBytes?: number): Promise<VerifiedUpload> {
    assertValidKey(key);
    const policy = uploadPolicyOf(purpose, maxBytes);
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new NotFoundException('File not found');
    try {
      assertSizeAllowed(policy, info.size);
      const contentType = acceptedContentType(policy, await this.headOf(file));
      await assertWellFormed(policy, contentType, bytesOf(file));
      return { key, size: info.size, contentType };
    } catch (error) {
      await this.delete(key);
      throw error;
    }
  }

  async put(key: string, body: Readable | Buffer, { contentType }: { contentType: string }): Promise<StoredFile> {
    assertValidKey(key);
    const file = this.fileOf(key);
    const temp = await this.tempFileFor(file);
    try {
      const { sha256, size } = await writeHashed(chunksOf(body), temp);
      await this.writeMeta(key, contentType);
      await rename(temp, file);
      return { key, size, contentType, sha256 };
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<FileStream> {
    assertValidKey(key);
    const info = await this.stat(key);
    if (!info) throw new NotFoundException('File not found');
    return { ...info, stream: createReadStream(this.fileOf(key)) };
  }

  async stat(key: string): Promise<FileInfo | null> {
    assertValidKey(key);
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, contentType: await this.contentTypeOf(key, file) };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await unlink(this.fileOf(key)).catch(() => undefined);
    await unlink(this.metaOf(key)).catch(() => undefined);
  }

  /** Walks the folder the prefix ends in (every page walks it whole: this is the development driver), in key order. */
  protected async listPage(prefix: string, startAfter: string | undefined, limit: number): Promise<FileListPage> {
    const keys: string[] = [];
    const walk = async (folder: string): Promise<void> => {
      const entries: Dirent[] = await readdir(
        path.join(this.options.storageDir, this.options.service, ...folder.split('/').filter(Boolean)),
        {
          withFileTypes: true,
        },
      ).catch(() => []);
      for (const entry of entries) {
        // Key segments never start with a dot: .meta holds the content types.
        if (entry.name.startsWith('.')) continue;
        const key = `${folder}${entry.name}`;
        if (entry.isDirectory()) {
          if (`${key}/`.startsWith(prefix)) await walk(`${key}/`);
        } else if (
          entry.isFile() &&
          key.startsWith(prefix) &&
          !PART_FILE.test(entry.name) &&
          isValidKey(key) &&
          (startAfter === undefined || key > startAfter)
        ) {
          keys.push(key);
        }
      }
    };
    await walk(prefix.slice(0, prefix.lastIndexOf('/') + 1));
    keys.sort();
    const files: ListedFile[] = [];
    for (const key of keys.slice(0, limit)) {
      const info = await stat(this.fileOf(key)).catch(() => null);
      if (info?.isFile()) files.push({ key, size: info.size, lastModified: new Date(info.mtimeMs) });
    }
    return { files, next: keys.length > limit ? keys[limit - 1] : null };
  }

  /** Streams the other namespace's file into a temporary file, hashing it; only a matching copy takes destKey. */
  protected async copyIntoNamespace(handoff: FileHandoff, destKey: string): Promise<StoredFile> {
    const source = path.join(this.options.storageDir, handoff.namespace, ...handoff.key.split('/'));
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) throw new NotFoundException('File not found');
    const file = this.fileOf(destKey);
    const temp = await this.tempFileFor(file);
    try {
      const { sha256, size } = await writeHashed(createReadStream(source), temp);
      if (sha256 !== handoff.sha256) {
        await this.delete(destKey);
        throw new FileHashMismatchError(destKey, handoff.sha256, sha256);
      }
      await this.writeMeta(destKey, handoff.content_type);
      await rename(temp, file);
      return { key: destKey, size, contentType: handoff.content_type, sha256 };
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  }

  /**
   * Stores the body of a signed PUT: checks signature and expiry, then the purpose's size limit (413, while
   * streaming) and bytes (415) while writing to a temporary file, which becomes the key's file only when both
   * pass and the key holds no file yet (403 otherwise: the URL has been used).
   */
  async storeUpload(key: string, query: SignedQuery, body: unknown, declaredLength?: number): Promise<VerifiedUpload> {
    const policy = this.checkUploadSignature(key, query);
    const file = this.fileOf(key);
    if (await stat(file).catch(() => null)) throw new InvalidFileUrlException();
    const temp = await this.tempFileFor(file);
    let size = 0;
    let head = Buffer.alloc(0);
    let tooLarge = declaredLength !== undefined && declaredLength > policy.maxBytes;
    const out = tooLarge ? null : createWriteStream(temp);
    try {
      for await (const chunk of chunksOf(body)) {
        size += chunk.length;
        if (size > policy.maxBytes) tooLarge = true;
        if (tooLarge) {
          // Drain a little so the client reads the 413; cut a runaway body.
          if (size > policy.maxBytes + DRAIN_ALLOWANCE && body instanceof Readable) body.destroy();
          continue;
        }
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (!out!.write(chunk)) await once(out!, 'drain');
      }
      if (out) {
        out.end();
        await once(out, 'close');
      }
      if (tooLarge) throw new FileTooLargeException(policy.maxBytes, policy.purpose);
      const contentType = acceptedContentType(policy, head);
      await assertWellFormed(policy, contentType, bytesOf(temp));
      // link (unlike rename) never replaces: of two PUTs racing on one URL, one wins.
      await link(temp, file).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new InvalidFileUrlException() : error;
      });
      await this.writeMeta(key, contentType);
      return { key, size, contentType };
    } finally {
      out?.destroy();
      await unlink(temp).catch(() => undefined);
    }
  }

  /** Opens a file for a signed GET, with its content type and Content-Disposition. */
  async openDownload(key: string, query: SignedQuery): Promise<SignedDownload> {
    this.checkSignature('GET', key, query, { disposition: query.disposition, filename: query.filename, type: query.type });
    const file = await this.get(key);
    const contentType = query.type || file.contentType;
    // Only passive types render in place; anything else (HTML, SVG) is saved, never run on this origin.
    const disposition = query.disposition === 'attachment' || !INLINE_TYPES.has(contentType) ? 'attachment' : 'inline';
    return { ...file, contentType, contentDisposition: contentDispositionOf(disposition, query.filename) };
  }

  private checkUploadSignature(key: string, query: SignedQuery) {
    const purpose = (query.purpose ?? 'image') as UploadPurpose;
    if (!UPLOAD_PURPOSES.includes(purpose)) throw new InvalidFileUrlException();
    this.checkSignature('PUT', key, query, { max: query.max, ...(query.purpose !== undefined ? { purpose } : {}) });
    return uploadPolicyOf(purpose, Number(query.max));
  }

  /** Throws 403 unless the query carries a valid, unexpired signature of exactly these parameters. */
  private checkSignature(method: 'PUT' | 'GET', key: string, query: SignedQuery, params: Record<string, string | undefined>): void {
    if (!isValidKey(key) || !query.sig || !query.expires) throw new InvalidFileUrlException();
    const expected = this.signature(method, key, query.expires, params);
    const given = Buffer.from(query.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) throw new InvalidFileUrlException();
    if (!(Number(query.expires) * 1000 > this.now())) throw new InvalidFileUrlException();
  }

  private signedUrl(method: 'PUT' | 'GET', key: string, expiresInSeconds: number, params: Record<string, string>): string {
    const expires = String(Math.floor(this.now() / 1000) + expiresInSeconds);
    const query = new URLSearchParams({ expires, ...params });
    query.set('sig', this.signature(method, key, expires, params));
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${this.options.publicUrl.replace(/\/$/, '')}${this.routePrefix}${encodedKey}?${query.toString()}`;
  }

  private signature(method: string, key: string, expires: string, params: Record<string, string | undefined>): string {
    // JSON keeps the fields apart whatever they contain (a filename may hold newlines).
    const signed = [
      method,
      this.options.service,
      key,
      expires,
      ...['max', 'purpose', 'disposition', 'filename', 'type'].map((name) => params[name] ?? null),
    ];
    return createHmac('sha256', this.options.signingSecret).update(JSON.stringify(signed)).digest('base64url');
  }

  private fileOf(key: string): string {
    return path.join(this.options.storageDir, this.options.service, ...key.split('/'));
  }

  private metaOf(key: string): string {
    return path.join(this.options.storageDir, this.options.service, META_DIR, `${key}.json`);
  }

  private async tempFileFor(file: string): Promise<string> {
    await mkdir(path.dirname(file), { recursive: true });
    return `${file}.${randomUUID()}.part`;
  }

  private async writeMeta(key: string, contentType: string): Promise<void> {
    const meta = this.metaOf(key);
    await mkdir(path.dirname(meta), { recursive: true });
    await writeFile(meta, JSON.stringify({ content_type: contentType }));
  }

  /** The type recorded when the file was written, else sniffed from its bytes. */
  private async contentTypeOf(key: string, file: string): Promise<string> {
    const meta = await readFile(this.metaOf(key), 'utf8').catch(() => null);
    if (meta) {
      const type = (JSON.parse(meta) as { content_type?: unknown }).content_type;
      if (typeof type === 'string' && type) return type;
    }
    return sniffFileType(await this.headOf(file)) ?? 'application/octet-stream';
  }

  private async headOf(file: string): Promise<Buffer> {
    const handle = await open(file, 'r');
    try {
      const buffer = Buffer.alloc(SNIFF_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }
}

/** Writes chunks to a new file and returns their sha256 and size. */
async function writeHashed(chunks: AsyncIterable<Uint8Array>, file: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  const out = createWriteStream(file);
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.byteLength;
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');
  } finally {
    out.destroy();
  }
  return { sha256: hash.digest('hex'), size };
}

/** A request body as chunks: a stream (the files route's raw body) or an already parsed value. */
async function* chunksOf(body: unknown): AsyncGenerator<Buffer> {
  if (body instanceof Readable) {
    for await (const chunk of body) yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  } else if (Buffer.isBuffer(body)) {
    yield body;
  } else if (typeof body === 'string') {
    yield Buffer.from(body);
  } else if (body !== undefined && body !== null) {
    yield Buffer.from(JSON.stringify(body));
  }
}

/** A stored file's bytes for the whole-file check. */
function bytesOf(file: string): UploadedBytes {
  return {
    whole: () => readFile(file),
    tail: async (bytes) => {
      const handle = await open(file, 'r');
      try {
        const { size } = await handle.stat();
        const length = Math.min(bytes, size);
        const buffer = Buffer.alloc(length);
        await handle.read(buffer, 0, length, size - length);
        return buffer;
      } finally {
        await handle.close();
      }
    },
  };
}
