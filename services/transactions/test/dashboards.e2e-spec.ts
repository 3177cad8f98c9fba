import request from 'supertest';
import { resolveDatePreset, todayIn, type Permission, type Role, type StatCard, type CircleEntry } from '@app/contracts';
import { DashboardsFactory, signTestToken, TasksFactory, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { apiAs, bootTransactions } from './transactions-test-kit';

// Display Mode's figures (spec 002 sections 2.1, 3, 6, 7, 9): milestones, ratios, goals and
// pace, stats, activity, the leaderboard, goals and slides, each rule with exact dates and amounts.

describe('dashboards, leaderboard and goals', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let dashboards: DashboardsFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 971;
  const RIVAL = 972;
  const ADMIN = 130;
  const ALEX = 131;
  const BLAKE = 132;
  const ISA = 133;
  const TC = 134;
  const CLIENT = 135;
  const VENDOR = 136;
  const EXCLUDED = 137;
  const INACTIVE = 138;
  const RESTRICTED = 139;
  const RIVAL_AGENT = 140;
  const MARCH = { dashboard_start_date: '03-01-2026', dashboard_end_date: '03-31-2026' };

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);
  const asWith = (role: Role, agentId: number, permissions: Permission[]) => ({
    get: async (path: string, params: Record<string, unknown> = {}) =>
      request(sut.server)
        .get(`/api${path}`)
        .query(params)
        .set(
          'authorization',
          `Bearer ${await signTestToken({ agent_id: agentId, team_id: TEAM, roles: [role], permissions, market_id: 0 })}`,
        ),
  });
  const dashboard = async (id: number, params: Record<string, unknown> = MARCH, who = admin) =>
    (
      await who()
        .get('/dashboards', { id, ...params })
        .expect(200)
    ).body;
  /** GET /transactions/records with a figure's link: the number of rows it lists (as ADMIN: the whole team). */
  const listed = async (link: object) =>
    (
      await admin()
        .get('/transactions/records', { ...link, per_page: 10 })
        .expect(200)
    ).body.pagination.total as number;
  const nyToday = () => todayIn('America/New_York');
  const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    dashboards = new DashboardsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await query(`INSERT INTO transactions.teams (team_id, name) VALUES ($1, 'Dash Realty'), ($2, 'Rival Realty')`, [TEAM, RIVAL]);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, ALEX, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, BLAKE, ['AGENT'], { first_name: 'Blake', last_name: 'Bee' });
    await factory.agent(TEAM, ISA, ['ISISA'], { first_name: 'Isa', last_name: 'Setter' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tess', last_name: 'Coordinator' });
    await factory.agent(TEAM, CLIENT, ['CLIENT'], { first_name: 'Cli', last_name: 'Ent' });
    await factory.agent(TEAM, VENDOR, ['VENDOR'], { first_name: 'Ven', last_name: 'Dor' });
    await factory.agent(TEAM, EXCLUDED, ['AGENT'], { first_name: 'Exa', last_name: 'Cluded' });
    await factory.agent(TEAM, INACTIVE, ['AGENT'], { first_name: 'Ina', last_name: 'Ctive' });
    await factory.agent(TEAM, RESTRICTED, ['AGENT'], { first_name: 'Rita', last_name: 'Restricted' });
    await factory.agent(RIVAL, RIVAL_AGENT, ['AGENT']);
    await query(`UPDATE transactions.agents SET leader_board_exclude = true WHERE agent_id = $1`, [EXCLUDED]);
    await query(`UPDATE transactions.agents SET status = 'inactive' WHERE agent_id = $1`, [INACTIVE]);

    const t = (overrides: Parameters<TransactionsFactory['transaction']>[1]) => factory.transaction(team, overrides);
    // March 2026: the figures below are counted by hand from these rows.
    await t({
      primary_agent_id: ALEX,
      type: 'b',
      status: 'closed',
      trans_amt: 400_000,
      appt_set_by_agent_id: ISA,
      created_ts: '2026-03-15T15:00:00Z',
      dates: {
        appt_set_dt: '2026-03-02',
        appt_met_dt: '2026-03-03',
        signed_dt: '2026-03-05',
        under_contract_dt: '2026-03-10',
        closed_dt: '2026-03-20',
      },
    });
    await t({
      primary_agent_id: ALEX,
      type: 's',
      status: 'underContract',
      appt_set_by_agent_id: BLAKE,
      dates: { appt_set_dt: '2026-03-04', appt_met_dt: '2026-03-06', signed_dt: '2026-03-15', under_contract_dt: '2026-03-25' },
    });
    await t({
      primary_agent_id: BLAKE,
      type: 'b',
      status: 'closed',
      trans_amt: 300_000,
      dates: { appt_met_dt: '2026-03-07', under_contract_dt: '2026-02-20', closed_dt: '2026-03-28' },
    });
    await t({
      primary_agent_id: BLAKE,
      type: 's',
      created_ts: '2026-03-31T20:00:00Z',
      dates: { appt_set_dt: '2026-02-25', appt_met_dt: '2026-03-31' },
    });
    // Under contract in March, closed in April: pending at the end of March.
    await t({ primary_agent_id: ALEX, type: 'b', status: 'closed', dates: { under_contract_dt: '2026-03-30', closed_dt: '2026-04-01' } });
    // Counted for the team, never on the leaderboard: excluded, a CLIENT, an inactive user.
    for (const agent of [EXCLUDED, CLIENT, INACTIVE])
      await t({ primary_agent_id: agent, type: 'b', status: 'closed', dates: { closed_dt: '2026-03-12' } });
    // Under contract, then lost: not pending.
    await t({ primary_agent_id: BLAKE, status: 'lost', dates: { under_contract_dt: '2026-03-05', lost_dt: '2026-03-20' } });
    await factory.transaction(rival, { primary_agent_id: RIVAL_AGENT, status: 'closed', dates: { closed_dt: '2026-03-15' } });
  }, 60_000);
  afterAll(() => booted.close());

  describe('circle dashboards', () => {
    it('7 Agent Production: milestones in the range, ratios between neighbours, side ratios, closed units, volume and GCI', async () => {
      const { id, title, data } = await dashboard(7);
      expect({ id, title }).toEqual({ id: 7, title: 'Agent Production' });
      const top = data.contacts_circle_charts.top as CircleEntry[];
      expect(top.map((entry) => [entry.type, entry.label, entry.type === 'object' ? entry.value : entry.ratio])).toEqual([
        ['object', 'Appointments Set', 2],
        ['ratio', 'Appointments Set to Appointments Met', 200],
        ['object', 'Appointments Met', 4],
        ['ratio', 'Appointments Met to Signed', 50],
        ['object', 'Signed', 2],
        ['ratio', 'Signed to Under Contract', 200],
        ['object', 'Under Contract', 4],
        ['ratio', 'Under Contract to Closed', 125],
        ['object', 'Closed', 5],
      ]);
      expect((data.contacts_circle_charts.bottom as CircleEntry[]).map((entry) => [entry.label, entry.value])).toEqual([
        ['Appointments Met', 4],
        ['Signed', 2],
        ['Under Contract', 4],
        ['Closed', 5],
      ]);
      // Buyer: 5 closed over 2 appointments met; seller: 0 closed over 2.
      expect(data.side_components.buyer).toMatchObject({ label: 'Buyer Conversion Ratio', type: 'ratio', ratio: 250 });
      expect(data.side_components.seller).toMatchObject({ label: 'Seller Conversion Ratio', type: 'ratio', ratio: 0 });
      expect((data.cohort_stat_cards as StatCard[]).map((card) => [card.id, card.label, card.value])).toEqual([
        ['closed_units', 'Closed Units', 5],
        ['closed_volume', 'Closed Volume', 400_000 + 300_000 + 3 * 250_000],
        ['closed_gci', 'Closed GCI', 12_000 + 9_000 + 3 * 7_500],
      ]);
      expect(top[0].link_params).toEqual({
        context: `t${TEAM}`,
        client_filter: 'appt_set',
        status_start_date: '03-01-2026',
        status_end_date: '03-31-2026',
        dashboard_start_date: '03-01-2026',
        dashboard_end_date: '03-31-2026',
      });
      // No goal yet: goal fields and pace null.
      expect(top[0]).toMatchObject({ goal: null, goal_percent: null, pacer_value: null, pacer_percent: null, pace: null });
    });

    it("9 Lead Conversion: new leads (created in the range, in the team's zone) through signed", async () => {
      const { data } = await dashboard(9);
      const top = data.contacts_circle_charts.top as CircleEntry[];
      expect(top.filter((entry) => entry.type === 'object').map((entry) => [entry.label, entry.value])).toEqual([
        ['New Leads', 2],
        ['Appointments Set', 2],
        ['Appointments Met', 4],
        ['Signed', 2],
      ]);
      expect(top[1]).toMatchObject({ type: 'ratio', ratio: 100 });
      // Signed over new leads per side: buyer 1 of 1, seller 1 of 1.
      expect([data.side_components.buyer.ratio, data.side_components.seller.ratio]).toEqual([100, 100]);
      expect(top[0].link_params).toMatchObject({
        cohort_date_field: 'created_ts',
        cohort_start_date: '03-01-2026',
        cohort_end_date: '03-31-2026',
      });
    });

    it("a scope narrows every figure: an agent (a), an ISA's appointments (i), every ISA's (ig); a link lists exactly what it counts", async () => {
      const closed = async (context: string) => (await dashboard(7, { ...MARCH, context })).data.cohort_stat_cards[0].value;
      expect(await closed(`a${ALEX}`)).toBe(1);
      expect(await closed(`a${BLAKE}`)).toBe(1);
      const isa = (await dashboard(7, { ...MARCH, context: `i${ISA}` })).data.contacts_circle_charts.top as CircleEntry[];
      expect(isa.filter((e) => e.type === 'object').map((e) => e.value)).toEqual([1, 1, 1, 1, 1]);
      const all = (await dashboard(7, { ...MARCH, context: `ig${TEAM}` })).data.contacts_circle_charts.top as CircleEntry[];
      expect(all[0].value).toBe(1);
      // Every circle and card of every dashboard and scope: its link on the list gives exactly its value.
      for (const context of [`t${TEAM}`, `a${ALEX}`, `a${BLAKE}`, `i${ISA}`, `ig${TEAM}`]) {
        for (const id of [7, 9]) {
          const { data } = await dashboard(id, { ...MARCH, context });
          const entries = [...data.contacts_circle_charts.top, ...data.contacts_circle_charts.bottom].filter(
            (e: CircleEntry) => e.type === 'object',
          ) as CircleEntry[];
          for (const entry of entries)
            expect({ context, id, label: entry.label, rows: await listed(entry.link_params!) }).toEqual({
              context,
              id,
              label: entry.label,
              rows: entry.value,
            });
          const units = data.cohort_stat_cards.find((card: StatCard) => card.id === 'closed_units' || card.id === 'new_leads') as StatCard;
          expect(await listed(units.link_params!)).toBe(units.value);
        }
        const stats = (await dashboard(2, { ...MARCH, context })).data;
        const units = stats.row2.find((card: StatCard) => card.id === 'closed_units').value;
        for (const card of stats.row2 as StatCard[]) {
          const expected = card.id === 'pending_units' || card.id === 'closed_units' ? card.value : card.id === 'ytd_gci' ? null : units;
          if (expected === null) continue;
          expect({ context, card: card.id, rows: await listed(card.link_params!) }).toEqual({ context, card: card.id, rows: expected });
        }
      }
    });
  });

  describe('goals and pace', () => {
    it("prorates the yearly goal by the range's days; a team without its own goal sums its agents'; a past range's pacer is the whole goal", async () => {
      await dashboards.goal(TEAM, 2026, 'closed', ALEX, 24);
      await dashboards.goal(TEAM, 2026, 'closed', BLAKE, 12);
      const summed = (await dashboard(7)).data.contacts_circle_charts.bottom.find((e: CircleEntry) => e.label === 'Closed');
      // (24 + 12) x 31 / 365 = 3.06; March 2026 is past: the pacer is the whole goal.
      expect(summed).toMatchObject({
        value: 5,
        goal: 3.06,
        goal_percent: 163.4,
        pacer_value: 3.06,
        pacer_percent: 163.4,
        pace: 'achieved',
      });
      await dashboards.goal(TEAM, 2026, 'closed', null, 120);
      const own = (await dashboard(7)).data.contacts_circle_charts.bottom.find((e: CircleEntry) => e.label === 'Closed');
      // 120 x 31 / 365 = 10.19
      expect(own).toMatchObject({ value: 5, goal: 10.19, goal_percent: 49.1, pacer_value: 10.19, pace: 'not_on_pace' });
      const alex = (await dashboard(7, { ...MARCH, context: `a${ALEX}` })).data.cohort_stat_cards[0];
      expect(alex).toMatchObject({ id: 'closed_units', value: 1, goal: 2.04, goal_percent: 49 });
      await dashboards.goal(TEAM, 2026, 'closed_volume', null, 3_650_000);
      const volume = (await dashboard(7)).data.cohort_stat_cards[1];
      expect(volume).toMatchObject({ id: 'closed_volume', value: 1_450_000, goal: 310_000, goal_percent: 467.7 });
    });

    it('paces a range around today: not on pace below the pacer value, on pace at it, achieved at the goal; a future range paces 0', async () => {
      const PACER = 150;
      await factory.agent(TEAM, PACER, ['AGENT'], { first_name: 'Pace', last_name: 'Setter' });
      const today = nyToday();
      const start = shift(today, -9);
      const end = shift(today, 10);
      const futureStart = shift(today, 30);
      const futureEnd = shift(today, 49);
      // A goal of a day per day in every year the ranges touch (the future one may be next year's): the range's
      // goal is its 20 days; the pacer 10.
      for (const year of new Set([start, end, futureStart, futureEnd].map((day) => day.slice(0, 4)))) {
        const days = Number(year) % 4 === 0 && (Number(year) % 100 !== 0 || Number(year) % 400 === 0) ? 366 : 365;
        await dashboards.goal(TEAM, Number(year), 'closed', PACER, days);
      }
      const range = { dashboard_start_date: us(start), dashboard_end_date: us(end), context: `a${PACER}` };
      const close = async (n: number) => {
        for (let i = 0; i < n; i++)
          await factory.transaction(team, { primary_agent_id: PACER, status: 'closed', dates: { closed_dt: start } });
      };
      const closedCircle = async () =>
        (await dashboard(7, range)).data.contacts_circle_charts.bottom.find((e: CircleEntry) => e.label === 'Closed') as CircleEntry;
      await close(9);
      expect(await closedCircle()).toMatchObject({
        value: 9,
        goal: 20,
        pacer_value: 10,
        pacer_percent: 90,
        goal_percent: 45,
        pace: 'not_on_pace',
      });
      await close(1);
      expect(await closedCircle()).toMatchObject({ value: 10, pacer_value: 10, pacer_percent: 100, pace: 'on_pace' });
      await close(10);
      expect(await closedCircle()).toMatchObject({ value: 20, goal_percent: 100, pace: 'achieved' });
      const future = { ...range, dashboard_start_date: us(futureStart), dashboard_end_date: us(futureEnd) };
      expect((await dashboard(7, future)).data.contacts_circle_charts.bottom.find((e: CircleEntry) => e.label === 'Closed')).toMatchObject({
        value: 0,
        pacer_value: 0,
        pacer_percent: null,
        pace: 'on_pace',
      });
    });
  });

  describe('2 Stats', () => {
    it('row2 and row3 from hand counts; ytd_gci from 1 January to today against the yearly goal, paced by the day of the year', async () => {
      const { title, data } = await dashboard(2);
      expect(title).toBe('Stats');
      expect(data.title).toBe('Dash Realty Stats');
      const byId = (cards: StatCard[]) => Object.fromEntries(cards.map((card) => [card.id, card.value]));
      const thisYear = nyToday().slice(0, 4);
      // Every closing of this file in this year up to today, by hand (the pacer ones too).
      const [{ gci }] = await query<{ gci: number }>(
        `SELECT coalesce(sum(gross_commission_amt), 0)::float8 AS gci FROM transactions.transactions WHERE team_id = $1 AND closed_dt BETWEEN $2::date AND $3::date`,
        [TEAM, `${thisYear}-01-01`, nyToday()],
      );
      expect(byId(data.row2)).toEqual({
        closed_units: 5,
        closed_volume: 1_450_000,
        ytd_gci: gci,
        // Under contract by 31 March and neither closed nor lost then: the seller (25th) and the April closing (30th).
        pending_units: 2,
        average_sale_price: 290_000,
      });
      expect(byId(data.row3)).toEqual({
        buyer_closings: 5,
        seller_closings: 0,
        appointments_set: 2,
        appointments_met: 4,
        signed: 2,
        // Closed with a contract date: 10 (10th to 20th) and 36 (20 February to 28 March): 23.
        average_days_to_close: 23,
      });
      await dashboards.goal(TEAM, Number(thisYear), 'closed_gci', null, 365_000);
      const ytd = (await dashboard(2)).data.row2.find((card: StatCard) => card.id === 'ytd_gci');
      const today = nyToday();
      const dayOfYear = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${thisYear}-01-01T00:00:00Z`)) / 86_400_000) + 1;
      const yearDays = Number(thisYear) % 4 === 0 ? 366 : 365;
      expect(ytd).toMatchObject({ goal: 365_000, pacer_value: Math.round(((365_000 * dayOfYear) / yearDays) * 100) / 100 });
      expect(ytd.link_params).toMatchObject({
        client_filter: 'closed',
        status_start_date: `01-01-${thisYear}`,
        status_end_date: us(today),
      });
    });

    it("defaults to the current month in the team's time zone, and in America/New_York when the team has none", async () => {
      const month = (zone: string) => resolveDatePreset('thisMonth', zone)!;
      const closedLink = async () => (await dashboard(2, {})).data.row2[0].link_params;
      expect(await closedLink()).toMatchObject({
        status_start_date: us(month('America/New_York').start),
        status_end_date: us(month('America/New_York').end),
      });
      await query(`UPDATE transactions.teams SET timezone = 'Pacific/Kiritimati' WHERE team_id = $1`, [TEAM]);
      try {
        expect(await closedLink()).toMatchObject({
          status_start_date: us(month('Pacific/Kiritimati').start),
          status_end_date: us(month('Pacific/Kiritimati').end),
        });
      } finally {
        await query(`UPDATE transactions.teams SET timezone = NULL WHERE team_id = $1`, [TEAM]);
      }
    });
  });

  describe('3 Activity', () => {
    it('the changes write the feed in their own database transaction: created, milestones reached, a task completed; newest first, at most 28', async () => {
      const AGENT = 160;
      await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Feed', last_name: 'Writer' });
      const { body } = await as('AGENT', AGENT).post('/transactions', { type: 'b', address_1: '77 Feed St' }).expect(201);
      const today = nyToday();
      // Reaching a milestone: its date set where there was none (the factory's statuses ask for no dates).
      const closedDt = `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`;
      await admin()
        .patch(`/transaction/${body.client_id}`, { client_id: body.client_id, preset: 'page', changes: { closed_dt: closedDt } })
        .expect(200);
      // The same date again is no new milestone.
      await admin()
        .patch(`/transaction/${body.client_id}`, {
          client_id: body.client_id,
          preset: 'page',
          changes: { closed_dt: closedDt, trans_amt: 1 },
        })
        .expect(200);
      const task = await new TasksFactory(sut.dataSource).task(TEAM, body.client_id, {
        assigned_to_agent_id: AGENT,
        name: 'Order inspection',
      });
      await admin().patch(`/tasks/${task}`, { task_id: task, preset: 'status', status_id: 3 }).expect(200);
      const mine = (await dashboard(3, { context: `a${AGENT}` })).data.activities;
      expect(mine.map((a: { text: string; agent_name: string }) => [a.agent_name, a.text])).toEqual([
        ['Feed Writer', expect.stringMatching(/^Completed .Order inspection. for 77 Feed St/)],
        ['Feed Writer', expect.stringMatching(/^Closed: 77 Feed St/)],
        ['Feed Writer', expect.stringMatching(/^New buyer transaction: 77 Feed St/)],
      ]);
      for (let i = 0; i < 30; i++)
        await dashboards.activity(TEAM, {
          agent_id: AGENT,
          text: `Filler ${i}`,
          ts: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        });
      const team28 = (await dashboard(3, {})).data.activities;
      expect(team28).toHaveLength(28);
      expect(team28[0].text).toMatch(/^Completed/);
      const times = team28.map((a: { ts: string }) => a.ts);
      expect(times).toEqual([...times].sort().reverse());
    });

    it("Log Activity pages a user's rows, 20 a page: ADMIN and TRANC any user of the team; others their own; another user 404", async () => {
      const page1 = (await admin().get('/dashboard/activity', { agent_id: 160 }).expect(200)).body;
      expect(page1.records).toHaveLength(20);
      expect(page1.pagination).toEqual({ total: 33, page: 1, per_page: 20, pages: 2, has_next: true, has_prev: false });
      const page2 = (await as('TRANC', TC).get('/dashboard/activity', { agent_id: 160, page: 2 }).expect(200)).body;
      expect(page2.records).toHaveLength(13);
      expect(page2.pagination).toMatchObject({ page: 2, has_next: false, has_prev: true });
      expect((await as('AGENT', 160).get('/dashboard/activity').expect(200)).body.pagination.total).toBe(33);
      await as('AGENT', ALEX).get('/dashboard/activity', { agent_id: 160 }).expect(404);
      await admin().get('/dashboard/activity', { agent_id: RIVAL_AGENT }).expect(404);
      expect((await admin().get('/dashboard/activity', { agent_id: 160, per_page: 7 }).expect(400)).body.errors[0].field).toBe('per_page');
    });
  });

  describe('4 Leaderboard', () => {
    const board = async (params: Record<string, unknown>, who = admin) =>
      (
        await who()
          .get('/leaderboard', { id: 4, start_date: '03-01-2026', end_date: '03-31-2026', ...params })
          .expect(200)
      ).body;

    it('ranks the active members the report credits; ties share a place; excluded, inactive, CLIENT and VENDOR are never listed', async () => {
      const closed = await board({ report: 'closed' });
      expect(closed).toMatchObject({ title: 'Closed', total: 2, count_volume_title: 'Count' });
      expect(closed.leaderboard_data).toEqual([
        {
          place: 1,
          color: '#FFC107',
          agent_id: ALEX,
          agent_name: 'Alex Agent',
          profile_image_path: null,
          group_name: 'Dash Realty',
          item_count: 1,
          percentage: 50,
        },
        {
          place: 1,
          color: '#FFC107',
          agent_id: BLAKE,
          agent_name: 'Blake Bee',
          profile_image_path: null,
          group_name: 'Dash Realty',
          item_count: 1,
          percentage: 50,
        },
      ]);
      expect(closed.excludes).toEqual([{ agent_id: EXCLUDED, agent_name: 'Exa Cluded' }]);
      expect(closed.graph).toEqual([
        { label: 'Alex Agent', value: 1 },
        { label: 'Blake Bee', value: 1 },
      ]);
    });

    it('Volume in dollars; appointments set credited to the setter; each report titled', async () => {
      const volume = await board({ report: 'volume' });
      expect(volume).toMatchObject({ title: 'Volume', count_volume_title: 'Volume', total: 700_000 });
      expect(
        volume.leaderboard_data.map((row: { place: number; agent_id: number; item_count: number; percentage: number }) => [
          row.place,
          row.agent_id,
          row.item_count,
          row.percentage,
        ]),
      ).toEqual([
        [1, ALEX, 400_000, 57.1],
        [2, BLAKE, 300_000, 42.9],
      ]);
      expect(volume.leaderboard_data[1].color).toBe('#90A4AE');
      const set = await board({ report: 'appointments_set' });
      expect(set.leaderboard_data.map((row: { agent_id: number; item_count: number }) => [row.agent_id, row.item_count])).toEqual([
        [BLAKE, 1],
        [ISA, 1],
      ]);
      for (const [report, title] of [
        ['under_contract', 'Under Contract'],
        ['signed', 'Signed'],
        ['appointments_met', 'Appointments Met'],
      ]) {
        expect((await board({ report })).title).toBe(title);
      }
      expect((await board({ report: 'under_contract' })).leaderboard_data.map((row: { agent_id: number }) => row.agent_id)).toEqual([
        ALEX,
        BLAKE,
      ]);
    });

    it('graphs the top 10 and an All others slice; a range without closings answers total 0', async () => {
      for (let i = 0; i < 12; i++) {
        await factory.agent(TEAM, 170 + i, ['AGENT'], { first_name: `Mayer${String(i).padStart(2, '0')}`, last_name: 'May' });
        for (let k = 0; k < (i === 0 ? 3 : 1); k++)
          await factory.transaction(team, { primary_agent_id: 170 + i, status: 'closed', dates: { closed_dt: '2026-05-10' } });
      }
      const may = await board({ report: 'closed', start_date: '05-01-2026', end_date: '05-31-2026' });
      expect(may.total).toBe(14);
      expect(may.leaderboard_data.map((row: { place: number }) => row.place)).toEqual([1, ...Array(11).fill(2)]);
      expect(may.graph).toHaveLength(11);
      expect(may.graph[10]).toEqual({ label: 'All others', value: 2 });
      const empty = await board({ report: 'closed', start_date: '01-01-2020', end_date: '01-31-2020' });
      expect(empty).toMatchObject({ leaderboard_data: [], graph: [], total: 0 });
    });
  });

  describe('access', () => {
    it('CLIENT and VENDOR get 403 on every call', async () => {
      for (const [role, id] of [
        ['CLIENT', CLIENT],
        ['VENDOR', VENDOR],
      ] as [Role, number][]) {
        await as(role, id).get('/dashboards').expect(403);
        await as(role, id).get('/dashboards', { id: 7 }).expect(403);
        await as(role, id).get('/leaderboard', { id: 4 }).expect(403);
        await as(role, id).get('/dashboard/display/config').expect(403);
        await as(role, id).get('/dashboard/goals').expect(403);
        await as(role, id).get('/dashboard/activity').expect(403);
      }
    });

    it("agent_restricted_team_dashboard: the caller's own scope by default, any other 403 'You can only view your own dashboard'; the leaderboard stays team-wide", async () => {
      const restricted = asWith('AGENT', RESTRICTED, ['agent_restricted_team_dashboard']);
      const own = await restricted.get('/dashboards', { id: 7, ...MARCH });
      expect(own.status).toBe(200);
      expect(own.body.data.contacts_circle_charts.top[0].link_params.context).toBe(`a${RESTRICTED}`);
      for (const context of [`t${TEAM}`, `a${ALEX}`, `ig${TEAM}`]) {
        const refused = await restricted.get('/dashboards', { id: 2, context });
        expect({ status: refused.status, body: refused.body }).toEqual({
          status: 403,
          body: { status: 'error', message: 'You can only view your own dashboard' },
        });
      }
      const scopes = await restricted.get('/dashboard/scopes', { include_team: 'true' });
      expect(scopes.body.groups.flatMap((g: { items: { value: string }[] }) => g.items.map((i) => i.value))).toEqual([`a${RESTRICTED}`]);
      const leaderboard = await restricted.get('/leaderboard', {
        id: 4,
        context: `t${TEAM}`,
        ...{ start_date: '03-01-2026', end_date: '03-31-2026' },
      });
      expect(leaderboard.status).toBe(200);
      expect(leaderboard.body.total).toBe(2);
      // Without the permission the default is the team.
      expect((await dashboard(7, MARCH, () => as('AGENT', ALEX))).data.contacts_circle_charts.top[0].link_params.context).toBe(`t${TEAM}`);
    });

    it("another team's context 404; a malformed one 400 on context; bad dates 400", async () => {
      for (const context of [`t${RIVAL}`, `a${RIVAL_AGENT}`, `ig${RIVAL}`, `i${ALEX}`, 'a99999'])
        await admin().get('/dashboards', { id: 7, context }).expect(404);
      await admin()
        .get('/leaderboard', { id: 4, context: `t${RIVAL}` })
        .expect(404);
      for (const context of ['x1', 't', 'tt1', 'a-1', 'a0']) {
        expect((await admin().get('/dashboards', { id: 7, context }).expect(400)).body.errors).toEqual([
          { field: 'context', error: 'Choose a scope: t, a, i or ig followed by an id' },
        ]);
      }
      expect((await admin().get('/dashboards', { id: 2, dashboard_start_date: '02-30-2026' }).expect(400)).body.errors).toEqual([
        { field: 'dashboard_start_date', error: 'Invalid date' },
      ]);
      expect((await admin().get('/dashboards', { id: 2, dashboard_start_date: '2026-03-01' }).expect(400)).body.errors).toEqual([
        { field: 'dashboard_start_date', error: 'Invalid date' },
      ]);
      expect(
        (await admin().get('/dashboards', { id: 2, dashboard_start_date: '03-10-2026', dashboard_end_date: '03-09-2026' }).expect(400)).body
          .errors,
      ).toEqual([{ field: 'dashboard_end_date', error: 'End date must be on or after start date' }]);
      expect((await admin().get('/leaderboard', { id: 4, end_date: 'soon' }).expect(400)).body.errors).toEqual([
        { field: 'end_date', error: 'Invalid date' },
      ]);
      expect((await admin().get('/leaderboard', { id: 4, report: 'best' }).expect(400)).body.errors[0].field).toBe('report');
      expect((await admin().get('/dashboards', { id: 4 }).expect(400)).body.errors[0].field).toBe('id');
      expect((await admin().get('/dashboards').expect(200)).body).toEqual({
        dashboards: [
          { id: 7, name: 'Agent Production' },
          { id: 9, name: 'Lead Conversion' },
          { id: 2, name: 'Stats' },
          { id: 3, name: 'Activity' },
          { id: 4, name: 'Leaderboard' },
        ],
      });
    });
  });

  describe('goals and slides', () => {
    it('GET /dashboard/goals: the team row, then each active member; PUT by ADMIN saves, removes with null, and publishes transactions.goals.changed', async () => {
      const { body } = await as('AGENT', ALEX).get('/dashboard/goals', { year: 2026 }).expect(200);
      expect(body.rows[0]).toMatchObject({
        agent_id: null,
        name: 'Team',
        goals: { closed: 120, closed_volume: 3_650_000, appointments_set: null },
      });
      expect(body.rows.map((row: { name: string }) => row.name)).not.toContain('Ina Ctive');
      expect(body.rows.map((row: { name: string }) => row.name)).not.toContain('Cli Ent');
      expect(body.metrics[5]).toEqual({ metric: 'closed_volume', label: 'Closed Volume', amount: true });
      expect((await admin().get('/dashboard/goals', { year: 2027 }).expect(200)).body.rows[0].goals.closed).toBeNull();
      const put = await putGoals({
        year: 2027,
        goals: [
          { agent_id: null, metric: 'closed', value: 50 },
          { agent_id: ALEX, metric: 'closed_gci', value: 12_345.67 },
        ],
      });
      expect(put.status).toBe(200);
      expect(put.body.message).toBe('Goals saved');
      expect(put.body.rows.find((row: { agent_id: number | null }) => row.agent_id === ALEX).goals.closed_gci).toBe(12_345.67);
      await putGoals({ year: 2027, goals: [{ agent_id: null, metric: 'closed', value: null }] });
      expect((await admin().get('/dashboard/goals', { year: 2027 }).expect(200)).body.rows[0].goals.closed).toBeNull();
      const events = await query<{ payload: { year: number; revision: number } }>(
        `SELECT payload FROM transactions.outbox WHERE type = 'transactions.goals.changed' AND team_id = $1 ORDER BY seq`,
        [TEAM],
      );
      expect(events.map((e) => e.payload)).toEqual([
        { year: 2027, revision: 1 },
        { year: 2027, revision: 2 },
      ]);
    });

    it('refuses bad goals with a field error per row and changes nothing; non-ADMIN 403', async () => {
      const before = await query(`SELECT count(*)::int AS n FROM transactions.goals`);
      const errors = async (goals: unknown[], year: unknown = 2027) => {
        const response = await putGoals({ year, goals });
        expect(response.status).toBe(400);
        return response.body.errors;
      };
      expect(
        await errors([
          { agent_id: null, metric: 'closed', value: 1.5 },
          { agent_id: null, metric: 'signed', value: -1 },
          { agent_id: null, metric: 'closed_volume', value: 10.005 },
        ]),
      ).toEqual([
        { field: 'goals.0.value', error: 'Enter a whole number of 0 or more' },
        { field: 'goals.1.value', error: 'Enter a whole number of 0 or more' },
        { field: 'goals.2.value', error: 'Enter an amount of 0 or more with at most 2 decimals' },
      ]);
      expect(
        await errors([
          { agent_id: RIVAL_AGENT, metric: 'closed', value: 1 },
          { agent_id: INACTIVE, metric: 'closed', value: 1 },
        ]),
      ).toEqual([
        { field: 'goals.0.agent_id', error: 'Not an active agent of your team' },
        { field: 'goals.1.agent_id', error: 'Not an active agent of your team' },
      ]);
      expect(await errors([{ agent_id: null, metric: 'happiness', value: 1 }])).toEqual([
        { field: 'goals.0.metric', error: 'Choose a goal metric' },
      ]);
      expect(await errors([], 1999)).toEqual([{ field: 'year', error: 'Enter a year from 2000 to 2100' }]);
      expect(await query(`SELECT count(*)::int AS n FROM transactions.goals`)).toEqual(before);
      for (const [role, id] of [
        ['AGENT', ALEX],
        ['TRANC', TC],
        ['ISISA', ISA],
      ] as [Role, number][]) {
        const refused = await request(sut.server)
          .put('/api/dashboard/goals')
          .send({ year: 2027, goals: [] })
          .set(
            'authorization',
            `Bearer ${await signTestToken({ agent_id: id, team_id: TEAM, roles: [role], permissions: [], market_id: 0 })}`,
          );
        expect(refused.status).toBe(403);
      }
    });

    it("slides: the default set until the team saves its own; ADMIN only; slide 4 needs its report; 'Display settings saved'", async () => {
      expect((await as('AGENT', ALEX).get('/dashboard/display/config').expect(200)).body).toEqual({
        slides: [
          { id: 7, report: null, ytd: false },
          { id: 9, report: null, ytd: false },
          { id: 2, report: null, ytd: false },
          { id: 3, report: null, ytd: false },
          { id: 4, report: 'closed', ytd: false },
          { id: 4, report: 'volume', ytd: true },
        ],
        default_dashboard_id: 7,
      });
      const put = (body: unknown, role: Role = 'ADMIN', id = ADMIN) =>
        signTestToken({ agent_id: id, team_id: TEAM, roles: [role], permissions: [], market_id: 0 }).then((token) =>
          request(sut.server)
            .put('/api/dashboard/display/config')
            .send(body as object)
            .set('authorization', `Bearer ${token}`),
        );
      const saved = await put({
        slides: [{ id: 9 }, { id: 4, report: 'signed', ytd: true }, { id: 2, report: 'closed', ytd: true }],
        default_dashboard_id: 9,
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({
        slides: [
          { id: 9, report: null, ytd: false },
          { id: 4, report: 'signed', ytd: true },
          { id: 2, report: null, ytd: false },
        ],
        default_dashboard_id: 9,
        message: 'Display settings saved',
      });
      expect((await admin().get('/dashboard/display/config').expect(200)).body.default_dashboard_id).toBe(9);
      expect((await put({ slides: [{ id: 4 }], default_dashboard_id: 7 })).body.errors).toEqual([
        { field: 'slides.0.report', error: 'Choose the leaderboard report' },
      ]);
      expect((await put({ slides: [], default_dashboard_id: 7 })).body.errors).toEqual([
        { field: 'slides', error: 'Add at least one slide' },
      ]);
      expect((await put({ slides: [{ id: 5 }], default_dashboard_id: 2 })).body.errors).toEqual([
        { field: 'slides.0.id', error: 'Choose a dashboard: 7, 9, 2, 3 or 4' },
        { field: 'default_dashboard_id', error: 'Choose dashboard 7 or 9' },
      ]);
      expect((await put({ slides: [{ id: 7 }], default_dashboard_id: 7 }, 'TRANC', TC)).status).toBe(403);
      expect((await admin().get('/dashboard/display/config').expect(200)).body.slides).toHaveLength(3);
    });
  });

  /** PUT /dashboard/goals as the ADMIN. */
  async function putGoals(body: unknown) {
    const token = await signTestToken({ agent_id: ADMIN, team_id: TEAM, roles: ['ADMIN'], permissions: [], market_id: 0 });
    return request(sut.server)
      .put('/api/dashboard/goals')
      .send(body as object)
      .set('authorization', `Bearer ${token}`);
  }
});
