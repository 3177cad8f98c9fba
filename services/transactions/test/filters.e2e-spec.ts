import type { Role } from '@app/contracts';
import { signTestToken, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import request from 'supertest';
import { apiAs, bootTransactions } from './transactions-test-kit';

// Filter keys on GET /transactions/records, the scope menu and saved filters (spec 001 sections
// 3, 4, 5 and 7). Each key is checked against a query written by hand over the same rows.

describe('filters', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 901;
  const RIVAL = 902;
  const ADMIN = 61;
  const AGENT = 62;
  const OTHER_AGENT = 63;
  const ISA = 64;
  const TC = 65;
  const VENDOR = 66;
  const CLIENT = 67;
  const DISABLED = 68;
  const RIVAL_ADMIN = 69;
  const TZ = 'America/Chicago';

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const agent = () => as('AGENT', AGENT);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);

  /** The ids the list answers for these parameters (ADMIN: the whole team). */
  async function listed(params: Record<string, unknown>, who = admin): Promise<number[]> {
    const response = await who()
      .get('/transactions/records', { per_page: 100, ...params })
      .expect(200);
    return (response.body.table.data as { client_id: number }[]).map((row) => row.client_id).sort((a, b) => a - b);
  }
  /** The team's ids matching a WHERE written by hand ($1 is the team). */
  async function expected(where: string, params: unknown[] = []): Promise<number[]> {
    const rows = await query<{ client_id: number }>(
      `SELECT client_id FROM transactions.transactions t WHERE team_id = $1 AND (${where}) ORDER BY client_id`,
      [TEAM, ...params],
    );
    return rows.map((row) => row.client_id);
  }
  let all: number[];
  /** The list equals the hand-written query, and the filter keeps some rows and drops some. */
  async function expectFilter(params: Record<string, unknown>, where: string, whereParams: unknown[] = []) {
    const want = await expected(where, whereParams);
    expect({ params, ids: await listed(params) }).toEqual({ params, ids: want });
    expect({ params, kept: want.length > 0, dropped: want.length < all.length }).toEqual({ params, kept: true, dropped: true });
  }
  const day = (offset: number) => {
    const date = new Date(Date.now() + offset * 86_400_000);
    return date.toISOString().slice(0, 10);
  };
  const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await query(
      `INSERT INTO transactions.teams (team_id, name, timezone) VALUES ($1, 'Filter Team', $2) ON CONFLICT (team_id) DO UPDATE SET timezone = $2`,
      [TEAM, TZ],
    );
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT'], { first_name: 'Olive', last_name: 'Other' });
    await factory.agent(TEAM, ISA, ['ISISA'], { first_name: 'Isa', last_name: 'Setter' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tara', last_name: 'Coordinator' });
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(TEAM, DISABLED, ['AGENT'], { first_name: 'Dora', last_name: 'Disabled' });
    await query(`UPDATE transactions.agents SET status = 'inactive' WHERE agent_id = $1`, [DISABLED]);
    await factory.agent(RIVAL, RIVAL_ADMIN, ['ADMIN']);
    const online = team.lead_type_id;
    const [{ lead_type_id: referral }] = await query<{ lead_type_id: number }>(
      `INSERT INTO transactions.lead_types (team_id, label, group_name) VALUES ($1, 'Past Client', 'Referral') RETURNING lead_type_id`,
      [TEAM],
    );

    // Twelve transactions, each key holding for some and not for others.
    const rows: Array<Parameters<TransactionsFactory['transaction']>[1] & { columns?: Record<string, unknown> }> = [
      {
        type: 'b',
        primary_agent_id: AGENT,
        stage_id: team.stages.lead,
        tag_ids: [team.tags.hot],
        trans_amt: 250_000,
        custom_values: { square_feet: 1800, loan_type: 'FHA', mls_number: 'AB-100', hoa: 'Y' },
        columns: { appt_set_by_agent_id: ISA, appt_set_dt: day(-3), lead_type_id: online },
      },
      {
        type: 's',
        primary_agent_id: AGENT,
        status: 'underContract',
        stage_id: team.stages.pending,
        tag_ids: [team.tags.hot, team.tags.vip],
        trans_amt: 600_000,
        custom_values: { square_feet: 3200, hoa: 'N' },
        columns: { under_contract_dt: day(-10), est_close_dt: day(20), tc_agent_id: TC, lead_type_id: referral },
      },
      {
        type: 'b',
        primary_agent_id: OTHER_AGENT,
        status: 'closed',
        stage_id: null,
        tag_ids: [team.tags.vip],
        trans_amt: 410_000,
        custom_values: { loan_type: 'Cash', mls_number: 'zab-7' },
        columns: { closed_dt: day(0), under_contract_dt: day(-40), tc_agent_id: TC },
      },
      {
        type: 's',
        primary_agent_id: OTHER_AGENT,
        status: 'closed',
        stage_id: null,
        trans_amt: 150_000,
        columns: { closed_dt: day(-400), appt_set_by_agent_id: ISA },
      },
      {
        type: 'b',
        primary_agent_id: AGENT,
        status: 'lost',
        custom_values: { hoa: 'Y' },
        columns: { lost_dt: day(-5), lost_reason: 'Price', lead_type_id: online },
      },
      { type: 'b', primary_agent_id: DISABLED, status: 'lost', columns: { lost_dt: day(-50), lost_reason: 'Timing' } },
      {
        type: 's',
        primary_agent_id: AGENT,
        stage_id: team.stages.lead,
        trans_amt: 99_000,
        custom_values: { square_feet: 900 },
        columns: { signed_dt: day(-2), appt_met_dt: day(-4), appt_set_by_agent_id: OTHER_AGENT },
      },
      { type: 'b', primary_agent_id: OTHER_AGENT, custom_values: { loan_type: 'FHA' }, columns: { est_close_dt: day(90) } },
    ];
    for (const { columns, ...row } of rows) {
      const made = await factory.transaction(team, row);
      if (columns) {
        const names = Object.keys(columns);
        await query(
          `UPDATE transactions.transactions SET ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')} WHERE client_id = $1`,
          [made.client_id, ...Object.values(columns)],
        );
      }
    }
    await factory.transaction(rival, { type: 'b' });
    all = await expected('true');
  }, 60_000);
  afterAll(() => booted?.close());

  describe('filter keys on GET /transactions/records', () => {
    it('context: the team, a primary agent, an ISA, and any ISA of the team', async () => {
      expect(await listed({ context: `t${TEAM}` })).toEqual(all);
      await expectFilter({ context: `a${AGENT}` }, 'primary_agent_id = $2', [AGENT]);
      await expectFilter({ context: `i${ISA}` }, 'appt_set_by_agent_id = $2', [ISA]);
      await expectFilter(
        { context: `ig${TEAM}` },
        `appt_set_by_agent_id IN (SELECT agent_id FROM transactions.agents WHERE 'ISISA' = ANY(roles))`,
      );
    });

    it('type, stages, status dates by range, by preset and by the dashboard dates', async () => {
      await expectFilter({ type_filter: 's' }, `type = 's'`);
      await expectFilter({ client_stage_id: [team.stages.lead, team.stages.pending] }, 'stage_id = ANY($2)', [
        [team.stages.lead, team.stages.pending],
      ]);
      await expectFilter({ client_stage_id: String(team.stages.lead) }, 'stage_id = $2', [team.stages.lead]);
      await expectFilter(
        { client_filter: 'under_contract', status_start_date: us(day(-20)), status_end_date: us(day(0)) },
        'under_contract_dt BETWEEN $2 AND $3',
        [day(-20), day(0)],
      );
      await expectFilter(
        { client_filter: 'closed', status_date_preset: 'thisYear' },
        `closed_dt >= date_trunc('year', now() AT TIME ZONE $2)::date AND closed_dt < (date_trunc('year', now() AT TIME ZONE $2) + interval '1 year')::date`,
        [TZ],
      );
      // A classic preset name in a link.
      expect(await listed({ client_filter: 'closed', status_date_preset: 'this_year' })).toEqual(
        await listed({ client_filter: 'closed', status_date_preset: 'thisYear' }),
      );
      // The dashboard dates fill the status range left empty.
      await expectFilter(
        { client_filter: 'lost', dashboard_start_date: us(day(-10)), dashboard_end_date: us(day(0)) },
        'lost_dt BETWEEN $2 AND $3',
        [day(-10), day(0)],
      );
      // Without a range: every transaction that has reached the status.
      await expectFilter({ client_filter: 'signed' }, 'signed_dt IS NOT NULL');
    });

    it('cohort dates on created_ts or a date field, amounts, numbers, selects, strings and yes/no', async () => {
      await expectFilter(
        { cohort_date_field: 'est_close_dt', cohort_start_date: us(day(0)), cohort_end_date: us(day(30)) },
        'est_close_dt BETWEEN $2 AND $3',
        [day(0), day(30)],
      );
      await query(`UPDATE transactions.transactions SET created_ts = now() - interval '60 days' WHERE client_id = $1`, [all[0]]);
      await expectFilter(
        { cohort_date_field: 'created_ts', date_preset: 'last30Days' },
        `(created_ts AT TIME ZONE $2)::date >= (now() AT TIME ZONE $2)::date - 29`,
        [TZ],
      );
      await expectFilter({ amount_filter_key: 'trans_amt', range_start: 150000, range_end: 410000 }, 'trans_amt BETWEEN 150000 AND 410000');
      await expectFilter({ amount_filter_key: 'trans_amt', range_end: '200000' }, 'trans_amt <= 200000');
      await expectFilter(
        { number_filter_key: 'square_feet', number_range_start: 1000 },
        `(custom_values->>'square_feet')::numeric >= 1000`,
      );
      await expectFilter({ select_filter_key: 'loan_type', select_filter_value: 'FHA' }, `custom_values->>'loan_type' = 'FHA'`);
      await expectFilter({ string_filter_key: 'mls_number', string_filter_value: 'Ab' }, `custom_values->>'mls_number' ILIKE '%ab%'`);
      await expectFilter({ yn_key: 'hoa', yn_value: 'yes' }, `custom_values->>'hoa' = 'Y'`);
      await expectFilter({ yn_key: 'hoa', yn_value: 'no' }, `custom_values->>'hoa' = 'N'`);
      await expectFilter({ yn_key: 'hoa', yn_value: '' }, `coalesce(custom_values->>'hoa', '') = ''`);
    });

    it('tag groups, lead types and their groups, TCs, appointment setters, lost reasons and exclude_lost', async () => {
      const { hot, vip } = team.tags;
      await expectFilter(
        {
          tag_filters: JSON.stringify([
            [
              { tag_filter_modifier: 'exists', tag_filter_id: hot },
              { tag_filter_modifier: 'not', tag_filter_id: vip },
            ],
            [
              { tag_filter_modifier: 'exists', tag_filter_id: vip },
              { tag_filter_modifier: 'exists', tag_filter_id: '' },
            ],
          ]),
        },
        '(tag_ids @> ARRAY[$2::int] AND NOT tag_ids @> ARRAY[$3::int]) OR tag_ids @> ARRAY[$3::int]',
        [hot, vip],
      );
      await expectFilter({ lead_type_filter: [team.lead_type_id] }, 'lead_type_id = $2', [team.lead_type_id]);
      await expectFilter(
        { lead_type_group_filter: ['Referral'] },
        `lead_type_id IN (SELECT lead_type_id FROM transactions.lead_types WHERE group_name = 'Referral')`,
      );
      await expectFilter({ tc_filter: [TC] }, 'tc_agent_id = $2', [TC]);
      await expectFilter({ appt_set_by_filter: [`i${ISA}`, String(OTHER_AGENT)] }, 'appt_set_by_agent_id IN ($2, $3)', [ISA, OTHER_AGENT]);
      await expectFilter({ lost_reason_filters: ['Price'] }, `lost_reason = 'Price'`);
      await expectFilter({ exclude_lost: 'true' }, `status_category <> 'lost'`);
      // referrer_filter is taken and ignored.
      expect(await listed({ referrer_filter: 'dashboard' })).toEqual(all);
    });

    it('five keys combined list exactly what a hand-written query finds; an AGENT stays within their own', async () => {
      const five = {
        context: `a${AGENT}`,
        type_filter: 'b',
        exclude_lost: 'true',
        amount_filter_key: 'trans_amt',
        range_start: 100000,
        tag_filters: JSON.stringify([[{ tag_filter_modifier: 'exists', tag_filter_id: team.tags.hot }]]),
      };
      const want = await expected(
        `primary_agent_id = $2 AND type = 'b' AND status_category <> 'lost' AND trans_amt >= 100000 AND tag_ids @> ARRAY[$3::int]`,
        [AGENT, team.tags.hot],
      );
      expect(want.length).toBeGreaterThan(0);
      expect(await listed(five)).toEqual(want);
      expect(await listed({ context: `a${OTHER_AGENT}` }, agent)).toEqual([]);
      expect(await listed({ type_filter: 's' }, agent)).toEqual(await expected(`primary_agent_id = $2 AND type = 's'`, [AGENT]));
    });

    it("refuses a malformed key naming it, and answers 404 for another team's scope", async () => {
      const refused = async (params: Record<string, unknown>) =>
        (await admin().get('/transactions/records', params).expect(400)).body.errors.map((e: { field: string }) => e.field);
      expect(await refused({ status_start_date: '13-45-2024' })).toEqual(['status_start_date']);
      expect(await refused({ client_filter: 'married' })).toEqual(['client_filter']);
      expect(await refused({ range_start: 'lots' })).toEqual(['range_start']);
      expect(await refused({ range_start: 5, range_end: 1 })).toEqual(['range_start']);
      expect(await refused({ cohort_start_date: '12-31-2025', cohort_end_date: '01-01-2025' })).toEqual(['cohort_start_date']);
      expect(await refused({ tag_filters: '[[{"tag_filter_modifier":"maybe","tag_filter_id":1}]]' })).toEqual(['tag_filters']);
      expect(await refused({ context: 'x12' })).toEqual(['context']);
      expect(await refused({ client_stage_id: [rival.stages.lead] })).toEqual(['client_stage_id']);
      expect(await refused({ amount_filter_key: 'mls_number', range_start: 1 })).toEqual(['amount_filter_key']);
      expect(await refused({ favourite_colour: 'blue' })).toEqual(['favourite_colour']);
      await admin()
        .get('/transactions/records', { context: `t${RIVAL}` })
        .expect(404);
      await admin()
        .get('/transactions/records', { context: `a${RIVAL_ADMIN}` })
        .expect(404);
      await admin()
        .get('/transactions/records', { context: `ig${RIVAL}` })
        .expect(404);
    });
  });

  describe('scope menu', () => {
    it('groups Team, ISAs, Active Agents and Disabled Agents; include_team=false leaves Team out', async () => {
      const { body } = await agent().get('/dashboard/scopes').expect(200);
      expect(body.groups).toEqual([
        { label: 'Team', items: [{ value: `t${TEAM}`, label: 'Team' }] },
        {
          label: 'ISAs',
          items: [
            { value: `ig${TEAM}`, label: 'All ISAs' },
            { value: `i${ISA}`, label: 'Isa Setter' },
          ],
        },
        {
          label: 'Active Agents',
          items: [
            { value: `a${ADMIN}`, label: 'Ada Admin' },
            { value: `a${AGENT}`, label: 'Alex Agent' },
            { value: `a${ISA}`, label: 'Isa Setter' },
            { value: `a${OTHER_AGENT}`, label: 'Olive Other' },
            { value: `a${TC}`, label: 'Tara Coordinator' },
          ],
        },
        { label: 'Disabled Agents', items: [{ value: `a${DISABLED}`, label: 'Dora Disabled' }] },
      ]);
      const withoutTeam = (await admin().get('/dashboard/scopes', { include_team: 'false' }).expect(200)).body.groups;
      expect(withoutTeam.map((group: { label: string }) => group.label)).toEqual(['ISAs', 'Active Agents', 'Disabled Agents']);
    });

    it("holds only the caller's own scope with agent_restricted_team_dashboard, and refuses CLIENT and VENDOR", async () => {
      const token = await signTestToken({
        agent_id: AGENT,
        team_id: TEAM,
        roles: ['AGENT'],
        permissions: ['agent_restricted_team_dashboard'],
        market_id: 0,
      });
      const restricted = await request(sut.server)
        .get('/api/dashboard/scopes')
        .query({ include_team: 'true' })
        .set('authorization', `Bearer ${token}`)
        .expect(200);
      expect(restricted.body.groups).toEqual([{ label: 'Active Agents', items: [{ value: `a${AGENT}`, label: 'Alex Agent' }] }]);
      // The restricted agent cannot widen the list's scope either.
      await request(sut.server)
        .get('/api/transactions/records')
        .query({ context: `t${TEAM}` })
        .set('authorization', `Bearer ${token}`)
        .expect(404);
      await as('CLIENT', CLIENT).get('/dashboard/scopes').expect(403);
      await as('VENDOR', VENDOR).get('/dashboard/scopes').expect(403);
    });
  });

  describe('saved filters', () => {
    it("team filters (ADMIN only) and personal ones: listed team first then own, by name; another user's personal filter is 404", async () => {
      const teamFilter = (
        await admin()
          .post('/transaction/filters', {
            name: 'Under Contract',
            component: 'transactions',
            owner_type: 'team',
            filters: { client_filter: 'under_contract' },
          })
          .expect(201)
      ).body.filter_id;
      await agent().post('/transaction/filters', { name: 'Mine', component: 'transactions', owner_type: 'team', filters: {} }).expect(403);
      const mine = (
        await agent()
          .post('/transaction/filters', { name: 'B mine', component: 'transactions', filters: { type_filter: 'b' } })
          .expect(201)
      ).body.filter_id;
      const alsoMine = (
        await agent()
          .post('/transaction/filters', { name: 'a mine', component: 'transactions', filters: { type_filter: 's' } })
          .expect(201)
      ).body.filter_id;
      await as('AGENT', OTHER_AGENT).post('/transaction/filters', { name: 'Theirs', component: 'transactions', filters: {} }).expect(201);
      const { body } = await agent().get('/transaction/filters', { component: 'transactions' }).expect(200);
      expect(body.records.map((f: { filter_id: number; owner_type: string }) => [f.filter_id, f.owner_type])).toEqual([
        [teamFilter, 'team'],
        [alsoMine, 'personal'],
        [mine, 'personal'],
      ]);
      expect(body.records[0]).toEqual({
        filter_id: teamFilter,
        filter_name: 'Under Contract',
        component: 'transactions',
        status: 'A',
        filters: { client_filter: 'under_contract' },
        owner_type: 'team',
        team_form_id: null,
      });
      expect((await agent().get('/transaction/filters', { component: 'dashboard' }).expect(200)).body.records).toEqual([]);

      // The list applies a saved filter by id; keys given beside it win.
      expect(await listed({ filter_id: mine }, agent)).toEqual(await expected(`primary_agent_id = $2 AND type = 'b'`, [AGENT]));
      expect(await listed({ filter_id: mine, type_filter: 's' }, agent)).toEqual(
        await expected(`primary_agent_id = $2 AND type = 's'`, [AGENT]),
      );
      await as('AGENT', OTHER_AGENT).get('/transactions/records', { filter_id: mine }).expect(404);
      // Read from its text, digits only (strict ids): hex, exponent and padded forms of the id are refused.
      for (const loose of [`0x${mine.toString(16)}`, `${mine}e0`, ` ${mine} `, `+${mine}`]) {
        const refused = await agent().get('/transactions/records', { filter_id: loose }).expect(400);
        expect(refused.body.errors).toEqual([{ field: 'filter_id', error: expect.any(String) }]);
      }

      // Changes: the owner, or ADMIN for a team filter.
      await as('AGENT', OTHER_AGENT)
        .patch('/transaction/filters', { filter_id: mine, filter_name: 'Stolen', component: 'transactions', updateSelected: false })
        .expect(404);
      await as('AGENT', OTHER_AGENT).delete(`/transaction/filters?filter_id=${mine}&component=transactions`).expect(404);
      await agent()
        .patch('/transaction/filters', { filter_id: teamFilter, filter_name: 'Renamed', component: 'transactions', updateSelected: false })
        .expect(403);
      await agent().delete(`/transaction/filters?filter_id=${teamFilter}&component=transactions`).expect(403);
      await as('CLIENT', CLIENT).get('/transaction/filters', { component: 'transactions' }).expect(403);
      await as('VENDOR', VENDOR).get('/transaction/filters', { component: 'transactions' }).expect(200);
      await as('VENDOR', VENDOR).get('/transaction/filters', { component: 'dashboard' }).expect(403);

      // updateSelected false renames only; true saves the filters and the name.
      await agent()
        .patch('/transaction/filters', {
          filter_id: mine,
          filter_name: 'Buyers',
          filters: { type_filter: 's' },
          component: 'transactions',
          updateSelected: false,
        })
        .expect(200);
      let saved = (await agent().get('/transaction/filters', { component: 'transactions' })).body.records.find(
        (f: { filter_id: number }) => f.filter_id === mine,
      );
      expect([saved.filter_name, saved.filters]).toEqual(['Buyers', { type_filter: 'b' }]);
      await agent()
        .patch('/transaction/filters', {
          filter_id: mine,
          filter_name: 'Sellers',
          filters: { type_filter: 's' },
          component: 'transactions',
          updateSelected: true,
        })
        .expect(200);
      saved = (await agent().get('/transaction/filters', { component: 'transactions' })).body.records.find(
        (f: { filter_id: number }) => f.filter_id === mine,
      );
      expect([saved.filter_name, saved.filters]).toEqual(['Sellers', { type_filter: 's' }]);

      const removed = await agent().delete(`/transaction/filters?filter_id=${mine}&component=transactions`).expect(200);
      expect(removed.body.message).toBe('Successfully Removed Filter');
      await agent().delete(`/transaction/filters?filter_id=${mine}&component=transactions`).expect(404);
      await admin().delete(`/transaction/filters?filter_id=${teamFilter}&component=transactions`).expect(200);
    });

    it("names: required, at most 100 characters, unique in the component among the team's and the caller's", async () => {
      const errorOf = async (body: Record<string, unknown>) =>
        (
          await agent()
            .post('/transaction/filters', { component: 'report', filters: {}, ...body })
            .expect(400)
        ).body.errors;
      expect(await errorOf({ name: '  ' })).toEqual([{ field: 'name', error: 'This field is required' }]);
      expect(await errorOf({})).toEqual([{ field: 'name', error: 'This field is required' }]);
      expect(await errorOf({ name: 'x'.repeat(101) })).toEqual([{ field: 'name', error: 'At most 100 characters' }]);
      await admin()
        .post('/transaction/filters', { name: 'Closed This Year', component: 'report', owner_type: 'team', filters: {} })
        .expect(201);
      expect(await errorOf({ name: 'closed this year' })).toEqual([{ field: 'name', error: 'A filter with this name already exists' }]);
      await agent().post('/transaction/filters', { name: 'Closed This Year', component: 'snapshot', filters: {} }).expect(201);
      // Another user's personal names do not clash.
      await as('AGENT', OTHER_AGENT).post('/transaction/filters', { name: 'Private', component: 'report', filters: {} }).expect(201);
      await agent().post('/transaction/filters', { name: 'Private', component: 'report', filters: {} }).expect(201);
    });

    it('normalises the filters (empty tag entries and groups dropped, classic presets mapped) and refuses bad ones with nothing stored', async () => {
      const { filter_id: id } = (
        await agent()
          .post('/transaction/filters', {
            name: 'Normalised',
            component: 'dashboard',
            filters: {
              status_date_preset: 'this_week',
              date_preset: 'last_3_months',
              cohort_date_field: 'est_close_dt',
              client_filter: 'closed',
              tag_filters: [
                [
                  { tag_filter_modifier: 'exists', tag_filter_id: team.tags.hot },
                  { tag_filter_modifier: 'not', tag_filter_id: null },
                ],
                [{ tag_filter_modifier: 'exists', tag_filter_id: '' }],
                [],
              ],
              lane_keys: ['1', '2'],
              dashboard_start_date: '2026-01-01',
            },
          })
          .expect(201)
      ).body;
      const saved = (await agent().get('/transaction/filters', { component: 'dashboard' })).body.records.find(
        (f: { filter_id: number }) => f.filter_id === id,
      );
      expect(saved.filters).toEqual({
        status_date_preset: 'thisWeek',
        date_preset: 'last6Months',
        cohort_date_field: 'est_close_dt',
        client_filter: 'closed',
        tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: team.tags.hot }]],
        lane_keys: ['1', '2'],
        dashboard_start_date: '01-01-2026',
      });
      await agent()
        .patch('/transaction/filters', {
          filter_id: id,
          filter_name: 'Normalised',
          component: 'dashboard',
          updateSelected: true,
          filters: { date_preset: 'next_14_days' },
        })
        .expect(200);
      expect(
        (await agent().get('/transaction/filters', { component: 'dashboard' })).body.records.find(
          (f: { filter_id: number }) => f.filter_id === id,
        ).filters,
      ).toEqual({ date_preset: 'next2Weeks' });

      const count = async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions.transaction_filters`))[0].n;
      const before = await count();
      const refused = async (filters: Record<string, unknown>) =>
        (
          await agent()
            .post('/transaction/filters', { name: `Bad ${Math.random()}`, component: 'dashboard', filters })
            .expect(400)
        ).body.errors;
      expect(await refused({ number_range_start: 9, number_range_end: 2 })).toEqual([
        { field: 'filters.number_range_start', error: 'The start is above the end' },
      ]);
      expect(await refused({ status_start_date: '05-01-2026', status_end_date: '04-01-2026' })).toEqual([
        { field: 'filters.status_start_date', error: 'The start date is after the end date' },
      ]);
      expect(await refused({ tc_filter: [9999] })).toEqual([{ field: 'filters.tc_filter', error: 'Not one of your team' }]);
      expect(await refused({ tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: rival.tags.hot }]] })).toEqual([
        { field: 'filters.tag_filters', error: 'Not one of your team' },
      ]);
      await agent()
        .post('/transaction/filters', { name: 'Rival scope', component: 'dashboard', filters: { context: `t${RIVAL}` } })
        .expect(404);
      expect(await count()).toBe(before);
    });

    it('answers the form of each component: fields in order, left_count and the option lists', async () => {
      const form = async (component: string) => (await admin().get('/transaction/filter/form', { component }).expect(200)).body;
      const counts: Record<string, number> = {
        snapshot: 14,
        dashboard: 13,
        transactions: 14,
        report: 13,
        'stages-board': 15,
        'status-board': 15,
      };
      for (const [component, leftCount] of Object.entries(counts)) {
        const { fields, left_count: left } = await form(component);
        expect({ component, left }).toEqual({ component, left: leftCount });
        expect(fields.slice(0, 3)).toEqual(
          component === 'snapshot' || component === 'dashboard'
            ? ['context', 'dashboard_start_date', 'dashboard_end_date']
            : ['context', 'type_filter', 'client_stage_id'],
        );
        expect(fields.includes('lane_keys')).toBe(component.endsWith('-board'));
        expect(fields.at(-1 - Number(component.endsWith('-board')))).toBe('lost_reason_filters');
      }
      const { options } = await form('stages-board');
      expect(options.scopes.map((group: { label: string }) => group.label)).toEqual(['Team', 'ISAs', 'Active Agents', 'Disabled Agents']);
      expect(options.amount_fields.map((f: { value: string }) => f.value)).toEqual(
        expect.arrayContaining(['trans_amt', 'gross_commission_amt']),
      );
      expect(options.number_fields.map((f: { value: string }) => f.value)).toEqual(
        expect.arrayContaining(['square_feet', 'referral_pct', 'gci_pct']),
      );
      expect(options.select_fields.map((f: { value: string }) => f.value)).toContain('loan_type');
      expect(options.yn_fields).toEqual([{ value: 'hoa', label: 'HOA' }]);
      expect(options.cohort_date_fields[0]).toEqual({ value: 'created_ts', label: 'Created' });
      expect(options.tags.map((t: { value: number }) => t.value).sort()).toEqual([team.tags.hot, team.tags.vip].sort());
      expect(options.lead_type_groups.map((g: { value: string }) => g.value)).toEqual(['Online', 'Referral']);
      expect(options.isas).toEqual([{ value: `i${ISA}`, label: 'Isa Setter' }]);
      expect(options.lanes.map((lane: { value: string }) => Number(lane.value)).sort()).toEqual(
        [team.stages.lead, team.stages.pending].sort(),
      );
      expect((await form('transactions')).options.scopes.map((group: { label: string }) => group.label)).toEqual([
        'ISAs',
        'Active Agents',
        'Disabled Agents',
      ]);
      await as('CLIENT', CLIENT).get('/transaction/filter/form', { component: 'transactions' }).expect(403);
      await as('VENDOR', VENDOR).get('/transaction/filter/form', { component: 'report' }).expect(403);
      await admin().get('/transaction/filter/form', { component: 'kanban' }).expect(400);
    });
  });
});
