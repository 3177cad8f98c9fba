import request from 'supertest';
import { NOTIFICATION_CATALOGUE } from '@app/contracts';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

describe('team notification settings (/admin/notification_settings)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const list = (token: string) => request(sut.server).get('/api/admin/notification_settings').set(bearer(token));
  const patch = (token: string, body: object) =>
    request(sut.server).patch('/api/admin/notification_settings').set(bearer(token)).send(body);
  const allEnabled = NOTIFICATION_CATALOGUE.map(({ notification_id }) => ({ notification_id, enabled: true }));

  it('lists the whole catalogue, every notification enabled by default', async () => {
    const team = await sut.newTeam();
    const { body } = await list(team.tokens.admin).expect(200);
    expect(body).toEqual({
      records: NOTIFICATION_CATALOGUE.map(({ notification_id, name }) => ({ notification_id, name, enabled: true })),
    });
    expect(body.records).toHaveLength(11);
    expect(body.records[0]).toEqual({ notification_id: 1, name: 'New task assigned to me', enabled: true });
  });

  it("switches one notification for the team: 'Setting has been saved' with the record", async () => {
    const team = await sut.newTeam();
    const other = await sut.newTeam();
    expect((await patch(team.tokens.admin, { notification_id: 3, enabled: false }).expect(200)).body).toEqual({
      status: 'success',
      message: 'Setting has been saved',
      record: { notification_id: 3, name: 'Task overdue', enabled: false },
    });
    const records = (await list(team.tokens.admin)).body.records as { notification_id: number; enabled: boolean }[];
    expect(records.filter((r) => !r.enabled).map((r) => r.notification_id)).toEqual([3]);
    expect(((await list(other.tokens.admin)).body.records as { enabled: boolean }[]).every((r) => r.enabled)).toBe(true);
    await patch(team.tokens.admin, { notification_id: 3, enabled: true }).expect(200);
    expect(((await list(team.tokens.admin)).body.records as { enabled: boolean }[]).every((r) => r.enabled)).toBe(true);
  });

  it('publishes the whole set with a growing revision on every change, and nothing when nothing changed', async () => {
    const team = await sut.newTeam();
    await patch(team.tokens.admin, { notification_id: 5, enabled: true }).expect(200); // already enabled
    await patch(team.tokens.admin, { notification_id: 5, enabled: false }).expect(200);
    await patch(team.tokens.admin, { notification_id: 5, enabled: false }).expect(200); // again
    await patch(team.tokens.admin, { notification_id: 11, enabled: false }).expect(200);
    await patch(team.tokens.admin, { notification_id: 5, enabled: true }).expect(200);
    const set = (off: number[]) => allEnabled.map((s) => ({ ...s, enabled: !off.includes(s.notification_id) }));
    expect(await sut.published('team-admin.notification-settings.changed', team.team_id)).toEqual([
      { revision: 1, settings: set([5]) },
      { revision: 2, settings: set([5, 11]) },
      { revision: 3, settings: set([11]) },
    ]);
  });

  it('answers 404 for an unknown notification and 400 for a malformed body', async () => {
    const team = await sut.newTeam();
    expect((await patch(team.tokens.admin, { notification_id: 999, enabled: false }).expect(404)).body).toEqual({
      status: 'error',
      message: 'Notification not found',
    });
    expect(await sut.published('team-admin.notification-settings.changed', team.team_id)).toEqual([]);
    const bad = await patch(team.tokens.admin, { notification_id: 'x', enabled: 'no' }).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'notification_id', error: 'Must be a notification id' },
      { field: 'enabled', error: 'Must be true or false' },
    ]);
  });
});
