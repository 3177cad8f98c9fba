import { randomUUID } from 'node:crypto';
import { EventConsumer } from '@app/events';
import type { EventEnvelope, Role } from '@app/contracts';
import { TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { apiAs, bootTransactions } from './transactions-test-kit';

describe('transactions list (GET /transactions/records)', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 501;
  const RIVAL = 502;
  const TZ_TEAM = 503;
  const AGENT = 11;
  const OTHER_AGENT = 12;
  const VENDOR = 13;
  const ids: Record<string, number> = {};

  const list = (role: Role, query: Record<string, unknown> = {}, agentId = 1, teamId = TEAM) =>
    apiAs(sut.server, role, agentId, teamId).get('/transactions/records', query);
  const idsOf = (body: { table: { data: { id: number }[] } }) => body.table.data.map((row) => row.id);

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // Created one minute apart, in this order, so the default sort (created_ts ascending) is known.
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 12, n)).toISOString();
    ids.smith = (
      await factory.transaction(team, {
        first_name: 'John',
        last_name: 'Smith',
        email: 'john.smith@example.com',
        mobile_phone: '(312) 555-0142',
        address_1: '12 Oak St',
        city: 'Evanston',
        primary_agent_id: AGENT,
        primary_agent_name: 'Alex Agent',
        status: 'underContract',
        est_close_dt: day(-3),
        trans_amt: 400_000,
        tag_ids: [team.tags.vip, team.tags.hot],
        custom_values: { mls_number: 'MLS123', square_feet: 2400 },
        created_ts: at(1),
        completed_task_count: 2,
        total_task_count: 5,
      })
    ).client_id;
    ids.jones = (
      await factory.transaction(team, {
        first_name: 'Mary',
        last_name: 'Jones',
        email: 'mary@jones.test',
        mobile_phone: '3125550199',
        address_1: '900 Maple Ave',
        primary_agent_id: OTHER_AGENT,
        primary_agent_name: 'Bo Other',
        status: 'underContract',
        est_close_dt: day(20),
        next_open_due_dt: day(-3),
        vendor_user_ids: [VENDOR],
        trans_amt: 150_000,
        created_ts: at(2),
        rtc_count: 2,
        custom_values: { mls_number: 'MLS999', square_feet: 900 },
      })
    ).client_id;
    ids.closed = (
      await factory.transaction(team, {
        first_name: 'Zed',
        last_name: 'Closed',
        status: 'closed',
        primary_agent_id: AGENT,
        primary_agent_name: 'Alex Agent',
        created_ts: at(3),
        type: 's',
        trans_amt: 900_000,
      })
    ).client_id;
    ids.lost = (
      await factory.transaction(team, {
        first_name: 'Lu',
        last_name: 'Lost',
        status: 'lost',
        primary_agent_id: OTHER_AGENT,
        created_ts: at(4),
        est_close_dt: day(-30),
      })
    ).client_id;
    ids.onTrack = (
      await factory.transaction(team, {
        first_name: 'Ona',
        last_name: 'Track',
        status: 'pipeline',
        created_ts: at(5),
        est_close_dt: day(10),
        next_open_due_dt: day(3),
        trans_amt: null,
      })
    ).client_id;
    ids.rival = (await factory.transaction(rival, { first_name: 'Rita', last_name: 'Rival', created_ts: at(6) })).client_id;
  });
  afterAll(() => booted.close());

  it('ADMIN, TRANC and ISISA see every transaction of their team, oldest first, with the list form columns', async () => {
    for (const role of ['ADMIN', 'TRANC', 'ISISA'] as const) {
      const { body } = await list(role).expect(200);
      expect(idsOf(body)).toEqual([ids.smith, ids.jones, ids.closed, ids.lost, ids.onTrack]);
      expect(body.pagination).toEqual({ total: 5, page: 1, per_page: 10, pages: 1, has_next: false, has_prev: false });
      expect(body.table.cols.map((c: { header: string }) => c.header)).toEqual([
        'ID',
        'Address',
        'Client Name',
        'Type',
        'Status',
        'Stage',
        'Tags',
        'Agent',
        'Tasks',
        'Progress',
        'Roadmaps',
        'Created',
        'Price',
        'Est. Close Date',
        'MLS #',
        'Square Feet',
      ]);
    }
  });

  it('answers each row exactly as the spec lists it', async () => {
    const { body } = await list('ADMIN');
    expect(body.table.data[0]).toEqual({
      client_id: ids.smith,
      id: ids.smith,
      address: '12 Oak St, Evanston, IL 60601',
      contact_name: 'John Smith',
      type: 'Buyer',
      status: 'Under Contract',
      color_css: `status-${team.statuses.underContract}`,
      tags: [
        { label: 'Hot', border: '#FF0000' },
        { label: 'VIP', border: '#FF0000' },
      ],
      field_order: ['trans_amt', 'est_close_dt', 'mls_number', 'square_feet'],
      values: {
        trans_amt: { label: 'Price', value: 400000 },
        est_close_dt: { label: 'Est. Close Date', value: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/) },
        mls_number: { label: 'MLS #', value: 'MLS123' },
        square_feet: { label: 'Square Feet', value: 2400 },
      },
      stage: { id: team.stages.lead },
      primary_agent_id: AGENT,
      primary_agent: 'Alex Agent',
      completed_task_count: 2,
      total_task_count: 5,
      derived_status: { value: 'Past Close Date', color_css: 'derived-red' },
      rtc_count: 0,
      created_ts: '2026-01-01T12:01:00.000Z',
    });
  });

  it('derives the status: Lost, Closed, Past Close Date, Tasks Overdue, else On Track', async () => {
    const { body } = await list('ADMIN');
    const derived = Object.fromEntries(
      body.table.data.map((row: { id: number; derived_status: { value: string } }) => [row.id, row.derived_status.value]),
    );
    expect(derived).toEqual({
      [ids.smith]: 'Past Close Date',
      [ids.jones]: 'Tasks Overdue',
      [ids.closed]: 'Closed',
      [ids.lost]: 'Lost',
      [ids.onTrack]: 'On Track',
    });
  });

  it('AGENT sees only the transactions they are primary agent of', async () => {
    const { body } = await list('AGENT', {}, AGENT).expect(200);
    expect(idsOf(body)).toEqual([ids.smith, ids.closed]);
  });

  it('VENDOR sees the linked transactions, fewer columns, and no amounts, lead fields or hidden fields', async () => {
    const { body } = await list('VENDOR', {}, VENDOR).expect(200);
    expect(idsOf(body)).toEqual([ids.jones]);
    expect(body.table.cols.map((c: { field: string }) => c.field)).toEqual([
      'id',
      'address',
      'contact_name',
      'type',
      'status',
      'stage',
      'primary_agent',
      'est_close_dt',
      'mls_number',
    ]);
    expect(body.table.data[0].field_order).toEqual(['est_close_dt', 'mls_number']);
    expect(JSON.stringify(body.table.data[0])).not.toContain('150000');
  });

  it('CLIENT gets 403 on the list and the option lists, 200 on the forms calls', async () => {
    await list('CLIENT').expect(403);
    const client = apiAs(sut.server, 'CLIENT', 1, TEAM);
    for (const path of ['stages', 'statuses', 'tags', 'lead-types', 'fields', 'tcs']) await client.get(`/transaction/${path}`).expect(403);
    await client.get('/transaction/forms').expect(200);
    await client.get('/user/forms').expect(200);
  });

  it("never shows another team's transactions; another team's form answers 404", async () => {
    const { body } = await list('ADMIN');
    expect(idsOf(body)).not.toContain(ids.rival);
    const search = await list('ADMIN', { quick_search_filter: String(ids.rival) });
    expect(idsOf(search.body)).not.toContain(ids.rival);
    await list('ADMIN', { team_form_id: rival.list_form_id }).expect(404);
    await list('ADMIN', { team_form_id: team.list_form_id }).expect(200);
  });

  it.each([
    ['an address fragment, any case', 'oak st', 'smith'],
    ['an email', 'mary@jones', 'jones'],
    ['a first name', 'john', 'smith'],
    ['a last name', 'SMITH', 'smith'],
    ['first and last name', 'john smith', 'smith'],
    ['a mobile phone typed with punctuation', '312-555-0199', 'jones'],
    ['a mobile phone typed as digits', '3125550142', 'smith'],
  ])('quick search matches %s', async (_kind, term, key) => {
    const { body } = await list('ADMIN', { quick_search_filter: term }).expect(200);
    expect(idsOf(body)).toEqual([ids[key]]);
    expect(body.pagination.total).toBe(1);
  });

  it('quick search by a number matches the ID exactly, and LIKE wildcards are literal', async () => {
    const { body } = await list('ADMIN', { quick_search_filter: String(ids.closed) }).expect(200);
    expect(idsOf(body)).toContain(ids.closed);
    expect((await list('ADMIN', { quick_search_filter: '%' })).body.table.data).toEqual([]);
    expect((await list('ADMIN', { quick_search_filter: '_' })).body.table.data).toEqual([]);
  });

  it('sorts by every column, both ways, with the id breaking ties', async () => {
    const { body: first } = await list('ADMIN');
    for (const col of first.table.cols as { field: string }[]) {
      const asc = idsOf((await list('ADMIN', { order_by: col.field, order_dir: 1 }).expect(200)).body);
      const desc = idsOf((await list('ADMIN', { order_by: col.field, order_dir: -1 }).expect(200)).body);
      expect(asc.sort()).toEqual(desc.sort());
      expect(asc).toHaveLength(5);
    }
    expect(idsOf((await list('ADMIN', { order_by: 'contact_name', order_dir: 1 })).body)).toEqual([
      ids.smith,
      ids.lost,
      ids.jones,
      ids.onTrack,
      ids.closed,
    ]);
    expect(idsOf((await list('ADMIN', { order_by: 'trans_amt', order_dir: -1 })).body)).toEqual([
      ids.onTrack,
      ids.closed,
      ids.smith,
      ids.lost,
      ids.jones,
    ]);
    expect(idsOf((await list('ADMIN', { order_by: 'square_feet', order_dir: 1 })).body).slice(0, 2)).toEqual([ids.jones, ids.smith]);
    expect(idsOf((await list('ADMIN', { order_by: 'id', order_dir: -1 })).body)).toEqual([
      ids.onTrack,
      ids.lost,
      ids.closed,
      ids.jones,
      ids.smith,
    ]);
  });

  it('pages: per_page, page and the total', async () => {
    const { body } = await list('ADMIN', { per_page: 10, page: 1 });
    expect(body.table.data).toHaveLength(5);
    const past = await list('ADMIN', { page: 3 }).expect(200);
    expect(past.body.table.data).toEqual([]);
    expect(past.body.pagination).toMatchObject({ total: 5, page: 3, pages: 1 });
  });

  it.each([
    [{ per_page: 15 }, 'per_page', 'Must be one of 10, 20, 60, 100'],
    [{ per_page: 'ten' }, 'per_page', 'Must be one of 10, 20, 60, 100'],
    [{ page: 0 }, 'page', 'Must be a page number from 1'],
    [{ page: '1.5' }, 'page', 'Must be a page number from 1'],
    [{ order_by: 'password' }, 'order_by', 'Unknown column'],
    [{ order_by: 'x; drop table' }, 'order_by', 'Unknown column'],
    [{ order_dir: 0 }, 'order_dir', 'Must be 1 or -1'],
    [{ order_dir: 'asc' }, 'order_dir', 'Must be 1 or -1'],
    [{ team_form_id: 'list' }, 'team_form_id', 'Must be a form of your team, or -1 for the list form'],
    [{ quick_search_filter: 'x'.repeat(101) }, 'quick_search_filter', 'Must be text of at most 100 characters'],
  ])('answers 400 naming the parameter for %j', async (query, field, error) => {
    const { body } = await list('ADMIN', query).expect(400);
    expect(body).toMatchObject({ status: 'error', errors: [{ field, error }] });
  });

  it('a VENDOR may not sort by a column they do not have', async () => {
    const { body } = await list('VENDOR', { order_by: 'trans_amt' }, VENDOR).expect(400);
    expect(body.errors).toEqual([{ field: 'order_by', error: 'Unknown column' }]);
  });

  it('dates derived_status in the team time zone from team-admin.team.updated, America/New_York while it is null', async () => {
    const consumer = sut.app.get(EventConsumer);
    const todayIn = async (zone: string): Promise<string> =>
      (await sut.dataSource.query(`SELECT (now() AT TIME ZONE $1)::date::text AS d`, [zone]))[0].d;
    const settings = (timezone: string | null, revision: number): EventEnvelope<'team-admin.team.updated'> => ({
      id: randomUUID(),
      type: 'team-admin.team.updated',
      team_id: TZ_TEAM,
      occurred_at: new Date().toISOString(),
      version: 1,
      payload: { team_id: TZ_TEAM, name: 'Zone Realty', timezone, revision },
    });
    const zoned = await factory.options(TZ_TEAM);
    const derivedOf = async () => (await list('ADMIN', {}, 1, TZ_TEAM)).body.table.data[0].derived_status.value;

    // Kiritimati (UTC+14) is always at least a day ahead of Pago Pago (UTC-11).
    await factory.transaction(zoned, { status: 'underContract', est_close_dt: await todayIn('Pacific/Pago_Pago') });
    expect(await consumer.consume(settings('Pacific/Kiritimati', 1))).toBe('applied');
    expect((await sut.dataSource.query(`SELECT timezone FROM transactions.teams WHERE team_id = $1`, [TZ_TEAM]))[0].timezone).toBe(
      'Pacific/Kiritimati',
    );
    expect(await derivedOf()).toBe('Past Close Date');
    expect(await consumer.consume(settings('Pacific/Pago_Pago', 2))).toBe('applied');
    expect(await derivedOf()).toBe('On Track');
    // An older revision delivered late changes nothing.
    await consumer.consume(settings('Pacific/Kiritimati', 1));
    expect(await derivedOf()).toBe('On Track');

    // Saved without a zone: New York's today.
    expect(await consumer.consume(settings(null, 3))).toBe('applied');
    const newYork = await todayIn('America/New_York');
    await sut.dataSource.query(`UPDATE transactions.transactions SET est_close_dt = $2 WHERE team_id = $1`, [TZ_TEAM, newYork]);
    expect(await derivedOf()).toBe('On Track');
    await sut.dataSource.query(`UPDATE transactions.transactions SET est_close_dt = $2::date - 1 WHERE team_id = $1`, [TZ_TEAM, newYork]);
    expect(await derivedOf()).toBe('Past Close Date');
  });
});
