import {
  ESIGN_BOARD_MESSAGES,
  ESIGN_BOARD_ORDER_BY,
  ESIGN_STATUS_LABELS,
  type EsignBoardOrderBy,
  type EsignBoardResponse,
  type EsignBoardRow,
  type EsignRequestStatus,
  type EsignRequestUsers,
} from '@app/contracts';
import { BoardService } from '../src/board/board.service';
import { apiAs, bootEsign, seededCallers, type Api, type BootedEsign, type SeededCaller } from './esign-test-kit';

// The request board (spec 002 sections 2.2 and 2.5): every filter, the status totals, sorting, paging and who sees what, on rows written
// straight into esign's tables (requests and the users and transactions read copies).

interface Fixture {
  id: number;
  title: string;
  client_id: number;
  created_by: number;
  status: EsignRequestStatus;
  created_ts: string;
  completed_ts: string | null;
  archived: boolean;
}

describe(BoardService.name, () => {
  let booted: BootedEsign;
  const callers = seededCallers();
  const caller = (email: string) => callers.get(email)!;
  const ADMIN = caller('admin@demo-realty.test');
  const TC = caller('tc@demo-realty.test');
  const AGENT = caller('agent@demo-realty.test');
  const ISA_SEEDED = caller('isa@demo-realty.test');
  const CLIENT = caller('client@demo-realty.test');
  const BENCH_ADMIN = caller('admin@bench-realty.test');
  // The seeded ISA has no agent_esign; this one has both permissions, to see what an ISISA sees.
  const ISA: SeededCaller = { ...ISA_SEEDED, permissions: ['team_esign', 'agent_esign'] };
  const DEPARTED = 190;
  const DEMO = ADMIN.team_id;
  const BENCH = BENCH_ADMIN.team_id;
  const as = (who: SeededCaller): Api => apiAs(booted.sut.server, who);

  // Transactions (esign's read copy): whose primary agent each is.
  const ELM = 7001; // primary agent: AGENT
  const OAK = 7002; // primary agent: ADMIN
  const PINE = 7003; // primary agent: ISA
  const BIRCH = 7004; // primary agent: AGENT, deleted since
  const CEDAR = 7005; // primary agent: ADMIN, the paging rows
  const BENCH_TX = 7101;
  const ADDRESSES: Record<number, [string, string, string, string, string]> = {
    [ELM]: ['12 Elm St', '', 'Austin', 'TX', '78701'],
    [OAK]: ['400 Oak Ave', 'Unit 5', 'Dallas', 'TX', '75201'],
    [PINE]: ['77 Pine Rd', '', 'Houston', 'TX', '77002'],
    [BIRCH]: ['9 Birch Ln', '', 'Waco', 'TX', '76701'],
    [CEDAR]: ['5 Cedar Ct', '', 'Austin', 'TX', '78702'],
    [BENCH_TX]: ['1 Bench Way', '', 'Fresno', 'CA', '93650'],
  };
  const NAMES: Record<number, string> = {
    [ADMIN.agent_id]: 'avery admin',
    [TC.agent_id]: 'taylor coordinator',
    [AGENT.agent_id]: 'alex agent',
    [ISA.agent_id]: 'isabel inside',
    [DEPARTED]: 'dana departed',
    [BENCH_ADMIN.agent_id]: 'blake bench',
  };
  const PAGING_ROWS = 45;

  const fixtures: Fixture[] = [];
  const byKey: Record<string, Fixture> = {};

  const insertRequest = async (key: string, team: number, row: Omit<Fixture, 'id'>) => {
    const [{ id }] = await booted.sut.dataSource.query(
      `INSERT INTO esign.requests (team_id, client_id, created_by_agent_id, provider, status, signature_order, title, template_ids, esig_template_id,
         default_storage_path, schema, email_config, created_ts, expires_ts, completed_ts, archived)
       VALUES ($1, $2, $3, 'own', $4, 'P', $5, '{1}', 1, -1, '{"documents":[],"roles":[],"fields":[]}', '{}', $6, $6::timestamptz + interval '30 days', $7, $8)
       RETURNING esig_request_id AS id`,
      [team, row.client_id, row.created_by, row.status, row.title, row.created_ts, row.completed_ts, row.archived],
    );
    const fixture = { id, ...row };
    if (team === DEMO) fixtures.push(fixture);
    byKey[key] = fixture;
    return fixture;
  };
  const request = (
    key: string,
    client_id: number,
    created_by: number,
    status: EsignRequestStatus,
    title: string,
    day: number,
    extra: Partial<Fixture> = {},
  ) =>
    insertRequest(key, DEMO, {
      client_id,
      created_by,
      status,
      title,
      created_ts: `2026-03-0${day}T15:00:00.000Z`,
      completed_ts: null,
      archived: false,
      ...extra,
    });
  const ids = (keys: string[]) => keys.map((key) => byKey[key].id).sort((a, b) => a - b);

  const board = (who: SeededCaller, query: Record<string, unknown> = {}) => as(who).get('/esign/requests', { per_page: 100, ...query });
  const boardIds = async (who: SeededCaller, query: Record<string, unknown> = {}) => {
    const body: EsignBoardResponse = (await board(who, query).expect(200)).body;
    return body.esignature_requests.map((row) => row.esig_request_id).sort((a, b) => a - b);
  };
  /** Every row of the team but the paging rows (which are all on CEDAR). */
  const withoutPaging = (list: number[]) => list.filter((id) => !fixtures.some((f) => f.id === id && f.client_id === CEDAR));

  beforeAll(async () => {
    booted = await bootEsign('api');
    const q = (sql: string, params: unknown[]) => booted.sut.dataSource.query(sql, params);
    const user = (agentId: number, team: number, first: string, last: string, status: string, roles: string[]) =>
      q(
        `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at) VALUES ($1, $2, $3, $4, $5, $6, $7, now())`,
        [agentId, team, first, last, `${first.toLowerCase()}@mail.test`, status, roles],
      );
    await user(ADMIN.agent_id, DEMO, 'Avery', 'Admin', 'active', ['ADMIN']);
    await user(TC.agent_id, DEMO, 'Taylor', 'Coordinator', 'active', ['TRANC']);
    await user(AGENT.agent_id, DEMO, 'Alex', 'Agent', 'active', ['AGENT']);
    await user(ISA.agent_id, DEMO, 'Isabel', 'Inside', 'active', ['ISISA']);
    await user(DEPARTED, DEMO, 'Dana', 'Departed', 'inactive', ['AGENT']);
    await user(CLIENT.agent_id, DEMO, 'Casey', 'Client', 'active', ['CLIENT']);
    await user(BENCH_ADMIN.agent_id, BENCH, 'Blake', 'Bench', 'active', ['ADMIN']);
    const transaction = (clientId: number, team: number, primary: number, deleted = false) =>
      q(
        `INSERT INTO esign.transactions (client_id, team_id, version, type, address_1, address_2, city, state, postal_code, primary_agent_id, deleted)
         VALUES ($1, $2, 1, 'b', $3, $4, $5, $6, $7, $8, $9)`,
        [clientId, team, ...ADDRESSES[clientId], primary, deleted],
      );
    await transaction(ELM, DEMO, AGENT.agent_id);
    await transaction(OAK, DEMO, ADMIN.agent_id);
    await transaction(PINE, DEMO, ISA.agent_id);
    await transaction(BIRCH, DEMO, AGENT.agent_id, true);
    await transaction(CEDAR, DEMO, ADMIN.agent_id);
    await transaction(BENCH_TX, BENCH, BENCH_ADMIN.agent_id);

    await request('elmSent', ELM, ADMIN.agent_id, 'S', 'Buyer Agreement', 1);
    await request('oakViewed', OAK, AGENT.agent_id, 'V', 'Listing Agreement', 2);
    await request('oakPartial', OAK, TC.agent_id, 'P', 'Seller Disclosure', 3);
    await request('elmCompleted', ELM, TC.agent_id, 'C', 'Purchase Agreement', 4, { completed_ts: '2026-03-10T12:00:00.000Z' });
    await request('pineDeclined', PINE, DEPARTED, 'D', 'Inspection Addendum', 5);
    await request('oakFailedArchived', OAK, ADMIN.agent_id, 'F', 'Buyer Agreement', 6, { archived: true });
    await request('pineExpired', PINE, ISA.agent_id, 'E', 'Closing Checklist', 7);
    // Completed at 22:00 on 03/11 in Chicago, which is 03/12 in UTC.
    await request('oakCompletedLate', OAK, AGENT.agent_id, 'C', 'Purchase Agreement', 8, { completed_ts: '2026-03-12T03:00:00.000Z' });
    await request('birchSent', BIRCH, ADMIN.agent_id, 'S', 'Buyer Agreement', 9);
    // The paging rows: all created at the same instant, so only the id orders them.
    for (let n = 1; n <= PAGING_ROWS; n++) {
      await insertRequest(`paging${n}`, DEMO, {
        client_id: CEDAR,
        created_by: ADMIN.agent_id,
        status: 'S',
        title: 'Paging Packet',
        created_ts: '2026-02-01T00:00:00.000Z',
        completed_ts: null,
        archived: false,
      });
    }
    await insertRequest('bench', BENCH, {
      client_id: BENCH_TX,
      created_by: BENCH_ADMIN.agent_id,
      status: 'S',
      title: 'Buyer Agreement',
      created_ts: '2026-03-01T15:00:00.000Z',
      completed_ts: null,
      archived: false,
    });
  }, 60_000);
  afterAll(() => booted?.close());

  describe('rows and defaults', () => {
    it('answers 50 rows per page newest first, each row in the contract shape with its address and creator', async () => {
      const body: EsignBoardResponse = (await as(ADMIN).get('/esign/requests').expect(200)).body;
      expect(body.pagination).toMatchObject({ page: 1, per_page: 50, totalRecords: fixtures.length });
      expect(body.pagination.filters).toMatchObject({ order_by: 'created_ts', order_dir: 'desc', allowed_statuses: [], time_zone: 'UTC' });
      expect(body.status_totals).toBeUndefined();
      expect(body.esignature_requests).toHaveLength(50);
      const expected = [...fixtures].sort((a, b) => b.created_ts.localeCompare(a.created_ts) || b.id - a.id).slice(0, 50);
      expect(body.esignature_requests.map((row) => row.esig_request_id)).toEqual(expected.map((f) => f.id));
      const completed = body.esignature_requests.find((row) => row.esig_request_id === byKey.oakCompletedLate.id);
      expect(completed).toEqual({
        esig_request_id: byKey.oakCompletedLate.id,
        esignature_template: { name: 'Purchase Agreement' },
        transaction: { client_id: OAK, address_1: '400 Oak Ave', address_2: 'Unit 5', city: 'Dallas', state: 'TX', postal_code: '75201' },
        created_by_agent: { first_name: 'Alex', last_name: 'Agent' },
        created_ts: '2026-03-08T15:00:00.000Z',
        completed_ts: '2026-03-12T03:00:00.000Z',
        status: 'C',
        archived: false,
      } satisfies EsignBoardRow);
    });

    it('includes archived (cancelled) requests, marked archived', async () => {
      const body: EsignBoardResponse = (await board(ADMIN, { client_id: OAK }).expect(200)).body;
      expect(body.esignature_requests.find((row) => row.esig_request_id === byKey.oakFailedArchived.id)).toMatchObject({
        status: 'F',
        archived: true,
      });
    });
  });

  describe('filters', () => {
    it('filters by status, comma-separated or repeated', async () => {
      expect(withoutPaging(await boardIds(ADMIN, { allowed_statuses: 'V,P' }))).toEqual(ids(['oakViewed', 'oakPartial']));
      const repeated: EsignBoardResponse = (
        await as(ADMIN).get('/esign/requests?allowed_statuses=C&allowed_statuses=D&allowed_statuses=e').expect(200)
      ).body;
      expect(repeated.esignature_requests.map((row) => row.esig_request_id).sort((a, b) => a - b)).toEqual(
        ids(['elmCompleted', 'oakCompletedLate', 'pineDeclined', 'pineExpired']),
      );
      // Empty: every status.
      expect(await boardIds(ADMIN, { allowed_statuses: '' })).toHaveLength(fixtures.length);
    });

    it('filters by creator, comma-separated or repeated', async () => {
      expect(await boardIds(ADMIN, { created_by_agent_ids: String(TC.agent_id) })).toEqual(ids(['oakPartial', 'elmCompleted']));
      const repeated: EsignBoardResponse = (
        await as(ADMIN).get(`/esign/requests?created_by_agent_ids=${AGENT.agent_id}&created_by_agent_ids=${DEPARTED}`).expect(200)
      ).body;
      expect(repeated.esignature_requests.map((row) => row.esig_request_id).sort((a, b) => a - b)).toEqual(
        ids(['oakViewed', 'oakCompletedLate', 'pineDeclined']),
      );
      expect(await boardIds(ADMIN, { created_by_agent_ids: `${TC.agent_id},${ISA.agent_id}` })).toEqual(
        ids(['oakPartial', 'elmCompleted', 'pineExpired']),
      );
    });

    it('filters by created date, the end day included whole', async () => {
      expect(await boardIds(ADMIN, { created_start_dt: '03/02/2026', created_end_dt: '03/04/2026' })).toEqual(
        ids(['oakViewed', 'oakPartial', 'elmCompleted']),
      );
      expect(await boardIds(ADMIN, { created_start_dt: '03/08/2026' })).toEqual(ids(['oakCompletedLate', 'birchSent']));
      expect(withoutPaging(await boardIds(ADMIN, { created_end_dt: '03/01/2026' }))).toEqual(ids(['elmSent']));
      expect(await boardIds(ADMIN, { created_end_dt: '01/31/2026' })).toEqual([]);
    });

    it('filters by completed date, the end day included whole, in the time zone given (default UTC)', async () => {
      expect(await boardIds(ADMIN, { completed_start_dt: '03/01/2026', completed_end_dt: '03/10/2026' })).toEqual(ids(['elmCompleted']));
      expect(await boardIds(ADMIN, { completed_start_dt: '03/01/2026', completed_end_dt: '03/09/2026' })).toEqual([]);
      expect(await boardIds(ADMIN, { completed_start_dt: '03/11/2026', completed_end_dt: '03/11/2026' })).toEqual([]);
      expect(
        await boardIds(ADMIN, { completed_start_dt: '03/11/2026', completed_end_dt: '03/11/2026', time_zone: 'America/Chicago' }),
      ).toEqual(ids(['oakCompletedLate']));
      expect(await boardIds(ADMIN, { completed_start_dt: '03/12/2026' })).toEqual(ids(['oakCompletedLate']));
    });

    it('quick-searches the template name, the address and the creator, any case, as plain text', async () => {
      expect(await boardIds(ADMIN, { quick_search_filter: 'disclosure' })).toEqual(ids(['oakPartial']));
      expect(await boardIds(ADMIN, { quick_search_filter: 'PURCHASE agreement' })).toEqual(ids(['elmCompleted', 'oakCompletedLate']));
      // Address: street, unit, city, state and zip, and across them.
      expect(await boardIds(ADMIN, { quick_search_filter: 'houston' })).toEqual(ids(['pineDeclined', 'pineExpired']));
      expect(await boardIds(ADMIN, { quick_search_filter: '78701' })).toEqual(ids(['elmSent', 'elmCompleted']));
      expect(await boardIds(ADMIN, { quick_search_filter: 'unit 5 dallas' })).toEqual(
        ids(['oakViewed', 'oakPartial', 'oakFailedArchived', 'oakCompletedLate']),
      );
      // Creator: first, last or full name.
      expect(await boardIds(ADMIN, { quick_search_filter: 'coordinator' })).toEqual(ids(['oakPartial', 'elmCompleted']));
      expect(await boardIds(ADMIN, { quick_search_filter: 'Dana Departed' })).toEqual(ids(['pineDeclined']));
      expect(await boardIds(ADMIN, { quick_search_filter: '%' })).toEqual([]);
      expect(await boardIds(ADMIN, { quick_search_filter: '_' })).toEqual([]);
    });

    it("filters one transaction's requests (client_id), and combines filters", async () => {
      expect(await boardIds(ADMIN, { client_id: ELM })).toEqual(ids(['elmSent', 'elmCompleted']));
      expect(await boardIds(ADMIN, { client_id: OAK, allowed_statuses: 'C,F', quick_search_filter: 'agreement' })).toEqual(
        ids(['oakFailedArchived', 'oakCompletedLate']),
      );
      expect(await boardIds(ADMIN, { client_id: BENCH_TX })).toEqual([]);
    });
  });

  describe('status totals', () => {
    it('come only with include_status_totals, ignore the status filter, honour the others, and Total counts every status', async () => {
      const body: EsignBoardResponse = (await board(ADMIN, { include_status_totals: true, allowed_statuses: 'S' }).expect(200)).body;
      const count = (status: EsignRequestStatus) => fixtures.filter((f) => f.status === status).length;
      expect(body.status_totals).toEqual({
        Sent: count('S'),
        Viewed: 1,
        PartiallySigned: 1,
        Completed: 2,
        Failed: 1,
        Total: fixtures.length,
      });
      expect(body.pagination.totalRecords).toBe(count('S'));
      expect(body.status_totals!.Total).toBe(body.status_totals!.Sent + 1 + 1 + 2 + 1 + 2); // D and E counted only in Total

      const oak: EsignBoardResponse = (
        await board(ADMIN, { include_status_totals: 'true', allowed_statuses: 'V', client_id: OAK }).expect(200)
      ).body;
      expect(oak.status_totals).toEqual({ Sent: 0, Viewed: 1, PartiallySigned: 1, Completed: 1, Failed: 1, Total: 4 });
      expect(oak.esignature_requests.map((row) => row.esig_request_id)).toEqual([byKey.oakViewed.id]);

      const searched: EsignBoardResponse = (
        await board(ADMIN, { include_status_totals: 1, quick_search_filter: 'pine rd', created_end_dt: '03/06/2026' }).expect(200)
      ).body;
      expect(searched.status_totals).toEqual({ Sent: 0, Viewed: 0, PartiallySigned: 0, Completed: 0, Failed: 0, Total: 1 });
      expect((await board(ADMIN, { include_status_totals: false }).expect(200)).body.status_totals).toBeUndefined();
    });

    it('count only what the caller sees', async () => {
      const body: EsignBoardResponse = (await board(AGENT, { include_status_totals: true }).expect(200)).body;
      expect(body.status_totals).toEqual({ Sent: 1, Viewed: 1, PartiallySigned: 0, Completed: 2, Failed: 0, Total: 4 });
    });
  });

  describe('sorting and paging', () => {
    const address = (clientId: number) => ADDRESSES[clientId].filter(Boolean).join(' ').toLowerCase();
    const statusWord = (status: EsignRequestStatus) => ESIGN_STATUS_LABELS[status];
    const keyOf: Record<EsignBoardOrderBy, (f: Fixture) => string | null> = {
      created_ts: (f) => f.created_ts,
      completed_ts: (f) => f.completed_ts,
      status: (f) => statusWord(f.status),
      template_name: (f) => f.title.toLowerCase(),
      address: (f) => address(f.client_id),
      created_by: (f) => NAMES[f.created_by],
    };
    const expectedOrder = (orderBy: EsignBoardOrderBy, dir: 'asc' | 'desc') =>
      [...fixtures]
        .sort((a, b) => {
          const [x, y] = [keyOf[orderBy](a), keyOf[orderBy](b)];
          // Empty completed_ts last in both directions; ties by id in the same direction.
          if (x !== y) {
            if (x === null) return 1;
            if (y === null) return -1;
            return dir === 'asc' ? (x < y ? -1 : 1) : x < y ? 1 : -1;
          }
          return dir === 'asc' ? a.id - b.id : b.id - a.id;
        })
        .map((f) => f.id);

    it.each(ESIGN_BOARD_ORDER_BY.flatMap((orderBy) => (['asc', 'desc'] as const).map((dir) => [orderBy, dir] as const)))(
      'sorts by %s %s, ties by id',
      async (orderBy, dir) => {
        const body: EsignBoardResponse = (await board(ADMIN, { order_by: orderBy, order_dir: dir }).expect(200)).body;
        expect(body.esignature_requests.map((row) => row.esig_request_id)).toEqual(expectedOrder(orderBy, dir));
      },
    );

    it('pages without losing or repeating a row among equal sort keys, and counts past the last page', async () => {
      const seen: number[] = [];
      for (const page of [1, 2, 3]) {
        const body: EsignBoardResponse = (
          await as(ADMIN)
            .get('/esign/requests', { client_id: CEDAR, per_page: 20, page, order_by: 'created_ts', order_dir: 'asc' })
            .expect(200)
        ).body;
        expect(body.pagination).toMatchObject({ page, per_page: 20, totalRecords: PAGING_ROWS });
        seen.push(...body.esignature_requests.map((row) => row.esig_request_id));
      }
      const paging = fixtures.filter((f) => f.client_id === CEDAR).map((f) => f.id);
      expect(seen).toEqual([...paging].sort((a, b) => a - b));
      const past: EsignBoardResponse = (await as(ADMIN).get('/esign/requests', { client_id: CEDAR, per_page: 20, page: 9 }).expect(200))
        .body;
      expect(past).toMatchObject({ esignature_requests: [], pagination: { page: 9, totalRecords: PAGING_ROWS } });
      const second: EsignBoardResponse = (await as(ADMIN).get('/esign/requests', { page: 2 }).expect(200)).body;
      expect(second.esignature_requests).toHaveLength(fixtures.length - 50);
    });

    it.each([20, 50, 100, 500])('takes per_page %s', async (perPage) => {
      const body: EsignBoardResponse = (await as(ADMIN).get('/esign/requests', { per_page: perPage }).expect(200)).body;
      expect(body.pagination.per_page).toBe(perPage);
      expect(body.esignature_requests).toHaveLength(Math.min(perPage, fixtures.length));
    });

    it('answers 400 naming the field for bad paging, sorting, filters and dates', async () => {
      const errors = async (query: string) => (await as(ADMIN).get(`/esign/requests?${query}`).expect(400)).body.errors;
      expect(await errors('per_page=25')).toEqual([{ field: 'per_page', error: 'Must be one of 20, 50, 100, 500' }]);
      expect(await errors('per_page=abc')).toEqual([{ field: 'per_page', error: 'Must be one of 20, 50, 100, 500' }]);
      expect(await errors('page=0')).toEqual([{ field: 'page', error: 'Must be a whole number from 1' }]);
      expect(await errors('order_by=title')).toEqual([{ field: 'order_by', error: `Must be one of ${ESIGN_BOARD_ORDER_BY.join(', ')}` }]);
      expect(await errors('order_dir=up')).toEqual([{ field: 'order_dir', error: 'Must be one of asc, desc' }]);
      expect(await errors('allowed_statuses=S,X')).toEqual([{ field: 'allowed_statuses', error: 'Must be one of S, V, P, C, D, F, E' }]);
      expect(await errors('created_by_agent_ids=1,abc')).toEqual([{ field: 'created_by_agent_ids', error: 'Must be a list of ids' }]);
      expect(await errors('include_status_totals=maybe')).toEqual([{ field: 'include_status_totals', error: 'Must be true or false' }]);
      expect(await errors('client_id=0')).toEqual([{ field: 'client_id', error: 'Must be an id (a whole number from 1)' }]);
      expect(await errors('time_zone=Mars/Olympus')).toEqual([{ field: 'time_zone', error: expect.any(String) }]);
      for (const bad of ['2026-03-01', '3/1/2026', '02/30/2026', '03-01-2026', 'yesterday']) {
        expect(await errors(`created_start_dt=${encodeURIComponent(bad)}`)).toEqual([
          { field: 'created_start_dt', error: 'Please enter a valid date (MM/DD/YYYY)' },
        ]);
        expect(await errors(`completed_end_dt=${encodeURIComponent(bad)}`)).toEqual([
          { field: 'completed_end_dt', error: 'Please enter a valid date (MM/DD/YYYY)' },
        ]);
      }
      expect(await errors('created_start_dt=03/05/2026&created_end_dt=03/04/2026')).toEqual([
        { field: 'created_end_dt', error: ESIGN_BOARD_MESSAGES.endBeforeStart },
      ]);
      expect(await errors('completed_start_dt=03/05/2026&completed_end_dt=03/04/2026')).toEqual([
        { field: 'completed_end_dt', error: ESIGN_BOARD_MESSAGES.endBeforeStart },
      ]);
      expect(await errors('sort=created_ts')).toEqual([{ field: 'sort', error: expect.any(String) }]);
    });
  });

  describe('who sees what', () => {
    const all = () => fixtures.map((f) => f.id).sort((a, b) => a - b);

    it("shows ADMIN and TRANC every request of the team, never another team's", async () => {
      expect(await boardIds(ADMIN)).toEqual(all());
      expect(await boardIds(TC)).toEqual(all());
      expect(await boardIds(BENCH_ADMIN)).toEqual(ids(['bench']));
      expect(await boardIds(BENCH_ADMIN, { client_id: ELM })).toEqual([]);
    });

    it('shows an AGENT what they sent and what is on transactions they are primary agent of (not a deleted one)', async () => {
      expect(await boardIds(AGENT)).toEqual(ids(['elmSent', 'elmCompleted', 'oakViewed', 'oakCompletedLate']));
      // Filters narrow what they see; they never widen it.
      expect(await boardIds(AGENT, { created_by_agent_ids: String(ADMIN.agent_id) })).toEqual(ids(['elmSent']));
      expect(await boardIds(AGENT, { client_id: PINE })).toEqual([]);
    });

    it('shows an ISISA with both permissions the same way', async () => {
      expect(await boardIds(ISA)).toEqual(ids(['pineDeclined', 'pineExpired']));
    });

    it('answers 403 without team_esign or agent_esign, and to CLIENT and VENDOR', async () => {
      const without = (permissions: SeededCaller['permissions']): SeededCaller => ({ ...ADMIN, permissions });
      for (const who of [
        without(['team_esign']),
        without(['agent_esign']),
        without([]),
        ISA_SEEDED,
        caller('admin@rival-homes.test'),
        { ...CLIENT, permissions: ['team_esign', 'agent_esign'] } as SeededCaller,
        { ...caller('vendor@demo-realty.test'), permissions: ['team_esign', 'agent_esign'] } as SeededCaller,
      ]) {
        await as(who).get('/esign/requests').expect(403);
        await as(who).get('/esign/request-users').expect(403);
      }
    });
  });

  describe('GET /esign/request-users', () => {
    const users = async (who: SeededCaller): Promise<EsignRequestUsers> => (await as(who).get('/esign/request-users').expect(200)).body;
    const names = (answer: EsignRequestUsers) =>
      answer.groups.map((group) => [group.label, group.users.map((u) => `${u.first_name} ${u.last_name}`)]);

    it("offers ADMIN and TRANC the team's staff, active then disabled, never a client or another team's user", async () => {
      const expected = [
        ['Active Users', ['Alex Agent', 'Avery Admin', 'Isabel Inside', 'Taylor Coordinator']],
        ['Disabled Users', ['Dana Departed']],
      ];
      expect(names(await users(ADMIN))).toEqual(expected);
      expect(names(await users(TC))).toEqual(expected);
      expect((await users(ADMIN)).groups[0].users[0]).toEqual({ agent_id: AGENT.agent_id, first_name: 'Alex', last_name: 'Agent' });
      expect(names(await users(BENCH_ADMIN))).toEqual([
        ['Active Users', ['Blake Bench']],
        ['Disabled Users', []],
      ]);
    });

    it('offers others themselves and the senders of requests on their transactions', async () => {
      expect(names(await users(AGENT))).toEqual([
        ['Active Users', ['Alex Agent', 'Avery Admin', 'Taylor Coordinator']],
        ['Disabled Users', []],
      ]);
      expect(names(await users(ISA))).toEqual([
        ['Active Users', ['Isabel Inside']],
        ['Disabled Users', ['Dana Departed']],
      ]);
    });
  });
});
