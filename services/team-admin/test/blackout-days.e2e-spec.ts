import request from 'supertest';
import { todayIn, toFilterDate } from '@app/contracts';
import { bearer, bootTeamAdmin, type TeamAdminUnderTest } from './team-admin-test-app';

const HOLIDAYS = [
  'new_years_day',
  'mlk_day',
  'presidents_day',
  'memorial_day',
  'juneteenth',
  'independence_day',
  'labor_day',
  'columbus_day',
  'veterans_day',
  'thanksgiving_day',
  'christmas_day',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

describe('blackout days (/admin/team/blackout-days, /admin/team/blackout-day)', () => {
  let sut: TeamAdminUnderTest;
  beforeAll(async () => {
    sut = await bootTeamAdmin();
  });
  afterAll(() => sut.close());

  const list = (token: string) => request(sut.server).get('/api/admin/team/blackout-days').set(bearer(token));
  const add = (token: string, body: object) => request(sut.server).post('/api/admin/team/blackout-day').set(bearer(token)).send(body);
  const remove = (token: string, query: string) => request(sut.server).delete(`/api/admin/team/blackout-day?${query}`).set(bearer(token));

  it('offers the eleven US federal holidays and the seven weekdays', async () => {
    const { body } = await request(sut.server).get('/api/admin/team/blackout-days/options').set(bearer(sut.tokens.admin)).expect(200);
    expect(body.holidays.map((o: { id: string }) => o.id)).toEqual(HOLIDAYS);
    expect(body.weekdays).toEqual(WEEKDAYS.map((id) => ({ id, label: id[0].toUpperCase() + id.slice(1) })));
    expect(body.holidays).toContainEqual({ id: 'thanksgiving_day', label: 'Thanksgiving Day' });
    expect(body.holidays.every((o: { label: string }) => o.label.length > 0)).toBe(true);
  });

  it("adds predefined and custom days: 'Setting has been saved' with the record", async () => {
    const team = await sut.newTeam();
    expect((await list(team.tokens.admin).expect(200)).body).toEqual({ records: [] });
    const saturday = await add(team.tokens.admin, { predefined_day_key: 'saturday' }).expect(201);
    expect(saturday.body).toEqual({
      status: 'success',
      message: 'Setting has been saved',
      record: {
        team_blackout_day_id: expect.any(Number),
        kind: 'weekday',
        predefined_day_key: 'saturday',
        day_label: 'Saturday',
        day_date: null,
      },
    });
    const christmas = (await add(team.tokens.admin, { predefined_day_key: 'christmas_day' }).expect(201)).body.record;
    expect(christmas).toMatchObject({ kind: 'holiday', predefined_day_key: 'christmas_day', day_label: 'Christmas Day', day_date: null });
    const party = (await add(team.tokens.admin, { day_label: '  Office party ', day_date: '12-18-2030' }).expect(201)).body.record;
    expect(party).toEqual({
      team_blackout_day_id: expect.any(Number),
      kind: 'custom',
      predefined_day_key: null,
      day_label: 'Office party',
      day_date: '12-18-2030',
    });
  });

  it('lists weekdays, then holidays, then custom days by date', async () => {
    const team = await sut.newTeam();
    for (const body of [
      { day_label: 'Late', day_date: '03-01-2030' },
      { predefined_day_key: 'thanksgiving_day' },
      { predefined_day_key: 'saturday' },
      { day_label: 'Early', day_date: '01-15-2030' },
      { predefined_day_key: 'new_years_day' },
      { predefined_day_key: 'sunday' },
    ]) {
      await add(team.tokens.admin, body).expect(201);
    }
    const { body } = await list(team.tokens.admin).expect(200);
    expect(body.records.map((r: { day_label: string }) => r.day_label)).toEqual([
      'Sunday',
      'Saturday',
      "New Year's Day",
      'Thanksgiving Day',
      'Early',
      'Late',
    ]);
    expect(body.records.map((r: { kind: string }) => r.kind)).toEqual(['weekday', 'weekday', 'holiday', 'holiday', 'custom', 'custom']);
  });

  it('refuses an unknown key, a missing label or date, and an invalid date', async () => {
    const team = await sut.newTeam();
    expect((await add(team.tokens.admin, { predefined_day_key: 'easter' }).expect(400)).body.errors).toEqual([
      { field: 'predefined_day_key', error: 'Unknown day' },
    ]);
    expect((await add(team.tokens.admin, {}).expect(400)).body.errors).toEqual([
      { field: 'day_label', error: 'Label is required' },
      { field: 'day_date', error: 'Date is required' },
    ]);
    expect((await add(team.tokens.admin, { day_label: 'Party', day_date: '' }).expect(400)).body.errors).toEqual([
      { field: 'day_date', error: 'Date is required' },
    ]);
    expect((await add(team.tokens.admin, { day_label: '   ', day_date: '01-02-2030' }).expect(400)).body.errors).toEqual([
      { field: 'day_label', error: 'Label is required' },
    ]);
    for (const day_date of ['02-30-2030', '2030-01-02', '13-01-2030', '1-2-2030', 'tomorrow']) {
      expect((await add(team.tokens.admin, { day_label: 'Party', day_date }).expect(400)).body.errors).toEqual([
        { field: 'day_date', error: 'Invalid date' },
      ]);
    }
    await add(team.tokens.admin, { predefined_day_key: 'monday', day_label: 'x', day_date: '01-02-2030' }).expect(400);
    expect((await list(team.tokens.admin)).body.records).toEqual([]);
  });

  it("refuses a custom day before today in the team's time zone: 'Date must be today or later', nothing saved", async () => {
    const team = await sut.newTeam();
    const pastError = [{ field: 'day_date', error: 'Date must be today or later' }];
    // A team without a zone counts in UTC.
    expect((await add(team.tokens.admin, { day_label: 'Founding day', day_date: '01-01-2001' }).expect(400)).body.errors).toEqual(
      pastError,
    );
    const yesterday = new Date(`${todayIn('UTC')}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    expect(
      (await add(team.tokens.admin, { day_label: 'Yesterday', day_date: toFilterDate(yesterday.toISOString().slice(0, 10)) }).expect(400))
        .body.errors,
    ).toEqual(pastError);
    // Both problems at once.
    expect((await add(team.tokens.admin, { day_label: '', day_date: '01-01-2001' }).expect(400)).body.errors).toEqual([
      { field: 'day_label', error: 'Label is required' },
      ...pastError,
    ]);
    expect((await list(team.tokens.admin)).body.records).toEqual([]);
    expect(await sut.published('team-admin.blackout-days.changed', team.team_id)).toEqual([]);
    // Today is accepted.
    const today = toFilterDate(todayIn('UTC'));
    expect((await add(team.tokens.admin, { day_label: 'Today', day_date: today }).expect(201)).body.record).toMatchObject({
      day_date: today,
    });

    // "Today" is the team's: Samoa's date (UTC-11) is already past on Kiritimati (UTC+14), never in Samoa itself.
    const samoaToday = toFilterDate(todayIn('Pacific/Pago_Pago'));
    const zoned = async (timezone: string) => {
      const zonedTeam = await sut.newTeam();
      await request(sut.server).patch('/api/admin/team').set(bearer(zonedTeam.tokens.admin)).send({ timezone }).expect(200);
      return add(zonedTeam.tokens.admin, { day_label: 'Samoa today', day_date: samoaToday });
    };
    const inKiritimati = await zoned('Pacific/Kiritimati');
    expect([inKiritimati.status, inKiritimati.body.errors]).toEqual([400, pastError]);
    expect((await zoned('Pacific/Pago_Pago')).status).toBe(201);
  });

  it("refuses the same day twice: 409 'This day is already a blackout day'", async () => {
    const team = await sut.newTeam();
    const conflict = { status: 'error', message: 'This day is already a blackout day' };
    await add(team.tokens.admin, { predefined_day_key: 'labor_day' }).expect(201);
    expect((await add(team.tokens.admin, { predefined_day_key: 'labor_day' }).expect(409)).body).toEqual(conflict);
    await add(team.tokens.admin, { day_label: 'Retreat', day_date: '05-05-2030' }).expect(201);
    expect((await add(team.tokens.admin, { day_label: 'Other label, same day', day_date: '05-05-2030' }).expect(409)).body).toEqual(
      conflict,
    );
    expect((await list(team.tokens.admin)).body.records).toHaveLength(2);
  });

  it("removes a day by id or by key: 'Setting has been saved'", async () => {
    const team = await sut.newTeam();
    await add(team.tokens.admin, { predefined_day_key: 'friday' }).expect(201);
    const custom = (await add(team.tokens.admin, { day_label: 'Move', day_date: '08-03-2030' }).expect(201)).body.record;
    expect((await remove(team.tokens.admin, 'predefined_day_key=friday').expect(200)).body).toEqual({
      status: 'success',
      message: 'Setting has been saved',
    });
    expect((await remove(team.tokens.admin, `team_blackout_day_id=${custom.team_blackout_day_id}`).expect(200)).body).toEqual({
      status: 'success',
      message: 'Setting has been saved',
    });
    expect((await list(team.tokens.admin)).body.records).toEqual([]);
    expect((await remove(team.tokens.admin, 'predefined_day_key=friday').expect(404)).body).toEqual({
      status: 'error',
      message: 'Blackout day not found',
    });
    await remove(team.tokens.admin, `team_blackout_day_id=${custom.team_blackout_day_id}`).expect(404);
    expect((await remove(team.tokens.admin, 'predefined_day_key=easter').expect(400)).body.errors).toEqual([
      { field: 'predefined_day_key', error: 'Unknown day' },
    ]);
    expect((await remove(team.tokens.admin, '').expect(400)).body.errors).toEqual([{ field: 'team_blackout_day_id', error: 'Required' }]);
    // A day can be added again once removed.
    await add(team.tokens.admin, { predefined_day_key: 'friday' }).expect(201);
  });

  it("never shows or removes another team's day: 404", async () => {
    const team = await sut.newTeam();
    const rival = await sut.newTeam();
    const theirs = (await add(rival.tokens.admin, { day_label: 'Rival day', day_date: '09-09-2030' }).expect(201)).body.record;
    await add(rival.tokens.admin, { predefined_day_key: 'monday' }).expect(201);
    expect((await list(team.tokens.admin)).body.records).toEqual([]);
    await remove(team.tokens.admin, `team_blackout_day_id=${theirs.team_blackout_day_id}`).expect(404);
    await remove(team.tokens.admin, 'predefined_day_key=monday').expect(404);
    // The same day is free for another team.
    await add(team.tokens.admin, { day_label: 'Our day', day_date: '09-09-2030' }).expect(201);
    expect((await list(rival.tokens.admin)).body.records).toHaveLength(2);
  });

  it('publishes the resolved blackout days with a growing revision on every change', async () => {
    const team = await sut.newTeam();
    await request(sut.server).patch('/api/admin/team').set(bearer(team.tokens.admin)).send({ timezone: 'America/Los_Angeles' }).expect(200);
    await add(team.tokens.admin, { predefined_day_key: 'sunday' }).expect(201);
    await add(team.tokens.admin, { predefined_day_key: 'thanksgiving_day' }).expect(201);
    await add(team.tokens.admin, { day_label: 'Party', day_date: '12-18-2030' }).expect(201);
    await remove(team.tokens.admin, 'predefined_day_key=sunday').expect(200);
    await add(team.tokens.admin, { predefined_day_key: 'thanksgiving_day' }).expect(409); // refused: publishes nothing

    const events = await sut.published('team-admin.blackout-days.changed', team.team_id);
    // The first one came from setting the timezone.
    expect(events.map((e) => e.revision)).toEqual([1, 2, 3, 4, 5]);
    expect(events.every((e) => e.timezone === 'America/Los_Angeles')).toBe(true);
    expect(events.map((e) => e.weekdays)).toEqual([[], [0], [0], [0], []]);
    // The chosen holiday keys, so that a consumer can resolve any year beyond the dates.
    expect(events.map((e) => e.holidays)).toEqual([[], [], ['thanksgiving_day'], ['thanksgiving_day'], ['thanksgiving_day']]);
    const year = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' }).format(new Date()));
    const thanksgivings = events[2].dates;
    // Three Thanksgivings (fourth Thursday of November), this year and the next two.
    expect(thanksgivings.map((d) => d.slice(0, 4))).toEqual([String(year), String(year + 1), String(year + 2)]);
    for (const date of thanksgivings) {
      const day = new Date(`${date}T00:00:00Z`);
      expect([day.getUTCMonth(), day.getUTCDay()]).toEqual([10, 4]);
      expect(day.getUTCDate()).toBeGreaterThanOrEqual(22);
      expect(day.getUTCDate()).toBeLessThanOrEqual(28);
    }
    expect(events[3].dates).toEqual([...thanksgivings, '2030-12-18'].sort());
    expect(events[4].dates).toEqual(events[3].dates);
  });
});
