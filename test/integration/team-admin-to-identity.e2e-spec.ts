import request from 'supertest';
import type { EventEnvelope } from '@app/contracts';
import { EventConsumer } from '@app/events';
import { bootTestService, buildUserSnapshot, eventually, testEnv } from '@app/testing';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { teamAdminMigrations } from '../../services/team-admin/src/migrations';
import { teamAdminConfigSpec, type TeamAdminConfig } from '../../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../../services/team-admin/src/team-admin.module';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';

/**
 * identity, team-admin and transactions on one database and one Redis, talking only through the
 * event bus: a team is provisioned by identity's seed, its settings are decided in team-admin, and
 * identity (switches, team name) and transactions (team name) follow.
 */
describe('team settings flowing from team-admin to identity and transactions', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let teamAdmin: Awaited<ReturnType<typeof bootTestService<TeamAdminConfig>>>;
  let transactions: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;

  beforeAll(async () => {
    identity = await bootIdentity({ mode: 'all' });
    teamAdmin = await bootTestService<TeamAdminConfig>({
      service: 'team-admin',
      env: testEnv(identity.database),
      configSpec: teamAdminConfigSpec,
      migrations: teamAdminMigrations,
      module: (config) => TeamAdminModule.forRoot(config, 'all'),
    });
    transactions = await bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(identity.database),
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'all'),
    });
  }, 60_000);

  afterAll(async () => {
    await transactions?.close();
    await teamAdmin?.close();
    await identity?.close();
  });

  const login = async (email: string) =>
    (await request(identity.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body as {
      access_token: string;
      user: { agent_id: number; team: { team_id: number; name: string } };
    };

  const switchesOf = async (token: string) =>
    (await request(identity.server).get('/api/user/notification_settings').set('authorization', `Bearer ${token}`).expect(200)).body as {
      notification_id: number;
      enabled: boolean;
      team_override: boolean;
    }[];

  const switchOf = async (token: string, notificationId: number) =>
    (await switchesOf(token)).find((s) => s.notification_id === notificationId);

  it('provisions both seeded teams in team-admin from identity.team.provisioned', async () => {
    const demo = await login('admin@demo-realty.test');
    const rival = await login('admin@rival-homes.test');
    for (const admin of [demo, rival]) {
      const team = await eventually(async () => {
        const response = await request(teamAdmin.server).get('/api/admin/team').set('authorization', `Bearer ${admin.access_token}`);
        return response.status === 200 ? response.body : null;
      });
      expect(team).toMatchObject({ team_id: admin.user.team.team_id, name: admin.user.team.name });
    }
  });

  it("turns a member's switch off with 'team_override' when the team switches it off, and gives it back", async () => {
    const admin = await login('admin@demo-realty.test');
    const agent = await login('agent@demo-realty.test');
    const rivalAdmin = await login('admin@rival-homes.test');
    expect(await switchOf(agent.access_token, 2)).toMatchObject({ enabled: true, team_override: false });

    await request(teamAdmin.server)
      .patch('/api/admin/notification_settings')
      .set('authorization', `Bearer ${admin.access_token}`)
      .send({ notification_id: 2, enabled: false })
      .expect(200)
      .expect((response) => expect(response.body.message).toBe('Setting has been saved'));

    const forced = await eventually(async () => {
      const setting = await switchOf(agent.access_token, 2);
      return setting?.team_override ? setting : null;
    });
    expect(forced).toMatchObject({ notification_id: 2, enabled: false, team_override: true });
    // The admin is a member too; the other team is untouched.
    expect(await switchOf(admin.access_token, 2)).toMatchObject({ enabled: false, team_override: true });
    expect(await switchOf(rivalAdmin.access_token, 2)).toMatchObject({ enabled: true, team_override: false });
    // The member cannot switch it back while the team holds it.
    const refused = await request(identity.server)
      .patch('/api/user/notification_settings')
      .set('authorization', `Bearer ${agent.access_token}`)
      .send({ notification_id: 2, enabled: true })
      .expect(400);
    expect(refused.body.message).toBe('Notification disabled by team');

    await request(teamAdmin.server)
      .patch('/api/admin/notification_settings')
      .set('authorization', `Bearer ${admin.access_token}`)
      .send({ notification_id: 2, enabled: true })
      .expect(200);
    const released = await eventually(async () => {
      const setting = await switchOf(agent.access_token, 2);
      return setting && !setting.team_override ? setting : null;
    });
    expect(released).toMatchObject({ notification_id: 2, enabled: true, team_override: false });
  });

  it('ignores an older notification snapshot delivered late', async () => {
    const agent = await login('isa@demo-realty.test');
    const teamId = agent.user.team.team_id;
    const consumer = identity.app.get(EventConsumer);
    const [{ revision }] = await identity.dataSource.query(
      `SELECT notification_settings_revision AS revision FROM identity.teams WHERE team_id = $1`,
      [teamId],
    );
    const stale: EventEnvelope<'team-admin.notification-settings.changed'> = {
      id: '00000000-0000-4000-8000-0000000000a1',
      type: 'team-admin.notification-settings.changed',
      team_id: teamId,
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      version: 1,
      payload: { revision: revision - 1, settings: [{ notification_id: 5, enabled: false }] },
    };
    expect(await consumer.consume(stale)).toBe('applied');
    expect(await switchOf(agent.access_token, 5)).toMatchObject({ enabled: true, team_override: false });
  });

  it('renames the team in the profile and on the transactions side when Team Settings change', async () => {
    const admin = await login('admin@rival-homes.test');
    await request(teamAdmin.server)
      .patch('/api/admin/team')
      .set('authorization', `Bearer ${admin.access_token}`)
      .send({ name: 'Rival Homes Group', timezone: 'America/Chicago' })
      .expect(200)
      .expect((response) => expect(response.body.message).toBe('Team settings updated'));

    const profile = await eventually(async () => {
      const response = await request(identity.server)
        .get('/api/user/profile')
        .set('authorization', `Bearer ${admin.access_token}`)
        .expect(200);
      return response.body.team.name === 'Rival Homes Group' ? response.body : null;
    });
    expect(profile.team).toMatchObject({ team_id: admin.user.team.team_id, name: 'Rival Homes Group' });
    const [row] = await eventually(async () => {
      const rows = await transactions.dataSource.query(
        `SELECT name FROM transactions.teams WHERE team_id = $1 AND name = 'Rival Homes Group'`,
        [admin.user.team.team_id],
      );
      return rows.length ? rows : null;
    });
    expect(row.name).toBe('Rival Homes Group');

    // A late event of an older revision does not undo the rename.
    const [{ revision }] = await identity.dataSource.query(`SELECT settings_revision AS revision FROM identity.teams WHERE team_id = $1`, [
      admin.user.team.team_id,
    ]);
    const stale: EventEnvelope<'team-admin.team.updated'> = {
      id: '00000000-0000-4000-8000-0000000000a2',
      type: 'team-admin.team.updated',
      team_id: admin.user.team.team_id,
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      version: 1,
      payload: { team_id: admin.user.team.team_id, name: 'Rival Homes', timezone: null, revision: revision - 1 },
    };
    expect(await identity.app.get(EventConsumer).consume(stale)).toBe('applied');
    const [team] = await identity.dataSource.query(`SELECT name FROM identity.teams WHERE team_id = $1`, [admin.user.team.team_id]);
    expect(team.name).toBe('Rival Homes Group');
    expect(await transactions.app.get(EventConsumer).consume(stale)).toBe('applied');
    // Nor does a user snapshot that still carries the old name.
    await transactions.app.get(EventConsumer).consume({
      id: '00000000-0000-4000-8000-0000000000a3',
      type: 'identity.user.updated',
      team_id: admin.user.team.team_id,
      occurred_at: new Date().toISOString(),
      version: 1,
      payload: buildUserSnapshot({
        agent_id: admin.user.agent_id,
        team_id: admin.user.team.team_id,
        team_name: 'Rival Homes',
        first_name: 'Riley',
        last_name: 'Rival',
        email: 'admin@rival-homes.test',
        roles: ['ADMIN'],
      }),
    });
    const [copy] = await transactions.dataSource.query(`SELECT name FROM transactions.teams WHERE team_id = $1`, [admin.user.team.team_id]);
    expect(copy.name).toBe('Rival Homes Group');
  });
});
