import request from 'supertest';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bootIdentity } from './identity-test-app';

describe('identity sign-in', () => {
  let sut: Awaited<ReturnType<typeof bootIdentity>>;

  beforeAll(async () => {
    sut = await bootIdentity({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_IP: '100' } });
  });
  afterAll(() => sut.close());

  const login = (email: string, password = DEMO_PASSWORD, ip = '10.0.0.1') =>
    request(sut.server).post('/api/auth/login').set('x-forwarded-for', ip).send({ email, password });

  it.each([
    ['admin@demo-realty.test', 'ADMIN', 'Demo Realty'],
    ['tc@demo-realty.test', 'TRANC', 'Demo Realty'],
    ['isa@demo-realty.test', 'ISISA', 'Demo Realty'],
    ['agent@demo-realty.test', 'AGENT', 'Demo Realty'],
    ['client@demo-realty.test', 'CLIENT', 'Demo Realty'],
    ['vendor@demo-realty.test', 'VENDOR', 'Demo Realty'],
    ['admin@rival-homes.test', 'ADMIN', 'Rival Homes'],
  ])('signs in %s and answers the profile', async (email, role, teamName) => {
    const response = await login(email).expect(200);
    expect(response.body).toMatchObject({ expires_in: 900, user: { email, roles: [role], team: { name: teamName, market_id: 0 } } });
    expect(response.body.access_token.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(response.body.access_token.split('.')[0], 'base64url').toString()).alg).toBe('ES256');

    const profile = await request(sut.server)
      .get('/api/user/profile')
      .set('authorization', `Bearer ${response.body.access_token}`)
      .expect(200);
    expect(profile.body).toMatchObject({
      agent_id: response.body.user.agent_id,
      email,
      status: 'active',
      roles: [role],
      team: { team_id: expect.any(Number), name: teamName, market_id: 0 },
      default_landing_page: 'SNAPSHOT',
    });
    for (const field of ['first_name', 'last_name', 'mobile_phone', 'alternate_email', 'address_1', 'address_2', 'city', 'state', 'postal_code', 'timezone', 'business_entity', 'brokerage_cap_amt', 'royalty_cap_amt', 'brokerage_cap_anniversary_dt', 'royalty_cap_anniversary_dt', 'brokerage_pct', 'agent_pct']) {
      expect(profile.body).toHaveProperty(field);
    }
    expect('notes' in profile.body).toBe(role === 'ADMIN');
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const wrong = await login('tc@demo-realty.test', 'Nope-nope1!', '10.0.0.2').expect(401);
    const unknown = await login('nobody@demo-realty.test', 'Nope-nope1!', '10.0.0.2').expect(401);
    expect(wrong.body).toEqual({ status: 'error', message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers 400 with field errors for a malformed body', async () => {
    const response = await request(sut.server).post('/api/auth/login').send({ email: 'not-an-email' }).expect(400);
    expect(response.body.status).toBe('error');
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', error: 'Invalid email address.' },
        { field: 'password', error: expect.any(String) },
      ]),
    );
  });

  it('rate-limits an account from one IP after repeated failures with 429 and a clear message', async () => {
    for (let i = 0; i < 3; i++) await login('isa@demo-realty.test', 'Wrong-pass1!', '10.1.0.1').expect(401);
    const blocked = await login('isa@demo-realty.test', DEMO_PASSWORD, '10.1.0.1').expect(429);
    expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
  });

  it('slows an account attacked from many IPs with a backoff, never a lock: the owner signs in once it has passed', async () => {
    const slowed = await bootIdentity({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_ACCOUNT_BACKOFF_SECONDS: '2' } });
    try {
      const hit = (password: string, ip: string) =>
        request(slowed.server).post('/api/auth/login').set('x-forwarded-for', ip).send({ email: 'agent@demo-realty.test', password });
      for (let i = 0; i < 3; i++) await hit('Wrong-pass1!', `10.3.0.${i}`).expect(401);
      // Right after the third failure, even the right password from a fresh IP waits the backoff.
      const waiting = await hit(DEMO_PASSWORD, '10.3.1.1').expect(429);
      expect(waiting.body.message).toMatch(/^Too many sign-in attempts\. Try again in [12] seconds?\.$/);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      await hit(DEMO_PASSWORD, '10.3.1.1').expect(200);
    } finally {
      await slowed.close();
    }
  });

  it('rate-limits an IP across accounts', async () => {
    const limited = await bootIdentity({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '100', LOGIN_MAX_FAILURES_PER_IP: '2' } });
    try {
      const hit = (email: string) =>
        request(limited.server).post('/api/auth/login').set('x-forwarded-for', '10.9.9.9').send({ email, password: 'Wrong-pass1!' });
      await hit('a@x.test').expect(401);
      await hit('b@x.test').expect(401);
      await hit('c@x.test').expect(429);
      // Another IP is not affected.
      await request(limited.server).post('/api/auth/login').set('x-forwarded-for', '10.9.9.8').send({ email: 'agent@demo-realty.test', password: DEMO_PASSWORD }).expect(200);
    } finally {
      await limited.close();
    }
  });

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
      const call = (refresh_token: string) => request(brief.server).post('/api/auth/refresh').set('user-agent', 'tab-browser').send({ refresh_token });
      const session = (await request(brief.server).post('/api/auth/login').send({ email: 'isa@demo-realty.test', password: DEMO_PASSWORD }).expect(200)).body;
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

  describe('the console\'s refresh cookie (X-Requested-With: console)', () => {
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

  it('records sign-in history, successes and failures', async () => {
    await login('client@demo-realty.test', 'Wrong-pass1!', '10.2.0.1').expect(401);
    await login('client@demo-realty.test', DEMO_PASSWORD, '10.2.0.1').expect(200);
    const rows = await sut.dataSource.query(
      `SELECT success, ip FROM identity.login_history WHERE email = 'client@demo-realty.test' ORDER BY id`,
    );
    expect(rows.slice(-2)).toEqual([
      { success: false, ip: '10.2.0.1' },
      { success: true, ip: '10.2.0.1' },
    ]);
  });

  it('stores passwords as argon2id hashes', async () => {
    const [{ password_hash }] = await sut.dataSource.query(`SELECT password_hash FROM identity.users WHERE email = 'admin@demo-realty.test'`);
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('identity profile and guard', () => {
  let sut: Awaited<ReturnType<typeof bootIdentity>>;
  beforeAll(async () => {
    sut = await bootIdentity();
  });
  afterAll(() => sut.close());

  const tokenOf = async (email: string) =>
    (await request(sut.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body.access_token as string;

  it('answers 401 without a token and with a forged one', async () => {
    const none = await request(sut.server).get('/api/user/profile').expect(401);
    expect(none.body).toEqual({ status: 'error', message: 'Authentication required' });
    await request(sut.server).get('/api/user/profile').set('authorization', 'Bearer abc.def.ghi').expect(401);
  });

  it('updates the profile and publishes identity.user.updated in the same transaction', async () => {
    const token = await tokenOf('agent@demo-realty.test');
    const response = await request(sut.server)
      .patch('/api/user/profile')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: 'Alexandra', last_name: 'Agent', mobile_phone: '(555) 555-0199' })
      .expect(200);
    expect(response.body).toMatchObject({ first_name: 'Alexandra', mobile_phone: '5555550199' });
    const events = await sut.dataSource.query(
      `SELECT type, payload FROM identity.outbox WHERE type = 'identity.user.updated' AND payload->>'agent_id' = $1`,
      [String(response.body.agent_id)],
    );
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ first_name: 'Alexandra', team_id: response.body.team.team_id });
  });

  it('refuses an invalid profile with field errors and keeps what was saved', async () => {
    const token = await tokenOf('tc@demo-realty.test');
    const response = await request(sut.server)
      .patch('/api/user/profile')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: '', last_name: 'C<o>ordinator', mobile_phone: '(555) 555-0100' })
      .expect(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', error: 'Required' },
        { field: 'last_name', error: 'Characters < > * ! ( ) { } are not allowed' },
      ]),
    );
    const profile = await request(sut.server).get('/api/user/profile').set('authorization', `Bearer ${token}`).expect(200);
    expect(profile.body).toMatchObject({ first_name: 'Taylor', last_name: 'Coordinator' });
  });

  it('rejects unknown fields rather than silently dropping them', async () => {
    const token = await tokenOf('tc@demo-realty.test');
    const response = await request(sut.server)
      .patch('/api/user/profile')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: 'T', last_name: 'C', mobile_phone: '(555) 555-0100', roles: ['ADMIN'] })
      .expect(400);
    expect(response.body.errors).toEqual([{ field: 'roles', error: 'property roles should not exist' }]);
  });
});
