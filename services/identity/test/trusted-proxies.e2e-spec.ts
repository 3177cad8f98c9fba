import request from 'supertest';
import { DEMO_PASSWORD } from '../src/seed/demo-seed';
import { bootIdentity } from './identity-test-app';

/** X-Forwarded-For names the client only when a configured proxy (the edge, the ingress) sends it. */
describe('trusted proxies', () => {
  const lastIp = async (sut: Awaited<ReturnType<typeof bootIdentity>>, email: string) =>
    ((await sut.dataSource.query(`SELECT ip FROM identity.login_history WHERE email = $1 ORDER BY id DESC LIMIT 1`, [email])) as { ip: string }[])[0]?.ip;
  const login = (sut: Awaited<ReturnType<typeof bootIdentity>>, forwardedFor: string) =>
    request(sut.server).post('/api/auth/login').set('x-forwarded-for', forwardedFor).send({ email: 'isa@demo-realty.test', password: DEMO_PASSWORD }).expect(200);

  it('takes the client address from a trusted proxy (the default: loopback, where the edge runs)', async () => {
    const sut = await bootIdentity();
    try {
      await login(sut, '203.0.113.7');
      expect(await lastIp(sut, 'isa@demo-realty.test')).toBe('203.0.113.7');
    } finally {
      await sut.close();
    }
  });

  it('ignores X-Forwarded-For from a peer that is not a configured proxy', async () => {
    const sut = await bootIdentity({ env: { TRUSTED_PROXIES: '10.255.255.1' } });
    try {
      await login(sut, '203.0.113.7');
      expect(await lastIp(sut, 'isa@demo-realty.test')).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
    } finally {
      await sut.close();
    }
  });
});
