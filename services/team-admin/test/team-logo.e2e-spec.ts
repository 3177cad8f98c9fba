import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { bearer, bootTeamAdmin, TEAM_2, type TeamAdminUnderTest } from './team-admin-test-app';

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('team logo (/admin/team/logo)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const requestUrl = (token: string, body: object = { name: 'logo.png', type: 'image/png' }) =>
    request(sut.server).post('/api/admin/team/logo').set(bearer(token)).send(body);
  /** supertest wants a path; the local driver answers same-origin /api/team-admin/files/... URLs. */
  const put = (url: string, body: Buffer | string, type = 'image/png') => request(sut.server).put(url).set('content-type', type).send(body);
  const logoPathOf = async (teamId: number) =>
    (await sut.dataSource.query(`SELECT logo_path FROM team_admin.teams WHERE team_id = $1`, [teamId]))[0].logo_path as string | null;
  const fileOf = (key: string) => path.join(sut.storageDir, 'team-admin', ...key.split('/'));
  const download = (url: string) =>
    request(sut.server)
      .get(url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('answers {url: null} before any upload, then a signed URL under /api/team-admin/files/team-logos/<team>/', async () => {
    const team = await sut.newTeam();
    expect((await request(sut.server).get('/api/admin/team/logo').set(bearer(team.tokens.admin)).expect(200)).body).toEqual({ url: null });
    const { body } = await requestUrl(team.tokens.admin).expect(200);
    expect(body).toEqual({ url: expect.any(String), key: expect.any(String), expires_in: 900, max_bytes: 10_000_000 });
    expect(body.key).toMatch(new RegExp(`^team-logos/${team.team_id}/[0-9a-f-]{36}$`));
    expect(body.url).toMatch(/^\/api\/team-admin\/files\/team-logos\/\d+\/[0-9a-f-]{36}\?expires=\d+&max=10000000&sig=[\w-]+$/);
  });

  it('refuses a request for a non-image type, or without a name', async () => {
    const team = await sut.newTeam();
    expect((await requestUrl(team.tokens.admin, { name: 'notes.txt', type: 'text/plain' }).expect(400)).body.errors).toEqual([
      { field: 'type', error: 'Only image files are allowed.' },
    ]);
    expect((await requestUrl(team.tokens.admin, { type: 'image/png' }).expect(400)).body.errors).toEqual([
      { field: 'name', error: 'Required' },
    ]);
  });

  it('accepts a PNG put to the signed URL, shows it as logo_url and serves it; a second upload replaces the first', async () => {
    const team = await sut.newTeam();
    const first = (await requestUrl(team.tokens.admin).expect(200)).body;
    expect((await put(first.url, PNG).expect(200)).body).toEqual({
      status: 'ok',
      key: first.key,
      size: PNG.length,
      content_type: 'image/png',
    });
    expect(await logoPathOf(team.team_id)).toBe(first.key);

    const settings = (await request(sut.server).get('/api/admin/team').set(bearer(team.tokens.admin)).expect(200)).body;
    expect(settings.logo_url).toMatch(new RegExp(`^/api/team-admin/files/${first.key}\\?expires=\\d+&sig=`));
    const logo = (await request(sut.server).get('/api/admin/team/logo').set(bearer(team.tokens.admin)).expect(200)).body;
    const file = await download(logo.url).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);

    const second = (await requestUrl(team.tokens.admin).expect(200)).body;
    await put(second.url, PNG).expect(200);
    expect(await logoPathOf(team.team_id)).toBe(second.key);
    expect(existsSync(fileOf(first.key))).toBe(false);
    expect(existsSync(fileOf(second.key))).toBe(true);
  });

  it('refuses 10,000,001 bytes with 413 and keeps nothing', async () => {
    const team = await sut.newTeam();
    const { body } = await requestUrl(team.tokens.admin).expect(200);
    const big = Buffer.alloc(10_000_001, 0);
    PNG.copy(big);
    expect((await put(body.url, big).expect(413)).body).toEqual({
      status: 'error',
      message: 'File is too large. The limit is 10,000,000 bytes.',
    });
    expect(await logoPathOf(team.team_id)).toBeNull();
    expect(existsSync(fileOf(body.key))).toBe(false);
    // 10 MB through HTTP: seconds on a loaded 2-core CI machine.
  }, 30_000);

  it('refuses a text file with 415, whatever the declared type', async () => {
    const team = await sut.newTeam();
    for (const type of ['image/png', 'text/plain']) {
      const { body } = await requestUrl(team.tokens.admin).expect(200);
      expect((await put(body.url, 'a text file, not an image', type).expect(415)).body).toEqual({
        status: 'error',
        message: 'Only image files are allowed.',
      });
    }
    expect(await logoPathOf(team.team_id)).toBeNull();
  });

  it('refuses a tampered URL (another team in the key) with 403', async () => {
    const team = await sut.newTeam();
    const { body } = await requestUrl(team.tokens.admin).expect(200);
    await put(body.url.replace(/team-logos\/\d+\//, `team-logos/${TEAM_2.team_id}/`), PNG).expect(403);
    expect(await logoPathOf(TEAM_2.team_id)).toBeNull();
  });

  it("deletes the logo and its file: 'Logo has been deleted'", async () => {
    const team = await sut.newTeam();
    const { body } = await requestUrl(team.tokens.admin).expect(200);
    await put(body.url, PNG).expect(200);
    expect((await request(sut.server).delete('/api/admin/team/logo').set(bearer(team.tokens.admin)).expect(200)).body).toEqual({
      status: 'success',
      message: 'Logo has been deleted',
    });
    expect(await logoPathOf(team.team_id)).toBeNull();
    expect(existsSync(fileOf(body.key))).toBe(false);
    expect((await request(sut.server).get('/api/admin/team').set(bearer(team.tokens.admin))).body.logo_url).toBeNull();
    // Deleting again is harmless.
    await request(sut.server).delete('/api/admin/team/logo').set(bearer(team.tokens.admin)).expect(200);
  });

  it("confirm (the S3 flow) checks the stored bytes and that the key is the caller team's", async () => {
    const team = await sut.newTeam();
    const other = await sut.newTeam();
    const { body } = await requestUrl(team.tokens.admin).expect(200);
    const confirm = (token: string, key: string) =>
      request(sut.server).post('/api/admin/team/logo/confirm').set(bearer(token)).send({ key });
    // Nothing uploaded yet.
    await confirm(team.tokens.admin, body.key).expect(404);
    await put(body.url, PNG).expect(200);
    const confirmed = await confirm(team.tokens.admin, body.key).expect(200);
    expect(confirmed.body.url).toContain(body.key);
    expect(await logoPathOf(team.team_id)).toBe(body.key);
    expect((await confirm(other.tokens.admin, body.key).expect(400)).body.errors).toEqual([{ field: 'key', error: 'Unknown upload' }]);
    expect(await logoPathOf(other.team_id)).toBeNull();
  });
});
