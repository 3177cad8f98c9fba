import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import request from 'supertest';
import { pngOfSize } from '@app/testing';
import { bearer, bootIdentityWithStorage, signIn } from '../../services/identity/test/account-test-helpers';

// s3rver (v3) ships no types; only what this test uses.
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver: new (options: Record<string, unknown>) => S3rverInstance = require('s3rver');

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const BUCKET = 'realty';
// s3rver's built-in account.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * The S3 driver end to end against s3rver (a local S3 fake): presigned PUT from the identity API, upload with
 * fetch, POST /user/profile/image/confirm checking size and magic bytes, presigned GET. Note that s3rver checks
 * the access key id and expiry of a SigV4 presigned URL but not the signature itself (SigV2 only).
 */
describe('S3 storage driver against s3rver (profile image flow)', () => {
  // Two 10 MB uploads through a filesystem-backed fake server.
  jest.setTimeout(30_000);
  let s3dir: string;
  let s3rver: S3rverInstance;
  let endpoint: string;
  let s3: S3Client;
  let sut: Awaited<ReturnType<typeof bootIdentityWithStorage>>;

  beforeAll(async () => {
    s3dir = mkdtempSync(path.join(tmpdir(), 'identity-s3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3dir, silent: true, configureBuckets: [{ name: BUCKET }] });
    const { port } = await s3rver.run();
    endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    sut = await bootIdentityWithStorage({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY: CREDENTIALS.accessKeyId,
      S3_SECRET_KEY: CREDENTIALS.secretAccessKey,
      S3_REGION: 'us-east-1',
    });
  });
  afterAll(async () => {
    await sut?.close();
    s3?.destroy();
    await s3rver?.close().catch(() => undefined);
    if (s3dir) rmSync(s3dir, { recursive: true, force: true });
  });

  const requestUpload = async (token: string) =>
    (await request(sut.server).post('/api/user/profile/image').set(bearer(token)).send({ name: 'me.png', type: 'image/png' }).expect(200))
      .body as { url: string; key: string; expires_in: number; max_bytes: number };
  const confirm = (token: string, key: string) =>
    request(sut.server).post('/api/user/profile/image/confirm').set(bearer(token)).send({ key });
  const putTo = (url: string, body: Buffer | string, type = 'image/png') =>
    fetch(url, { method: 'PUT', headers: { 'content-type': type }, body });
  /** The object at a bucket key: `identity/<key>` holds confirmed files, `uploads/identity/<key>` what an upload URL staged. */
  const objectExists = async (Key: string) =>
    s3
      .send(new HeadObjectCommand({ Bucket: BUCKET, Key }))
      .then(() => true)
      .catch((error) => {
        if (error?.$metadata?.httpStatusCode === 404) return false;
        throw error;
      });
  const exists = (key: string) => objectExists(`identity/${key}`);
  const staged = (key: string) => objectExists(`uploads/identity/${key}`);
  const imagePathOf = async (agentId: number) =>
    (await sut.dataSource.query(`SELECT profile_image_path FROM identity.users WHERE agent_id = $1`, [agentId]))[0].profile_image_path;

  it('presigns a path-style PUT at s3rver, bound to the content type, with no checksum of an empty body', async () => {
    const { token } = await signIn(sut, 'agent@demo-realty.test');
    const body = await requestUpload(token);
    expect(body).toEqual({
      url: expect.any(String),
      key: expect.stringMatching(/^profile-images\/\d+\/\d+\/[0-9a-f-]{36}$/),
      expires_in: 900,
      max_bytes: 10_000_000,
    });
    const url = new URL(body.url);
    expect(url.origin).toBe(endpoint);
    // Upload URLs write to staging; the confirm moves the checked bytes to identity/<key>, which no URL writes.
    expect(url.pathname).toBe(`/${BUCKET}/uploads/identity/${body.key}`);
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toContain('content-type');
    // A presigned PUT has no body when signed: a CRC32 here would be that of '' (AAAAAA==), and real S3,
    // MinIO and R2 refuse every non-empty upload to it (BadDigest). s3rver does not check it, so assert it.
    expect(
      [...url.searchParams.keys()].filter(
        (name) => name.toLowerCase().startsWith('x-amz-checksum-') || name === 'x-amz-sdk-checksum-algorithm',
      ),
    ).toEqual([]);
  });

  it('uploads a PNG with fetch, confirm accepts it, and GET image answers a presigned URL with the same bytes', async () => {
    const { token, user } = await signIn(sut, 'agent@demo-realty.test');
    const { url, key } = await requestUpload(token);
    const uploaded = await putTo(url, PNG);
    expect(uploaded.status).toBe(200);
    expect([await staged(key), await exists(key)]).toEqual([true, false]);

    const confirmed = await confirm(token, key).expect(200);
    expect(new URL(confirmed.body.url).pathname).toBe(`/${BUCKET}/identity/${key}`);
    expect(await imagePathOf(user.agent_id)).toBe(key);
    expect([await staged(key), await exists(key)]).toEqual([false, true]);
    const events = await sut.dataSource.query(
      `SELECT payload FROM identity.outbox WHERE type = 'identity.user.updated' AND payload->>'profile_image_path' = $1`,
      [key],
    );
    expect(events).toHaveLength(1);
    // Confirming again is harmless.
    await confirm(token, key).expect(200);

    const image = await request(sut.server).get('/api/user/profile/image').set(bearer(token)).expect(200);
    const download = new URL(image.body.url);
    expect(download.origin).toBe(endpoint);
    expect(download.pathname).toBe(`/${BUCKET}/identity/${key}`);
    expect(download.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    const file = await fetch(image.body.url);
    expect(file.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), PNG)).toBe(0);

    // A second confirmed upload replaces the first and removes its object.
    const second = await requestUpload(token);
    expect((await putTo(second.url, PNG)).status).toBe(200);
    await confirm(token, second.key).expect(200);
    expect(await imagePathOf(user.agent_id)).toBe(second.key);
    expect(await exists(key)).toBe(false);
    expect(await exists(second.key)).toBe(true);
  });

  it('answers 404 to confirm before the upload, and 400 to another user confirming the key', async () => {
    const { token } = await signIn(sut, 'isa@demo-realty.test');
    const { key } = await requestUpload(token);
    await confirm(token, key).expect(404);
    const other = await signIn(sut, 'client@demo-realty.test');
    const refused = await confirm(other.token, key).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'key', error: 'Unknown upload' }]);
  });

  it('refuses a text file uploaded as .png with 415 and removes it from the bucket', async () => {
    const { token, user } = await signIn(sut, 'vendor@demo-realty.test');
    const { url, key } = await requestUpload(token);
    expect((await putTo(url, 'just some text, not an image')).status).toBe(200);
    expect(await staged(key)).toBe(true);
    const response = await confirm(token, key).expect(415);
    expect(response.body).toEqual({ status: 'error', message: 'Only image files are allowed.' });
    expect([await staged(key), await exists(key)]).toEqual([false, false]);
    expect(await imagePathOf(user.agent_id)).toBeNull();
  });

  it('refuses an empty upload with 415 and removes it from the bucket', async () => {
    const { token, user } = await signIn(sut, 'vendor@demo-realty.test');
    const { url, key } = await requestUpload(token);
    expect((await putTo(url, Buffer.alloc(0))).status).toBe(200);
    expect(await staged(key)).toBe(true);
    const response = await confirm(token, key).expect(415);
    expect(response.body).toEqual({ status: 'error', message: 'Only image files are allowed.' });
    expect([await staged(key), await exists(key)]).toEqual([false, false]);
    expect(await imagePathOf(user.agent_id)).toBeNull();
  });

  it('refuses 10,000,001 bytes with 413 and removes the object; exactly 10,000,000 bytes is accepted', async () => {
    const { token, user } = await signIn(sut, 'tc@demo-realty.test');
    const { url, key } = await requestUpload(token);
    const big = pngOfSize(10_000_001);
    expect((await putTo(url, big)).status).toBe(200);
    expect(await staged(key)).toBe(true);
    const response = await confirm(token, key).expect(413);
    expect(response.body).toEqual({ status: 'error', message: 'File is too large. The limit is 10,000,000 bytes.' });
    expect([await staged(key), await exists(key)]).toEqual([false, false]);
    expect(await imagePathOf(user.agent_id)).toBeNull();

    const max = await requestUpload(token);
    expect((await putTo(max.url, pngOfSize(10_000_000))).status).toBe(200);
    await confirm(token, max.key).expect(200);
    expect(await imagePathOf(user.agent_id)).toBe(max.key);
    expect([await staged(max.key), await exists(max.key)]).toEqual([false, true]);
  });
});
