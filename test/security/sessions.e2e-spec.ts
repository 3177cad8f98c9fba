// Security suite: sessions. Refresh tokens rotate; a reuse from elsewhere, or later than the
// grace window, ends the whole session; two tabs refreshing at once get the same successor; a logout ends
// that session alone; the console's refresh token is an HttpOnly, SameSite=Strict cookie on /api/auth.
import request from 'supertest';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { bootIdentity } from '../../services/identity/test/identity-test-app';

describe('sessions', () => {
  let sut: Awaited<ReturnType<typeof bootIdentity>>;

  beforeAll(async () => {
    sut = await bootIdentity();
  });
  afterAll(() => sut.close());

  const login = (email: string, password = DEMO_PASSWORD) => request(sut.server).post('/api/auth/login').send({ email, password });
  const refresh = (refresh_token: string, userAgent = 'tab-browser') =>
    request(sut.server).post('/api/auth/refresh').set('user-agent', userAgent).send({ refresh_token });
  const profileWith = (access_token: string) => request(sut.server).get('/api/user/profile').set('authorization', `Bearer ${access_token}`);

  it('rotates refresh tokens and, on a reuse by another client, ends the whole session (refresh and access tokens)', async () => {
    const first = (await login('agent@demo-realty.test')).body;
    const second = (await refresh(first.refresh_token).expect(200)).body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.user.email).toBe('agent@demo-realty.test');

    // Reusing the spent token from elsewhere is treated as theft: it fails and takes the newer tokens down with it.
    const reuse = await refresh(first.refresh_token, 'another-browser').expect(401);
    expect(reuse.body.message).toBe('Your session has ended. Please sign in again.');
    await refresh(second.refresh_token).expect(401);
    await profileWith(second.access_token).expect(401);
  });

  it('answers two tabs refreshing with the same token at once with the same successor', async () => {
    const session = (await login('tc@demo-realty.test')).body;
    const [a, b] = await Promise.all([refresh(session.refresh_token), refresh(session.refresh_token)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.refresh_token).toBe(b.body.refresh_token);
    // The session goes on from the successor.
    const next = (await refresh(a.body.refresh_token).expect(200)).body;
    await profileWith(next.access_token).expect(200);
  });

  it('ends the session when the same client reuses a rotated token after the grace window', async () => {
    const brief = await bootIdentity({ env: { REFRESH_REUSE_GRACE_SECONDS: '1' } });
    try {
      const call = (refresh_token: string) =>
        request(brief.server).post('/api/auth/refresh').set('user-agent', 'tab-browser').send({ refresh_token });
      const session = (
        await request(brief.server).post('/api/auth/login').send({ email: 'isa@demo-realty.test', password: DEMO_PASSWORD }).expect(200)
      ).body;
      const next = (await call(session.refresh_token).expect(200)).body;
      expect((await call(session.refresh_token).expect(200)).body.refresh_token).toBe(next.refresh_token);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await call(session.refresh_token).expect(401);
      await call(next.refresh_token).expect(401);
    } finally {
      await brief.close();
    }
  });

  it('logout ends that session alone: its refresh and access tokens stop, another session goes on', async () => {
    const session = (await login('vendor@demo-realty.test')).body;
    const other = (await login('vendor@demo-realty.test')).body;
    await profileWith(session.access_token).expect(200);
    await request(sut.server).post('/api/auth/logout').send({ refresh_token: session.refresh_token }).expect(200, { status: 'ok' });
    await refresh(session.refresh_token).expect(401);
    await profileWith(session.access_token).expect(401);
    await profileWith(other.access_token).expect(200);
    await refresh(other.refresh_token).expect(200);
  });

  describe("the console's refresh cookie (X-Requested-With: console)", () => {
    const consoleCall = (path: string, cookie?: string) => {
      const call = request(sut.server).post(`/api/auth/${path}`).set('x-requested-with', 'console').set('user-agent', 'console-browser');
      return cookie ? call.set('cookie', cookie) : call;
    };
    const cookieOf = (response: request.Response) => {
      const header = ([] as string[]).concat(response.headers['set-cookie'] ?? [])[0] ?? '';
      return { header, pair: header.split(';')[0] };
    };

    it('sets the refresh token as an HttpOnly, SameSite=Strict cookie on /api/auth and leaves it out of the body', async () => {
      const response = await consoleCall('login').send({ email: 'tc@demo-realty.test', password: DEMO_PASSWORD }).expect(200);
      expect(response.body).not.toHaveProperty('refresh_token');
      expect(response.body.access_token).toEqual(expect.any(String));
      const { header, pair } = cookieOf(response);
      expect(pair).toMatch(/^realty_refresh=[\w%-]{20,}$/);
      const attributes = header.split('; ').slice(1);
      expect(attributes).toEqual(expect.arrayContaining(['Path=/api/auth', 'HttpOnly', 'SameSite=Strict', `Max-Age=${30 * 24 * 3600}`]));
      // Secure only outside development (the test stack runs plain http).
      expect(attributes).not.toContain('Secure');
    });

    it('refreshes from the cookie alone, rotating it, and logout ends that session and clears the cookie', async () => {
      const login = await consoleCall('login').send({ email: 'isa@demo-realty.test', password: DEMO_PASSWORD }).expect(200);
      const first = cookieOf(login).pair;
      const refreshed = await consoleCall('refresh', first).send({}).expect(200);
      expect(refreshed.body).not.toHaveProperty('refresh_token');
      const second = cookieOf(refreshed).pair;
      expect(second).not.toBe(first);
      await profileWith(refreshed.body.access_token).expect(200);

      const out = await consoleCall('logout', second).send({}).expect(200);
      expect(cookieOf(out).header).toMatch(/^realty_refresh=; Path=\/api\/auth; HttpOnly; SameSite=Strict; Max-Age=0/);
      await profileWith(refreshed.body.access_token).expect(401);
      const after = await consoleCall('refresh', second).send({}).expect(401);
      expect(after.body.message).toBe('Your session has ended. Please sign in again.');
      expect(cookieOf(after).header).toMatch(/Max-Age=0/);
    });

    it('answers a console refresh without a cookie as an ended session, and a body client without a token with a field error', async () => {
      expect((await consoleCall('refresh').send({}).expect(401)).body.message).toBe('Your session has ended. Please sign in again.');
      const bodyClient = await request(sut.server).post('/api/auth/refresh').send({}).expect(400);
      expect(bodyClient.body.errors).toEqual([{ field: 'refresh_token', error: 'This field is required' }]);
    });

    it('keeps the body form for other clients', async () => {
      const response = await login('agent@demo-realty.test').expect(200);
      expect(response.body.refresh_token).toEqual(expect.any(String));
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });
});
