import request from 'supertest';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bootIdentity } from './identity-test-app';

describe('identity change password', () => {
  let sut: Awaited<ReturnType<typeof bootIdentity>>;

  beforeAll(async () => {
    sut = await bootIdentity();
  });
  afterAll(() => sut.close());

  const login = (email: string, password = DEMO_PASSWORD) => request(sut.server).post('/api/auth/login').send({ email, password });
  const tokenOf = async (email: string) => (await login(email).expect(200)).body.access_token as string;
  const change = (token: string, body: object) =>
    request(sut.server).patch('/api/user/password').set('authorization', `Bearer ${token}`).send(body);

  it('needs a signed-in user', async () => {
    await request(sut.server)
      .patch('/api/user/password')
      .send({ current_password: DEMO_PASSWORD, new_password: 'N3w-Passw0rd!', confirm_new_password: 'N3w-Passw0rd!' })
      .expect(401);
  });

  it('refuses a wrong current password with a field error and keeps the old password', async () => {
    const token = await tokenOf('tc@demo-realty.test');
    const response = await change(token, {
      current_password: 'Wrong-pass1!',
      new_password: 'N3w-Passw0rd!',
      confirm_new_password: 'N3w-Passw0rd!',
    }).expect(400);
    expect(response.body).toEqual({
      status: 'error',
      message: 'Validation failed',
      errors: [{ field: 'current_password', error: 'Current password is incorrect' }],
    });
    await login('tc@demo-realty.test').expect(200);
  });

  it.each([
    [
      'everything missing',
      {},
      [
        ['current_password', 'This field is required'],
        ['new_password', 'This field is required'],
        ['confirm_new_password', 'This field is required'],
      ],
    ],
    [
      'too short',
      { new_password: 'Ab1', confirm_new_password: 'Ab1' },
      [
        ['new_password', 'Minimum length is 8'],
        ['confirm_new_password', 'Minimum length is 8'],
      ],
    ],
    [
      'too weak',
      { new_password: 'abcdefgh', confirm_new_password: 'abcdefgh' },
      [['new_password', 'Password must contain an uppercase letter, a lowercase letter and a number.']],
    ],
    ['no match', { new_password: 'Abcdefg1', confirm_new_password: 'Abcdefg2' }, [['confirm_new_password', 'Passwords do not match']]],
  ])('refuses %s with the section 5 messages', async (_case, passwords, expected) => {
    const token = await tokenOf('isa@demo-realty.test');
    const body = Object.keys(passwords).length ? { current_password: DEMO_PASSWORD, ...passwords } : {};
    const response = await change(token, body).expect(400);
    expect(response.body.errors).toEqual(expected.map(([field, error]) => ({ field, error })));
    await login('isa@demo-realty.test').expect(200);
  });

  it('refuses a field that is not text', async () => {
    const token = await tokenOf('isa@demo-realty.test');
    const response = await change(token, {
      current_password: DEMO_PASSWORD,
      new_password: 12345678,
      confirm_new_password: 'Abcdefg1',
    }).expect(400);
    expect(response.body.errors).toEqual([{ field: 'new_password', error: 'This field is required' }]);
  });

  it('changes the password; the new one signs in and the old one no longer does', async () => {
    const token = await tokenOf('agent@demo-realty.test');
    const response = await change(token, {
      current_password: DEMO_PASSWORD,
      new_password: 'Abcdefg1',
      confirm_new_password: 'Abcdefg1',
    }).expect(200);
    expect(response.body).toEqual({ status: 'ok', message: 'Password successfully updated' });
    await login('agent@demo-realty.test', 'Abcdefg1').expect(200);
    await login('agent@demo-realty.test').expect(401);
  });

  it("ends the user's other sessions, access and refresh tokens alike, and keeps the one it was changed from", async () => {
    const email = 'admin@rival-homes.test';
    const here = (await login(email).expect(200)).body;
    const elsewhere = (await login(email).expect(200)).body;
    const profile = (token: string) => request(sut.server).get('/api/user/profile').set('authorization', `Bearer ${token}`);
    await profile(elsewhere.access_token).expect(200);

    await change(here.access_token, {
      current_password: DEMO_PASSWORD,
      new_password: 'Rival-pass9',
      confirm_new_password: 'Rival-pass9',
    }).expect(200);

    // The other session: its access token is refused at once, its refresh token ends.
    await profile(elsewhere.access_token).expect(401);
    await request(sut.server).post('/api/auth/refresh').send({ refresh_token: elsewhere.refresh_token }).expect(401);
    // This session goes on, and refreshes.
    await profile(here.access_token).expect(200);
    const next = (await request(sut.server).post('/api/auth/refresh').send({ refresh_token: here.refresh_token }).expect(200)).body;
    await profile(next.access_token).expect(200);
  });

  it('throttles wrong current passwords like sign-ins (429), and a wrong one never changes the password', async () => {
    const throttled = await bootIdentity({ env: { LOGIN_MAX_FAILURES_PER_ACCOUNT: '2', LOGIN_ACCOUNT_BACKOFF_SECONDS: '60' } });
    try {
      const { access_token } = (
        await request(throttled.server).post('/api/auth/login').send({ email: 'tc@demo-realty.test', password: DEMO_PASSWORD }).expect(200)
      ).body;
      const attempt = (current: string) =>
        request(throttled.server)
          .patch('/api/user/password')
          .set('authorization', `Bearer ${access_token}`)
          .send({ current_password: current, new_password: 'Abcdefg1', confirm_new_password: 'Abcdefg1' });
      await attempt('Guess-one1').expect(400);
      await attempt('Guess-two2').expect(400);
      const blocked = await attempt(DEMO_PASSWORD).expect(429);
      expect(blocked.body.message).toMatch(/^Too many wrong current passwords\. Try again in \d+ (seconds?|minutes?)\.$/);
      await request(throttled.server).post('/api/auth/login').send({ email: 'tc@demo-realty.test', password: DEMO_PASSWORD }).expect(200);
    } finally {
      await throttled.close();
    }
  });
});
