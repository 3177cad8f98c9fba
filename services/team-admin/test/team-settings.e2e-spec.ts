import request from 'supertest';
import { bearer, bootTeamAdmin, TEAM_1, TEAM_2, type TeamAdminUnderTest } from './team-admin-test-app';

describe('team settings (GET/PATCH /admin/team)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const get = (token: string) => request(sut.server).get('/api/admin/team').set(bearer(token));
  const patch = (token: string, body: object) => request(sut.server).patch('/api/admin/team').set(bearer(token)).send(body);

  it('answers a provisioned team with its name and empty settings', async () => {
    const team = await sut.newTeam('Fresh Team');
    const { body } = await get(team.tokens.admin).expect(200);
    expect(body).toEqual({
      team_id: team.team_id,
      name: 'Fresh Team',
      address_1: null,
      address_2: null,
      city: null,
      state: null,
      postal_code: null,
      timezone: null,
      logo_url: null,
    });
  });

  it('saves every field and answers the record with the spec message', async () => {
    const team = await sut.newTeam();
    const changes = {
      name: 'Harbor Realty',
      address_1: '1 Main St',
      address_2: 'Suite 200',
      city: 'Boston',
      state: 'MA',
      postal_code: '02110',
      timezone: 'America/New_York',
    };
    const { body } = await patch(team.tokens.admin, changes).expect(200);
    expect(body).toEqual({
      status: 'success',
      message: 'Team settings updated',
      record: { team_id: team.team_id, ...changes, logo_url: null },
    });
    expect((await get(team.tokens.admin).expect(200)).body).toEqual({ team_id: team.team_id, ...changes, logo_url: null });
  });

  it('keeps fields that are not sent, and clears an address field sent empty or null', async () => {
    const team = await sut.newTeam();
    await patch(team.tokens.admin, { timezone: 'America/Chicago', address_1: '9 Elm', city: 'Austin' }).expect(200);
    const { body } = await patch(team.tokens.admin, { address_1: '', city: null }).expect(200);
    expect(body.record).toMatchObject({ name: team.name, timezone: 'America/Chicago', address_1: null, city: null });
  });

  it('requires the resulting name and timezone', async () => {
    const team = await sut.newTeam();
    // A new team has no timezone yet: a PATCH must set one.
    expect((await patch(team.tokens.admin, { city: 'Austin' }).expect(400)).body).toEqual({
      status: 'error',
      message: 'Validation failed',
      errors: [{ field: 'timezone', error: 'Required' }],
    });
    await patch(team.tokens.admin, { timezone: 'UTC' }).expect(200);
    for (const name of ['', '   ', null]) {
      expect((await patch(team.tokens.admin, { name }).expect(400)).body.errors).toEqual([{ field: 'name', error: 'Required' }]);
    }
    for (const timezone of ['', null]) {
      expect((await patch(team.tokens.admin, { timezone }).expect(400)).body.errors).toEqual([{ field: 'timezone', error: 'Required' }]);
    }
    expect((await get(team.tokens.admin)).body).toMatchObject({ name: team.name, timezone: 'UTC', city: null });
  });

  it('accepts IANA zones and UTC, refuses anything else', async () => {
    const team = await sut.newTeam();
    for (const timezone of ['Pacific/Honolulu', 'Europe/London', 'UTC']) {
      expect((await patch(team.tokens.admin, { timezone }).expect(200)).body.record.timezone).toBe(timezone);
    }
    for (const timezone of ['Mars/Olympus_Mons', 'EST5', 'america/new york', 42]) {
      expect((await patch(team.tokens.admin, { timezone }).expect(400)).body.errors).toEqual([
        { field: 'timezone', error: 'Unknown time zone' },
      ]);
    }
  });

  it.each(['name', 'address_1', 'address_2', 'city', 'state', 'postal_code'])('refuses < > * ! ( ) { } in %s', async (field) => {
    const team = await sut.newTeam();
    for (const bad of ['<b>', 'a>b', 'Star*', 'Hi!', '(x', 'x)', '{', '}']) {
      const { body } = await patch(team.tokens.admin, { timezone: 'UTC', [field]: bad }).expect(400);
      expect(body.errors).toEqual([{ field, error: 'Characters < > * ! ( ) { } are not allowed' }]);
    }
    await patch(team.tokens.admin, { timezone: 'UTC', [field]: "O'B & Co #2-3/4" }).expect(200);
  });

  it('refuses overlong text and unknown fields', async () => {
    const team = await sut.newTeam();
    const long = await patch(team.tokens.admin, { timezone: 'UTC', name: 'n'.repeat(101), postal_code: '1'.repeat(21) }).expect(400);
    expect(long.body.errors.map((e: { field: string }) => e.field)).toEqual(['name', 'postal_code']);
    await patch(team.tokens.admin, { timezone: 'UTC', market_id: 3 }).expect(400);
  });

  it('publishes team-admin.team.updated with a growing revision, only when something changed', async () => {
    const team = await sut.newTeam();
    await patch(team.tokens.admin, { name: 'Renamed Realty', timezone: 'America/Denver' }).expect(200);
    await patch(team.tokens.admin, { name: 'Renamed Realty', timezone: 'America/Denver' }).expect(200);
    await patch(team.tokens.admin, { city: 'Boulder' }).expect(200);
    expect(await sut.published('team-admin.team.updated', team.team_id)).toEqual([
      { team_id: team.team_id, name: 'Renamed Realty', timezone: 'America/Denver', revision: 1 },
      { team_id: team.team_id, name: 'Renamed Realty', timezone: 'America/Denver', revision: 2 },
    ]);
    // A refused change publishes nothing.
    await patch(team.tokens.admin, { name: '' }).expect(400);
    expect(await sut.published('team-admin.team.updated', team.team_id)).toHaveLength(2);
  });

  it('republishes the blackout days when the timezone changes (their event carries it)', async () => {
    const team = await sut.newTeam();
    await patch(team.tokens.admin, { timezone: 'America/Phoenix' }).expect(200);
    await patch(team.tokens.admin, { name: 'Only The Name' }).expect(200);
    expect(await sut.published('team-admin.blackout-days.changed', team.team_id)).toEqual([
      { revision: 1, timezone: 'America/Phoenix', weekdays: [], holidays: [], dates: [] },
    ]);
  });

  it("changes only the caller's team, whatever team_id the body carries", async () => {
    const before = (await get(sut.tokens.team2Admin).expect(200)).body;
    const { body } = await patch(sut.tokens.admin, { team_id: TEAM_2.team_id, timezone: 'UTC', logo_url: 'x' }).expect(200);
    expect(body.record.team_id).toBe(TEAM_1.team_id);
    expect((await get(sut.tokens.team2Admin).expect(200)).body).toEqual(before);
  });

  it("answers 404 'Team not found' for a team team-admin has not provisioned", async () => {
    const { tokens } = await sut.newTeam();
    await sut.dataSource.query(`DELETE FROM team_admin.teams WHERE team_id = (SELECT max(team_id) FROM team_admin.teams)`);
    expect((await get(tokens.admin).expect(404)).body).toEqual({ status: 'error', message: 'Team not found' });
    expect((await patch(tokens.admin, { timezone: 'UTC' }).expect(404)).body).toEqual({ status: 'error', message: 'Team not found' });
  });
});
