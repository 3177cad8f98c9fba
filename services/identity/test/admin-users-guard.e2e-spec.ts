import request from 'supertest';
import { adminApi, bootAdminIdentity, DEMO_PASSWORD, signIn, userEvents, userForm, type AdminIdentity } from './admin-test-helpers';

type Call = [method: 'get' | 'post' | 'put' | 'patch' | 'delete', url: string, body?: object];

/** Every user administration call; those that take an agent_id name the given user. */
function everyCall(agentId: number): { withId: Call[]; withoutId: Call[] } {
  return {
    withoutId: [
      ['get', '/admin/users'],
      ['get', '/admin/users/download'],
      ['get', '/admin/licenses'],
      ['post', '/admin/user', userForm()],
    ],
    withId: [
      ['get', `/admin/user?agent_id=${agentId}`],
      ['patch', '/admin/user', { agent_id: agentId, first_name: 'Taken' }],
      ['delete', `/admin/user?agent_id=${agentId}`],
      ['patch', '/admin/user/activate', { agent_id: agentId }],
      ['put', '/admin/user/password', { agent_id: agentId }],
      ['patch', '/admin/user/password', { agent_id: agentId, new_password: 'Takeover1!', confirm_new_password: 'Takeover1!' }],
      ['post', '/admin/user/email', { agent_id: agentId, type: 'reset' }],
      ['get', `/admin/user/history?agent_id=${agentId}`],
      ['post', `/admin/user/avatar?agent_id=${agentId}`, { name: 'a.png', type: 'image/png' }],
      ['post', `/admin/user/avatar/confirm?agent_id=${agentId}`, { key: 'profile-images/1/1/00000000-0000-4000-8000-000000000000' }],
    ],
  };
}

describe('user administration: who may call it', () => {
  let sut: AdminIdentity;
  let target: { agent_id: number };

  beforeAll(async () => {
    sut = await bootAdminIdentity();
    target = (await signIn(sut, 'agent@demo-realty.test')).user;
  });
  afterAll(() => sut.close());

  const call = (token: string, [method, url, body]: Call) => {
    const api = adminApi(sut, token);
    return method === 'get' || method === 'delete' ? api[method](url) : api[method](url, body);
  };

  /** The target is unchanged: still active, same name, signs in with the demo password, no events. */
  async function expectTargetUntouched() {
    const [row] = await sut.dataSource.query(`SELECT status, first_name FROM identity.users WHERE agent_id = $1`, [target.agent_id]);
    expect(row).toEqual({ status: 'active', first_name: 'Alex' });
    await request(sut.server).post('/api/auth/login').send({ email: 'agent@demo-realty.test', password: DEMO_PASSWORD }).expect(200);
    expect((await userEvents(sut, target.agent_id)).filter((e) => e.type === 'identity.user.updated')).toEqual([]);
  }

  it('answers 401 without a token', async () => {
    const { withId, withoutId } = everyCall(target.agent_id);
    for (const [method, url] of [...withoutId, ...withId]) {
      await request(sut.server)[method](`/api${url}`).expect(401);
    }
  });

  it.each([
    ['tc@demo-realty.test'],
    ['isa@demo-realty.test'],
    ['agent@demo-realty.test'],
    ['vendor@demo-realty.test'],
    ['client@demo-realty.test'],
  ])('answers 403 to %s on every call', async (email) => {
    const { token } = await signIn(sut, email);
    const { withId, withoutId } = everyCall(target.agent_id);
    for (const c of [...withoutId, ...withId]) {
      const response = await call(token, c);
      expect([c[0], c[1], response.status, response.body]).toEqual([
        c[0],
        c[1],
        403,
        { status: 'error', message: 'You do not have permission to do this' },
      ]);
    }
    await expectTargetUntouched();
  });

  it("answers 404 to another team's admin on every call that takes an agent_id, and shows none of the rows", async () => {
    const rival = await signIn(sut, 'admin@rival-homes.test');
    for (const c of everyCall(target.agent_id).withId) {
      const response = await call(rival.token, c);
      expect([c[0], c[1], response.status, response.body]).toEqual([c[0], c[1], 404, { status: 'error', message: 'User not found' }]);
    }
    await expectTargetUntouched();
    const list = (await adminApi(sut, rival.token).get('/admin/users?status_filter=all').expect(200)).body;
    expect(list.table.data.map((r: { email: string }) => r.email)).toEqual(['admin@rival-homes.test']);
  });

  it('answers 400 with a field error, never a 500, to ids and pages beyond what Postgres integers hold', async () => {
    const admin = await signIn(sut, 'admin@demo-realty.test');
    const tooBig = 3_000_000_000;
    for (const c of everyCall(tooBig).withId) {
      const response = await call(admin.token, c);
      expect([c[0], c[1], response.status, response.body.errors]).toEqual([
        c[0],
        c[1],
        400,
        [{ field: 'agent_id', error: expect.any(String) }],
      ]);
    }
    for (const url of [
      '/admin/users?page=99999999999999999999',
      `/admin/user/history?agent_id=${target.agent_id}&page=99999999999999999999`,
    ]) {
      const response = await adminApi(sut, admin.token).get(url);
      expect([url, response.status, response.body.errors]).toEqual([url, 400, [{ field: 'page', error: expect.any(String) }]]);
    }
    const templates = await adminApi(sut, admin.token).post(
      '/admin/user',
      userForm({ default_commission_templates: { buyer: [tooBig], seller: [] } }),
    );
    expect(templates.status).toBe(400);
    expect(templates.body.errors).toEqual([{ field: 'default_commission_templates.buyer', error: expect.any(String) }]);
  });
});
