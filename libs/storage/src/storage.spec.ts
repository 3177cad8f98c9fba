import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sniffImageType } from './image-sniffer';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import { storageOptionsFrom } from './storage.config';
import type { StorageOptions } from './storage.options';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

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
  it.each([['text', Buffer.from('hello world, not an image')], ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], ['empty', Buffer.alloc(0)], ['riff wav', Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1')]])(
    'refuses %s',
    (_name, bytes) => {
      expect(sut(bytes)).toBeNull();
    },
  );
});

describe(LocalStorageDriver.name, () => {
  let dir: string;
  let now = 1_700_000_000_000;
  let sut: LocalStorageDriver;
  const options = (): StorageOptions => ({ service: 'identity', driver: 'local', storageDir: dir, signingSecret: 'x'.repeat(32), publicUrl: '' });
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://h').searchParams);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'storage-spec-'));
    sut = new LocalStorageDriver(options(), () => now);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('signs upload URLs with expiry and size under /api/<service>/files', async () => {
    const url = await sut.createUploadUrl({ key: 'a/b.png', contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    expect(url).toMatch(/^\/api\/identity\/files\/a\/b\.png\?expires=1700000060&max=100&sig=[\w-]{43}$/);
    const absolute = new LocalStorageDriver({ ...options(), publicUrl: 'https://realty.example/' }, () => now);
    expect(await absolute.createDownloadUrl('a/b.png', 10)).toMatch(/^https:\/\/realty\.example\/api\/identity\/files\/a\/b\.png\?expires=1700000010&sig=/);
  });

  it('refuses keys that could leave the folder', async () => {
    for (const key of ['../x', 'a/../b', '/abs', 'a//b', '.hidden', 'a b']) {
      await expect(sut.createUploadUrl({ key, contentType: 'image/png', maxBytes: 1, expiresInSeconds: 1 })).rejects.toThrow('invalid storage key');
    }
  });

  it('stores a stream within the limit and refuses an expired URL', async () => {
    const url = await sut.createUploadUrl({ key: 'k/1', contentType: 'image/png', maxBytes: 100, expiresInSeconds: 60 });
    const stored = await sut.storeUpload('k/1', queryOf(url), Readable.from([PNG_HEAD.subarray(0, 5), PNG_HEAD.subarray(5)]));
    expect(stored).toEqual({ key: 'k/1', size: 12, contentType: 'image/png' });
    expect(await sut.verifyImage('k/1', 100)).toEqual(stored);
    now += 61_000;
    await expect(sut.storeUpload('k/1', queryOf(url), PNG_HEAD)).rejects.toMatchObject({ status: 403 });
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
});

describe(S3StorageDriver.name, () => {
  const sut = new S3StorageDriver({ endpoint: 'http://minio:9000', bucket: 'realty', accessKey: 'AK', secretKey: 'SK', region: 'us-east-1' }, 'identity');

  it('presigns a PUT bound to the content type, under the service prefix', async () => {
    const url = new URL(await sut.createUploadUrl({ key: 'profile-images/1/2/x', contentType: 'image/png', maxBytes: 10, expiresInSeconds: 900 }));
    expect(url.origin).toBe('http://minio:9000');
    expect(url.pathname).toBe('/realty/identity/profile-images/1/2/x');
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
