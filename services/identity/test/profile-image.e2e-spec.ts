import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { pngOfSize } from '@app/testing';
import { bearer, bootIdentityWithStorage, signIn } from './account-test-helpers';

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('profile image upload', () => {
  let sut: Awaited<ReturnType<typeof bootIdentityWithStorage>>;
  beforeAll(async () => {
    sut = await bootIdentityWithStorage();
  });
  afterAll(() => sut.close());

  const requestUrl = (token: string, body: object = { name: 'me.png', type: 'image/png' }, agentId?: number) =>
    request(sut.server)
      .post(`/api/user/profile/image${agentId ? `?agent_id=${agentId}` : ''}`)
      .set(bearer(token))
      .send(body);
  /** supertest wants a path; the local driver answers same-origin /api/identity/files/... URLs. */
  const put = (url: string, body: Buffer | string, type = 'image/png') => request(sut.server).put(url).set('content-type', type).send(body);
  const imagePathOf = async (agentId: number) =>
    (await sut.dataSource.query(`SELECT profile_image_path FROM identity.users WHERE agent_id = $1`, [agentId]))[0].profile_image_path;

  it('answers 401 without a caller', async () => {
    await request(sut.server).post('/api/user/profile/image').send({ name: 'a.png', type: 'image/png' }).expect(401);
    await request(sut.server).get('/api/user/profile/image').expect(401);
  });

  it('refuses a non-image type in the request', async () => {
    const { token } = await signIn(sut, 'agent@demo-realty.test');
    const response = await requestUrl(token, { name: 'notes.txt', type: 'text/plain' }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'type', error: 'Only image files are allowed.' }]);
  });

  it('answers {url: null} before any upload, then a signed URL under /api/identity/files', async () => {
    const { token } = await signIn(sut, 'isa@demo-realty.test');
    expect((await request(sut.server).get('/api/user/profile/image').set(bearer(token)).expect(200)).body).toEqual({ url: null });
    const { body } = await requestUrl(token).expect(200);
    expect(body).toEqual({ url: expect.any(String), key: expect.any(String), expires_in: 900, max_bytes: 10_000_000 });
    expect(body.url).toMatch(/^\/api\/identity\/files\/profile-images\/\d+\/\d+\/[0-9a-f-]{36}\?expires=\d+&max=10000000&sig=[\w-]+$/);
  });

  it('accepts a valid PNG, sets profile_image_path, publishes identity.user.updated, and serves it', async () => {
    const { token, user } = await signIn(sut, 'agent@demo-realty.test');
    const { body } = await requestUrl(token).expect(200);
    const stored = await put(body.url, PNG).expect(200);
    expect(stored.body).toEqual({ status: 'ok', key: body.key, size: PNG.length, content_type: 'image/png' });
    expect(await imagePathOf(user.agent_id)).toBe(body.key);
    const events = await sut.dataSource.query(
      `SELECT payload FROM identity.outbox WHERE type = 'identity.user.updated' AND payload->>'profile_image_path' = $1`,
      [body.key],
    );
    expect(events).toHaveLength(1);

    const image = await request(sut.server).get('/api/user/profile/image').set(bearer(token)).expect(200);
    expect(image.body.url).toMatch(/^\/api\/identity\/files\/profile-images\/.+\?expires=\d+&sig=/);
    const file = await request(sut.server)
      .get(image.body.url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);

    // A second upload replaces the first and removes its file.
    const second = (await requestUrl(token).expect(200)).body;
    await put(second.url, PNG).expect(200);
    expect(await imagePathOf(user.agent_id)).toBe(second.key);
    expect(existsSync(path.join(sut.storageDir, 'identity', ...body.key.split('/')))).toBe(false);
  });

  it('refuses 10,000,001 bytes with 413 and keeps nothing', async () => {
    const { token, user } = await signIn(sut, 'tc@demo-realty.test');
    const { body } = await requestUrl(token).expect(200);
    const big = Buffer.alloc(10_000_001, 0);
    PNG.copy(big);
    const response = await put(body.url, big).expect(413);
    expect(response.body).toEqual({ status: 'error', message: 'File is too large. The limit is 10,000,000 bytes.' });
    expect(await imagePathOf(user.agent_id)).toBeNull();
    expect(existsSync(path.join(sut.storageDir, 'identity', ...body.key.split('/')))).toBe(false);
    // 10 MB through HTTP: seconds on a loaded 2-core CI machine.
  }, 30_000);

  it('accepts exactly 10,000,000 bytes', async () => {
    const { token } = await signIn(sut, 'client@demo-realty.test');
    const { body } = await requestUrl(token).expect(200);
    await put(body.url, pngOfSize(10_000_000)).expect(200);
  }, 30_000);

  it('refuses a text file named x.png with 415, whatever the declared type', async () => {
    const { token, user } = await signIn(sut, 'vendor@demo-realty.test');
    for (const type of ['image/png', 'text/plain', 'application/octet-stream']) {
      const { body } = await requestUrl(token, { name: 'x.png', type: 'image/png' }).expect(200);
      const response = await put(body.url, 'just some text, not an image', type).expect(415);
      expect(response.body).toEqual({ status: 'error', message: 'Only image files are allowed.' });
    }
    expect(await imagePathOf(user.agent_id)).toBeNull();
  });

  it('refuses a tampered, foreign or expired URL with 403', async () => {
    const { token } = await signIn(sut, 'isa@demo-realty.test');
    const { body } = await requestUrl(token).expect(200);
    await put(body.url.replace(/sig=[\w-]+/, 'sig=AAAA'), PNG).expect(403);
    await put(body.url.replace('max=10000000', 'max=99999999'), PNG).expect(403);
    await put(body.url.replace(/profile-images\/(\d+)\/(\d+)\//, 'profile-images/$1/999/'), PNG).expect(403);
    await put(body.url.replace(/expires=\d+/, 'expires=1000'), PNG).expect(403);
    // A download URL cannot be used to upload.
    await put(body.url.replace(/&max=\d+/, ''), PNG).expect(403);
  });

  it('lets an ADMIN upload for a user of the same team; another team or a non-admin is refused', async () => {
    const admin = await signIn(sut, 'admin@demo-realty.test');
    const vendor = await signIn(sut, 'vendor@demo-realty.test');
    const rival = await signIn(sut, 'admin@rival-homes.test');

    const { body } = await requestUrl(admin.token, undefined, vendor.user.agent_id).expect(200);
    expect(body.key).toContain(`/${vendor.user.agent_id}/`);
    await put(body.url, PNG).expect(200);
    expect(await imagePathOf(vendor.user.agent_id)).toBe(body.key);
    const url = await request(sut.server)
      .get(`/api/user/profile/image?agent_id=${vendor.user.agent_id}`)
      .set(bearer(admin.token))
      .expect(200);
    expect(url.body.url).toContain(body.key);

    await requestUrl(rival.token, undefined, vendor.user.agent_id).expect(404);
    await request(sut.server).get(`/api/user/profile/image?agent_id=${vendor.user.agent_id}`).set(bearer(rival.token)).expect(404);
    await requestUrl(vendor.token, undefined, admin.user.agent_id).expect(403);
  });

  it('confirm (the S3 flow) checks the stored bytes and the key owner', async () => {
    const { token, user } = await signIn(sut, 'isa@demo-realty.test');
    const { body } = await requestUrl(token).expect(200);
    await request(sut.server).post('/api/user/profile/image/confirm').set(bearer(token)).send({ key: body.key }).expect(404);
    await put(body.url, PNG).expect(200);
    const confirmed = await request(sut.server)
      .post('/api/user/profile/image/confirm')
      .set(bearer(token))
      .send({ key: body.key })
      .expect(200);
    expect(confirmed.body.url).toContain(body.key);
    expect(await imagePathOf(user.agent_id)).toBe(body.key);
    const other = await signIn(sut, 'agent@demo-realty.test');
    const refused = await request(sut.server)
      .post('/api/user/profile/image/confirm')
      .set(bearer(other.token))
      .send({ key: body.key })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'key', error: 'Unknown upload' }]);
  });

  it('keeps answering 415 for unknown content types on other routes', async () => {
    const { token } = await signIn(sut, 'isa@demo-realty.test');
    const response = await request(sut.server)
      .patch('/api/user/profile')
      .set(bearer(token))
      .set('content-type', 'application/xml')
      .send('<a/>')
      .expect(415);
    expect(response.body).toEqual({ status: 'error', message: 'Unsupported content type' });
  });
});
