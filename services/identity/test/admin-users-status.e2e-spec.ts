import request from 'supertest';
import { ADMIN_MESSAGES } from '@app/contracts';
import {
  adminApi,
  bootAdminIdentity,
  createTeamWithAdmin,
  DEMO_PASSWORD,
  insertUsers,
  userEvents,
  userForm,
  type AdminIdentity,
} from './admin-test-helpers';

const NO_LICENCES = { status: 'error', message: 'No Available User Licenses', detail: ADMIN_MESSAGES.noLicensesDetail };

describe('user administration: status and licences', () => {
  let sut: AdminIdentity;
  beforeAll(async () => {
    sut = await bootAdminIdentity();
  });
  afterAll(() => sut.close());

  const login = (email: string, password = DEMO_PASSWORD) => request(sut.server).post('/api/auth/login').send({ email, password });
  const refresh = (token: string) => request(sut.server).post('/api/auth/refresh').send({ refresh_token: token });
  const emailOf = async (agentId: number) =>
    (await sut.dataSource.query(`SELECT email FROM identity.users WHERE agent_id = $1`, [agentId]))[0].email;
  const countUsers = async (teamId: number) =>
    (await sut.dataSource.query(`SELECT count(*)::int AS n FROM identity.users WHERE team_id = $1`, [teamId]))[0].n as number;

  describe('GET /admin/licenses', () => {
    it('counts active team members (not CLIENT logins) and active members with e-sign', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 10, esignSeats: 4, permissions: ['team_esign'] });
      await insertUsers(sut, team.team_id, [
        { first_name: 'A', last_name: 'Agent', esign_enabled: true },
        { first_name: 'V', last_name: 'Vendor', role: 'VENDOR' },
        { first_name: 'I', last_name: 'Inactive', status: 'inactive', esign_enabled: true },
        { first_name: 'C', last_name: 'Client', role: 'CLIENT', esign_enabled: true },
      ]);
      const { body } = await adminApi(sut, team.token).get('/admin/licenses').expect(200);
      expect(body).toEqual({ total: 10, used: 3, remaining: 7, esign_total: 4, esign_used: 1, esign_remaining: 3 });
    });

    it("answers the seeded plan of Demo Realty's admin", async () => {
      const admin = adminApi(sut, (await login('admin@demo-realty.test').expect(200)).body.access_token);
      const { body } = await admin.get('/admin/licenses').expect(200);
      const [{ used, esign_used }] = await sut.dataSource.query(
        `SELECT count(*)::int AS used, count(*) FILTER (WHERE u.esign_enabled)::int AS esign_used
           FROM identity.users u JOIN identity.teams t USING (team_id)
          WHERE t.name = 'Demo Realty' AND u.status = 'active' AND u.roles[1] <> 'CLIENT'`,
      );
      // The seed enables e-sign for the admin, the TC and the agent, within the plan's 10 seats.
      expect(esign_used).toBe(3);
      expect(body).toEqual({ total: 25, used, remaining: 25 - used, esign_total: 10, esign_used, esign_remaining: 10 - esign_used });
    });
  });

  describe('DELETE /admin/user (disable)', () => {
    it("sets the user inactive, ends the user's sessions, and sign-in fails", async () => {
      const team = await createTeamWithAdmin(sut);
      const admin = adminApi(sut, team.token);
      const [agentId] = await insertUsers(sut, team.team_id, [{ first_name: 'Sam', last_name: 'Session' }]);
      const email = await emailOf(agentId);
      const session = (await login(email).expect(200)).body;

      const response = await admin.delete(`/admin/user?agent_id=${agentId}`).expect(200);
      expect(response.body).toEqual({ status: 'success', message: 'User disabled' });

      const [row] = await sut.dataSource.query(`SELECT status FROM identity.users WHERE agent_id = $1`, [agentId]);
      expect(row.status).toBe('inactive');
      const [{ live }] = await sut.dataSource.query(
        `SELECT count(*)::int AS live FROM identity.refresh_tokens WHERE agent_id = $1 AND revoked_at IS NULL`,
        [agentId],
      );
      expect(live).toBe(0);
      await refresh(session.refresh_token).expect(401);
      const refused = await login(email).expect(401);
      expect(refused.body.message).toBe('This account is inactive. Contact your team administrator.');

      const { body: list } = await admin.get('/admin/users?status_filter=disabled').expect(200);
      expect(list.table.data.map((r: { agent_id: number; status: string }) => [r.agent_id, r.status])).toEqual([[agentId, 'Inactive']]);
      const events = await userEvents(sut, agentId);
      expect(events.at(-1)).toMatchObject({ type: 'identity.user.updated', payload: { agent_id: agentId, status: 'inactive' } });
    });

    it('does not let an admin disable themself', async () => {
      const team = await createTeamWithAdmin(sut);
      const response = await adminApi(sut, team.token).delete(`/admin/user?agent_id=${team.agent_id}`).expect(400);
      expect(response.body).toEqual({ status: 'error', message: 'You cannot disable your own user' });
      await login(team.email).expect(200);
    });

    it('is harmless twice: no second event, sessions stay ended', async () => {
      const team = await createTeamWithAdmin(sut);
      const admin = adminApi(sut, team.token);
      const [agentId] = await insertUsers(sut, team.team_id, [{ first_name: 'Twice', last_name: 'Off' }]);
      await admin.delete(`/admin/user?agent_id=${agentId}`).expect(200);
      await admin.delete(`/admin/user?agent_id=${agentId}`).expect(200);
      expect((await userEvents(sut, agentId)).map((e) => e.type)).toEqual(['identity.user.updated']);
    });
  });

  describe('PATCH /admin/user/activate', () => {
    it('restores the user: status active, sign-in works again (old sessions stay ended)', async () => {
      const team = await createTeamWithAdmin(sut);
      const admin = adminApi(sut, team.token);
      const [agentId] = await insertUsers(sut, team.team_id, [{ first_name: 'Back', last_name: 'Again' }]);
      const email = await emailOf(agentId);
      const old = (await login(email).expect(200)).body;
      await admin.delete(`/admin/user?agent_id=${agentId}`).expect(200);

      const response = await admin.patch('/admin/user/activate', { agent_id: agentId }).expect(200);
      expect(response.body).toMatchObject({
        status: 'success',
        message: 'User activated. Please confirm the user has a valid email address.',
        record: { agent_id: agentId, status: 'active' },
      });
      await login(email).expect(200);
      await refresh(old.refresh_token).expect(401);
      const events = await userEvents(sut, agentId);
      expect(events.map((e) => e.payload.status)).toEqual(['inactive', 'active']);
    });
  });

  describe('licences', () => {
    it('refuses an add with 403 and the detail when the total is above 0 and none remain; nothing is written', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 2 });
      const admin = adminApi(sut, team.token);
      await admin.post('/admin/user', userForm()).expect(201);
      const before = await countUsers(team.team_id);
      const refused = await admin.post('/admin/user', userForm()).expect(403);
      expect(refused.body).toEqual(NO_LICENCES);
      expect(await countUsers(team.team_id)).toBe(before);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ total: 2, used: 2, remaining: 0 });
    });

    it('counts a team over its total (remaining below 0) as full', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 1 });
      await insertUsers(sut, team.team_id, [{ first_name: 'Over', last_name: 'Limit' }]);
      const admin = adminApi(sut, team.token);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ total: 1, used: 2, remaining: -1 });
      expect((await admin.post('/admin/user', userForm()).expect(403)).body).toEqual(NO_LICENCES);
    });

    it('refuses an activation with the same 403 when no licence remains; disabling frees one', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 2 });
      const admin = adminApi(sut, team.token);
      const [active, inactive] = await insertUsers(sut, team.team_id, [
        { first_name: 'Has', last_name: 'Licence' },
        { first_name: 'Wants', last_name: 'Licence', status: 'inactive' },
      ]);
      expect((await admin.patch('/admin/user/activate', { agent_id: inactive }).expect(403)).body).toEqual(NO_LICENCES);
      const [row] = await sut.dataSource.query(`SELECT status FROM identity.users WHERE agent_id = $1`, [inactive]);
      expect(row.status).toBe('inactive');
      expect(await userEvents(sut, inactive)).toEqual([]);

      await admin.delete(`/admin/user?agent_id=${active}`).expect(200);
      await admin.patch('/admin/user/activate', { agent_id: inactive }).expect(200);
      // Activating an active user takes nothing more.
      await admin.patch('/admin/user/activate', { agent_id: inactive }).expect(200);
    });

    it('sets no limit when the total is 0', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 0 });
      const admin = adminApi(sut, team.token);
      const [inactive] = await insertUsers(sut, team.team_id, [{ first_name: 'Gone', last_name: 'Away', status: 'inactive' }]);
      for (let i = 0; i < 3; i++) await admin.post('/admin/user', userForm()).expect(201);
      await admin.patch('/admin/user/activate', { agent_id: inactive }).expect(200);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ total: 0, used: 5 });
    });

    it('lets only as many concurrent adds through as licences remain', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 3 });
      const admin = adminApi(sut, team.token);
      const responses = await Promise.all(Array.from({ length: 6 }, () => admin.post('/admin/user', userForm())));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 403, 403, 403, 403]);
      expect(await countUsers(team.team_id)).toBe(3);
    });

    it('lets only one of two concurrent activations take the last licence', async () => {
      const team = await createTeamWithAdmin(sut, { licences: 2 });
      const admin = adminApi(sut, team.token);
      const [a, b] = await insertUsers(sut, team.team_id, [
        { first_name: 'Race', last_name: 'One', status: 'inactive' },
        { first_name: 'Race', last_name: 'Two', status: 'inactive' },
      ]);
      const responses = await Promise.all([a, b].map((agent_id) => admin.patch('/admin/user/activate', { agent_id })));
      expect(responses.map((r) => r.status).sort()).toEqual([200, 403]);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ used: 2, remaining: 0 });
    });
  });

  describe('e-sign seats', () => {
    const NO_SEATS = {
      status: 'error',
      message: 'No Available E-Sign Seats',
      errors: [{ field: 'esign_enabled', error: 'No Available E-Sign Seats' }],
    };

    it('refuses esign_enabled on add, on change and on activation when the seats are taken', async () => {
      const team = await createTeamWithAdmin(sut, { esignSeats: 1, permissions: ['team_esign'] });
      const admin = adminApi(sut, team.token);
      const [plain, inactiveSigner] = await insertUsers(sut, team.team_id, [
        { first_name: 'Plain', last_name: 'User' },
        { first_name: 'Idle', last_name: 'Signer', status: 'inactive', esign_enabled: true },
      ]);
      await admin.post('/admin/user', userForm({ esign_enabled: true })).expect(201);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ esign_total: 1, esign_used: 1, esign_remaining: 0 });

      expect((await admin.post('/admin/user', userForm({ esign_enabled: true })).expect(403)).body).toEqual(NO_SEATS);
      expect((await admin.patch('/admin/user', { agent_id: plain, esign_enabled: true }).expect(403)).body).toEqual(NO_SEATS);
      expect((await admin.patch('/admin/user/activate', { agent_id: inactiveSigner }).expect(403)).body).toEqual(NO_SEATS);
      // An inactive user may keep the switch: the seat is taken on activation.
      await admin.patch('/admin/user', { agent_id: inactiveSigner, first_name: 'Still' }).expect(200);
    });

    it('sets no seat limit when the team has 0 seats', async () => {
      const team = await createTeamWithAdmin(sut, { esignSeats: 0, permissions: ['team_esign'] });
      const admin = adminApi(sut, team.token);
      for (let i = 0; i < 3; i++) await admin.post('/admin/user', userForm({ esign_enabled: true })).expect(201);
      expect((await admin.get('/admin/licenses').expect(200)).body).toMatchObject({ esign_total: 0, esign_used: 3 });
    });
  });
});
