import request from 'supertest';
import { decodeJwt } from 'jose';
import { IdentityFactory, signInThroughApi } from '@app/testing';
import { adminApi, bootAdminIdentity, DEMO_PASSWORD, type AdminIdentity } from './admin-test-helpers';

/** The permissions a token carries: the team plan, the user's grants, agent_esign from esign_enabled. */
describe('permissions in tokens', () => {
  let sut: AdminIdentity;

  beforeAll(async () => {
    sut = await bootAdminIdentity();
  });
  afterAll(() => sut.close());

  const permissionsOf = (token: string) => (decodeJwt(token) as { permissions: string[] }).permissions;
  const login = async (email: string) =>
    (await request(sut.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body;

  it('gives the seeded users their permissions: e-sign for admin, TC and agent; tooltips for the admin; the restricted dashboard', async () => {
    const expected: Record<string, string[]> = {
      'admin@demo-realty.test': ['team_esign', 'agent_esign', 'transaction_sync', 'manage_tooltips'],
      'tc@demo-realty.test': ['team_esign', 'agent_esign', 'transaction_sync'],
      'agent@demo-realty.test': ['team_esign', 'agent_esign', 'transaction_sync'],
      'isa@demo-realty.test': ['team_esign', 'transaction_sync'],
      'restricted@demo-realty.test': ['team_esign', 'agent_restricted_team_dashboard', 'transaction_sync'],
      // Least privilege: no screen of a CLIENT or VENDOR needs a permission of the team's plan.
      'client@demo-realty.test': [],
      'vendor@demo-realty.test': [],
      'admin@rival-homes.test': [],
    };
    for (const [email, permissions] of Object.entries(expected)) {
      const body = await login(email);
      expect({ email, token: permissionsOf(body.access_token), profile: body.user.permissions }).toEqual({
        email,
        token: permissions,
        profile: permissions,
      });
    }
  });

  it('derives agent_esign from the admin form switch, reaching the token at the next refresh', async () => {
    const factory = new IdentityFactory(sut.dataSource);
    const [{ team_id }] = await sut.dataSource.query(`SELECT team_id FROM identity.teams WHERE name = 'Demo Realty'`);
    const agent = await factory.user({ team_id }, { role: 'AGENT' });
    const session = await signInThroughApi(sut.server, agent.email, agent.password);
    expect(session.user.permissions).not.toContain('agent_esign');
    const { refresh_token } = await login(agent.email);

    const admin = adminApi(sut, (await login('admin@demo-realty.test')).access_token);
    await admin.patch('/admin/user', { agent_id: agent.agent_id, esign_enabled: true }).expect(200);
    // The token in hand keeps its claims; the refreshed one carries the change.
    expect(permissionsOf(session.token)).not.toContain('agent_esign');
    const refreshed = (await request(sut.server).post('/api/auth/refresh').send({ refresh_token }).expect(200)).body;
    expect(permissionsOf(refreshed.access_token)).toEqual(['team_esign', 'agent_esign', 'transaction_sync']);

    await admin.patch('/admin/user', { agent_id: agent.agent_id, esign_enabled: false }).expect(200);
    const again = (await request(sut.server).post('/api/auth/refresh').send({ refresh_token: refreshed.refresh_token }).expect(200)).body;
    expect(permissionsOf(again.access_token)).toEqual(['team_esign', 'transaction_sync']);
  });

  it('never gives a CLIENT or VENDOR a permission, even with esign_enabled or a grant stored', async () => {
    const factory = new IdentityFactory(sut.dataSource);
    const [{ team_id }] = await sut.dataSource.query(`SELECT team_id FROM identity.teams WHERE name = 'Demo Realty'`);
    for (const role of ['CLIENT', 'VENDOR'] as const) {
      const user = await factory.user({ team_id }, { role, esign_enabled: true, permissions: ['agent_esign', 'manage_tooltips'] });
      const session = await signInThroughApi(sut.server, user.email, user.password);
      expect(permissionsOf(session.token)).toEqual([]);
    }
  });
});
