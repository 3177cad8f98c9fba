import request from 'supertest';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { ACCOUNT_MESSAGES } from '@app/contracts';
import { PROFILE_MESSAGES } from '../src/profile/profile.errors';
import { bearer, bootIdentityWithStorage, createTeamWithUser, signIn } from './account-test-helpers';

const REQUIRED = { first_name: 'Pat', last_name: 'Person', mobile_phone: '(555) 555-0100' };
const CAPS = {
  brokerage_cap_amt: 18000,
  royalty_cap_amt: 3000.5,
  brokerage_cap_anniversary_dt: '03-15-2026',
  royalty_cap_anniversary_dt: '12-01-2026',
  brokerage_pct: 30.25,
  agent_pct: 69.75,
};

describe('PATCH /user/profile', () => {
  let sut: Awaited<ReturnType<typeof bootIdentityWithStorage>>;
  beforeAll(async () => {
    sut = await bootIdentityWithStorage();
  });
  afterAll(() => sut.close());

  const patch = (token: string, body: object) => request(sut.server).patch('/api/user/profile').set(bearer(token)).send(body);
  const getProfile = async (token: string) => (await request(sut.server).get('/api/user/profile').set(bearer(token)).expect(200)).body;

  it('answers 401 without a caller', async () => {
    await request(sut.server).get('/api/user/profile').expect(401);
    await request(sut.server).patch('/api/user/profile').send(REQUIRED).expect(401);
  });

  // Partial updates: 'Required' applies to a field sent empty; an absent one is unchanged (below).
  it('requires first_name, last_name and mobile_phone with "Required" when they are sent empty', async () => {
    const { token } = await signIn(sut, 'tc@demo-realty.test');
    const response = await patch(token, { first_name: '', last_name: null, mobile_phone: '' }).expect(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'first_name', error: 'Required' },
        { field: 'last_name', error: 'Required' },
        { field: 'mobile_phone', error: 'Required' },
      ]),
    );
  });

  it('changes only the fields a PATCH sends: {city} alone keeps the names and the phone', async () => {
    const { token } = await signIn(sut, 'tc@demo-realty.test');
    const before = await getProfile(token);
    const response = await patch(token, { city: 'Springfield' }).expect(200);
    expect(response.body.city).toBe('Springfield');
    const after = await getProfile(token);
    expect(after).toEqual({ ...before, city: 'Springfield', ...(before.updated_ts === undefined ? {} : { updated_ts: after.updated_ts }) });
    expect(after.first_name).toBe(before.first_name);
    expect(after.mobile_phone).toBe(before.mobile_phone);

    for (const last_name of ['', '   ', null]) {
      const empty = await patch(token, { city: 'Shelbyville', last_name }).expect(400);
      expect(empty.body.errors).toEqual([{ field: 'last_name', error: 'Required' }]);
    }
    // Names are stored trimmed.
    expect((await patch(token, { first_name: '  Taylor ' }).expect(200)).body.first_name).toBe('Taylor');
    expect((await getProfile(token)).city).toBe('Springfield');
  });

  it.each(['address_1', 'address_2', 'city', 'state', 'business_entity', 'first_name'])('refuses < > * ! ( ) { } in %s', async (field) => {
    const { token } = await signIn(sut, 'tc@demo-realty.test');
    for (const bad of ['a<b', 'x>', 'a*', 'hi!', '(x', 'y)', '{z', 'w}']) {
      const response = await patch(token, { ...REQUIRED, [field]: bad }).expect(400);
      expect(response.body.errors).toEqual([{ field, error: ACCOUNT_MESSAGES.forbiddenCharacters }]);
    }
  });

  it('validates amounts, percents (at most 2 decimals, 0-100) and MM-DD-YYYY dates with field errors', async () => {
    const { token } = await signIn(sut, 'admin@demo-realty.test');
    const response = await patch(token, {
      ...REQUIRED,
      brokerage_pct: 12.345,
      agent_pct: 100.5,
      brokerage_cap_amt: -1,
      brokerage_cap_anniversary_dt: '2026-03-15',
      royalty_cap_anniversary_dt: '02-30-2026',
      timezone: 'Mars/Olympus',
      default_landing_page: 'NOWHERE',
      alternate_email: 'nope',
    }).expect(400);
    const fields = Object.fromEntries(response.body.errors.map((e: { field: string; error: string }) => [e.field, e.error]));
    expect(fields).toEqual({
      brokerage_pct: 'Enter a percent from 0 to 100 with at most 2 decimals',
      agent_pct: 'Enter a percent from 0 to 100 with at most 2 decimals',
      brokerage_cap_amt: 'Enter an amount of 0 or more with at most 2 decimals',
      brokerage_cap_anniversary_dt: 'Use the date format MM-DD-YYYY',
      royalty_cap_anniversary_dt: 'Use the date format MM-DD-YYYY',
      timezone: 'Unknown time zone',
      default_landing_page: 'Must be one of SNAPSHOT, TRANSACTIONS, TASKS, CONTACTS, MESSAGES, DASHBOARD',
      alternate_email: 'Invalid email address.',
    });
    expect(response.body.status).toBe('error');
  });

  it('saves every profile field; an ADMIN writes caps, stored as dates and numbers, answered as MM-DD-YYYY', async () => {
    const { token, user } = await signIn(sut, 'admin@demo-realty.test');
    const body = {
      ...REQUIRED,
      alternate_email: 'pat@elsewhere.test',
      address_1: '1 Main St',
      address_2: 'Suite 2',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62701',
      timezone: 'America/Chicago',
      default_landing_page: 'TASKS',
      business_entity: 'Pat LLC',
      notes: 'Prefers mornings',
      ...CAPS,
    };
    const response = await patch(token, body).expect(200);
    // The phone is stored and answered as its 10 digits, whatever the formatting typed.
    const saved = { ...body, mobile_phone: '5555550100' };
    expect(response.body).toMatchObject({ ...saved, caps_editable: true });
    const [row] = await sut.dataSource.query(
      `SELECT to_char(brokerage_cap_anniversary_dt, 'YYYY-MM-DD') AS b, to_char(royalty_cap_anniversary_dt, 'YYYY-MM-DD') AS r, brokerage_pct::text AS pct
         FROM identity.users WHERE agent_id = $1`,
      [user.agent_id],
    );
    expect(row).toEqual({ b: '2026-03-15', r: '2026-12-01', pct: '30.25' });
    expect(await getProfile(token)).toMatchObject(saved);
    const events = await sut.dataSource.query(
      `SELECT count(*)::int AS n FROM identity.outbox WHERE type = 'identity.user.updated' AND payload->>'agent_id' = $1`,
      [String(user.agent_id)],
    );
    expect(events[0].n).toBeGreaterThanOrEqual(1);
  });

  it('keeps an AGENT without allow_agent_edit_cap_amt out of caps, until the permission is granted', async () => {
    const { token, user } = await signIn(sut, 'agent@demo-realty.test');
    expect((await getProfile(token)).caps_editable).toBe(false);
    for (const [field, value] of Object.entries(CAPS)) {
      const refused = await patch(token, { ...REQUIRED, [field]: value }).expect(403);
      expect(refused.body).toEqual({ status: 'error', message: PROFILE_MESSAGES.capsPermission });
    }
    // Sending the stored (empty) values back is not a change.
    await patch(token, { ...REQUIRED, brokerage_cap_amt: null, brokerage_pct: null, brokerage_cap_anniversary_dt: null }).expect(200);

    await sut.dataSource.query(`UPDATE identity.users SET permissions = '{allow_agent_edit_cap_amt}' WHERE agent_id = $1`, [user.agent_id]);
    const saved = await patch(token, { ...REQUIRED, ...CAPS }).expect(200);
    expect(saved.body).toMatchObject({ ...CAPS, caps_editable: true });
  });

  it('never lets a VENDOR or CLIENT write caps, even with the permission', async () => {
    for (const email of ['vendor@demo-realty.test', 'client@demo-realty.test']) {
      const { token, user } = await signIn(sut, email);
      await sut.dataSource.query(`UPDATE identity.users SET permissions = '{allow_agent_edit_cap_amt}' WHERE agent_id = $1`, [
        user.agent_id,
      ]);
      const refused = await patch(token, { ...REQUIRED, brokerage_pct: 10 }).expect(403);
      expect(refused.body.message).toBe(PROFILE_MESSAGES.capsPermission);
    }
  });

  it('refuses caps for every role when the team market_id is not 0', async () => {
    await createTeamWithUser(sut, { team: 'Market Seven', email: 'admin@market-seven.test', role: 'ADMIN', market_id: 7 });
    const { token } = await signIn(sut, 'admin@market-seven.test');
    expect((await getProfile(token)).caps_editable).toBe(false);
    const refused = await patch(token, { ...REQUIRED, royalty_cap_amt: 100 }).expect(403);
    expect(refused.body).toEqual({ status: 'error', message: PROFILE_MESSAGES.capsMarket });
    // Other fields still save.
    await patch(token, { ...REQUIRED, city: 'Elsewhere' }).expect(200);
  });

  it('reads the profile in one statement (the user and its team) and answers what a save answers', async () => {
    const admin = await signIn(sut, 'admin@demo-realty.test');
    const saved = (await patch(admin.token, { ...REQUIRED, ...CAPS, notes: 'one statement' }).expect(200)).body;
    const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
    try {
      expect(await getProfile(admin.token)).toEqual(saved);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('shows and accepts notes for ADMIN only', async () => {
    const admin = await signIn(sut, 'admin@demo-realty.test');
    expect(await getProfile(admin.token)).toHaveProperty('notes');
    const isa = await signIn(sut, 'isa@demo-realty.test');
    expect(await getProfile(isa.token)).not.toHaveProperty('notes');
    const refused = await patch(isa.token, { ...REQUIRED, notes: 'let me in' }).expect(403);
    expect(refused.body.message).toBe(PROFILE_MESSAGES.notesAdminOnly);
    const [row] = await sut.dataSource.query(`SELECT notes FROM identity.users WHERE agent_id = $1`, [isa.user.agent_id]);
    expect(row.notes).toBeNull();
  });

  it('has an integrations section only for teams with transaction_sync', async () => {
    const demo = await signIn(sut, 'tc@demo-realty.test');
    expect((await getProfile(demo.token)).integrations).toEqual({ skyslope_agent_guid: null });
    const saved = await patch(demo.token, { ...REQUIRED, integrations: { skyslope_agent_guid: 'ab12-cd34' } }).expect(200);
    expect(saved.body.integrations).toEqual({ skyslope_agent_guid: 'ab12-cd34' });
    // The snapshot other services keep (integrations-sync matches SkySlope users with it) carries the guid.
    const [latest] = await sut.dataSource.query(
      `SELECT payload->>'skyslope_agent_guid' AS guid FROM identity.outbox WHERE type = 'identity.user.updated' AND payload->>'agent_id' = $1 ORDER BY seq DESC LIMIT 1`,
      [String(demo.user.agent_id)],
    );
    expect(latest.guid).toBe('ab12-cd34');
    const bad = await patch(demo.token, { ...REQUIRED, integrations: { skyslope_agent_guid: 'x y' } }).expect(400);
    expect(bad.body.errors).toEqual([{ field: 'integrations.skyslope_agent_guid', error: 'Letters, digits and dashes only (at most 64)' }]);

    const rival = await signIn(sut, 'admin@rival-homes.test');
    expect(await getProfile(rival.token)).not.toHaveProperty('integrations');
    const refused = await patch(rival.token, { ...REQUIRED, integrations: { skyslope_agent_guid: 'ab12' } }).expect(403);
    expect(refused.body.message).toBe(PROFILE_MESSAGES.integrationsDisabled);
  });

  it.each(['client@demo-realty.test', 'vendor@demo-realty.test'])(
    'gives %s (least privilege) no integrations section, no SkySlope guid and no team plan permission in the token',
    async (email) => {
      const outsider = await signIn(sut, email);
      expect(await getProfile(outsider.token)).not.toHaveProperty('integrations');
      const refused = await patch(outsider.token, { ...REQUIRED, integrations: { skyslope_agent_guid: 'ab12' } }).expect(403);
      expect(refused.body.message).toBe(PROFILE_MESSAGES.integrationsDisabled);
      const [row] = await sut.dataSource.query(`SELECT skyslope_agent_guid FROM identity.users WHERE agent_id = $1`, [
        outsider.user.agent_id,
      ]);
      expect(row.skyslope_agent_guid).toBeNull();
      // Demo Realty's plan has team_esign and transaction_sync; the token carries neither.
      const claims = JSON.parse(Buffer.from(outsider.token.split('.')[1], 'base64url').toString());
      expect(claims.permissions).toEqual([]);
    },
  );

  it('stores the phone as its 10 digits, whatever the formatting typed', async () => {
    const { token, user } = await signIn(sut, 'tc@demo-realty.test');
    for (const typed of ['(512) 555-0123', '512.555.0123', '512 555 0123', '+1 512-555-0123', '15125550123', '5125550123']) {
      const saved = await patch(token, { ...REQUIRED, mobile_phone: typed }).expect(200);
      expect(saved.body.mobile_phone).toBe('5125550123');
      const [row] = await sut.dataSource.query(`SELECT mobile_phone FROM identity.users WHERE agent_id = $1`, [user.agent_id]);
      expect(row.mobile_phone).toBe('5125550123');
    }
  });

  it.each(['555-0100', '512555012345', '+44 20 7946 0958', 'call me', '(512) 555-01x3'])(
    "refuses %p with 'Invalid phone number' and keeps the stored number",
    async (typed) => {
      const { token } = await signIn(sut, 'tc@demo-realty.test');
      await patch(token, { ...REQUIRED, mobile_phone: '(512) 555-0123' }).expect(200);
      const response = await patch(token, { ...REQUIRED, mobile_phone: typed }).expect(400);
      expect(response.body.errors).toEqual([{ field: 'mobile_phone', error: 'Invalid phone number' }]);
      expect((await getProfile(token)).mobile_phone).toBe('5125550123');
    },
  );

  it("refuses another user's email with the user form's words, 'Email is already in use', and keeps the stored one", async () => {
    const { token } = await signIn(sut, 'isa@demo-realty.test');
    const response = await patch(token, { ...REQUIRED, email: 'ADMIN@demo-realty.test' }).expect(400);
    expect(response.body).toEqual({
      status: 'error',
      message: ACCOUNT_MESSAGES.formError,
      errors: [{ field: 'email', error: 'Email is already in use' }],
    });
    expect((await getProfile(token)).email).toBe('isa@demo-realty.test');
  });
});
