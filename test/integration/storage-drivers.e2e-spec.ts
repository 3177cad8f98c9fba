import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { HttpException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { UploadPurpose } from '@app/contracts';
import { createHttpApp, type ServiceConfig } from '@app/platform';
import {
  FileHashMismatchError,
  LocalStorageDriver,
  S3StorageDriver,
  StorageModule,
  StorageService,
  type StorageOptions,
} from '@app/storage';

// s3rver (v3) ships no types; only what this test uses.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver: new (options: Record<string, unknown>) => S3rverInstance = require('s3rver');

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
// A real JPEG: uploads are checked from end to end, not only by their first bytes.
const JPEG = readFileSync(path.join(__dirname, '../../libs/storage/src/fixtures/python.jpg'));
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>%PDF-1.4</body></html>');
const BUCKET = 'realty';
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const SECRET = 'storage-drivers-test-signing-secret-0123456789';

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (stream: AsyncIterable<Uint8Array>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
/** A deterministic stream of `size` bytes in 64 KiB chunks, never held in memory at once. */
function patternStream(size: number): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < size; offset += 65_536) {
        const chunk = Buffer.alloc(Math.min(65_536, size - offset));
        for (let i = 0; i < chunk.length; i += 1) chunk[i] = (offset + i) % 251;
        yield chunk;
      }
    })(),
  );
}

/** The outcome of the client's upload flow: PUT to the signed URL, then the confirm (verifyUpload). */
interface UploadOutcome {
  status: number;
  message?: string;
  contentType?: string;
}

/** What differs between the drivers; every test below runs against both. */
interface Harness {
  /** The receiving service's storage ('transactions'). */
  storage: StorageService;
  /** Another service's storage ('esign'), the sender of a handoff. */
  sender: StorageService;
  upload(key: string, bytes: Buffer, purpose: UploadPurpose, declaredType: string, maxBytes?: number): Promise<UploadOutcome>;
  download(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }>;
  /** Every object stored in the receiving namespace, metadata and temporary files included. */
  storedUnder(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

function outcomeOf(error: unknown): UploadOutcome {
  if (!(error instanceof HttpException)) throw error;
  return { status: error.getStatus(), message: (error.getResponse() as { message: string }).message };
}

/** The local driver behind a real Fastify app serving /api/transactions/files/<key>. */
async function localHarness(): Promise<Harness & { app: NestFastifyApplication; options: StorageOptions }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-drivers-local-'));
  const options: StorageOptions = { service: 'transactions', driver: 'local', storageDir: dir, signingSecret: SECRET, publicUrl: '' };
  const config = {
    service: 'transactions',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUSTED_PROXIES: 'loopback',
  } as unknown as ServiceConfig;
  const app = await createHttpApp({ config, module: StorageModule.forRoot(options) });
  const storage = app.get(StorageService);
  const server = app.getHttpServer();
  return {
    app,
    options,
    storage,
    sender: new LocalStorageDriver({ ...options, service: 'esign' }),
    async upload(key, bytes, purpose, declaredType, maxBytes) {
      const url = await storage.createUploadUrl({ key, contentType: declaredType, purpose, maxBytes, expiresInSeconds: 900 });
      const response = await request(server).put(url).set('content-type', declaredType).send(bytes);
      if (response.status !== 200) return { status: response.status, message: response.body.message };
      // The confirm is harmless after a local PUT, and must agree with it.
      const confirmed = await storage.verifyUpload(key, purpose, maxBytes);
      expect(confirmed.contentType).toBe(response.body.content_type);
      return { status: 200, contentType: response.body.content_type };
    },
    async download(url) {
      const response = await request(server)
        .get(url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      return { status: response.status, headers: response.headers as Record<string, string>, body: response.body as Buffer };
    },
    async storedUnder(prefix) {
      const root = path.join(dir, 'transactions');
      if (!existsSync(root)) return [];
      const entries = readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      return entries.map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))).filter((file) => file.includes(prefix));
    },
    async close() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The S3 driver against s3rver: the client PUTs to the presigned URL, the confirm checks the object. */
async function s3Harness(): Promise<Harness & { s3: S3Client }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storage-drivers-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  const s3Options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: BUCKET,
    accessKey: CREDENTIALS.accessKeyId,
    secretKey: CREDENTIALS.secretAccessKey,
    region: 'us-east-1',
  };
  const s3 = new S3Client({ region: 'us-east-1', endpoint: s3Options.endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  const storage = new S3StorageDriver(s3Options, 'transactions');
  return {
    s3,
    storage,
    sender: new S3StorageDriver(s3Options, 'esign'),
    async upload(key, bytes, purpose, declaredType, maxBytes) {
      const url = await storage.createUploadUrl({ key, contentType: declaredType, purpose, maxBytes, expiresInSeconds: 900 });
      const put = await fetch(url, { method: 'PUT', headers: { 'content-type': declaredType }, body: bytes });
      expect(put.status).toBe(200);
      return storage.verifyUpload(key, purpose, maxBytes).then(({ contentType }) => ({ status: 200, contentType }), outcomeOf);
    },
    async download(url) {
      const response = await fetch(url);
      return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
    },
    async storedUnder(prefix) {
      // What upload URLs staged counts too: a refused upload leaves nothing anywhere.
      const keys: string[] = [];
      for (const root of ['transactions', 'uploads/transactions']) {
        const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${root}/${prefix}` }));
        keys.push(...(listed.Contents ?? []).map((object) => object.Key!));
      }
      return keys;
    },
    async close() {
      s3.destroy();
      await s3rver.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['local', localHarness],
  ['s3', s3Harness],
] as const)('StorageService (%s driver)', (driver, boot) => {
  // 50 MB uploads through a filesystem-backed server.
  jest.setTimeout(60_000);
  let sut: Harness;
  let n = 0;
  const uniqueKey = (name: string) => `t${Date.now()}-${(n += 1)}/${name}`;

  beforeAll(async () => {
    sut = await boot();
  });
  afterAll(() => sut?.close());

  describe('document uploads', () => {
    it.each([
      ['a PDF', PDF, 'application/pdf'],
      ['a PNG', PNG, 'image/png'],
      ['a JPEG', JPEG, 'image/jpeg'],
    ])('accepts %s, judged by its bytes', async (_name, bytes, contentType) => {
      const key = uniqueKey('doc');
      // The declared type is the client's word only: a PNG declared as PDF is stored as a PNG.
      expect(await sut.upload(key, bytes, 'document', 'application/pdf')).toEqual({ status: 200, contentType });
      expect(await sut.storage.stat(key)).toEqual({ size: bytes.length, contentType });
      expect(await readAll((await sut.storage.get(key)).stream)).toEqual(bytes);
    });

    it.each([
      ['a GIF', GIF, 'image/gif'],
      ['HTML named .pdf', HTML, 'application/pdf'],
      ['an empty file', Buffer.alloc(0), 'application/pdf'],
    ])("refuses %s with 415 'allowed file types: PDF & Image (JPG, PNG)' and keeps nothing", async (_name, bytes, declaredType) => {
      const key = uniqueKey('refused.pdf');
      expect(await sut.upload(key, bytes, 'document', declaredType)).toEqual({
        status: 415,
        message: 'allowed file types: PDF & Image (JPG, PNG)',
      });
      expect(await sut.storage.exists(key)).toBe(false);
      expect(await sut.storedUnder(key.split('/')[0])).toEqual([]);
    });

    it("refuses 50,000,001 bytes with 413 'File is larger than 50,000,000 bytes' and keeps nothing", async () => {
      const key = uniqueKey('big.pdf');
      const big = Buffer.alloc(50_000_001, 0x20);
      PDF.copy(big);
      expect(await sut.upload(key, big, 'document', 'application/pdf')).toEqual({
        status: 413,
        message: 'File is larger than 50,000,000 bytes',
      });
      expect(await sut.storage.exists(key)).toBe(false);
      expect(await sut.storedUnder(key.split('/')[0])).toEqual([]);
    });

    it('with a lower limit, accepts exactly the limit and refuses one byte more', async () => {
      const atLimit = Buffer.alloc(1000, 0x20);
      PDF.copy(atLimit);
      expect(await sut.upload(uniqueKey('max.pdf'), atLimit, 'document', 'application/pdf', 1000)).toEqual({
        status: 200,
        contentType: 'application/pdf',
      });
      const key = uniqueKey('over.pdf');
      expect(await sut.upload(key, Buffer.concat([atLimit, Buffer.from(' ')]), 'document', 'application/pdf', 1000)).toEqual({
        status: 413,
        message: 'File is larger than 1,000 bytes',
      });
      expect(await sut.storedUnder(key.split('/')[0])).toEqual([]);
    });

    it('keeps the image messages for images: a PDF is not an image', async () => {
      const key = uniqueKey('avatar');
      expect(await sut.upload(key, PDF, 'image', 'image/png')).toEqual({ status: 415, message: 'Only image files are allowed.' });
      expect(await sut.upload(uniqueKey('avatar'), GIF, 'image', 'image/gif')).toEqual({ status: 200, contentType: 'image/gif' });
    });
  });

  describe('put and get', () => {
    it('round-trips a stream of unknown length (several S3 parts) with its size, type and sha256', async () => {
      const size = 17 * 1024 * 1024 + 12_345;
      const expected = await readAll(patternStream(size));
      const key = uniqueKey('export.csv');
      const stored = await sut.storage.put(key, patternStream(size), { contentType: 'text/csv' });
      expect(stored).toEqual({ key, size, contentType: 'text/csv', sha256: sha256Of(expected) });
      const file = await sut.storage.get(key);
      expect({ size: file.size, contentType: file.contentType }).toEqual({ size, contentType: 'text/csv' });
      expect(sha256Of(await readAll(file.stream))).toBe(sha256Of(expected));
    });

    it('round-trips a small stream and a buffer; a missing key is null to stat and 404 to get', async () => {
      const key = uniqueKey('small.pdf');
      expect(
        await sut.storage.put(key, Readable.from([PDF.subarray(0, 7), PDF.subarray(7)]), { contentType: 'application/pdf' }),
      ).toMatchObject({
        size: PDF.length,
        sha256: sha256Of(PDF),
      });
      expect(await readAll((await sut.storage.get(key)).stream)).toEqual(PDF);
      await sut.storage.put(key, PNG, { contentType: 'image/png' });
      expect(await sut.storage.stat(key)).toEqual({ size: PNG.length, contentType: 'image/png' });
      await sut.storage.delete(key);
      expect(await sut.storage.stat(key)).toBeNull();
      await expect(sut.storage.get(key)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('list', () => {
    it('lists the files under a prefix in key order, with size and time, and nothing of another prefix or namespace', async () => {
      const root = uniqueKey('listed');
      const folder = `${root}/`;
      const started = Date.now();
      for (const key of ['b/2.pdf', 'a/10.pdf', 'a/1.pdf'])
        await sut.storage.put(`${folder}${key}`, PDF, { contentType: 'application/pdf' });
      await sut.storage.put(`${root}-other/x.pdf`, PDF, { contentType: 'application/pdf' });
      await sut.sender.put(`${folder}c/3.pdf`, PDF, { contentType: 'application/pdf' });

      const all = await sut.storage.list(folder);
      expect({ keys: all.files.map((file) => file.key), next: all.next }).toEqual({
        keys: [`${folder}a/1.pdf`, `${folder}a/10.pdf`, `${folder}b/2.pdf`],
        next: null,
      });
      // The page after a key (a shorter limit is checked on the local driver and the S3 request in unit tests: s3rver 3.7
      // cannot answer a truncated listing on OpenSSL 3, its continuation token being DES-encrypted).
      const after = await sut.storage.list(folder, { startAfter: `${folder}a/10.pdf` });
      expect(after).toEqual({ files: [{ key: `${folder}b/2.pdf`, size: PDF.length, lastModified: expect.any(Date) }], next: null });
      // S3 keeps whole seconds.
      expect(after.files[0].lastModified.getTime()).toBeGreaterThanOrEqual(started - 1000);
      expect(after.files[0].lastModified.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

      await sut.storage.delete(`${folder}a/1.pdf`);
      expect((await sut.storage.list(folder)).files.map((file) => file.key)).toEqual([`${folder}a/10.pdf`, `${folder}b/2.pdf`]);
    });
  });

  describe('download URLs', () => {
    it('serves the bytes with Content-Type and a Content-Disposition naming the file', async () => {
      const key = uniqueKey('offer');
      await sut.storage.put(key, PDF, { contentType: 'application/pdf' });
      const url = await sut.storage.createDownloadUrl(key, {
        expiresInSeconds: 300,
        filename: 'Offer (signed).pdf',
        disposition: 'attachment',
      });
      const response = await sut.download(url);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(PDF);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Offer (signed).pdf"; filename*=UTF-8''Offer%20%28signed%29.pdf`,
      );
    });

    it('refuses an expired URL', async () => {
      const key = uniqueKey('short-lived');
      await sut.storage.put(key, PDF, { contentType: 'application/pdf' });
      const url = await sut.storage.createDownloadUrl(key, { expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await sut.download(url)).status).toBe(403);
    });
  });

  describe('file handoff', () => {
    it('copies a file of another namespace, checks its sha256, and a second copy succeeds', async () => {
      const source = uniqueKey('sealed.pdf');
      await sut.sender.put(source, Readable.from([PDF]), { contentType: 'application/pdf' });
      const handoff = await sut.sender.describeForHandoff(source, 'Offer (signed).pdf');
      expect(handoff).toEqual({
        namespace: 'esign',
        key: source,
        sha256: sha256Of(PDF),
        filename: 'Offer (signed).pdf',
        content_type: 'application/pdf',
      });

      const dest = uniqueKey('documents/1.pdf');
      const copied = await sut.storage.copyFrom(handoff, dest);
      expect(copied).toEqual({ key: dest, size: PDF.length, contentType: 'application/pdf', sha256: sha256Of(PDF) });
      expect(await readAll((await sut.storage.get(dest)).stream)).toEqual(PDF);
      // A redelivered event copies again: same result, nothing duplicated.
      expect(await sut.storage.copyFrom(handoff, dest)).toEqual(copied);
      expect(await sut.storedUnder(dest.split('/')[0])).toHaveLength(driver === 'local' ? 2 : 1); // local: file + its content type
    });

    it('throws FileHashMismatchError when the bytes are not the announced ones, and leaves nothing at destKey', async () => {
      const source = uniqueKey('sealed.pdf');
      await sut.sender.put(source, PDF, { contentType: 'application/pdf' });
      const handoff = { ...(await sut.sender.describeForHandoff(source, 'x.pdf')), sha256: sha256Of(Buffer.from('other bytes')) };
      const dest = uniqueKey('documents/2.pdf');
      const error = await sut.storage.copyFrom(handoff, dest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileHashMismatchError);
      expect(error).toMatchObject({ expected: handoff.sha256, key: dest });
      expect(await sut.storage.exists(dest)).toBe(false);
      expect(await sut.storedUnder(dest.split('/')[0])).toEqual([]);
    });

    it('answers 404 for a handoff whose file does not exist', async () => {
      const handoff = {
        namespace: 'esign' as const,
        key: uniqueKey('none.pdf'),
        sha256: sha256Of(PDF),
        filename: 'x.pdf',
        content_type: 'application/pdf',
      };
      await expect(sut.storage.copyFrom(handoff, uniqueKey('documents/3.pdf'))).rejects.toMatchObject({ status: 404 });
    });
  });
});

describe('local driver over HTTP', () => {
  let sut: Awaited<ReturnType<typeof localHarness>>;
  beforeAll(async () => {
    sut = await localHarness();
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sut?.close());

  /** PUT without Content-Length (chunked), so only the streaming count can stop it. */
  const putChunked = (url: string, chunks: Buffer[]) =>
    new Promise<{ status: number; body: { message?: string } }>((resolve, reject) => {
      const { port } = sut.app.getHttpServer().address() as AddressInfo;
      const req = http.request(
        { host: '127.0.0.1', port, path: url, method: 'PUT', headers: { 'content-type': 'application/pdf' } },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (c: Buffer) => parts.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(parts).toString() || '{}') }));
        },
      );
      req.on('error', reject);
      Readable.from(chunks).pipe(req);
    });

  it('counts a chunked body while streaming: 413 past the signed limit, and nothing stored', async () => {
    const key = 'chunked/over.pdf';
    const url = await sut.storage.createUploadUrl({
      key,
      contentType: 'application/pdf',
      purpose: 'document',
      maxBytes: 100_000,
      expiresInSeconds: 60,
    });
    const chunks = [PDF, ...Array.from({ length: 10 }, () => Buffer.alloc(10_000, 0x20))];
    const response = await putChunked(url, chunks);
    expect(response).toEqual({ status: 413, body: { status: 'error', message: 'File is larger than 100,000 bytes' } });
    expect(await sut.storedUnder('chunked')).toEqual([]);
  });

  it('answers X-Content-Type-Options: nosniff, and serves HTML only as an attachment', async () => {
    await sut.storage.put('exports/page.html', HTML, { contentType: 'text/html' });
    const response = await sut.download(
      await sut.storage.createDownloadUrl('exports/page.html', { expiresInSeconds: 60, disposition: 'inline' }),
    );
    expect(response.status).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe('attachment');
  });

  it('refuses a download URL whose filename was changed, and a second PUT to a used upload URL', async () => {
    await sut.storage.put('docs/a.pdf', PDF, { contentType: 'application/pdf' });
    const url = await sut.storage.createDownloadUrl('docs/a.pdf', { expiresInSeconds: 60, filename: 'a.pdf' });
    expect((await sut.download(url.replace('filename=a.pdf', 'filename=a.html'))).status).toBe(403);

    const upload = await sut.storage.createUploadUrl({
      key: 'docs/once.pdf',
      contentType: 'application/pdf',
      purpose: 'document',
      expiresInSeconds: 60,
    });
    await request(sut.app.getHttpServer()).put(upload).set('content-type', 'application/pdf').send(PDF).expect(200);
    await request(sut.app.getHttpServer()).put(upload).set('content-type', 'application/pdf').send(PNG).expect(403);
    expect(await readAll((await sut.storage.get('docs/once.pdf')).stream)).toEqual(PDF);
  });
});

describe('S3 driver against s3rver', () => {
  let sut: Awaited<ReturnType<typeof s3Harness>>;
  beforeAll(async () => {
    sut = await s3Harness();
  });
  afterAll(() => sut?.close());

  it('the confirm replaces the declared Content-Type with the sniffed one', async () => {
    expect(await sut.upload('docs/png-as-pdf', PNG, 'document', 'application/pdf')).toEqual({ status: 200, contentType: 'image/png' });
    const head = await sut.s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'transactions/docs/png-as-pdf' }));
    expect(head.ContentType).toBe('image/png');
  });

  it('makes an upload URL single-use in effect: the confirmed bytes move to a key no URL writes, and a replayed PUT changes nothing', async () => {
    const url = await sut.storage.createUploadUrl({
      key: 'docs/once.pdf',
      contentType: 'application/pdf',
      purpose: 'document',
      expiresInSeconds: 900,
    });
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF })).status).toBe(200);
    // Not readable before the confirm checked it.
    expect(await sut.storage.stat('docs/once.pdf')).toBeNull();
    await sut.storage.verifyUpload('docs/once.pdf', 'document');
    expect(await sut.storedUnder('docs/once.pdf')).toEqual(['transactions/docs/once.pdf']);

    // The URL is still within its lifetime: the PUT lands in staging, never on the confirmed file.
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG })).status).toBe(200);
    expect(await readAll((await sut.storage.get('docs/once.pdf')).stream)).toEqual(PDF);
    // A second confirm keeps the first bytes and drops the staged ones.
    expect(await sut.storage.verifyUpload('docs/once.pdf', 'document')).toEqual({
      key: 'docs/once.pdf',
      size: PDF.length,
      contentType: 'application/pdf',
    });
    expect(await readAll((await sut.storage.get('docs/once.pdf')).stream)).toEqual(PDF);
    expect(await sut.storedUnder('docs/once.pdf')).toEqual(['transactions/docs/once.pdf']);

    // delete removes the file and anything staged for its key.
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PNG })).status).toBe(200);
    await sut.storage.delete('docs/once.pdf');
    expect(await sut.storedUnder('docs/once.pdf')).toEqual([]);
  });

  it('lists confirmed files only: what an upload URL staged is not one', async () => {
    const url = await sut.storage.createUploadUrl({
      key: 'staged/one.pdf',
      contentType: 'application/pdf',
      purpose: 'document',
      expiresInSeconds: 900,
    });
    expect((await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: PDF })).status).toBe(200);
    expect(await sut.storage.list('staged/')).toEqual({ files: [], next: null });
    await sut.storage.verifyUpload('staged/one.pdf', 'document');
    expect((await sut.storage.list('staged/')).files.map((file) => file.key)).toEqual(['staged/one.pdf']);
  });

  it('presigns the download with the configured lifetime and the response headers', async () => {
    await sut.storage.put('docs/b.pdf', PDF, { contentType: 'application/pdf' });
    const url = new URL(
      await sut.storage.createDownloadUrl('docs/b.pdf', {
        expiresInSeconds: 300,
        filename: 'b.pdf',
        disposition: 'inline',
        contentType: 'application/pdf',
      }),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    const response = await sut.download(url.toString());
    expect(response.headers['content-disposition']).toBe(`inline; filename="b.pdf"; filename*=UTF-8''b.pdf`);
  });
});
