import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { Readable } from 'node:stream';
import { NotFoundException } from '@nestjs/common';
import { sniffImageType, SNIFF_BYTES } from './image-sniffer';
import { FileTooLargeException, InvalidFileUrlException, NotAnImageException } from './storage.errors';
import type { StorageOptions, UploadUrlRequest, VerifiedUpload } from './storage.options';
import { assertValidKey, isValidKey, StorageService } from './storage.service';

/** Query parameters of a local signed URL. */
export interface SignedQuery {
  expires?: string;
  max?: string;
  sig?: string;
}

/** Past this many bytes beyond the limit the upload connection is cut instead of drained. */
const DRAIN_ALLOWANCE = 2 * 1024 * 1024;

/**
 * Local-disk driver: files under <storageDir>/<service>/<key>, URLs /api/<service>/files/<key>?expires&max&sig
 * signed with HMAC-SHA256 and served by the owning service's FilesController.
 */
export class LocalStorageDriver extends StorageService {
  readonly driver = 'local' as const;

  constructor(
    private readonly options: StorageOptions,
    private readonly now: () => number = Date.now,
  ) {
    super();
  }

  /** The route prefix the FilesController serves, e.g. /api/identity/files/. */
  get routePrefix(): string {
    return `/api/${this.options.service}/files/`;
  }

  async createUploadUrl({ key, maxBytes, expiresInSeconds }: UploadUrlRequest): Promise<string> {
    assertValidKey(key);
    return this.signedUrl('PUT', key, expiresInSeconds, String(maxBytes));
  }

  async createDownloadUrl(key: string, expiresInSeconds = 3600): Promise<string> {
    assertValidKey(key);
    return this.signedUrl('GET', key, expiresInSeconds, undefined);
  }

  async verifyImage(key: string, maxBytes: number): Promise<VerifiedUpload> {
    assertValidKey(key);
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new NotFoundException('File not found');
    if (info.size > maxBytes) {
      await unlink(file).catch(() => undefined);
      throw new FileTooLargeException(maxBytes);
    }
    const contentType = sniffImageType(await this.headOf(file));
    if (!contentType) {
      await unlink(file).catch(() => undefined);
      throw new NotAnImageException();
    }
    return { key, size: info.size, contentType };
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await unlink(this.fileOf(key)).catch(() => undefined);
  }

  /**
   * Stores the body of a signed PUT: checks signature and expiry, then size (413) and image bytes (415)
   * while writing to a temporary file, which replaces the key's file only when both pass.
   */
  async storeUpload(key: string, query: SignedQuery, body: unknown, declaredLength?: number): Promise<VerifiedUpload> {
    const maxBytes = this.checkSignature('PUT', key, query);
    const file = this.fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomUUID()}.part`;
    let size = 0;
    let head = Buffer.alloc(0);
    let tooLarge = declaredLength !== undefined && declaredLength > maxBytes;
    const out = tooLarge ? null : createWriteStream(temp);
    try {
      for await (const chunk of chunksOf(body)) {
        size += chunk.length;
        if (size > maxBytes) tooLarge = true;
        if (tooLarge) {
          // Drain a little so the client reads the 413; cut a runaway body.
          if (size > maxBytes + DRAIN_ALLOWANCE && body instanceof Readable) body.destroy();
          continue;
        }
        if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        if (!out!.write(chunk)) await once(out!, 'drain');
      }
      if (out) {
        out.end();
        await once(out, 'close');
      }
      if (tooLarge) throw new FileTooLargeException(maxBytes);
      const contentType = sniffImageType(head);
      if (!contentType) throw new NotAnImageException();
      await rename(temp, file);
      return { key, size, contentType };
    } catch (error) {
      out?.destroy();
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  /** Opens a file for a signed GET, with the content type sniffed from its bytes. */
  async openDownload(key: string, query: SignedQuery): Promise<{ stream: Readable; size: number; contentType: string }> {
    this.checkSignature('GET', key, query);
    const file = this.fileOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new NotFoundException('File not found');
    const contentType = sniffImageType(await this.headOf(file)) ?? 'application/octet-stream';
    return { stream: createReadStream(file), size: info.size, contentType };
  }

  /** Returns the signed max bytes ('' for GET) or throws 403. */
  private checkSignature(method: 'PUT' | 'GET', key: string, query: SignedQuery): number {
    if (!isValidKey(key) || !query.sig || !query.expires) throw new InvalidFileUrlException();
    const expected = this.signature(method, key, query.expires, query.max);
    const given = Buffer.from(query.sig);
    if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected))) throw new InvalidFileUrlException();
    if (!(Number(query.expires) * 1000 > this.now())) throw new InvalidFileUrlException();
    return Number(query.max);
  }

  private signedUrl(method: 'PUT' | 'GET', key: string, expiresInSeconds: number, max: string | undefined): string {
    const expires = String(Math.floor(this.now() / 1000) + expiresInSeconds);
    const params = new URLSearchParams({ expires, ...(max !== undefined ? { max } : {}) });
    params.set('sig', this.signature(method, key, expires, max));
    const encodedKey = key.split('/').map(encodeURIComponent).join('/');
    return `${this.options.publicUrl.replace(/\/$/, '')}${this.routePrefix}${encodedKey}?${params.toString()}`;
  }

  private signature(method: string, key: string, expires: string, max: string | undefined): string {
    return createHmac('sha256', this.options.signingSecret)
      .update([method, this.options.service, key, expires, max ?? ''].join('\n'))
      .digest('base64url');
  }

  private fileOf(key: string): string {
    return path.join(this.options.storageDir, this.options.service, ...key.split('/'));
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
