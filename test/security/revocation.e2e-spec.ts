// Security suite: a change that must end access reaches every service's guard within seconds,
// though the access token itself would live 15 minutes: a demotion, a disable, a permission taken away
// ("valid after" marks), a logout (that session alone) and a password change (the user's other sessions).
import request from 'supertest';
import { REVOCATION_CACHE_MS } from '@app/auth';
import { bootTestService, eventually, IdentityFactory, signInThroughApi, testEnv, type SignedInClient } from '@app/testing';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { teamAdminMigrations } from '../../services/team-admin/src/migrations';
import { teamAdminConfigSpec, type TeamAdminConfig } from '../../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../../services/team-admin/src/team-admin.module';

describe('access ends within seconds everywhere after each kind of change', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let teamAdmin: Awaited<ReturnType<typeof bootTestService<TeamAdminConfig>>>;
  let admin: SignedInClient;
  let teamId: number;

  beforeAll(async () => {
    identity = await bootIdentity();
    teamAdmin = await bootTestService<TeamAdminConfig>({
      service: 'team-admin',
      env: testEnv(identity.database),
      configSpec: teamAdminConfigSpec,
      migrations: teamAdminMigrations,
      module: (config) => TeamAdminModule.forRoot(config, 'api'),
    });
    admin = await signInThroughApi(identity.server, 'admin@demo-realty.test', 'DemoPass1!');
    teamId = admin.user.team_id;
    await teamAdmin.dataSource.query(`INSERT INTO team_admin.teams (team_id, name) VALUES ($1, 'Demo Realty') ON CONFLICT DO NOTHING`, [
      teamId,
    ]);
  }, 60_000);

  afterAll(async () => {
    await teamAdmin?.close();
    await identity?.close();
  });

  const folders = (token: string) => request(teamAdmin.server).get('/api/documents/folders').set('authorization', `Bearer ${token}`);
  const profile = (token: string) => request(identity.server).get('/api/user/profile').set('authorization', `Bearer ${token}`);

  it("refuses a demoted TC's token in identity and in team-admin within the cache window", async () => {
    const tc = await new IdentityFactory(identity.dataSource).user({ team_id: teamId }, { role: 'TRANC' });
    const session = await signInThroughApi(identity.server, tc.email, tc.password);
    await folders(session.token).expect(200);

    await admin.patch('/api/admin/user').send({ agent_id: tc.agent_id, role_id: 'AGENT' }).expect(200);
    const started = Date.now();
    await eventually(async () => (await folders(session.token)).status === 401, REVOCATION_CACHE_MS + 3000, 100);
    expect(Date.now() - started).toBeLessThanOrEqual(REVOCATION_CACHE_MS + 1000);
    await profile(session.token).expect(401);

    // Signing in again gives a token with the new role: refused by the TC-only call, accepted elsewhere.
    const again = await signInThroughApi(identity.server, tc.email, tc.password);
    expect(again.user.roles).toEqual(['AGENT']);
    await folders(again.token).expect(403);
    await profile(again.token).expect(200);
  }, 20_000);

  it("refuses a disabled user's token everywhere", async () => {
    const user = await new IdentityFactory(identity.dataSource).user({ team_id: teamId }, { role: 'TRANC' });
    const session = await signInThroughApi(identity.server, user.email, user.password);
    await folders(session.token).expect(200);
    await admin.delete(`/api/admin/user?agent_id=${user.agent_id}`).expect(200);
    await eventually(async () => (await folders(session.token)).status === 401, REVOCATION_CACHE_MS + 3000, 100);
    await profile(session.token).expect(401);
  }, 20_000);

  /** Signs in through the API as a body client and answers both tokens. */
  const session = async (email: string, password: string) =>
    (await request(identity.server).post('/api/auth/login').send({ email, password }).expect(200)).body as {
      access_token: string;
      refresh_token: string;
    };
  const refusedWithin = async (token: string) => {
    const started = Date.now();
    await eventually(async () => (await folders(token)).status === 401, REVOCATION_CACHE_MS + 3000, 100);
    expect(Date.now() - started).toBeLessThanOrEqual(REVOCATION_CACHE_MS + 1000);
  };

  it('ends the tokens carrying a permission an admin took away; the next refresh signs one without it', async () => {
    const agent = await new IdentityFactory(identity.dataSource).user({ team_id: teamId }, { role: 'TRANC', esign_enabled: true });
    const before = await session(agent.email, agent.password);
    await folders(before.access_token).expect(200);

    await admin.patch('/api/admin/user').send({ agent_id: agent.agent_id, esign_enabled: false }).expect(200);
    await refusedWithin(before.access_token);
    await profile(before.access_token).expect(401);

    const refreshed = (await request(identity.server).post('/api/auth/refresh').send({ refresh_token: before.refresh_token }).expect(200))
      .body;
    expect(refreshed.user.permissions).not.toContain('agent_esign');
    await folders(refreshed.access_token).expect(200);
  }, 20_000);

  it('ends a logged-out session everywhere, and only that session', async () => {
    const user = await new IdentityFactory(identity.dataSource).user({ team_id: teamId }, { role: 'TRANC' });
    const out = await session(user.email, user.password);
    const still = await session(user.email, user.password);
    await folders(out.access_token).expect(200);

    await request(identity.server).post('/api/auth/logout').send({ refresh_token: out.refresh_token }).expect(200);
    await refusedWithin(out.access_token);
    await folders(still.access_token).expect(200);
  }, 20_000);

  it("ends the user's other sessions everywhere when they change their password, keeping the one they changed it from", async () => {
    const user = await new IdentityFactory(identity.dataSource).user({ team_id: teamId }, { role: 'TRANC' });
    const here = await session(user.email, user.password);
    const elsewhere = await session(user.email, user.password);

    await request(identity.server)
      .patch('/api/user/password')
      .set('authorization', `Bearer ${here.access_token}`)
      .send({ current_password: user.password, new_password: 'Changed-pass9', confirm_new_password: 'Changed-pass9' })
      .expect(200);
    await refusedWithin(elsewhere.access_token);
    await folders(here.access_token).expect(200);
  }, 20_000);

  it("leaves other users' tokens alone", async () => {
    await profile(admin.token).expect(200);
  });
});
