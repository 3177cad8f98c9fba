import request from 'supertest';
import { bearer, bootIdentityWithStorage, signIn } from './account-test-helpers';

describe('user notification settings', () => {
  let sut: Awaited<ReturnType<typeof bootIdentityWithStorage>>;
  beforeAll(async () => {
    sut = await bootIdentityWithStorage();
  });
  afterAll(() => sut.close());

  const list = (token: string) => request(sut.server).get('/api/user/notification_settings').set(bearer(token));
  const patch = (token: string, body: object) => request(sut.server).patch('/api/user/notification_settings').set(bearer(token)).send(body);

  it('answers 401 without a caller', async () => {
    await request(sut.server).get('/api/user/notification_settings').expect(401);
    await request(sut.server).patch('/api/user/notification_settings').send({ notification_id: 1, enabled: false }).expect(401);
  });

  it('lists the catalogue, every switch enabled by default', async () => {
    const { token } = await signIn(sut, 'agent@demo-realty.test');
    const { body } = await list(token).expect(200);
    expect(body.length).toBeGreaterThanOrEqual(11);
    expect(body[0]).toEqual({ notification_id: 1, name: 'New task assigned to me', enabled: true, team_override: false });
    expect(body.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining([
        'Task overdue',
        'Mentioned in a comment',
        'New direct message',
        'E-sign request declined',
        'Daily digest email',
      ]),
    );
    expect(body.every((s: { enabled: boolean; team_override: boolean }) => s.enabled && !s.team_override)).toBe(true);
  });

  it('switches one notification for the caller only', async () => {
    const agent = await signIn(sut, 'agent@demo-realty.test');
    const response = await patch(agent.token, { notification_id: 3, enabled: false }).expect(200);
    expect(response.body).toEqual({ notification_id: 3, name: 'Task overdue', enabled: false, team_override: false });
    expect((await list(agent.token)).body.find((s: { notification_id: number }) => s.notification_id === 3).enabled).toBe(false);
    await patch(agent.token, { notification_id: 3, enabled: true }).expect(200);
    await patch(agent.token, { notification_id: 3, enabled: false }).expect(200);

    const tc = await signIn(sut, 'tc@demo-realty.test');
    expect((await list(tc.token)).body.find((s: { notification_id: number }) => s.notification_id === 3).enabled).toBe(true);
  });

  it('answers 404 for an unknown notification and 400 for a malformed body', async () => {
    const { token } = await signIn(sut, 'agent@demo-realty.test');
    expect((await patch(token, { notification_id: 9999, enabled: true }).expect(404)).body).toEqual({
      status: 'error',
      message: 'Notification not found',
    });
    const bad = await patch(token, { notification_id: 'x', enabled: 'no' }).expect(400);
    expect(bad.body.errors).toEqual([
      { field: 'notification_id', error: 'Must be a notification id' },
      { field: 'enabled', error: 'Must be true or false' },
    ]);
  });

  it('reports a team override and refuses to change that switch', async () => {
    const { token, user } = await signIn(sut, 'isa@demo-realty.test');
    await patch(token, { notification_id: 5, enabled: true }).expect(200);
    await sut.dataSource.query(
      `INSERT INTO identity.team_notification_overrides (team_id, notification_id, enabled) VALUES ($1, 5, false)`,
      [user.team.team_id],
    );
    const setting = (await list(token).expect(200)).body.find((s: { notification_id: number }) => s.notification_id === 5);
    expect(setting).toEqual({ notification_id: 5, name: 'New direct message', enabled: false, team_override: true });
    for (const enabled of [true, false]) {
      expect((await patch(token, { notification_id: 5, enabled }).expect(400)).body).toEqual({
        status: 'error',
        message: 'Notification disabled by team',
      });
    }
    // Another team is not affected.
    const rival = await signIn(sut, 'admin@rival-homes.test');
    expect((await list(rival.token)).body.find((s: { notification_id: number }) => s.notification_id === 5)).toMatchObject({
      team_override: false,
    });
    await patch(rival.token, { notification_id: 5, enabled: false }).expect(200);
  });
});
