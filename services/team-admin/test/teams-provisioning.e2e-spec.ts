import request from 'supertest';
import { EventConsumer } from '@app/events';
import { bearer, bootTeamAdmin, provisionedEvent, TEAM_1, TEAM_2, teamTokens, type TeamAdminUnderTest } from './team-admin-test-app';

/** identity.team.provisioned delivered through the real bus (BullMQ queue events.team-admin, consumer in process). */
describe('CreateTeamWhenTeamIsProvisioned', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin({ mode: 'all' });
  });
  afterAll(() => sut.close());

  const teamRows = (teamId: number) =>
    sut.dataSource.query(`SELECT team_id, name, timezone FROM team_admin.teams WHERE team_id = $1`, [teamId]);
  const getTeam = (token: string) => request(sut.server).get('/api/admin/team').set(bearer(token));

  it('provisioned teams 1 and 2 at boot', async () => {
    expect((await getTeam(sut.tokens.admin).expect(200)).body).toMatchObject(TEAM_1);
    expect((await getTeam(sut.tokens.team2Admin).expect(200)).body).toMatchObject(TEAM_2);
  });

  it('creates the team from the event; before that the team is not found', async () => {
    const tokens = await teamTokens(301);
    expect((await getTeam(tokens.admin).expect(404)).body).toEqual({ status: 'error', message: 'Team not found' });
    await request(sut.server).get('/api/documents/folders').set(bearer(tokens.tc)).expect(404);
    await sut.deliver(provisionedEvent(301, 'Lakeside Homes'));
    expect((await getTeam(tokens.admin).expect(200)).body).toEqual({
      team_id: 301,
      name: 'Lakeside Homes',
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      postal_code: null,
      timezone: null,
      logo_url: null,
    });
    // Every team has the system folders at once.
    const folders = (await request(sut.server).get('/api/documents/folders').set(bearer(tokens.tc)).expect(200)).body;
    expect(folders.records.map((f: { client_document_folder_id: number }) => f.client_document_folder_id)).toEqual([-1, -2]);
  });

  it("starts the team in the event's time zone, so Team Settings saves without choosing one", async () => {
    const tokens = await teamTokens(304);
    await sut.deliver(provisionedEvent(304, 'Chicago Realty', 0, 'America/Chicago'));
    expect((await getTeam(tokens.admin).expect(200)).body).toMatchObject({
      team_id: 304,
      name: 'Chicago Realty',
      timezone: 'America/Chicago',
    });
    // A save that does not touch the zone is accepted (a team without one answers 'Required' on timezone).
    const saved = await request(sut.server).patch('/api/admin/team').set(bearer(tokens.admin)).send({ city: 'Chicago' }).expect(200);
    expect(saved.body).toMatchObject({
      status: 'success',
      message: 'Team settings updated',
      record: { city: 'Chicago', timezone: 'America/Chicago' },
    });

    // No zone, or one this runtime does not know: the team starts without one and Team Settings asks for it.
    await sut.deliver(provisionedEvent(305, 'Zoneless Homes', 0, null));
    await sut.deliver(provisionedEvent(306, 'Mars Realty', 0, 'Mars/Olympus_Mons'));
    expect(await teamRows(305)).toEqual([{ team_id: 305, name: 'Zoneless Homes', timezone: null }]);
    expect(await teamRows(306)).toEqual([{ team_id: 306, name: 'Mars Realty', timezone: null }]);
    const refused = await request(sut.server)
      .patch('/api/admin/team')
      .set(bearer((await teamTokens(305)).admin))
      .send({ city: 'Nowhere' })
      .expect(400);
    expect(refused.body.errors).toEqual([{ field: 'timezone', error: 'Required' }]);
  });

  it('is idempotent: the same event delivered twice applies once', async () => {
    const event = provisionedEvent(302, 'Twice Realty');
    await sut.deliver(event);
    // A relay that died after enqueueing re-enqueues the same event; here as a new job.
    await sut.deliver(event, `${event.id}-again`);
    expect(await sut.app.get(EventConsumer).consume(event)).toBe('duplicate');
    expect(await teamRows(302)).toEqual([{ team_id: 302, name: 'Twice Realty', timezone: null }]);
    const inbox = await sut.dataSource.query(`SELECT count(*)::int AS n FROM team_admin.inbox WHERE event_id = $1`, [event.id]);
    expect(inbox).toEqual([{ n: 1 }]);
  });

  it('keeps the settings of a team that is provisioned again (a new event for the same team)', async () => {
    await sut.deliver(provisionedEvent(303, 'Original Name'));
    const tokens = await teamTokens(303);
    await request(sut.server)
      .patch('/api/admin/team')
      .set(bearer(tokens.admin))
      .send({ name: 'Chosen Name', timezone: 'America/Chicago' })
      .expect(200);
    await sut.deliver(provisionedEvent(303, 'Original Name'));
    expect(await teamRows(303)).toEqual([{ team_id: 303, name: 'Chosen Name', timezone: 'America/Chicago' }]);
  });
});
