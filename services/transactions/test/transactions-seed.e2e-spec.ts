import { EventOutbox } from '@app/events';
import type { SeedState } from '@app/seed';
import { transactionsSeeder } from '../src/seed/transactions.seeder';
import { apiAs, bootTransactions } from './transactions-test-kit';

/** The transactions seeder at volume: deterministic, idempotent, the application's events. */
describe('transactions seeder (--transactions N)', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  const DEMO = 701;
  const RIVAL = 702;
  // What identity's seeder would have told it: the demo team's fixed users and its volume staff.
  const state: SeedState = {
    teams: [
      { key: 'demo', team_id: DEMO, name: 'Demo Realty', timezone: 'America/Chicago', volume: true },
      { key: 'rival', team_id: RIVAL, name: 'Rival Homes', timezone: 'America/New_York', volume: false },
    ],
    users: [
      { email: 'admin@demo-realty.test', agent_id: 1, team_id: DEMO, roles: ['ADMIN'] },
      { email: 'agent@demo-realty.test', agent_id: 2, team_id: DEMO, roles: ['AGENT'] },
      { email: 'client@demo-realty.test', agent_id: 3, team_id: DEMO, roles: ['CLIENT'] },
      { email: 'vendor@demo-realty.test', agent_id: 4, team_id: DEMO, roles: ['VENDOR'] },
      ...Array.from({ length: 12 }, (_, i) => ({
        email: `agent${i + 1}@demo-realty.test`,
        agent_id: 10 + i,
        team_id: DEMO,
        roles: ['AGENT' as const],
      })),
      { email: 'tc1@demo-realty.test', agent_id: 30, team_id: DEMO, roles: ['TRANC'] },
      { email: 'isa1@demo-realty.test', agent_id: 31, team_id: DEMO, roles: ['ISISA'] },
      { email: 'admin@rival-homes.test', agent_id: 40, team_id: RIVAL, roles: ['ADMIN'] },
    ],
  };
  const lines: string[] = [];
  const seed = (transactions: number) =>
    transactionsSeeder.seed({
      options: { teams: ['demo'], transactions },
      dataSource: sut.dataSource,
      outbox: new EventOutbox({ service: 'transactions', schema: 'transactions', databaseUrl: booted.database.url, redisUrl: '' }),
      state,
      log: (line) => lines.push(line),
    });
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);
  const counts = async () =>
    (
      await query<{ transactions: number; contacts: number; events: number; options: number }>(
        `SELECT (SELECT count(*)::int FROM transactions.transactions) AS transactions, (SELECT count(*)::int FROM transactions.contacts) AS contacts,
              (SELECT count(*)::int FROM transactions.outbox) AS events,
              (SELECT count(*)::int FROM transactions.statuses) + (SELECT count(*)::int FROM transactions.custom_fields) AS options`,
      )
    )[0];

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    // The agents read copy, as identity's seed events would fill it.
    for (const user of state.users) {
      await sut.dataSource.query(
        `INSERT INTO transactions.agents (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at)
         VALUES ($1, $2, 'Seed', $3, $4, 'active', $5, now())`,
        [user.agent_id, user.team_id, `User${user.agent_id}`, user.email, user.roles],
      );
    }
    await seed(1000);
  }, 60_000);
  afterAll(() => booted.close());

  it('gives every seeded team its options and forms, and only the volume team transactions', async () => {
    const perTeam = await query<{
      team_id: number;
      statuses: number;
      stages: number;
      tags: number;
      lead_types: number;
      fields: number;
      forms: string[];
      transactions: number;
    }>(
      `SELECT t.team_id,
              (SELECT count(*)::int FROM transactions.statuses s WHERE s.team_id = t.team_id) AS statuses,
              (SELECT count(*)::int FROM transactions.stages s WHERE s.team_id = t.team_id) AS stages,
              (SELECT count(*)::int FROM transactions.tags s WHERE s.team_id = t.team_id) AS tags,
              (SELECT count(*)::int FROM transactions.lead_types s WHERE s.team_id = t.team_id) AS lead_types,
              (SELECT count(*)::int FROM transactions.custom_fields s WHERE s.team_id = t.team_id) AS fields,
              (SELECT array_agg(purpose ORDER BY purpose) FROM transactions.team_forms f WHERE f.team_id = t.team_id) AS forms,
              (SELECT count(*)::int FROM transactions.transactions x WHERE x.team_id = t.team_id) AS transactions
         FROM unnest($1::int[]) AS t(team_id) ORDER BY t.team_id`,
      [[DEMO, RIVAL]],
    );
    const options = { statuses: 7, stages: 7, tags: 8, lead_types: 9, fields: 12, forms: ['list', 'page', 'side', 'side', 'side', 'side'] };
    expect(perTeam).toEqual([
      { team_id: DEMO, ...options, transactions: 1000 },
      { team_id: RIVAL, ...options, transactions: 0 },
    ]);
  });

  it('spreads the statuses and sides as asked, over the last 24 months, with stage and dates consistent', async () => {
    const byStatus = await query<{ label: string; n: number }>(
      `SELECT s.label, count(*)::int AS n FROM transactions.transactions t JOIN transactions.statuses s USING (status_id) WHERE t.team_id = $1 GROUP BY s.label ORDER BY s.label`,
      [DEMO],
    );
    expect(Object.fromEntries(byStatus.map((r) => [r.label, r.n]))).toEqual({
      Pipeline: 200,
      'Appointment Set': 80,
      'Appointment Met': 70,
      Signed: 120,
      'Under Contract': 150,
      Closed: 310,
      Lost: 70,
    });
    const [facts] = await query<Record<string, number | string>>(
      `SELECT count(*) FILTER (WHERE type = 'b')::int AS buyers,
              count(*) FILTER (WHERE created_ts < now() - interval '24 months' - interval '1 day')::int AS too_old,
              count(*) FILTER (WHERE status_category = 'closed' AND (closed_dt IS NULL OR closed_dt > current_date + 1 OR under_contract_dt > closed_dt))::int AS bad_closed,
              count(*) FILTER (WHERE status_category = 'lost' AND (lost_dt IS NULL OR lost_reason IS NULL))::int AS bad_lost,
              count(*) FILTER (WHERE s.label = 'Under Contract' AND est_close_dt < current_date)::int AS past_close,
              count(*) FILTER (WHERE signed_dt < appt_met_dt OR appt_met_dt < appt_set_dt OR created_ts::date > coalesce(appt_set_dt, created_ts::date))::int AS out_of_order,
              count(*) FILTER (WHERE trans_amt NOT BETWEEN 150000 AND 1500000 OR gci_pct NOT BETWEEN 2.5 AND 3)::int AS bad_amounts,
              count(*) FILTER (WHERE gross_commission_amt <> round(trans_amt * gci_pct / 100, 2))::int AS bad_gci,
              count(*) FILTER (WHERE cardinality(tag_ids) > 3)::int AS too_many_tags,
              count(*) FILTER (WHERE mobile_phone NOT LIKE '555%')::int AS not_555,
              count(*) FILTER (WHERE primary_agent_id = 2)::int AS demo_agent,
              count(*) FILTER (WHERE 3 = ANY(client_user_ids))::int AS demo_client,
              count(*) FILTER (WHERE 4 = ANY(vendor_user_ids))::int AS demo_vendor,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM transactions.transaction_contacts c WHERE c.client_id = t.client_id AND c.is_primary))::int AS without_contact,
              count(*) FILTER (WHERE st.label NOT IN ('New Lead','Nurture') AND s.label = 'Pipeline')::int AS bad_stage
         FROM transactions.transactions t JOIN transactions.statuses s USING (status_id) LEFT JOIN transactions.stages st USING (stage_id)
        WHERE t.team_id = $1`,
      [DEMO],
    );
    expect(facts).toMatchObject({
      buyers: 550,
      too_old: 0,
      bad_closed: 0,
      bad_lost: 0,
      out_of_order: 0,
      bad_amounts: 0,
      bad_gci: 0,
      too_many_tags: 0,
      not_555: 0,
      demo_client: 3,
      demo_vendor: 3,
      without_contact: 0,
      bad_stage: 0,
    });
    // About a tenth of those under contract are past their estimated close.
    expect(facts.past_close).toBeGreaterThan(5);
    expect(facts.past_close).toBeLessThan(30);
    expect(facts.demo_agent).toBeGreaterThanOrEqual(20);
  });

  it("publishes the application's events: a contact and a transaction created each, a closing per closed one, envelope version 1", async () => {
    const events = await query<{ type: string; n: number; envelope_versions: number[]; payload_versions: number[] }>(
      `SELECT type, count(*)::int AS n, array_agg(DISTINCT version) AS envelope_versions, array_agg(DISTINCT (payload->>'version')::int) AS payload_versions
         FROM transactions.outbox WHERE type NOT LIKE 'transactions.task.%' AND type <> 'transactions.transaction.updated' GROUP BY type ORDER BY type`,
    );
    expect(events).toEqual([
      // A contact per transaction, and Demo Realty's 30 own contacts.
      // Each team's commission templates, once (at seed).
      { type: 'transactions.commission-templates.changed', n: 2, envelope_versions: [1], payload_versions: [null] },
      { type: 'transactions.contact.created', n: 1030, envelope_versions: [1], payload_versions: [1] },
      { type: 'transactions.transaction.closed', n: 310, envelope_versions: [1], payload_versions: [1] },
      { type: 'transactions.transaction.created', n: 1000, envelope_versions: [1], payload_versions: [1] },
    ]);
    const [created] = await query<{ payload: Record<string, unknown> }>(
      `SELECT payload FROM transactions.outbox WHERE type = 'transactions.transaction.created' ORDER BY seq LIMIT 1`,
    );
    expect(Object.keys(created.payload).sort()).toEqual(
      expect.arrayContaining([
        'client_id',
        'first_name',
        'last_name',
        'type',
        'primary_agent_id',
        'tc_agent_id',
        'formatted_address',
        'client_user_ids',
        'vendor_user_ids',
        'contacts',
        'version',
        'status_id',
        'trans_amt',
        'custom_values',
      ]),
    );
    expect(created.payload.contacts).toEqual([
      { name: `${created.payload.first_name} ${created.payload.last_name}`, email: expect.any(String) },
    ]);
  });

  it("gives every seeded transaction with a primary agent the seed templates' lines of its side, amounts from its gross, once", async () => {
    const [facts] = await query<{ with_agent: number; lined: number; wrong_count: number; wrong_amount: number }>(
      `SELECT count(*) FILTER (WHERE t.primary_agent_id IS NOT NULL)::int AS with_agent,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM transactions.commission_lines l WHERE l.client_id = t.client_id))::int AS lined,
              count(*) FILTER (WHERE t.primary_agent_id IS NOT NULL AND (SELECT count(*) FROM transactions.commission_lines l WHERE l.client_id = t.client_id) <> 3)::int AS wrong_count,
              (SELECT count(*)::int FROM transactions.commission_lines l JOIN transactions.transactions x USING (client_id)
                WHERE l.amount <> round(coalesce(x.gross_commission_amt, 0) * l.pct / 100 + l.flat_amt, 2)) AS wrong_amount
         FROM transactions.transactions t WHERE t.team_id = $1`,
      [DEMO],
    );
    expect(facts).toEqual({ with_agent: 1000, lined: 1000, wrong_count: 0, wrong_amount: 0 });
    const sides = await query<{ type: string; names: string[] }>(
      `SELECT t.type, array_agg(DISTINCT ct.client_type_id) AS names FROM transactions.commission_lines l
         JOIN transactions.transactions t USING (client_id) JOIN transactions.commission_templates ct USING (commission_template_id) GROUP BY t.type ORDER BY t.type`,
    );
    expect(sides).toEqual([
      { type: 'b', names: ['b'] },
      { type: 's', names: ['s'] },
    ]);
    expect(state.commission_templates).toEqual([
      {
        team_id: DEMO,
        buyer: [expect.any(Number), expect.any(Number), expect.any(Number)],
        seller: [expect.any(Number), expect.any(Number), expect.any(Number)],
      },
      {
        team_id: RIVAL,
        buyer: [expect.any(Number), expect.any(Number), expect.any(Number)],
        seller: [expect.any(Number), expect.any(Number), expect.any(Number)],
      },
    ]);
  });

  it("chooses the demo agent's cap year start so that the card shows both caps part-way, matching a hand sum of the seeded closings", async () => {
    const [chosen] = state.cap_anniversaries ?? [];
    expect(chosen).toEqual({ agent_id: 2, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // The agents read copy as identity's commission-defaults step leaves it (identity.user.updated).
    await query(
      `INSERT INTO transactions.agents (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at, brokerage_cap_amt, royalty_cap_amt,
                                        brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt)
       VALUES (2, $1, 'Alex', 'Agent', 'agent@demo-realty.test', 'active', '{AGENT}', now(), 20000, 3000, $2, $2)
       ON CONFLICT (agent_id) DO UPDATE SET brokerage_cap_amt = 20000, royalty_cap_amt = 3000, brokerage_cap_anniversary_dt = $2, royalty_cap_anniversary_dt = $2`,
      [DEMO, chosen.date],
    );
    // By hand: every closed transaction of the agent from that date to today, line by line.
    const closings = await query<{ closed_dt: string; kind: string; amount: number }>(
      `SELECT t.closed_dt::text, l.cap_kind AS kind, l.amount::float8 AS amount FROM transactions.transactions t JOIN transactions.commission_lines l USING (client_id)
        WHERE t.primary_agent_id = 2 AND t.status_category = 'closed' AND l.cap_kind IS NOT NULL`,
    );
    // Today as the caps read it: the team's zone (the teams read copy has none here: America/New_York).
    const todayIso = (await query<{ d: string }>(`SELECT (now() AT TIME ZONE 'America/New_York')::date::text AS d`))[0].d;
    const sum = (kind: string) =>
      Math.round(
        closings
          .filter((c) => c.kind === kind && c.closed_dt >= chosen.date && c.closed_dt <= todayIso)
          .reduce((total, c) => total + c.amount, 0) * 100,
      ) / 100;
    const { body } = await apiAs(sut.server, 'AGENT', 2, DEMO).get('/caps').expect(200);
    const [brokerage, royalty] = body.records;
    expect(brokerage).toMatchObject({ kind: 'B', cap: 20_000, ytd: sum('B') });
    expect(royalty).toMatchObject({ kind: 'R', cap: 3_000, ytd: sum('R') });
    for (const record of [brokerage, royalty]) {
      expect(record.ytd).toBeGreaterThan(0);
      expect(record.ytd).toBeLessThan(record.cap);
    }
  });

  it("seeds Display Mode: this year's goals for the team and its members, an activity feed dated as things happened, ISA appointment setters; every dashboard shows figures", async () => {
    const goals = await query<{ agent: boolean; metrics: number; n: number }>(
      `SELECT agent_id IS NOT NULL AS agent, count(DISTINCT metric)::int AS metrics, count(*)::int AS n FROM transactions.goals WHERE team_id = $1 GROUP BY 1 ORDER BY 1`,
      [DEMO],
    );
    expect(goals[0]).toEqual({ agent: false, metrics: 7, n: 7 });
    expect(goals[1].n).toBeGreaterThanOrEqual(7 * 5);
    const kinds = await query<{ kind: string; n: number; future: number }>(
      `SELECT kind, count(*)::int AS n, count(*) FILTER (WHERE ts > now() + interval '1 minute')::int AS future FROM transactions.activities WHERE team_id = $1 GROUP BY kind ORDER BY kind`,
      [DEMO],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['appt_met', 'appt_set', 'closed', 'created', 'signed', 'task_completed', 'under_contract']);
    expect(kinds.every((k) => k.future === 0)).toBe(true);
    // Not all at seed time: the feed spreads over the months the seed covers, task completions too.
    const [{ days, completions_now }] = await query<{ days: number; completions_now: number }>(
      `SELECT count(DISTINCT ts::date)::int AS days, count(*) FILTER (WHERE kind = 'task_completed' AND ts > now() - interval '1 hour')::int AS completions_now
         FROM transactions.activities WHERE team_id = $1`,
      [DEMO],
    );
    expect(days).toBeGreaterThan(100);
    const [{ completions }] = await query<{ completions: number }>(
      `SELECT count(*)::int AS completions FROM transactions.activities WHERE team_id = $1 AND kind = 'task_completed'`,
      [DEMO],
    );
    expect(completions_now).toBeLessThan(completions / 10);
    const [{ set_by_isa }] = await query<{ set_by_isa: number }>(
      `SELECT count(*)::int AS set_by_isa FROM transactions.transactions WHERE team_id = $1 AND appt_set_by_agent_id = 31`,
      [DEMO],
    );
    expect(set_by_isa).toBeGreaterThan(0);
    // This year's figures on every dashboard, as the demo admin.
    const admin = apiAs(sut.server, 'ADMIN', 1, DEMO);
    const year = new Date().getUTCFullYear();
    const range = { dashboard_start_date: `01-01-${year}`, dashboard_end_date: `12-31-${year}` };
    const seven = (await admin.get('/dashboards', { id: 7, ...range }).expect(200)).body.data;
    expect(seven.cohort_stat_cards[0].value).toBeGreaterThan(0);
    expect(seven.cohort_stat_cards[0].goal).toBeGreaterThan(0);
    expect((await admin.get('/dashboards', { id: 9, ...range }).expect(200)).body.data.contacts_circle_charts.top[0].value).toBeGreaterThan(
      0,
    );
    expect((await admin.get('/dashboards', { id: 2, ...range }).expect(200)).body.data.row2[2].value).toBeGreaterThan(0);
    expect((await admin.get('/dashboards', { id: 3 }).expect(200)).body.data.activities.length).toBeGreaterThan(0);
    expect(
      (await admin.get('/leaderboard', { id: 4, report: 'closed', start_date: `01-01-${year}`, end_date: `12-31-${year}` }).expect(200))
        .body.total,
    ).toBeGreaterThan(0);
  });

  it('puts 1 or 2 roadmaps on every transaction that is not Pipeline or Lost, with tasks done, overdue and upcoming as their dates say, through the events', async () => {
    const byCategory = await query<{ status_category: string; without: number; with_roadmaps: number; most: number }>(
      `SELECT status_category, count(*) FILTER (WHERE rtc_count = 0)::int AS without, count(*) FILTER (WHERE rtc_count > 0)::int AS with_roadmaps,
              max(rtc_count)::int AS most
         FROM transactions.transactions WHERE team_id = $1 GROUP BY status_category ORDER BY status_category`,
      [DEMO],
    );
    for (const row of byCategory) {
      if (row.status_category === 'pipeline' || row.status_category === 'lost') expect(row).toMatchObject({ with_roadmaps: 0 });
      else expect(row).toMatchObject({ without: 0, most: 2 });
    }
    const [tasks] = await query<{ total: number; done: number; overdue: number; upcoming: number; created: number; counted: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE done)::int AS done,
              count(*) FILTER (WHERE NOT done AND due_dt < current_date)::int AS overdue,
              count(*) FILTER (WHERE NOT done AND due_dt >= current_date)::int AS upcoming,
              (SELECT count(*)::int FROM transactions.outbox WHERE type = 'transactions.task.created') AS created,
              (SELECT sum(total_task_count)::int FROM transactions.transactions) AS counted
         FROM transactions.tasks`,
    );
    expect(tasks.done).toBeGreaterThan(0);
    expect(tasks.overdue).toBeGreaterThan(0);
    expect(tasks.upcoming).toBeGreaterThan(0);
    expect(tasks.created).toBe(tasks.total);
    expect(tasks.counted).toBe(tasks.total);
    const [templates] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions.roadmap_templates WHERE team_id = $1`, [
      DEMO,
    ]);
    expect(templates.n).toBe(6);
  });

  it('gives Demo Realty 30 contacts of its own with two duplicate pairs (same name and email, another phone)', async () => {
    const rows = await query<{ first_name: string; last_name: string; email: string; phones: number; n: number }>(
      `SELECT first_name, last_name, email, count(DISTINCT mobile_phone)::int AS phones, count(*)::int AS n FROM transactions.contacts
        WHERE team_id = $1 AND email LIKE '%@demo-contacts.test' GROUP BY first_name, last_name, email ORDER BY n DESC, last_name`,
      [DEMO],
    );
    expect(rows.reduce((sum, row) => sum + row.n, 0)).toBe(30);
    expect(rows.filter((row) => row.n > 1)).toEqual([
      { first_name: 'Morgan', last_name: 'Ellison', email: 'morgan.ellison@demo-contacts.test', phones: 2, n: 2 },
      { first_name: 'Priya', last_name: 'Raman', email: 'priya.raman@demo-contacts.test', phones: 2, n: 2 },
    ]);
  });

  it("gives each team 'Under Contract' and 'Closed This Year' for every component and the demo agent 'My Buyers', which the list applies", async () => {
    const teamFilters = await query<{ team_id: number; names: string[] }>(
      `SELECT team_id, array_agg(DISTINCT filter_name ORDER BY filter_name) AS names, count(*)::int AS n FROM transactions.transaction_filters
        WHERE owner_type = 'team' GROUP BY team_id ORDER BY team_id`,
    );
    expect(teamFilters).toEqual([
      { team_id: DEMO, names: ['Closed This Year', 'Under Contract'], n: 12 },
      { team_id: RIVAL, names: ['Closed This Year', 'Under Contract'], n: 12 },
    ]);
    const agent = apiAs(sut.server, 'AGENT', 2, DEMO);
    const mine = (await agent.get('/transaction/filters', { component: 'transactions' }).expect(200)).body.records;
    expect(mine.map((f: { filter_name: string; owner_type: string }) => `${f.filter_name} (${f.owner_type})`)).toEqual([
      'Closed This Year (team)',
      'Under Contract (team)',
      'My Buyers (personal)',
    ]);
    for (const filter of mine) {
      const page = await agent.get('/transactions/records', { filter_id: filter.filter_id, per_page: 100 }).expect(200);
      expect(page.body.pagination.total).toBeGreaterThan(0);
    }
  });

  it('adds nothing when run again; a larger N adds the difference, the same rows as one run of that N', async () => {
    const before = await counts();
    lines.length = 0;
    expect(await seed(1000)).toBe('transactions data already present');
    expect(await counts()).toEqual(before);
    const firstItem = await query(
      `SELECT address_1, first_name, last_name, trans_amt FROM transactions.transactions ORDER BY client_id LIMIT 3`,
    );
    await seed(1200);
    const after = await counts();
    expect(after.transactions).toBe(1200);
    expect(after.contacts).toBe(1230);
    expect(
      await query(`SELECT address_1, first_name, last_name, trans_amt FROM transactions.transactions ORDER BY client_id LIMIT 3`),
    ).toEqual(firstItem);
    // Two seed runs (the second adds 200 transactions with their roadmaps and the rest): minutes on a loaded 2-core CI.
  }, 120_000);

  it('each demo user sees exactly their rows and columns of the seeded team', async () => {
    const [{ n }] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions.transactions WHERE team_id = $1`, [DEMO]);
    const admin = await apiAs(sut.server, 'ADMIN', 1, DEMO).get('/transactions/records', { per_page: 100 }).expect(200);
    expect(admin.body.pagination.total).toBe(n);
    expect(admin.body.table.cols).toHaveLength(12 + 8);
    const agent = await apiAs(sut.server, 'AGENT', 2, DEMO).get('/transactions/records', { per_page: 100 }).expect(200);
    expect(agent.body.pagination.total).toBeGreaterThanOrEqual(20);
    expect(agent.body.table.data.every((row: { primary_agent_id: number }) => row.primary_agent_id === 2)).toBe(true);
    const vendor = await apiAs(sut.server, 'VENDOR', 4, DEMO).get('/transactions/records').expect(200);
    expect(vendor.body.pagination.total).toBe(3);
    // The list form's vendor-visible fields: the estimated close, MLS #, inspection date and title company.
    expect(vendor.body.table.cols.map((c: { header: string }) => c.header)).toEqual([
      'ID',
      'Address',
      'Client Name',
      'Type',
      'Status',
      'Stage',
      'Agent',
      'Est. Close Date',
      'MLS #',
      'Inspection Date',
      'Title Company',
    ]);
    await apiAs(sut.server, 'CLIENT', 3, DEMO).get('/transactions/records').expect(403);
  });
});
