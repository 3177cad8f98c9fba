import request from 'supertest';
import { FAKE_SKYSLOPE_ACCESS_KEY, FAKE_SKYSLOPE_ACCESS_SECRET } from '../fake-skyslope';
import { bearerOf, bootIntegrationsSync } from './skyslope-test-kit';

// The team's SkySlope keys and preferences, and the connection test (spec 002 section 2.6), against the fake SkySlope.

describe('SkySlope settings and ping', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  const TEAM = 11;
  const OTHER_TEAM = 12;
  const server = () => booted.sut.server;
  const asAdmin = () => bearerOf(1, TEAM, 'ADMIN');

  beforeAll(async () => {
    booted = await bootIntegrationsSync();
  }, 60_000);
  afterAll(() => booted?.close());

  it('refuses an AGENT and an admin of a team without transaction_sync', async () => {
    for (const path of ['/api/skyslope/settings', '/api/skyslope/ping']) {
      await request(server())
        .get(path)
        .set(await bearerOf(2, TEAM, 'AGENT'))
        .expect(403);
      await request(server())
        .get(path)
        .set(await bearerOf(3, OTHER_TEAM, 'ADMIN', []))
        .expect(403);
    }
    await request(server())
      .post('/api/skyslope/settings')
      .set(await bearerOf(2, TEAM, 'AGENT'))
      .send({ accessKey: 'a', accessSecret: 'b' })
      .expect(403);
  });

  it('answers empty masks and every preference off before anything is saved; ping says no credentials', async () => {
    const { body } = await request(server())
      .get('/api/skyslope/settings')
      .set(await asAdmin())
      .expect(200);
    expect(body).toEqual({
      access_keys: { access_key: '', access_secret: '' },
      commission: {
        send_commission: { label: 'Send commission to SkySlope', value: false },
        send_commission_splits: { label: 'Send agent commission splits', value: false },
        send_referral: { label: 'Send referral fees', value: false },
      },
    });
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body,
    ).toEqual({ status_code: 1, message: 'No SkySlope credentials saved' });
  });

  it('words each field message and saves nothing on a 400', async () => {
    const errorsOf = async (body: object) =>
      (
        await request(server())
          .post('/api/skyslope/settings')
          .set(await asAdmin())
          .send(body)
          .expect(400)
      ).body.errors;
    expect(await errorsOf({})).toEqual([
      { field: 'accessKey', error: 'Access Key is required' },
      { field: 'accessSecret', error: 'Access Secret is required' },
    ]);
    expect(await errorsOf({ accessKey: '', accessSecret: ' ' })).toEqual([
      { field: 'accessKey', error: 'Access Key must be at least 1 character' },
      { field: 'accessSecret', error: 'Access Secret must be at least 1 character' },
    ]);
    expect(await errorsOf({ accessKey: 'k'.repeat(257), accessSecret: 's'.repeat(257) })).toEqual([
      { field: 'accessKey', error: 'Access Key cannot exceed 256 characters' },
      { field: 'accessSecret', error: 'Access Secret cannot exceed 256 characters' },
    ]);
    expect(await errorsOf({ accessKey: 5, accessSecret: 'ok', prefs: { send_commission: 'yes', unknown: true } })).toEqual([
      { field: 'accessKey', error: 'Invalid input' },
      { field: 'prefs.send_commission', error: 'Invalid input' },
      { field: 'prefs.unknown', error: 'Invalid input' },
    ]);
    const [{ n }] = await booted.sut.dataSource.query(`SELECT count(*)::int AS n FROM integrations_sync.skyslope_settings`);
    expect(n).toBe(0);
  });

  it('stores the keys encrypted and answers them masked; the masks sent back keep them; ping 0 with them and 2 with a wrong secret', async () => {
    const saved = await request(server())
      .post('/api/skyslope/settings')
      .set(await asAdmin())
      .send({ accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET, prefs: { send_commission: true } })
      .expect(200);
    expect(saved.body).toEqual({ message: 'Successfully updated SkySlope settings' });
    const settings = await request(server())
      .get('/api/skyslope/settings')
      .set(await asAdmin())
      .expect(200);
    expect(settings.body.access_keys).toEqual({
      access_key: `••••${FAKE_SKYSLOPE_ACCESS_KEY.slice(-4)}`,
      access_secret: `••••${FAKE_SKYSLOPE_ACCESS_SECRET.slice(-4)}`,
    });
    expect(settings.body.commission.send_commission.value).toBe(true);
    expect(JSON.stringify(settings.body)).not.toContain(FAKE_SKYSLOPE_ACCESS_SECRET);
    const [row] = await booted.sut.dataSource.query(
      `SELECT row_to_json(s)::text AS stored FROM integrations_sync.skyslope_settings s WHERE team_id = $1`,
      [TEAM],
    );
    expect(row.stored).not.toContain(FAKE_SKYSLOPE_ACCESS_SECRET);
    expect(row.stored).not.toContain(FAKE_SKYSLOPE_ACCESS_KEY);

    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body,
    ).toEqual({ status_code: 0, message: 'Successful SkySlope API connection' });

    // The masks sent back unchanged (the form as loaded) keep the stored keys; the preferences change.
    await request(server())
      .post('/api/skyslope/settings')
      .set(await asAdmin())
      .send({
        ...(settings.body.access_keys && {
          accessKey: settings.body.access_keys.access_key,
          accessSecret: settings.body.access_keys.access_secret,
        }),
        prefs: { send_referral: true },
      })
      .expect(200);
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body.status_code,
    ).toBe(0);
    const after = (
      await request(server())
        .get('/api/skyslope/settings')
        .set(await asAdmin())
        .expect(200)
    ).body.commission;
    expect([after.send_commission.value, after.send_referral.value]).toEqual([true, true]);

    await request(server())
      .post('/api/skyslope/settings')
      .set(await asAdmin())
      .send({ accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: 'not-the-secret' })
      .expect(200);
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body,
    ).toEqual({ status_code: 2, message: 'SkySlope refused the credentials' });
  });

  it('answers 4 when SkySlope limits requests and 3 when it is unavailable', async () => {
    await request(server())
      .post('/api/skyslope/settings')
      .set(await asAdmin())
      .send({ accessKey: FAKE_SKYSLOPE_ACCESS_KEY, accessSecret: FAKE_SKYSLOPE_ACCESS_SECRET })
      .expect(200);
    // Longer Retry-After than the client waits for: rate limited at once.
    booted.fake.control.failNext(429, { count: 10, retryAfterSeconds: 120 });
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body,
    ).toEqual({ status_code: 4, message: 'SkySlope is limiting requests; try again in a moment' });
    booted.fake.control.reset();
    booted.fake.control.failNext(500, { count: 10 });
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body,
    ).toEqual({ status_code: 3, message: 'SkySlope could not be reached' });
    booted.fake.control.reset();
    expect(
      (
        await request(server())
          .get('/api/skyslope/ping')
          .set(await asAdmin())
          .expect(200)
      ).body.status_code,
    ).toBe(0);
  });
});
