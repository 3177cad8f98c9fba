import type { Role } from '@app/contracts';
import { bootTestService, buildUserSnapshot, testEnv, type TestService } from '@app/testing';
import { TasksFactory, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { transactionsConfigSpec, type TransactionsConfig } from '../src/transactions.config';
import { TransactionsModule } from '../src/transactions.module';
import { apiAs, bootTransactions, envelopeOf, publishedOf } from './transactions-test-kit';

// Commission templates, lines, the cap card and reassignment (spec 000 sections 2-4, 6, 7).

describe('commission templates, caps and reassignment', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let tasks: TasksFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 961;
  const RIVAL = 962;
  const ADMIN = 91;
  const AGENT = 92;
  const OTHER_AGENT = 93;
  const TC = 94;
  const ISA = 95;
  const VENDOR = 96;
  const CLIENT = 97;
  const RIVAL_ADMIN = 98;
  const RIVAL_AGENT = 99;
  const DISABLED_AGENT = 100;

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);
  /** The team's "today" (the teams read copy has no zone here: America/New_York). */
  const today = async () =>
    (await query<{ d: string }>(`SELECT to_char((now() AT TIME ZONE 'America/New_York')::date, 'YYYY-MM-DD') AS d`))[0].d;
  const shift = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const wire = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const linesOf = (clientId: number) =>
    query<{ name: string; cap_kind: string | null; amount: number; commission_template_id: number }>(
      `SELECT name, cap_kind, amount::float8 AS amount, commission_template_id FROM transactions.commission_lines WHERE client_id = $1 ORDER BY commission_template_id`,
      [clientId],
    );

  /** The agent's caps, anniversaries and defaults in the read copy, as identity.user.updated would set them. */
  const setAgent = (
    agentId: number,
    fields: {
      brokerage?: number | null;
      royalty?: number | null;
      brokerageDt?: string | null;
      royaltyDt?: string | null;
      buyer?: number[];
      seller?: number[];
    },
  ) =>
    query(
      `UPDATE transactions.agents SET brokerage_cap_amt = $2, royalty_cap_amt = $3, brokerage_cap_anniversary_dt = $4, royalty_cap_anniversary_dt = $5,
              default_buyer_commission_templates = $6, default_seller_commission_templates = $7 WHERE agent_id = $1`,
      [
        agentId,
        fields.brokerage ?? null,
        fields.royalty ?? null,
        fields.brokerageDt ?? null,
        fields.royaltyDt ?? null,
        fields.buyer ?? [],
        fields.seller ?? [],
      ],
    );

  let split: number; // buyer, B 30 %
  let royalty: number; // buyer, R 6 %
  let fee: number; // buyer, no kind, $395
  let sellerSplit: number; // seller, B 25 %

  beforeAll(async () => {
    booted = await bootTransactions('all');
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    tasks = new TasksFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT'], { first_name: 'Olive', last_name: 'Other' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tara', last_name: 'Coordinator' });
    await factory.agent(TEAM, ISA, ['ISISA']);
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(TEAM, DISABLED_AGENT, ['AGENT'], { first_name: 'Dora', last_name: 'Disabled' });
    await query(`UPDATE transactions.agents SET status = 'inactive' WHERE agent_id = $1`, [DISABLED_AGENT]);
    await factory.agent(RIVAL, RIVAL_ADMIN, ['ADMIN']);
    await factory.agent(RIVAL, RIVAL_AGENT, ['AGENT']);
    split = (
      await admin().post('/commission/templates', { name: 'Brokerage Split', client_type_id: 'b', cap_kind: 'B', pct: 30 }).expect(201)
    ).body.commission_template_id;
    royalty = (await admin().post('/commission/templates', { name: 'Royalty', client_type_id: 'b', cap_kind: 'R', pct: 6 }).expect(201))
      .body.commission_template_id;
    fee = (await admin().post('/commission/templates', { name: 'Transaction Fee', client_type_id: 'b', flat_amt: 395 }).expect(201)).body
      .commission_template_id;
    sellerSplit = (
      await admin().post('/commission/templates', { name: 'Listing Split', client_type_id: 's', cap_kind: 'B', pct: 25 }).expect(201)
    ).body.commission_template_id;
    await setAgent(AGENT, { buyer: [split, royalty, fee], seller: [sellerSplit] });
    await setAgent(OTHER_AGENT, { buyer: [split], seller: [] });
  }, 60_000);
  afterAll(() => booted.close());

  describe('commission templates', () => {
    it("lists the team's templates by side with the show/hide setting; CLIENT and VENDOR 403", async () => {
      const { body } = await as('AGENT', AGENT).get('/commission/templates').expect(200);
      expect(body).toEqual({
        buyer: [
          { commission_template_id: split, name: 'Brokerage Split', client_type_id: 'b', cap_kind: 'B', pct: 30, flat_amt: 0 },
          { commission_template_id: royalty, name: 'Royalty', client_type_id: 'b', cap_kind: 'R', pct: 6, flat_amt: 0 },
          { commission_template_id: fee, name: 'Transaction Fee', client_type_id: 'b', cap_kind: null, pct: 0, flat_amt: 395 },
        ],
        seller: [{ commission_template_id: sellerSplit, name: 'Listing Split', client_type_id: 's', cap_kind: 'B', pct: 25, flat_amt: 0 }],
        show_default_templates: true,
      });
      expect((await as('ADMIN', RIVAL_ADMIN, RIVAL).get('/commission/templates').expect(200)).body).toEqual({
        buyer: [],
        seller: [],
        show_default_templates: true,
      });
      await as('CLIENT', CLIENT).get('/commission/templates').expect(403);
      await as('VENDOR', VENDOR).get('/commission/templates').expect(403);
    });

    it('show_default_templates follows SHOW_DEFAULT_COMMISSION_TEMPLATES', async () => {
      const hidden: TestService<TransactionsConfig> = await bootTestService<TransactionsConfig>({
        service: 'transactions',
        env: testEnv(booted.database, { STORAGE_DIR: booted.storageDir, SHOW_DEFAULT_COMMISSION_TEMPLATES: 'false' }),
        configSpec: transactionsConfigSpec,
        migrations: [],
        module: (config) => TransactionsModule.forRoot(config, 'api'),
      });
      try {
        const { body } = await apiAs(hidden.server, 'ADMIN', ADMIN, TEAM).get('/commission/templates').expect(200);
        expect(body.show_default_templates).toBe(false);
        expect(body.buyer).toHaveLength(3);
      } finally {
        await hidden.close();
      }
    });

    it("only ADMIN adds, changes and removes them; each change publishes the team's whole list with a new revision", async () => {
      for (const [role, id] of [
        ['AGENT', AGENT],
        ['TRANC', TC],
        ['ISISA', ISA],
        ['VENDOR', VENDOR],
      ] as [Role, number][]) {
        await as(role, id).post('/commission/templates', { name: 'Nope', client_type_id: 'b' }).expect(403);
        await as(role, id).patch(`/commission/templates/${fee}`, { name: 'Nope' }).expect(403);
        await as(role, id).delete(`/commission/templates/${fee}`).expect(403);
      }
      const before = await publishedOf(sut.dataSource, 'transactions.commission-templates.changed', 'team_id = $2', [TEAM]);
      const made = await admin()
        .post('/commission/templates', { name: '  Mentor Fee ', client_type_id: 's', pct: 2.5, flat_amt: 100.25 })
        .expect(201);
      expect(made.body).toEqual({
        commission_template_id: expect.any(Number),
        name: 'Mentor Fee',
        client_type_id: 's',
        cap_kind: null,
        pct: 2.5,
        flat_amt: 100.25,
      });
      const id = made.body.commission_template_id;
      expect((await admin().patch(`/commission/templates/${id}`, { cap_kind: 'R', pct: 3 }).expect(200)).body).toEqual({
        ...made.body,
        cap_kind: 'R',
        pct: 3,
      });
      expect((await admin().delete(`/commission/templates/${id}`).expect(200)).body).toEqual({
        status: 'success',
        message: 'Commission template removed',
      });
      const after = await publishedOf(sut.dataSource, 'transactions.commission-templates.changed', 'team_id = $2', [TEAM]);
      expect(after).toHaveLength(before.length + 3);
      const revisions = after.map((event) => event.payload.revision);
      expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
      expect(new Set(revisions).size).toBe(revisions.length);
      const [, patched, removed] = after.slice(before.length);
      expect(patched.payload.templates.find((t) => t.commission_template_id === id)).toMatchObject({
        name: 'Mentor Fee',
        cap_kind: 'R',
        pct: 3,
        flat_amt: 100.25,
      });
      expect(removed.payload.templates.map((t) => t.commission_template_id).sort()).toEqual([split, royalty, fee, sellerSplit].sort());
    });

    it('refuses bad input with field errors and changes nothing', async () => {
      const count = async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions.commission_templates`))[0].n;
      const before = await count();
      const errors = async (body: Record<string, unknown>) => (await admin().post('/commission/templates', body).expect(400)).body.errors;
      expect(await errors({ client_type_id: 'b' })).toEqual([{ field: 'name', error: 'This field is required' }]);
      expect(await errors({ name: '   ', client_type_id: 'b' })).toEqual([{ field: 'name', error: 'This field is required' }]);
      expect(await errors({ name: 'x'.repeat(101), client_type_id: 'b' })).toEqual([{ field: 'name', error: 'Maximum length is 100' }]);
      expect(await errors({ name: 'X', client_type_id: 'x' })).toEqual([
        { field: 'client_type_id', error: 'Choose b (buyer) or s (seller)' },
      ]);
      expect(await errors({ name: 'X', client_type_id: 'b', cap_kind: 'Z' })).toEqual([
        { field: 'cap_kind', error: 'Choose B (brokerage), R (royalty) or none' },
      ]);
      for (const pct of [-1, 100.01, 1.234, '5']) {
        expect(await errors({ name: 'X', client_type_id: 'b', pct })).toEqual([
          { field: 'pct', error: 'Enter a percent from 0 to 100 with at most 2 decimals' },
        ]);
      }
      for (const flat_amt of [-0.01, 1.001, 'ten']) {
        expect(await errors({ name: 'X', client_type_id: 'b', flat_amt })).toEqual([
          { field: 'flat_amt', error: 'Enter an amount of 0 or more with at most 2 decimals' },
        ]);
      }
      expect((await admin().patch(`/commission/templates/${fee}`, { pct: 101 }).expect(400)).body.errors).toEqual([
        { field: 'pct', error: 'Enter a percent from 0 to 100 with at most 2 decimals' },
      ]);
      expect((await admin().patch(`/commission/templates/${fee}`, { name: '' }).expect(400)).body.errors).toEqual([
        { field: 'name', error: 'This field is required' },
      ]);
      // null is not "absent" on a PATCH: no name, no percent.
      expect((await admin().patch(`/commission/templates/${fee}`, { name: null }).expect(400)).body.errors).toEqual([
        { field: 'name', error: 'This field is required' },
      ]);
      expect((await admin().patch(`/commission/templates/${fee}`, { pct: null }).expect(400)).body.errors).toEqual([
        { field: 'pct', error: 'Enter a percent from 0 to 100 with at most 2 decimals' },
      ]);
      expect(await count()).toBe(before);
      // Another team's template, or none: 404.
      await as('ADMIN', RIVAL_ADMIN, RIVAL).patch(`/commission/templates/${fee}`, { name: 'Mine now' }).expect(404);
      await as('ADMIN', RIVAL_ADMIN, RIVAL).delete(`/commission/templates/${fee}`).expect(404);
      await admin().patch('/commission/templates/2147483647', { name: 'Ghost' }).expect(404);
      expect(
        (await admin().get('/commission/templates').expect(200)).body.buyer.find(
          (t: { commission_template_id: number }) => t.commission_template_id === fee,
        ).name,
      ).toBe('Transaction Fee');
    });
  });

  describe('commission lines', () => {
    it("a created transaction copies its primary agent's defaults for its side; amounts follow the gross", async () => {
      const { body } = await as('AGENT', AGENT)
        .post('/transactions', { type: 'b', address_1: '1 Line St', values: { trans_amt: 400_000, gci_pct: 3 } })
        .expect(201);
      // gross 12,000: 30 % = 3,600; 6 % = 720; fee 395.
      expect(await linesOf(body.client_id)).toEqual([
        { name: 'Brokerage Split', cap_kind: 'B', amount: 3600, commission_template_id: split },
        { name: 'Royalty', cap_kind: 'R', amount: 720, commission_template_id: royalty },
        { name: 'Transaction Fee', cap_kind: null, amount: 395, commission_template_id: fee },
      ]);
      await admin()
        .patch(`/transaction/${body.client_id}`, { client_id: body.client_id, preset: 'page', changes: { trans_amt: 500_000 } })
        .expect(200);
      expect((await linesOf(body.client_id)).map((line) => line.amount)).toEqual([4500, 900, 395]);
      // A typed gross wins over price x percent, and the lines follow it.
      await admin()
        .patch(`/transaction/${body.client_id}`, { client_id: body.client_id, preset: 'page', changes: { gross_commission_amt: 10_000 } })
        .expect(200);
      expect((await linesOf(body.client_id)).map((line) => line.amount)).toEqual([3000, 600, 395]);
      const seller = await as('AGENT', AGENT)
        .post('/transactions', { type: 's', address_1: '2 Line St', values: { trans_amt: 200_000, gci_pct: 2.5 } })
        .expect(201);
      expect(await linesOf(seller.body.client_id)).toEqual([
        { name: 'Listing Split', cap_kind: 'B', amount: 1250, commission_template_id: sellerSplit },
      ]);
    });

    it("a new primary agent brings their own defaults; a closed transaction's lines never change; a deleted template stays", async () => {
      const { body } = await admin()
        .post('/transactions', { type: 'b', address_1: '3 Line St', primary_agent_id: AGENT, values: { trans_amt: 100_000, gci_pct: 3 } })
        .expect(201);
      const id = body.client_id;
      await admin()
        .patch(`/transaction/${id}`, { client_id: id, preset: 'transaction_modal', changes: { agent_id: OTHER_AGENT } })
        .expect(200);
      expect(await linesOf(id)).toEqual([{ name: 'Brokerage Split', cap_kind: 'B', amount: 900, commission_template_id: split }]);
      await admin()
        .patch(`/transaction/${id}`, { client_id: id, preset: 'transaction_modal', changes: { agent_id: AGENT } })
        .expect(200);
      expect(await linesOf(id)).toHaveLength(3);

      // Close it: the lines are frozen from then on (gross, agent and template changes alike).
      await admin()
        .patch(`/transaction/${id}/status`, { status_id: team.statuses.closed, dates: { closed_dt: wire(await today()) } })
        .expect(200);
      const closedLines = await linesOf(id);
      await admin()
        .patch(`/transaction/${id}`, { client_id: id, preset: 'page', changes: { trans_amt: 900_000 } })
        .expect(200);
      await admin()
        .patch(`/transaction/${id}`, { client_id: id, preset: 'transaction_modal', changes: { agent_id: OTHER_AGENT } })
        .expect(200);
      expect(await linesOf(id)).toEqual(closedLines);

      const temp = (await admin().post('/commission/templates', { name: 'Temporary', client_type_id: 'b', flat_amt: 50 }).expect(201)).body
        .commission_template_id;
      await setAgent(OTHER_AGENT, { buyer: [split, temp] });
      const kept = (await admin().post('/transactions', { type: 'b', address_1: '4 Line St', primary_agent_id: OTHER_AGENT }).expect(201))
        .body.client_id;
      await admin().delete(`/commission/templates/${temp}`).expect(200);
      expect((await linesOf(kept)).map((line) => line.name)).toEqual(['Brokerage Split', 'Temporary']);
      await setAgent(OTHER_AGENT, { buyer: [split] });
    });
  });

  describe('GET /caps', () => {
    /** A closed transaction of the agent with a B and an R line of the given amounts (lines written as copies would be). */
    const closing = async (
      agentId: number,
      closedDt: string | null,
      b: number,
      r: number,
      status: 'closed' | 'underContract' | 'lost' = 'closed',
    ) => {
      const made = await factory.transaction(team, { primary_agent_id: agentId, status });
      await query(
        `UPDATE transactions.transactions SET closed_dt = $2, under_contract_dt = CASE WHEN $3 THEN current_date ELSE under_contract_dt END WHERE client_id = $1`,
        [made.client_id, closedDt, status === 'underContract'],
      );
      await query(
        `INSERT INTO transactions.commission_lines (client_id, team_id, commission_template_id, name, cap_kind, pct, flat_amt, amount)
         VALUES ($1, $2, $3, 'Brokerage Split', 'B', 30, 0, $4), ($1, $2, $5, 'Royalty', 'R', 6, 0, $6), ($1, $2, $7, 'Transaction Fee', NULL, 0, 395, 395)`,
        [made.client_id, TEAM, split, b, royalty, r, fee],
      );
      return made.client_id;
    };
    const CAPPER = 110;
    const capsOf = async (agentId: number, who = admin) => (await who().get('/caps', { agent_id: agentId }).expect(200)).body;

    beforeAll(async () => {
      await factory.agent(TEAM, CAPPER, ['AGENT'], { first_name: 'Cap', last_name: 'Per' });
    });

    it('the cap year starts at the latest anniversary on or before today; 29 February counts as 28 February in other years; none: 1 January', async () => {
      const start = async (anniversary: string | null, on: string) =>
        (
          await query<{ d: string }>(`SELECT to_char(transactions.cap_year_start($1::date, $2::date), 'YYYY-MM-DD') AS d`, [
            anniversary,
            on,
          ])
        )[0].d;
      expect(await start('2020-06-15', '2026-06-15')).toBe('2026-06-15');
      expect(await start('2020-06-15', '2026-06-14')).toBe('2025-06-15');
      expect(await start('2020-06-15', '2026-11-26')).toBe('2026-06-15');
      expect(await start('2024-02-29', '2026-11-26')).toBe('2026-02-28');
      expect(await start('2024-02-29', '2027-01-15')).toBe('2026-02-28');
      expect(await start('2024-02-29', '2028-02-28')).toBe('2027-02-28');
      expect(await start('2024-02-29', '2028-03-01')).toBe('2028-02-29');
      expect(await start(null, '2026-11-26')).toBe('2026-01-01');
      expect(await start(null, '2027-01-01')).toBe('2027-01-01');
    });

    it('sums each kind on both sides of the anniversary, caps ytd, counts pending Under Contract up to what is left', async () => {
      const now = await today();
      const anniversary = shift(now, -10);
      await setAgent(CAPPER, {
        brokerage: 20_000,
        royalty: 3_000,
        brokerageDt: `2019${anniversary.slice(4)}`,
        royaltyDt: `2019${anniversary.slice(4)}`,
      });
      await closing(CAPPER, shift(now, -5), 4_000, 500); // in this cap year
      await closing(CAPPER, anniversary, 1_000, 100); // on the anniversary: counts
      await closing(CAPPER, shift(now, -11), 9_000, 900); // the day before: last cap year
      await closing(CAPPER, shift(now, 1), 7_000, 700); // after today: not yet
      await closing(CAPPER, null, 2_500, 200, 'underContract'); // pending
      await closing(CAPPER, null, 8_000, 800, 'lost'); // lost: nothing
      expect(await capsOf(CAPPER)).toEqual({
        records: [
          { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20_000, ytd: 5_000, pct: 25, pending: 2_500 },
          { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3_000, ytd: 600, pct: 20, pending: 200 },
        ],
        brokerage_cap_anniversary_dt: `${anniversary.slice(5, 7)}-${anniversary.slice(8, 10)}-2019`,
        royalty_cap_anniversary_dt: `${anniversary.slice(5, 7)}-${anniversary.slice(8, 10)}-2019`,
      });
      // Reaching the cap: ytd stops at the cap (100 %), pending at what is left (0).
      await closing(CAPPER, now, 30_000, 2_500);
      const capped = await capsOf(CAPPER);
      expect(capped.records).toEqual([
        { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 20_000, ytd: 20_000, pct: 100, pending: 0 },
        { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 3_000, ytd: 3_000, pct: 100, pending: 0 },
      ]);
    });

    it('with cap 0 (none set) the card reads 0 and 0 %; without anniversaries the year starts on 1 January', async () => {
      const NO_CAP = 111;
      await factory.agent(TEAM, NO_CAP, ['AGENT']);
      const now = await today();
      await closing(NO_CAP, now, 1_234.5, 99);
      const caps = await capsOf(NO_CAP);
      expect(caps).toEqual({
        records: [
          { kind: 'B', label: 'Brokerage Cap', name: 'brokerage', cap: 0, ytd: 0, pct: 0, pending: 0 },
          { kind: 'R', label: 'Royalty Cap', name: 'royalty', cap: 0, ytd: 0, pct: 0, pending: 0 },
        ],
        brokerage_cap_anniversary_dt: null,
        royalty_cap_anniversary_dt: null,
      });
      await setAgent(NO_CAP, { brokerage: 10_000, royalty: 1_000 });
      await closing(NO_CAP, `${now.slice(0, 4)}-01-01`, 100, 1);
      await closing(NO_CAP, shift(`${now.slice(0, 4)}-01-01`, -1), 5_000, 500);
      expect((await capsOf(NO_CAP)).records.map((r: { ytd: number; pct: number }) => [r.ytd, r.pct])).toEqual([
        [1_334.5, 13],
        [100, 10],
      ]);
    });

    it("defaults to the caller; an AGENT reading another agent's caps gets 404; ADMIN and TRANC read any user of the team; another team's user 404", async () => {
      expect((await as('AGENT', CAPPER).get('/caps').expect(200)).body.records[0].cap).toBe(20_000);
      await as('AGENT', AGENT).get('/caps', { agent_id: CAPPER }).expect(404);
      await as('ISISA', ISA).get('/caps', { agent_id: CAPPER }).expect(404);
      expect((await as('TRANC', TC).get('/caps', { agent_id: CAPPER }).expect(200)).body.records[0].ytd).toBe(20_000);
      await admin().get('/caps', { agent_id: RIVAL_AGENT }).expect(404);
      await admin().get('/caps', { agent_id: 2_147_483_647 }).expect(404);
      expect((await admin().get('/caps', { agent_id: 'abc' }).expect(400)).body.errors).toEqual([
        { field: 'agent_id', error: 'Choose a user of your team' },
      ]);
      await as('CLIENT', CLIENT).get('/caps').expect(403);
      await as('VENDOR', VENDOR).get('/caps').expect(403);
    });

    it('keeps the caps, anniversaries and default templates of identity.user.* snapshots (UpdateAgentsWhenUserChanges)', async () => {
      const FED = 112;
      const snapshot = buildUserSnapshot({
        agent_id: FED,
        team_id: TEAM,
        team_name: 'Commission Team',
        first_name: 'Fed',
        last_name: 'Snapshot',
        email: 'fed@commission.test',
        roles: ['AGENT'],
        brokerage_cap_amt: 12_000,
        royalty_cap_amt: 1_500,
        brokerage_cap_anniversary_dt: '03-15-2021',
        royalty_cap_anniversary_dt: '02-29-2020',
        default_buyer_commission_templates: [split, fee],
        default_seller_commission_templates: [sellerSplit],
      });
      await booted.deliver(envelopeOf('identity.user.created', TEAM, snapshot));
      const [row] = await query(
        `SELECT brokerage_cap_amt::float8 AS b, royalty_cap_amt::float8 AS r, to_char(brokerage_cap_anniversary_dt, 'YYYY-MM-DD') AS bd,
                to_char(royalty_cap_anniversary_dt, 'YYYY-MM-DD') AS rd, default_buyer_commission_templates AS buyer, default_seller_commission_templates AS seller
           FROM transactions.agents WHERE agent_id = $1`,
        [FED],
      );
      expect(row).toEqual({ b: 12_000, r: 1_500, bd: '2021-03-15', rd: '2020-02-29', buyer: [split, fee], seller: [sellerSplit] });
      const caps = await capsOf(FED);
      expect(caps.brokerage_cap_anniversary_dt).toBe('03-15-2021');
      expect(caps.records.map((r: { cap: number }) => r.cap)).toEqual([12_000, 1_500]);
      const { body } = await admin()
        .post('/transactions', { type: 'b', address_1: '5 Fed St', primary_agent_id: FED, values: { trans_amt: 100_000, gci_pct: 2 } })
        .expect(201);
      expect((await linesOf(body.client_id)).map((l) => [l.name, l.amount])).toEqual([
        ['Brokerage Split', 600],
        ['Transaction Fee', 395],
      ]);
    });
  });

  describe('reassignment', () => {
    const FROM = 120;
    const TO = 121;
    let open: number[];
    let closed: number;
    let lost: number;

    beforeAll(async () => {
      await factory.agent(TEAM, FROM, ['AGENT'], { first_name: 'Fran', last_name: 'From' });
      await factory.agent(TEAM, TO, ['AGENT'], { first_name: 'Toby', last_name: 'To' });
      await setAgent(FROM, { buyer: [split, royalty, fee] });
      await setAgent(TO, { buyer: [split] });
      open = [];
      for (const address of ['10 Move St', '11 Move St']) {
        open.push(
          (
            await admin()
              .post('/transactions', { type: 'b', address_1: address, primary_agent_id: FROM, values: { trans_amt: 100_000, gci_pct: 3 } })
              .expect(201)
          ).body.client_id,
        );
      }
      closed = (
        await admin()
          .post('/transactions', { type: 'b', address_1: '12 Move St', primary_agent_id: FROM, values: { trans_amt: 100_000, gci_pct: 3 } })
          .expect(201)
      ).body.client_id;
      await admin()
        .patch(`/transaction/${closed}/status`, { status_id: team.statuses.closed, dates: { closed_dt: wire(await today()) } })
        .expect(200);
      lost = (await admin().post('/transactions', { type: 'b', address_1: '13 Move St', primary_agent_id: FROM }).expect(201)).body
        .client_id;
      await query(`UPDATE transactions.transactions SET status_id = $2, status_category = 'lost' WHERE client_id = $1`, [
        lost,
        team.statuses.lost,
      ]);
    });

    it("counts all and active transactions; ADMIN only; another team's user 404", async () => {
      expect((await admin().get('/transactions/reassign/count', { from_agent_id: FROM }).expect(200)).body).toEqual({
        total_trans_count: 4,
        active_trans_count: 2,
      });
      for (const [role, id] of [
        ['AGENT', AGENT],
        ['TRANC', TC],
        ['ISISA', ISA],
        ['VENDOR', VENDOR],
        ['CLIENT', CLIENT],
      ] as [Role, number][]) {
        await as(role, id).get('/transactions/reassign/count', { from_agent_id: FROM }).expect(403);
        await as(role, id).post('/transactions/reassign', { from_agent_id: FROM, to_agent_id: TO, type: 'all' }).expect(403);
      }
      await admin().get('/transactions/reassign/count', { from_agent_id: RIVAL_AGENT }).expect(404);
      expect((await admin().get('/transactions/reassign/count').expect(400)).body.errors).toEqual([
        { field: 'from_agent_id', error: 'This field is required' },
      ]);
    });

    it("refuses a missing or same target, a bad type and another team's user, changing nothing", async () => {
      const versions = async () =>
        query<{ version: number }>(`SELECT version FROM transactions.transactions WHERE primary_agent_id = $1 ORDER BY client_id`, [FROM]);
      const before = await versions();
      const errors = async (body: Record<string, unknown>) => (await admin().post('/transactions/reassign', body).expect(400)).body.errors;
      expect(await errors({ from_agent_id: FROM, type: 'all' })).toEqual([{ field: 'to_agent_id', error: 'This field is required' }]);
      expect(await errors({ from_agent_id: FROM, to_agent_id: null, type: 'all' })).toEqual([
        { field: 'to_agent_id', error: 'This field is required' },
      ]);
      expect(await errors({ from_agent_id: FROM, to_agent_id: FROM, type: 'all' })).toEqual([
        { field: 'to_agent_id', error: 'Choose a different agent' },
      ]);
      expect(await errors({ from_agent_id: FROM, to_agent_id: TO, type: 'some' })).toEqual([
        { field: 'type', error: 'Choose all or active_only' },
      ]);
      expect(await errors({ from_agent_id: FROM, to_agent_id: String(TO), type: 'all' })).toEqual([
        { field: 'to_agent_id', error: 'Choose a user of your team' },
      ]);
      expect(await errors({ from_agent_id: FROM, to_agent_id: CLIENT, type: 'all' })).toEqual([
        { field: 'to_agent_id', error: 'Choose an agent of your team' },
      ]);
      await admin().post('/transactions/reassign', { from_agent_id: FROM, to_agent_id: RIVAL_AGENT, type: 'all' }).expect(404);
      await admin().post('/transactions/reassign', { from_agent_id: RIVAL_AGENT, to_agent_id: TO, type: 'all' }).expect(404);
      expect(await versions()).toEqual(before);
    });

    it('active_only moves the active transactions, their open tasks and their lines in one step, with one event per transaction and task', async () => {
      const openTask = await tasks.task(TEAM, open[0], { assigned_to_agent_id: FROM });
      const doneTask = await tasks.task(TEAM, open[0], { assigned_to_agent_id: FROM, status_id: 3 });
      const othersTask = await tasks.task(TEAM, open[1], { assigned_to_agent_id: AGENT });
      const closedTask = await tasks.task(TEAM, closed, { assigned_to_agent_id: FROM });
      const seqBefore = (await query<{ seq: string }>(`SELECT coalesce(max(seq), 0) AS seq FROM transactions.outbox`))[0].seq;

      expect(
        (await admin().post('/transactions/reassign', { from_agent_id: FROM, to_agent_id: TO, type: 'active_only' }).expect(200)).body,
      ).toEqual({ reassigned_count: 2 });

      const rows = await query<{ client_id: number; primary_agent_id: number; primary_agent_name: string; version: number }>(
        `SELECT client_id, primary_agent_id, primary_agent_name, version FROM transactions.transactions WHERE client_id = ANY($1::int[]) ORDER BY client_id`,
        [[...open, closed, lost]],
      );
      expect(rows.map((r) => [r.client_id, r.primary_agent_id, r.primary_agent_name])).toEqual([
        [open[0], TO, 'Toby To'],
        [open[1], TO, 'Toby To'],
        [closed, FROM, 'Fran From'],
        [lost, FROM, 'Fran From'],
      ]);
      const assignees = await query<{ task_id: number; assigned_to_agent_id: number }>(
        `SELECT task_id, assigned_to_agent_id FROM transactions.tasks WHERE task_id = ANY($1::int[]) ORDER BY task_id`,
        [[openTask, doneTask, othersTask, closedTask]],
      );
      expect(assignees).toEqual([
        { task_id: openTask, assigned_to_agent_id: TO },
        { task_id: doneTask, assigned_to_agent_id: FROM },
        { task_id: othersTask, assigned_to_agent_id: AGENT },
        { task_id: closedTask, assigned_to_agent_id: FROM },
      ]);
      // The moved transactions' lines are the new agent's defaults; nothing else moved.
      expect((await linesOf(open[0])).map((l) => l.name)).toEqual(['Brokerage Split']);
      expect((await linesOf(closed)).map((l) => l.name)).toEqual(['Brokerage Split', 'Royalty', 'Transaction Fee']);

      const events = await query<{ type: string; id: number; version: number; agent: number | null }>(
        `SELECT type, coalesce((payload->>'task_id')::int, (payload->>'client_id')::int) AS id, (payload->>'version')::int AS version,
                coalesce((payload->>'assigned_to_agent_id')::int, (payload->>'primary_agent_id')::int) AS agent
           FROM transactions.outbox WHERE seq > $1 ORDER BY seq`,
        [seqBefore],
      );
      expect(events).toEqual([
        { type: 'transactions.transaction.updated', id: open[0], version: rows[0].version, agent: TO },
        { type: 'transactions.transaction.updated', id: open[1], version: rows[1].version, agent: TO },
        { type: 'transactions.task.updated', id: openTask, version: expect.any(Number), agent: TO },
      ]);
      const history = await query(
        `SELECT client_id, agent_id, source, field, old_value, new_value FROM transactions.transaction_history WHERE source = 'reassignment' ORDER BY client_id`,
      );
      expect(history).toEqual(
        open.map((client_id) => ({
          client_id,
          agent_id: ADMIN,
          source: 'reassignment',
          field: 'primary_agent_id',
          old_value: String(FROM),
          new_value: String(TO),
        })),
      );
      expect((await admin().get('/transactions/reassign/count', { from_agent_id: FROM }).expect(200)).body).toEqual({
        total_trans_count: 2,
        active_trans_count: 0,
      });
    });

    it('all moves the rest, closed included, to a disabled agent; the closed lines stay as they were', async () => {
      const closedLines = await linesOf(closed);
      expect(
        (await admin().post('/transactions/reassign', { from_agent_id: FROM, to_agent_id: DISABLED_AGENT, type: 'all' }).expect(200)).body,
      ).toEqual({ reassigned_count: 2 });
      expect((await admin().get('/transactions/reassign/count', { from_agent_id: FROM }).expect(200)).body).toEqual({
        total_trans_count: 0,
        active_trans_count: 0,
      });
      expect((await admin().get('/transactions/reassign/count', { from_agent_id: DISABLED_AGENT }).expect(200)).body).toEqual({
        total_trans_count: 2,
        active_trans_count: 0,
      });
      expect(await linesOf(closed)).toEqual(closedLines);
      // Nothing left to move: 0, and no event.
      const seqBefore = (await query<{ seq: string }>(`SELECT coalesce(max(seq), 0) AS seq FROM transactions.outbox`))[0].seq;
      expect(
        (await admin().post('/transactions/reassign', { from_agent_id: FROM, to_agent_id: TO, type: 'all' }).expect(200)).body,
      ).toEqual({ reassigned_count: 0 });
      expect(await query(`SELECT seq FROM transactions.outbox WHERE seq > $1`, [seqBefore])).toEqual([]);
    });
  });

  it("another team cannot see this team's templates or lines through its own calls", async () => {
    const mine = await factory.transaction(rival, { primary_agent_id: RIVAL_AGENT });
    expect(await linesOf(mine.client_id)).toEqual([]);
    expect(
      (await as('ADMIN', RIVAL_ADMIN, RIVAL).get('/caps', { agent_id: RIVAL_AGENT }).expect(200)).body.records.map(
        (r: { ytd: number }) => r.ytd,
      ),
    ).toEqual([0, 0]);
  });
});
