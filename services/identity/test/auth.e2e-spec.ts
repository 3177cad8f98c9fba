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
    for (const field of [
      'first_name',
      'last_name',
      'mobile_phone',
      'alternate_email',
      'address_1',
      'address_2',
      'city',
      'state',
      'postal_code',
      'timezone',
      'business_entity',
      'brokerage_cap_amt',
      'royalty_cap_amt',
      'brokerage_cap_anniversary_dt',
      'royalty_cap_anniversary_dt',
      'brokerage_pct',
      'agent_pct',
    ]) {
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
      await request(limited.server)
        .post('/api/auth/login')
        .set('x-forwarded-for', '10.9.9.8')
        .send({ email: 'agent@demo-realty.test', password: DEMO_PASSWORD })
        .expect(200);
    } finally {
      await limited.close();
    }
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
    const [{ password_hash }] = await sut.dataSource.query(
      `SELECT password_hash FROM identity.users WHERE email = 'admin@demo-realty.test'`,
    );
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
