import request from 'supertest';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { bootIdentity } from '../../services/identity/test/identity-test-app';

type Identity = Awaited<ReturnType<typeof bootIdentity>>;

/** X-Forwarded-For names the client only when a configured proxy (the edge, the ingress) sends it. */
describe('trusted proxies', () => {
  let byDefault: Identity;
  let elsewhere: Identity;

  beforeAll(async () => {
    byDefault = await bootIdentity();
    elsewhere = await bootIdentity({ env: { TRUSTED_PROXIES: '10.255.255.1' } });
  }, 60_000);
  afterAll(async () => {
    await byDefault?.close();
    await elsewhere?.close();
  });

  const lastIp = async (sut: Identity) =>
    (
      (await sut.dataSource.query(
        `SELECT ip FROM identity.login_history WHERE email = 'isa@demo-realty.test' ORDER BY id DESC LIMIT 1`,
      )) as { ip: string }[]
    )[0]?.ip;
  const login = (sut: Identity, forwardedFor: string) =>
    request(sut.server)
      .post('/api/auth/login')
      .set('x-forwarded-for', forwardedFor)
      .send({ email: 'isa@demo-realty.test', password: DEMO_PASSWORD })
      .expect(200);

  it('takes the client address from a trusted proxy (the default: loopback, where the edge runs)', async () => {
    await login(byDefault, '203.0.113.7');
    expect(await lastIp(byDefault)).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    await login(elsewhere, '203.0.113.7');
    expect(await lastIp(elsewhere)).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
  });
});
