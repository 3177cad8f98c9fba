import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { FileHandoff } from '@app/contracts';
import { contentDispositionOf } from './content-disposition';
import { sniffFileType, sniffImageType } from './image-sniffer';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { storageOptionsFrom } from './storage.config';
import { FileHashMismatchError } from './storage.errors';
import type { StorageOptions } from './storage.options';
import { uploadPolicyOf } from './upload-policy';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
// Real images (the whole file is checked, not only its first bytes): a 1x1 PNG and small JPEG, GIF and WEBP files.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const JPEG = fixture('python.jpg');
const GIF = fixture('python.gif');
const WEBP = fixture('python.webp');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n', 'latin1');
const HTML_AS_PDF = Buffer.from('<html><body>%PDF-1.7 <script>alert(1)</script></body></html>', 'latin1');
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const readAll = async (stream: AsyncIterable<Uint8Array>) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};

describe(sniffImageType.name, () => {
  const sut = sniffImageType;
  it.each([
    ['image/png', PNG_HEAD],
    ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])],
    ['image/gif', Buffer.from('GIF89a\x01\x00', 'latin1')],
    ['image/gif', Buffer.from('GIF87a\x01\x00', 'latin1')],
    ['image/webp', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1')],
  ])('recognises %s', (type, bytes) => {
    expect(sut(bytes)).toBe(type);
  });
  it.each([
    ['text', Buffer.from('hello world, not an image')],
    ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['empty', Buffer.alloc(0)],
    ['riff wav', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')],
  ])('refuses %s', (_name, bytes) => {
    expect(sut(bytes)).toBeNull();
  });
});

describe(sniffFileType.name, () => {
  const sut = sniffFileType;
  it('recognises a PDF by %PDF- at the start, and the images', () => {
    expect(sut(PDF)).toBe('application/pdf');
    expect(sut(PNG_HEAD)).toBe('image/png');
    expect(sut(JPEG_HEAD)).toBe('image/jpeg');
  });
  it('refuses HTML that mentions %PDF- later, and %PDF without the dash', () => {
    expect(sut(HTML_AS_PDF)).toBeNull();
    expect(sut(Buffer.from(' %PDF-1.4'))).toBeNull();
    expect(sut(Buffer.from('%PDF'))).toBeNull();
  });
});

describe(uploadPolicyOf.name, () => {
  const sut = uploadPolicyOf;
  it('gives images 10,000,000 bytes of PNG, JPEG, GIF or WEBP and documents 50,000,000 bytes of PDF, JPEG or PNG', () => {
    expect(sut()).toEqual({ purpose: 'image', maxBytes: 10_000_000, contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] });
    expect(sut('document')).toEqual({
      purpose: 'document',
      maxBytes: 50_000_000,
      contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
    });
  });
  it('takes a lower limit but never a higher one or an unknown purpose', () => {
    expect(sut('document', 1000).maxBytes).toBe(1000);
    expect(() => sut('document', 50_000_001)).toThrow('outside 0..50000000');
    expect(() => sut('image', 10_000_001)).toThrow('outside 0..10000000');
    expect(() => sut('video' as never)).toThrow('unknown upload purpose "video"');
  });
});

describe(contentDispositionOf.name, () => {
  const sut = contentDispositionOf;
  it('gives the disposition alone without a filename', () => {
    expect(sut('inline')).toBe('inline');
  });
  it('quotes an ASCII fallback and adds the UTF-8 name', () => {
    expect(sut('attachment', 'Offer "final" (signed) €.pdf')).toBe(
      `attachment; filename="Offer _final_ (signed) _.pdf"; filename*=UTF-8''Offer%20%22final%22%20%28signed%29%20%E2%82%AC.pdf`,
    );
  });
});

describe(LocalStorageDriver.name, () => {
  let dir: string;
  let now: number;
  let sut: LocalStorageDriver;
  const options = (): StorageOptions => ({
    service: 'identity',
    driver: 'local',
    storageDir: dir,
    signingSecret: 'x'.repeat(32),
    publicUrl: '',
  });
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://h').searchParams);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'storage-spec-'));
    now = 1_700_000_000_000;
    sut = new LocalStorageDriver(options(), () => now);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('signs upload URLs with expiry and size under /api/<service>/files', async () => {
    const url = await sut.createUploadUrl({ key: 'a/b.png', contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect(url).toMatch(/^\/api\/identity\/files\/a\/b\.png\?expires=1700000060&max=100&sig=[\w-]{43}$/);
    const absolute = new LocalStorageDriver({ ...options(), publicUrl: 'https://realty.example/' }, () => now);
    expect(await absolute.createDownloadUrl('a/b.png', 10)).toMatch(
      /^https:\/\/realty\.example\/api\/identity\/files\/a\/b\.png\?expires=1700000010&sig=/,
    );
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', 'a/../b', '/abs', 'a//b', '.hidden', 'a b']) {
      await expect(sut.createUploadUrl({ key, contentType: 'image/png', maxBytes: 1, expiresInSeconds: 1 })).rejects.toThrow(
        'invalid storage key',
      );
    }
  });

  it('stores a stream within the limit and refuses an expired URL', async () => {
    const url = await sut.createUploadUrl({ key: 'k/1', contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    const stored = await sut.storeUpload('k/1', queryOf(url), Readable.from([PNG.subarray(0, 5), PNG.subarray(5)]));
    expect(stored).toEqual({ key: 'k/1', size: PNG.length, contentType: 'image/png' });
    expect(await sut.verifyImage('k/1', 100)).toEqual(stored);
    now += 61_000;
    await expect(sut.storeUpload('k/1', queryOf(url), PNG)).rejects.toMatchObject({ status: 403 });
  });

  it('answers 413 above the signed size and 415 for non-image bytes', async () => {
    const url = await sut.createUploadUrl({ key: 'k/2', contentType: 'image/png', maxBytes: 12, expiresInSeconds: 60 });
    await expect(sut.storeUpload('k/2', queryOf(url), Buffer.concat([PNG_HEAD, Buffer.from([0])]))).rejects.toMatchObject({
      status: 413,
      response: { message: 'File is too large. The limit is 12 bytes.' },
    });
    await expect(sut.storeUpload('k/2', queryOf(url), Buffer.from('plain text'))).rejects.toMatchObject({
      status: 415,
      response: { message: 'Only image files are allowed.' },
    });
    await expect(sut.verifyImage('k/2', 12)).rejects.toMatchObject({ status: 404 });
  });

  it('signs the document purpose into the upload URL: dropping or changing it is 403', async () => {
    const url = await sut.createUploadUrl({ key: 'docs/1', contentType: 'application/pdf', purpose: 'document', expiresInSeconds: 60 });
    expect(url).toMatch(/^\/api\/identity\/files\/docs\/1\?expires=1700000060&max=50000000&purpose=document&sig=[\w-]{43}$/);
    await expect(sut.storeUpload('docs/1', { ...queryOf(url), purpose: undefined }, PNG_HEAD)).rejects.toMatchObject({ status: 403 });
    await expect(sut.storeUpload('docs/1', { ...queryOf(url), purpose: 'image' }, PNG_HEAD)).rejects.toMatchObject({ status: 403 });
    await expect(sut.storeUpload('docs/1', { ...queryOf(url), purpose: 'video' }, PNG_HEAD)).rejects.toMatchObject({ status: 403 });
    expect(await sut.exists('docs/1')).toBe(false);
  });

  it.each([
    ['PDF', PDF, 'application/pdf'],
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
  ])('accepts a %s document', async (_name, bytes, contentType) => {
    const url = await sut.createUploadUrl({ key: 'docs/ok', contentType: 'application/pdf', purpose: 'document', expiresInSeconds: 60 });
    expect(await sut.storeUpload('docs/ok', queryOf(url), Readable.from([bytes]))).toEqual({
      key: 'docs/ok',
      size: bytes.length,
      contentType,
    });
    expect(await sut.verifyUpload('docs/ok', 'document')).toEqual({ key: 'docs/ok', size: bytes.length, contentType });
  });

  it.each([
    ['GIF', GIF],
    ['HTML named .pdf', HTML_AS_PDF],
    ['PDF cut before its %%EOF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1')],
  ])("refuses a %s document with 415 'allowed file types: PDF & Image (JPG, PNG)' and stores nothing", async (_name, bytes) => {
    const url = await sut.createUploadUrl({ key: 'docs/x.pdf', contentType: 'application/pdf', purpose: 'document', expiresInSeconds: 60 });
    await expect(sut.storeUpload('docs/x.pdf', queryOf(url), Readable.from([bytes]))).rejects.toMatchObject({
      status: 415,
      response: { status: 'error', message: 'allowed file types: PDF & Image (JPG, PNG)' },
    });
    expect(readdirSync(path.join(dir, 'identity', 'docs'))).toEqual([]);
  });

  it("refuses a declared 50,000,001-byte document with 413 'File is larger than 50,000,000 bytes' before writing", async () => {
    const url = await sut.createUploadUrl({ key: 'docs/big', contentType: 'application/pdf', purpose: 'document', expiresInSeconds: 60 });
    await expect(sut.storeUpload('docs/big', queryOf(url), PDF, 50_000_001)).rejects.toMatchObject({
      status: 413,
      response: { status: 'error', message: 'File is larger than 50,000,000 bytes' },
    });
    expect(readdirSync(path.join(dir, 'identity', 'docs'))).toEqual([]);
  });

  it('verifyUpload deletes a stored file its purpose refuses', async () => {
    await sut.put('docs/gif', GIF, { contentType: 'image/gif' });
    expect(await sut.verifyUpload('docs/gif', 'image')).toMatchObject({ contentType: 'image/gif' });
    await expect(sut.verifyUpload('docs/gif', 'document')).rejects.toMatchObject({ status: 415 });
    expect(await sut.exists('docs/gif')).toBe(false);
    await sut.put('docs/pdf', PDF, { contentType: 'application/pdf' });
    await expect(sut.verifyUpload('docs/pdf', 'document', PDF.length - 1)).rejects.toMatchObject({
      status: 413,
      response: { message: `File is larger than ${PDF.length - 1} bytes` },
    });
    expect(await sut.exists('docs/pdf')).toBe(false);
  });

  it('an upload URL stores one file: a second PUT is 403 and keeps the first', async () => {
    const url = await sut.createUploadUrl({ key: 'k/once', contentType: 'image/png', expiresInSeconds: 60 });
    await sut.storeUpload('k/once', queryOf(url), PNG);
    await expect(sut.storeUpload('k/once', queryOf(url), JPEG)).rejects.toMatchObject({ status: 403 });
    expect(readFileSync(path.join(dir, 'identity', 'k', 'once')).equals(PNG)).toBe(true);
  });

  it.each([
    ['a PNG header followed by a page', Buffer.concat([PNG_HEAD.subarray(0, 8), Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a PNG with a broken chunk checksum', Buffer.concat([PNG.subarray(0, 30), Buffer.from([PNG[30] ^ 0xff]), PNG.subarray(31)])],
    ['a PNG cut short', PNG.subarray(0, PNG.length - 6)],
    ['a JPEG header followed by a page', Buffer.concat([JPEG_HEAD, Buffer.from('<html><script>alert(1)</script></html>')])],
    ['a JPEG without its end marker', JPEG.subarray(0, JPEG.length - 2)],
    ['a GIF without its trailer', GIF.subarray(0, GIF.length - 1)],
    ['a WEBP whose RIFF size lies', Buffer.concat([WEBP, Buffer.from('<script>')])],
  ])('refuses %s with 415 and stores nothing (the whole image is checked)', async (_name, bytes) => {
    const url = await sut.createUploadUrl({ key: 'k/forged', contentType: 'image/png', expiresInSeconds: 60 });
    await expect(sut.storeUpload('k/forged', queryOf(url), bytes)).rejects.toMatchObject({
      status: 415,
      response: { message: 'Only image files are allowed.' },
    });
    expect(await sut.exists('k/forged')).toBe(false);
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['GIF', GIF, 'image/gif'],
    ['WEBP', WEBP, 'image/webp'],
  ])('accepts a real %s image, checked from end to end', async (name, bytes, contentType) => {
    const key = `k/real-${name}`;
    const url = await sut.createUploadUrl({ key, contentType, expiresInSeconds: 60 });
    expect(await sut.storeUpload(key, queryOf(url), bytes)).toEqual({ key, size: bytes.length, contentType });
    expect(await sut.verifyImage(key)).toEqual({ key, size: bytes.length, contentType });
  });

  it('put and get round-trip a stream with its content type, size and sha256; delete removes both', async () => {
    const parts = [Buffer.from('id,name\n'), Buffer.from('1,Ann\n')];
    const stored = await sut.put('exports/a.csv', Readable.from(parts), { contentType: 'text/csv' });
    const all = Buffer.concat(parts);
    expect(stored).toEqual({ key: 'exports/a.csv', size: all.length, contentType: 'text/csv', sha256: sha256Of(all) });
    expect(await sut.stat('exports/a.csv')).toEqual({ size: all.length, contentType: 'text/csv' });
    const file = await sut.get('exports/a.csv');
    expect(file).toMatchObject({ size: all.length, contentType: 'text/csv' });
    expect((await readAll(file.stream)).equals(all)).toBe(true);
    await sut.delete('exports/a.csv');
    expect(await sut.stat('exports/a.csv')).toBeNull();
    await expect(sut.get('exports/a.csv')).rejects.toMatchObject({ status: 404 });
  });

  it('signs download filename, disposition and type; answers Content-Disposition; refuses tampering and expiry', async () => {
    await sut.put('docs/offer', PDF, { contentType: 'application/pdf' });
    const url = await sut.createDownloadUrl('docs/offer', { expiresInSeconds: 300, filename: 'Offer.pdf', disposition: 'attachment' });
    expect(url).toMatch(/^\/api\/identity\/files\/docs\/offer\?expires=1700000300&disposition=attachment&filename=Offer.pdf&sig=/);
    const opened = await sut.openDownload('docs/offer', queryOf(url));
    expect((await readAll(opened.stream)).equals(PDF)).toBe(true);
    expect(opened).toMatchObject({
      contentType: 'application/pdf',
      size: PDF.length,
      contentDisposition: 'attachment; filename="Offer.pdf"; filename*=UTF-8\'\'Offer.pdf',
    });
    await expect(sut.openDownload('docs/offer', { ...queryOf(url), filename: 'x.html' })).rejects.toMatchObject({ status: 403 });
    await expect(sut.openDownload('docs/offer', { ...queryOf(url), disposition: 'inline' })).rejects.toMatchObject({ status: 403 });
    await expect(sut.openDownload('docs/offer', { ...queryOf(url), type: 'text/html' })).rejects.toMatchObject({ status: 403 });
    now += 300_000;
    await expect(sut.openDownload('docs/offer', queryOf(url))).rejects.toMatchObject({ status: 403 });
  });

  it('serves active content (HTML) as an attachment even when asked for inline', async () => {
    await sut.put('exports/page', Buffer.from('<html></html>'), { contentType: 'text/html' });
    const url = await sut.createDownloadUrl('exports/page', { expiresInSeconds: 60, disposition: 'inline' });
    const opened = await sut.openDownload('exports/page', queryOf(url));
    await readAll(opened.stream);
    expect(opened).toMatchObject({ contentType: 'text/html', contentDisposition: 'attachment' });
  });

  describe('list', () => {
    const keysOf = (page: { files: { key: string }[] }) => page.files.map((file) => file.key);
    beforeEach(async () => {
      for (const key of ['requests/b/2.pdf', 'requests/a/10.pdf', 'requests/a/1.pdf', 'requests-old/x.pdf', 'other/y.pdf'])
        await sut.put(key, PDF, { contentType: 'application/pdf' });
      // Neither a write in progress nor a name no key can have is a file.
      writeFileSync(path.join(dir, 'identity', 'requests', 'a', `1.pdf.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.part`), PDF);
      writeFileSync(path.join(dir, 'identity', 'requests', 'a', 'bad name.pdf'), PDF);
    });

    it('lists the files under a prefix in key order with their size and time, and nothing of .meta', async () => {
      const written = new Date('2020-01-02T03:04:05Z');
      utimesSync(path.join(dir, 'identity', 'requests', 'b', '2.pdf'), written, written);
      const page = await sut.list('requests/');
      expect(page).toEqual({
        files: [
          { key: 'requests/a/1.pdf', size: PDF.length, lastModified: expect.any(Date) },
          { key: 'requests/a/10.pdf', size: PDF.length, lastModified: expect.any(Date) },
          { key: 'requests/b/2.pdf', size: PDF.length, lastModified: written },
        ],
        next: null,
      });
      expect(keysOf(await sut.list(''))).toEqual([
        'other/y.pdf',
        'requests-old/x.pdf',
        'requests/a/1.pdf',
        'requests/a/10.pdf',
        'requests/b/2.pdf',
      ]);
      // A prefix is a prefix of keys, not only a folder.
      expect(keysOf(await sut.list('requests'))).toEqual([
        'requests-old/x.pdf',
        'requests/a/1.pdf',
        'requests/a/10.pdf',
        'requests/b/2.pdf',
      ]);
      expect(keysOf(await sut.list('requests/a/1'))).toEqual(['requests/a/1.pdf', 'requests/a/10.pdf']);
      expect(await sut.list('none/')).toEqual({ files: [], next: null });
    });

    it('pages: at most limit files after startAfter, next naming where the following page starts', async () => {
      const first = await sut.list('requests/', { limit: 2 });
      expect(first).toMatchObject({ next: 'requests/a/10.pdf' });
      expect(keysOf(first)).toEqual(['requests/a/1.pdf', 'requests/a/10.pdf']);
      const second = await sut.list('requests/', { limit: 2, startAfter: first.next! });
      expect({ keys: keysOf(second), next: second.next }).toEqual({ keys: ['requests/b/2.pdf'], next: null });
      // Exactly a page's worth: the next page is empty.
      const exact = await sut.list('requests/', { limit: 3 });
      expect(keysOf(await sut.list('requests/', { limit: 3, startAfter: exact.next ?? 'requests/b/2.pdf' }))).toEqual([]);
      // A deleted file is gone from the next list.
      await sut.delete('requests/a/1.pdf');
      expect(keysOf(await sut.list('requests/a/'))).toEqual(['requests/a/10.pdf']);
    });

    it('refuses a prefix that could leave the folder and a limit outside 1..1000', async () => {
      for (const prefix of ['../', 'a/../', '/abs', '.meta/', 'a//']) expect(() => sut.list(prefix)).toThrow('invalid storage key');
      for (const limit of [0, 1001, 1.5]) expect(() => sut.list('requests/', { limit })).toThrow('invalid list limit');
    });
  });

  describe('file handoff', () => {
    let esign: LocalStorageDriver;
    let handoff: FileHandoff;
    beforeEach(async () => {
      esign = new LocalStorageDriver({ ...options(), service: 'esign' }, () => now);
      await esign.put('sealed/1.pdf', PDF, { contentType: 'application/pdf' });
      handoff = await esign.describeForHandoff('sealed/1.pdf', 'Offer (signed).pdf');
    });

    it('describes a file of its own namespace with its sha256', () => {
      expect(handoff).toEqual({
        namespace: 'esign',
        key: 'sealed/1.pdf',
        sha256: sha256Of(PDF),
        filename: 'Offer (signed).pdf',
        content_type: 'application/pdf',
      });
    });

    it('copies into its own namespace, checks the hash, and copying again succeeds without the source', async () => {
      const copied = await sut.copyFrom(handoff, 'documents/7.pdf');
      expect(copied).toEqual({ key: 'documents/7.pdf', size: PDF.length, contentType: 'application/pdf', sha256: sha256Of(PDF) });
      expect(readFileSync(path.join(dir, 'identity', 'documents', '7.pdf')).equals(PDF)).toBe(true);
      expect(await sut.stat('documents/7.pdf')).toEqual({ size: PDF.length, contentType: 'application/pdf' });
      await esign.delete('sealed/1.pdf');
      expect(await sut.copyFrom(handoff, 'documents/7.pdf')).toEqual(copied);
    });

    it('throws FileHashMismatchError and leaves nothing at destKey when the bytes differ', async () => {
      writeFileSync(path.join(dir, 'esign', 'sealed', '1.pdf'), Buffer.concat([PDF, Buffer.from('tampered')]));
      const error = await sut.copyFrom(handoff, 'documents/8.pdf').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(FileHashMismatchError);
      expect(error).toMatchObject({ name: 'FileHashMismatchError', key: 'documents/8.pdf', expected: sha256Of(PDF) });
      expect(await sut.exists('documents/8.pdf')).toBe(false);
      expect(readdirSync(path.join(dir, 'identity', 'documents'))).toEqual([]);
    });

    it('refuses a handoff naming no service, a bad key or a bad hash, and a missing source is 404', async () => {
      await expect(sut.copyFrom({ ...handoff, namespace: '..' as never }, 'd/1')).rejects.toThrow('invalid file handoff namespace');
      await expect(sut.copyFrom({ ...handoff, key: '../identity/x' }, 'd/1')).rejects.toThrow('invalid storage key');
      await expect(sut.copyFrom({ ...handoff, sha256: 'abc' }, 'd/1')).rejects.toThrow('invalid file handoff sha256');
      await expect(sut.copyFrom({ ...handoff, key: 'sealed/none.pdf' }, 'd/1')).rejects.toMatchObject({ status: 404 });
    });
  });
});

describe(S3StorageDriver.name, () => {
  const sut = new S3StorageDriver(
    { endpoint: 'http://minio:9000', bucket: 'realty', accessKey: 'AK', secretKey: 'SK', region: 'us-east-1' },
    'identity',
  );

  it("presigns a PUT bound to the content type, to the staging object of the service's key", async () => {
    const url = new URL(
      await sut.createUploadUrl({ key: 'profile-images/1/2/x', contentType: 'image/png', maxBytes: 10, expiresInSeconds: 900 }),
    );
    expect(url.origin).toBe('http://minio:9000');
    // Upload URLs write to staging (uploads/<service>/<key>); the confirm moves the checked bytes under the service prefix.
    expect(url.pathname).toBe('/realty/uploads/identity/profile-images/1/2/x');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AK\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('presigns a GET', async () => {
    const url = new URL(await sut.createDownloadUrl('profile-images/1/2/x', 60));
    expect(url.pathname).toBe('/realty/identity/profile-images/1/2/x');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('x-id')).toBe('GetObject');
  });

  it('presigns a GET with the response Content-Disposition and Content-Type', async () => {
    const url = new URL(
      await sut.createDownloadUrl('docs/1', {
        expiresInSeconds: 300,
        filename: 'Offer.pdf',
        disposition: 'attachment',
        contentType: 'application/pdf',
      }),
    );
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(`attachment; filename="Offer.pdf"; filename*=UTF-8''Offer.pdf`);
    expect(url.searchParams.get('response-content-type')).toBe('application/pdf');
  });

  it('lists one ListObjectsV2 page under the service prefix: keys without it, next from IsTruncated', async () => {
    const written = new Date('2026-01-02T03:04:05Z');
    const send = jest.spyOn(S3Client.prototype, 'send').mockResolvedValueOnce({
      Contents: [
        { Key: 'identity/requests/a/1.pdf', Size: 10, LastModified: written },
        { Key: 'identity/requests/a/bad name', Size: 1, LastModified: written },
        { Key: 'identity/requests/b/2.pdf', Size: 20, LastModified: written },
      ],
      IsTruncated: true,
    } as never);
    try {
      expect(await sut.list('requests/', { startAfter: 'requests/a/0.pdf', limit: 3 })).toEqual({
        files: [
          { key: 'requests/a/1.pdf', size: 10, lastModified: written },
          { key: 'requests/b/2.pdf', size: 20, lastModified: written },
        ],
        next: 'requests/b/2.pdf',
      });
      const command = send.mock.calls[0][0];
      expect(command).toBeInstanceOf(ListObjectsV2Command);
      expect(command.input).toEqual({
        Bucket: 'realty',
        Prefix: 'identity/requests/',
        StartAfter: 'identity/requests/a/0.pdf',
        MaxKeys: 3,
      });

      // A store that lists an object without its time: written now as far as a sweep by age can tell, never old.
      send.mockResolvedValueOnce({ Contents: [{ Key: 'identity/requests/c/3.pdf', Size: 30 }], IsTruncated: false } as never);
      const before = Date.now();
      const last = await sut.list('requests/', { startAfter: 'requests/b/2.pdf', limit: 3 });
      expect(last.next).toBeNull();
      expect(last.files[0].lastModified.getTime()).toBeGreaterThanOrEqual(before);
    } finally {
      send.mockRestore();
    }
  });

  it('refuses an upload URL above the purpose limit', async () => {
    await expect(
      sut.createUploadUrl({ key: 'd/1', contentType: 'application/pdf', purpose: 'document', maxBytes: 50_000_001, expiresInSeconds: 60 }),
    ).rejects.toThrow('outside 0..50000000');
  });
});

describe(storageOptionsFrom.name, () => {
  const base = {
    service: 'identity' as const,
    NODE_ENV: 'development' as const,
    LOG_LEVEL: 'info' as const,
    PORT: 0,
    DATABASE_URL: 'postgres://x',
    REDIS_URL: 'redis://x',
    JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----',
    PUBLIC_URL: '',
    QUEUE_PREFIX: 'realty',
    RPC_TIMEOUT_MS: 3000,
    DATABASE_POOL_SIZE: 10,
    DATABASE_ACQUIRE_TIMEOUT_MS: 3000,
    DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: 60_000,
    REDIS_COMMAND_TIMEOUT_MS: 1000,
    TRUSTED_PROXIES: 'loopback',
    HOST: '0.0.0.0',
    STORAGE_DRIVER: 'local' as 'local' | 's3',
    STORAGE_DIR: '/tmp/s',
    STORAGE_SIGNING_SECRET: '',
    STORAGE_PUBLIC_URL: '',
    S3_ENDPOINT: '',
    S3_BUCKET: '',
    S3_ACCESS_KEY: '',
    S3_SECRET_KEY: '',
    S3_REGION: 'us-east-1',
  };

  it('derives a development signing secret from JWT_PUBLIC_KEY', () => {
    expect(storageOptionsFrom(base).signingSecret).toMatch(/^[0-9a-f]{64}$/);
  });
  it('requires STORAGE_SIGNING_SECRET in production with the local driver', () => {
    expect(() => storageOptionsFrom({ ...base, NODE_ENV: 'production' })).toThrow('STORAGE_SIGNING_SECRET is missing');
    expect(() => storageOptionsFrom({ ...base, STORAGE_SIGNING_SECRET: 'short' })).toThrow('at least 32 characters');
  });
  it('requires S3_BUCKET with the s3 driver', () => {
    expect(() => storageOptionsFrom({ ...base, STORAGE_DRIVER: 's3' })).toThrow('S3_BUCKET is missing');
    expect(storageOptionsFrom({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'b' }).s3).toMatchObject({ bucket: 'b' });
  });
});
