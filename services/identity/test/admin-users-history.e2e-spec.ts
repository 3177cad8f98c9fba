import request from 'supertest';
import type { LoginHistoryRow } from '@app/contracts';
import { adminApi, bootAdminIdentity, DEMO_PASSWORD, insertUsers, signIn, userEvents, type AdminIdentity } from './admin-test-helpers';

// Smallest valid PNG (1x1, transparent).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('user administration: history and avatar', () => {
  let sut: AdminIdentity;
  let admin: ReturnType<typeof adminApi>;
  let teamId: number;

  beforeAll(async () => {
    sut = await bootAdminIdentity();
    const signedIn = await signIn(sut, 'admin@demo-realty.test');
    admin = adminApi(sut, signedIn.token);
    teamId = signedIn.user.team.team_id;
  });
  afterAll(() => sut.close());

  const member = async (status = 'active') => {
    const [agentId] = await insertUsers(sut, teamId, [{ first_name: 'Hist', last_name: 'Ory', status }]);
    const [{ email }] = await sut.dataSource.query(`SELECT email FROM identity.users WHERE agent_id = $1`, [agentId]);
    return { agentId, email: email as string };
  };
  const login = (email: string, password: string, ip: string, userAgent: string) =>
    request(sut.server).post('/api/auth/login').set('x-forwarded-for', ip).set('user-agent', userAgent).send({ email, password });

  describe('GET /admin/user/history', () => {
    it('lists failed and successful sign-ins, newest first, with IP address and device', async () => {
      const user = await member();
      await login(user.email, 'Wrong-pass1!', '10.7.0.1', 'TestAgent/1.0 (failed)').expect(401);
      await login(user.email, DEMO_PASSWORD, '10.7.0.2', 'TestAgent/2.0 (ok)').expect(200);

      const { body } = await admin.get(`/admin/user/history?agent_id=${user.agentId}&page=1&per_page=20`).expect(200);
      expect(body.table.cols).toEqual([
        { field: 'created_ts', header: 'Time', sortable: false },
        { field: 'ip', header: 'IP Address', sortable: false },
        { field: 'user_agent', header: 'Device', sortable: false },
        { field: 'result', header: 'Result', sortable: false },
      ]);
      expect(body.table.data).toEqual([
        { created_ts: expect.any(String), ip: '10.7.0.2', user_agent: 'TestAgent/2.0 (ok)', result: 'Success' },
        { created_ts: expect.any(String), ip: '10.7.0.1', user_agent: 'TestAgent/1.0 (failed)', result: 'Failed' },
      ]);
      const [newer, older] = body.table.data.map((r: LoginHistoryRow) => Date.parse(r.created_ts));
      expect(newer).toBeGreaterThanOrEqual(older);
      expect(body.pagination).toEqual({ total: 2, page: 1, per_page: 20, pages: 1, has_next: false, has_prev: false });
    });

    it('records the refused sign-in of an inactive user', async () => {
      const user = await member('inactive');
      await login(user.email, DEMO_PASSWORD, '10.7.1.1', 'Inactive/1.0').expect(401);
      const { body } = await admin.get(`/admin/user/history?agent_id=${user.agentId}`).expect(200);
      expect(body.table.data).toEqual([{ created_ts: expect.any(String), ip: '10.7.1.1', user_agent: 'Inactive/1.0', result: 'Failed' }]);
    });

    it('pages with per_page 10 and refuses other sizes', async () => {
      const user = await member();
      await sut.dataSource.query(
        `INSERT INTO identity.login_history (agent_id, team_id, email, success, ip, user_agent, created_ts)
         SELECT $1, $2, $3, n % 2 = 0, '10.8.0.' || n, 'Bulk', now() - make_interval(mins => n) FROM generate_series(1, 12) AS n`,
        [user.agentId, teamId, user.email],
      );
      const second = (await admin.get(`/admin/user/history?agent_id=${user.agentId}&page=2&per_page=10`).expect(200)).body;
      expect(second.pagination).toEqual({ total: 12, page: 2, per_page: 10, pages: 2, has_next: false, has_prev: true });
      expect(second.table.data.map((r: LoginHistoryRow) => r.ip)).toEqual(['10.8.0.11', '10.8.0.12']);
      const bad = await admin.get(`/admin/user/history?agent_id=${user.agentId}&per_page=25`).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'per_page', error: 'Must be one of 10, 20, 60, 100' }]);
    });

    it('answers an empty table for a user who never signed in', async () => {
      const user = await member();
      const { body } = await admin.get(`/admin/user/history?agent_id=${user.agentId}`).expect(200);
      expect(body.table.data).toEqual([]);
      expect(body.pagination.total).toBe(0);
    });
  });

  describe('POST /admin/user/avatar', () => {
    const put = (url: string, body: Buffer) => request(sut.server).put(url).set('content-type', 'image/png').send(body);

    it("uploads an existing user's image: the record, the list and the user snapshot show it", async () => {
      const user = await member();
      const { body } = await admin.post(`/admin/user/avatar?agent_id=${user.agentId}`, { name: 'face.png', type: 'image/png' }).expect(200);
      expect(body).toEqual({
        url: expect.any(String),
        key: expect.stringContaining(`/${teamId}/${user.agentId}/`),
        expires_in: 900,
        max_bytes: 10_000_000,
      });
      await put(body.url, PNG).expect(200);

      const record = (await admin.get(`/admin/user?agent_id=${user.agentId}`).expect(200)).body;
      expect(record.profile_image_url).toMatch(new RegExp(`^/api/identity/files/${body.key}\\?expires=\\d+&sig=`));
      const file = await request(sut.server).get(record.profile_image_url).expect(200);
      expect(file.headers['content-type']).toBe('image/png');

      const list = (await admin.get('/admin/users?status_filter=all&per_page=100').expect(200)).body;
      const row = list.table.data.find((r: { agent_id: number }) => r.agent_id === user.agentId);
      expect(row.profile_image_path).toContain(body.key);
      expect((await userEvents(sut, user.agentId)).at(-1)).toMatchObject({
        type: 'identity.user.updated',
        payload: { profile_image_path: body.key },
      });
    });

    it('confirm (the S3 flow) checks that the upload arrived', async () => {
      const user = await member();
      const { body } = await admin.post(`/admin/user/avatar?agent_id=${user.agentId}`, { name: 'face.png', type: 'image/png' }).expect(200);
      await admin.post(`/admin/user/avatar/confirm?agent_id=${user.agentId}`, { key: body.key }).expect(404);
      await put(body.url, PNG).expect(200);
      const confirmed = await admin.post(`/admin/user/avatar/confirm?agent_id=${user.agentId}`, { key: body.key }).expect(200);
      expect(confirmed.body.url).toContain(body.key);
    });

    it('needs an agent_id (existing users only) and an image type', async () => {
      const missing = await admin.post('/admin/user/avatar', { name: 'a.png', type: 'image/png' }).expect(400);
      expect(missing.body.errors).toEqual([{ field: 'agent_id', error: 'Required' }]);
      await admin.post('/admin/user/avatar?agent_id=999999', { name: 'a.png', type: 'image/png' }).expect(404);
      const user = await member();
      const notImage = await admin.post(`/admin/user/avatar?agent_id=${user.agentId}`, { name: 'a.txt', type: 'text/plain' }).expect(400);
      expect(notImage.body.errors).toEqual([{ field: 'type', error: 'Only image files are allowed.' }]);
    });
  });
});
