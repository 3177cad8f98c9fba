// "Valid after" marks: a change that must end access (demotion, disable) reaches every service's guard
// within seconds, though the access token itself would live 15 minutes.
import request from 'supertest';
import { REVOCATION_CACHE_MS } from '@app/auth';
import { bootTestService, eventually, IdentityFactory, signInThroughApi, testEnv, type SignedInClient } from '@app/testing';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { teamAdminMigrations } from '../../services/team-admin/src/migrations';
import { teamAdminConfigSpec, type TeamAdminConfig } from '../../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../../services/team-admin/src/team-admin.module';

describe('access ends at once when a user is demoted or disabled', () => {
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
    await teamAdmin.dataSource.query(`INSERT INTO team_admin.teams (team_id, name) VALUES ($1, 'Demo Realty') ON CONFLICT DO NOTHING`, [teamId]);
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

  it("leaves other users' tokens alone", async () => {
    await profile(admin.token).expect(200);
  });
});
