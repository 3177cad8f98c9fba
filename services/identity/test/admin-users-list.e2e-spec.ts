import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import type { AdminUserRow } from '@app/contracts';
import { eventually } from '@app/testing';
import { AdminUsersRepository } from '../src/admin-users/admin-users.repository';
import { IdentityNormalisePhones1763700000160 } from '../src/migrations/1763700000160-identity-normalise-phones';
import { adminApi, bootAdminIdentity, createTeamWithAdmin, insertUsers, parseCsv, type AdminIdentity } from './admin-test-helpers';

const COLS = [
  { field: 'profile_image_path', header: '', sortable: false },
  { field: 'agent_full_name', header: 'Name', sortable: true },
  { field: 'mobile_phone', header: 'Mobile Phone', sortable: true },
  { field: 'created_ts', header: 'Created', sortable: true },
  { field: 'last_access_ts', header: 'Last Access', sortable: true },
  { field: 'status', header: 'Status', sortable: true },
  { field: 'excluded', header: 'Excluded', sortable: true },
  { field: 'download', header: 'Download', sortable: true },
  { field: 'client_count', header: 'Clients', sortable: true },
];

describe('user administration: the user list and its CSV', () => {
  let sut: AdminIdentity;
  let team: Awaited<ReturnType<typeof createTeamWithAdmin>>;
  let admin: ReturnType<typeof adminApi>;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    sut = await bootAdminIdentity();
    team = await createTeamWithAdmin(sut);
    admin = adminApi(sut, team.token);
    const people = [
      { first_name: 'Zed', last_name: 'Boss', role: 'ADMIN' },
      { first_name: 'Tina', last_name: 'Coord', role: 'TRANC', mobile_phone: '(212) 555-7788' },
      { first_name: 'Ivy', last_name: 'Inside', role: 'ISISA' },
      { first_name: 'Amy', last_name: 'Zephyr', role: 'AGENT' },
      { first_name: 'Bob', last_name: 'Agent', role: 'AGENT', email: 'bob.the.agent@list.test' },
      { first_name: 'Carl', last_name: 'Agent', role: 'AGENT', leader_board_exclude: true },
      { first_name: 'Dan', last_name: 'Gone', role: 'AGENT', status: 'inactive' },
      { first_name: 'Eve', last_name: 'Gone', role: 'AGENT', status: 'inactive', leader_board_exclude: true },
      { first_name: 'Vic', last_name: 'Vend', role: 'VENDOR', mobile_phone: null },
      { first_name: 'Cli', last_name: 'Ent', role: 'CLIENT' },
    ];
    const inserted = await insertUsers(sut, team.team_id, people);
    people.forEach((p, i) => (ids[p.first_name] = inserted[i]));
    ids.Ada = team.agent_id;
    await sut.dataSource.query(`UPDATE identity.users SET last_access_ts = now() - interval '1 day' WHERE agent_id = $1`, [ids.Bob]);
    await sut.dataSource.query(`UPDATE identity.users SET last_access_ts = now() - interval '2 days' WHERE agent_id = $1`, [ids.Ivy]);
    await sut.dataSource.query(`UPDATE identity.users SET client_count = 5 WHERE agent_id = $1`, [ids.Amy]);
    await sut.dataSource.query(`UPDATE identity.users SET client_count = 2, can_download = false WHERE agent_id = $1`, [ids.Tina]);
  });
  afterAll(() => sut.close());

  const list = (query = '') => admin.get(`/admin/users${query ? `?${query}` : ''}`);
  const names = (body: { table: { data: AdminUserRow[] } }) => body.table.data.map((r) => r.agent_full_name);

  describe('GET /admin/users', () => {
    it('answers the table with its columns; by default active members, ADMIN first, then last and first name; no CLIENT logins', async () => {
      const { body } = await list().expect(200);
      expect(body.table.cols).toEqual(COLS);
      expect(names(body)).toEqual([
        'Zed Boss',
        'Ada Owner',
        'Tina Coord',
        'Ivy Inside',
        'Bob Agent',
        'Carl Agent',
        'Amy Zephyr',
        'Vic Vend',
      ]);
      expect(body.pagination).toEqual({ total: 8, page: 1, per_page: 20, pages: 1, has_next: false, has_prev: false });
      // The same as the spec's defaults sent explicitly.
      const explicit = await list('page=1&per_page=20&order_by=roles&order_dir=-1&quick_search_filter=&status_filter=active').expect(200);
      expect(explicit.body).toEqual(body);
    });

    it('answers each row in the contract shape', async () => {
      const { body } = await list().expect(200);
      const tina = body.table.data.find((r: AdminUserRow) => r.agent_id === ids.Tina);
      expect(tina).toEqual({
        agent_id: ids.Tina,
        profile_image_path: null,
        agent_full_name: 'Tina Coord',
        first_name: 'Tina',
        last_name: 'Coord',
        email: expect.stringMatching(/@list\.test$/),
        mobile_phone: '(212) 555-7788',
        role_id: 'TRANC',
        created_ts: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        last_access_ts: null,
        status: 'Active',
        excluded: false,
        download: false,
        client_count: 2,
      });
      const bob = body.table.data.find((r: AdminUserRow) => r.agent_id === ids.Bob);
      expect(new Date(bob.last_access_ts).getTime()).toBeLessThan(Date.now() - 23 * 3600_000);
    });

    it('answers a signed URL of the image in profile_image_path', async () => {
      const key = `profile-images/${team.team_id}/${ids.Ivy}/00000000-0000-4000-8000-000000000000`;
      await sut.dataSource.query(`UPDATE identity.users SET profile_image_path = $2 WHERE agent_id = $1`, [ids.Ivy, key]);
      try {
        const { body } = await list().expect(200);
        const ivy = body.table.data.find((r: AdminUserRow) => r.agent_id === ids.Ivy);
        expect(ivy.profile_image_path).toMatch(new RegExp(`^/api/identity/files/${key}\\?expires=\\d+&sig=[\\w-]+$`));
      } finally {
        await sut.dataSource.query(`UPDATE identity.users SET profile_image_path = NULL WHERE agent_id = $1`, [ids.Ivy]);
      }
    });

    it.each([
      [
        'all',
        ['Zed Boss', 'Ada Owner', 'Tina Coord', 'Ivy Inside', 'Bob Agent', 'Carl Agent', 'Dan Gone', 'Eve Gone', 'Amy Zephyr', 'Vic Vend'],
      ],
      ['active', ['Zed Boss', 'Ada Owner', 'Tina Coord', 'Ivy Inside', 'Bob Agent', 'Carl Agent', 'Amy Zephyr', 'Vic Vend']],
      ['disabled', ['Dan Gone', 'Eve Gone']],
      ['excluded', ['Carl Agent', 'Eve Gone']],
    ])('status_filter=%s', async (filter, expected) => {
      const { body } = await list(`status_filter=${filter}`).expect(200);
      expect(names(body)).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
      const statuses = new Set(body.table.data.map((r: AdminUserRow) => r.status));
      if (filter === 'disabled') expect([...statuses]).toEqual(['Inactive']);
      if (filter === 'active') expect([...statuses]).toEqual(['Active']);
    });

    it('refuses an unknown status_filter with 400', async () => {
      const { body } = await list('status_filter=inactive').expect(400);
      expect(body.errors).toEqual([{ field: 'status_filter', error: 'Must be one of all, active, disabled, excluded' }]);
    });

    it.each([
      ['a first name', 'zep', ['Amy Zephyr']],
      ['a last name in another case', 'AGENT', ['Bob Agent', 'Carl Agent']],
      ['a full name', 'amy z', ['Amy Zephyr']],
      ['an email', 'the.agent', ['Bob Agent']],
      ['a formatted phone', '555-7788', ['Tina Coord']],
      ['the phone digits', '2125557788', ['Tina Coord']],
      ['LIKE wildcards, literally', '%', []],
      ['an underscore, literally', 'a_y', []],
    ])('quick_search_filter finds %s', async (_case, search, expected) => {
      const { body } = await list(`status_filter=all&quick_search_filter=${encodeURIComponent(search)}`).expect(200);
      expect(names(body)).toEqual(expected);
      expect(body.pagination.total).toBe(expected.length);
    });

    it('combines the quick search with the status filter', async () => {
      expect(names((await list('quick_search_filter=gone').expect(200)).body)).toEqual([]);
      expect(names((await list('quick_search_filter=gone&status_filter=disabled').expect(200)).body)).toEqual(['Dan Gone', 'Eve Gone']);
    });

    it('orders by roles ascending (VENDOR first), names still A to Z', async () => {
      const { body } = await list('order_by=roles&order_dir=1').expect(200);
      expect(names(body)).toEqual([
        'Vic Vend',
        'Bob Agent',
        'Carl Agent',
        'Amy Zephyr',
        'Ivy Inside',
        'Tina Coord',
        'Zed Boss',
        'Ada Owner',
      ]);
    });

    it('orders by another column in both directions', async () => {
      const byName = ['Ada Owner', 'Amy Zephyr', 'Bob Agent', 'Carl Agent', 'Ivy Inside', 'Tina Coord', 'Vic Vend', 'Zed Boss'];
      expect(names((await list('order_by=agent_full_name&order_dir=1').expect(200)).body)).toEqual(byName);
      expect(names((await list('order_by=agent_full_name&order_dir=-1').expect(200)).body)).toEqual([...byName].reverse());
      // Users who never signed in come last either way.
      const never = ['Zed Boss', 'Tina Coord', 'Carl Agent', 'Amy Zephyr', 'Vic Vend'];
      expect(names((await list('order_by=last_access_ts&order_dir=-1').expect(200)).body)).toEqual([
        'Ada Owner',
        'Bob Agent',
        'Ivy Inside',
        ...never,
      ]);
      expect(names((await list('order_by=last_access_ts&order_dir=1').expect(200)).body)).toEqual([
        'Ivy Inside',
        'Bob Agent',
        'Ada Owner',
        ...never,
      ]);
      const byClients = (await list('order_by=client_count&order_dir=-1').expect(200)).body.table.data.map(
        (r: AdminUserRow) => r.client_count,
      );
      expect(byClients).toEqual([5, 2, 0, 0, 0, 0, 0, 0]);
    });

    it.each([
      ['order_by=password_hash', 'order_by', 'Unknown column'],
      ['order_by=roles;DROP', 'order_by', 'Unknown column'],
      ['order_dir=2', 'order_dir', 'Must be 1 or -1'],
      ['per_page=15', 'per_page', 'Must be one of 10, 20, 60, 100'],
      ['per_page=1000', 'per_page', 'Must be one of 10, 20, 60, 100'],
      ['page=0', 'page', 'Must be a page number from 1'],
      ['page=abc', 'page', 'Must be a page number from 1'],
      // Digits as written only (strict ids): hex, exponents, signs and spaces are not page numbers.
      ['page=0x2', 'page', 'Must be a page number from 1'],
      ['page=2e0', 'page', 'Must be a page number from 1'],
      ['page=%202', 'page', 'Must be a page number from 1'],
      ['per_page=0x14', 'per_page', 'Must be one of 10, 20, 60, 100'],
      ['per_page=%2B20', 'per_page', 'Must be one of 10, 20, 60, 100'],
    ])('refuses %s with 400', async (query, field, error) => {
      const { body } = await list(query).expect(400);
      expect(body.errors).toEqual([{ field, error }]);
    });

    it('pages with per_page 10, 20, 60 or 100', async () => {
      const paging = await createTeamWithAdmin(sut);
      const pagingAdmin = adminApi(sut, paging.token);
      await insertUsers(
        sut,
        paging.team_id,
        Array.from({ length: 24 }, (_, i) => ({ first_name: 'Pat', last_name: `Page${String(i + 1).padStart(2, '0')}` })),
      );
      const first = (await pagingAdmin.get('/admin/users?per_page=10&page=1').expect(200)).body;
      const third = (await pagingAdmin.get('/admin/users?per_page=10&page=3').expect(200)).body;
      expect(first.pagination).toEqual({ total: 25, page: 1, per_page: 10, pages: 3, has_next: true, has_prev: false });
      expect(third.pagination).toEqual({ total: 25, page: 3, per_page: 10, pages: 3, has_next: false, has_prev: true });
      expect(names(first)).toEqual(['Ada Owner', ...Array.from({ length: 9 }, (_, i) => `Pat Page0${i + 1}`)]);
      expect(names(third)).toEqual(['Pat Page20', 'Pat Page21', 'Pat Page22', 'Pat Page23', 'Pat Page24']);
      for (const perPage of [20, 60, 100]) {
        const { body } = await pagingAdmin.get(`/admin/users?per_page=${perPage}`).expect(200);
        expect(body.table.data).toHaveLength(Math.min(perPage, 25));
      }
      expect((await pagingAdmin.get('/admin/users?per_page=10&page=9').expect(200)).body.table.data).toEqual([]);
    });

    it('runs one statement for the page and its total, whatever the page size (no query per row)', async () => {
      const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      try {
        const { body } = await list('status_filter=all&per_page=100').expect(200);
        expect(spy).toHaveBeenCalledTimes(1);
        expect(body.pagination.total).toBe(body.table.data.length);
      } finally {
        spy.mockRestore();
      }
    });

    it('still tells the total on a page past the end (no row carries it there)', async () => {
      const all = (await list('status_filter=all&per_page=10').expect(200)).body.pagination.total;
      const { body } = await list('status_filter=all&per_page=10&page=99').expect(200);
      expect(body.table.data).toEqual([]);
      expect(body.pagination.total).toBe(all);
    });

    it('reads the default order from users_admin_list_idx, without sorting', async () => {
      const runner = sut.dataSource.createQueryRunner();
      try {
        await runner.startTransaction();
        // The demo tables are tiny; ask the planner what it does when scanning the table is not an option.
        await runner.query('SET LOCAL enable_seqscan = off');
        await runner.query('SET LOCAL enable_bitmapscan = off');
        const repository = sut.app.get(AdminUsersRepository);
        const spy = jest.spyOn(runner, 'query');
        await repository.page(
          { teamId: team.team_id, statusFilter: 'active', search: '', orderBy: 'roles', orderDir: -1 },
          20,
          0,
          runner.manager,
        );
        const [sql, params] = spy.mock.calls[0] as [string, unknown[]];
        spy.mockRestore();
        const plan = (await runner.query(`EXPLAIN ${sql}`, params)).map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n');
        expect(plan).toContain('users_admin_list_idx');
        expect(plan).not.toMatch(/\bSort\b/);
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });
  });

  describe('GET /admin/users/download', () => {
    const download = (query = '') =>
      admin
        .get(`/admin/users/download${query ? `?${query}` : ''}`)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => done(null, text));
        });

    const nyDate = (iso: string | null) =>
      iso
        ? new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
            new Date(iso),
          )
        : '';
    // Phones read (999) 999-9999 in the CSV, as the console shows them.
    const shownPhone = (phone: string | null) => {
      const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : (phone ?? '');
    };
    const expectedRecord = (row: AdminUserRow) => [
      row.agent_full_name,
      shownPhone(row.mobile_phone),
      nyDate(row.created_ts),
      nyDate(row.last_access_ts),
      row.status,
      row.excluded ? 'Yes' : 'No',
      row.download ? 'Yes' : 'No',
      String(row.client_count),
    ];

    it('answers a users.csv attachment with the headers of the columns (without the image)', async () => {
      const response = await download().expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');
      const [header] = parseCsv(response.body as string);
      expect(header).toEqual(['Name', 'Mobile Phone', 'Created', 'Last Access', 'Status', 'Excluded', 'Download', 'Clients']);
    });

    it.each([
      ['the defaults', ''],
      ['status_filter=all by name descending', 'status_filter=all&order_by=agent_full_name&order_dir=-1'],
      ['excluded', 'status_filter=excluded'],
      ['a quick search', 'status_filter=all&quick_search_filter=agent&order_by=last_access_ts&order_dir=1'],
      ['empty parameters (the defaults)', 'order_by=&order_dir=&quick_search_filter=&status_filter='],
    ])('holds the same rows as the table, in the same order, for %s', async (_case, query) => {
      const table = (await list(`${query}&per_page=100`).expect(200)).body.table.data as AdminUserRow[];
      const [, ...records] = parseCsv((await download(query).expect(200)).body as string);
      expect(records).toEqual(table.map(expectedRecord));
      expect(records.length).toBeGreaterThan(0);
    });

    it('writes phones as (999) 999-9999, stored digits and numbers kept as typed alike', async () => {
      const team = await createTeamWithAdmin(sut);
      await insertUsers(sut, team.team_id, [
        { first_name: 'Digits', last_name: 'Only', mobile_phone: '5125550123' },
        { first_name: 'Typed', last_name: 'Dots', mobile_phone: '212.555.7788' },
        { first_name: 'No', last_name: 'Phone', mobile_phone: null },
      ]);
      const response = await adminApi(sut, team.token)
        .get('/admin/users/download?order_by=agent_full_name&order_dir=1')
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const [, ...records] = parseCsv(response.body as string);
      expect(records.map((r) => [r[0], r[1]])).toEqual([
        ['Ada Owner', '(555) 555-0100'],
        ['Digits Only', '(512) 555-0123'],
        ['No Phone', ''],
        ['Typed Dots', '(212) 555-7788'],
      ]);
    });

    it('refuses the same bad parameters as the table', async () => {
      const response = await download('status_filter=nobody').expect(400);
      expect(JSON.parse(response.body as string).errors).toEqual([
        { field: 'status_filter', error: 'Must be one of all, active, disabled, excluded' },
      ]);
    });

    it('quotes per RFC 4180 and neutralises cells a spreadsheet would run as a formula', async () => {
      const tricky = await createTeamWithAdmin(sut);
      await insertUsers(sut, tricky.team_id, [
        { first_name: '=HYPERLINK("http://evil")', last_name: 'Smith, Jr.', mobile_phone: '+1 555 0100' },
        { first_name: '@sum', last_name: 'Line\nBreak', mobile_phone: '-5' },
      ]);
      const response = await adminApi(sut, tricky.token)
        .get('/admin/users/download?order_by=agent_full_name&order_dir=1')
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const text = response.body as string;
      expect(text).toContain(`"'=HYPERLINK(""http://evil"") Smith, Jr."`);
      const [, ...records] = parseCsv(text);
      expect(records.map((r) => [r[0], r[1]])).toEqual([
        ['\'=HYPERLINK("http://evil") Smith, Jr.', "'+1 555 0100"],
        ["'@sum Line\nBreak", "'-5"],
        ['Ada Owner', '(555) 555-0100'],
      ]);
    });

    it('writes a large team in batches of 500 rows, all rows once, in the table order', async () => {
      const big = await createTeamWithAdmin(sut);
      await sut.dataSource.query(
        `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles)
         SELECT $1, 'bulk-' || $2 || '-' || n || '@bulk.test', 'x', 'Bulk', 'User' || lpad(n::text, 4, '0'), '(555) 555-0100', '{AGENT}'
           FROM generate_series(1, 1203) AS n`,
        [big.team_id, String(big.team_id)],
      );
      const page = jest.spyOn(AdminUsersRepository.prototype, 'page');
      try {
        const response = await adminApi(sut, big.token)
          .get('/admin/users/download')
          .buffer(true)
          .parse((res, done) => {
            let text = '';
            res.on('data', (c: Buffer) => (text += c.toString()));
            res.on('end', () => done(null, text));
          })
          .expect(200);
        const [, ...records] = parseCsv(response.body as string);
        expect(records).toHaveLength(1204);
        expect(records[0][0]).toBe('Ada Owner');
        expect(records.slice(1).map((r) => r[0])).toEqual(
          Array.from({ length: 1203 }, (_, i) => `Bulk User${String(i + 1).padStart(4, '0')}`),
        );
        expect(page.mock.calls.map((call) => [call[1], call[2]])).toEqual([
          [500, 0],
          [500, 500],
          [500, 1000],
        ]);
      } finally {
        page.mockRestore();
      }
    });

    it('gives its database connection back when the client leaves in the middle of a download', async () => {
      const big = await createTeamWithAdmin(sut);
      await sut.dataSource.query(
        `INSERT INTO identity.users (team_id, email, password_hash, first_name, last_name, mobile_phone, roles)
         SELECT $1, 'leave-' || $2 || '-' || n || '@bulk.test', 'x', 'Leave', 'User' || lpad(n::text, 5, '0'), '(555) 555-0100', '{AGENT}'
           FROM generate_series(1, 20000) AS n`,
        [big.team_id, String(big.team_id)],
      );
      const openReads = async () =>
        (
          await sut.dataSource.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'identity-api' AND state LIKE 'idle in transaction%'`,
          )
        )[0].n as number;
      const server = sut.app.getHttpServer();
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = httpGet(
          { host: '127.0.0.1', port, path: '/api/admin/users/download', headers: { authorization: `Bearer ${big.token}` } },
          (res) => {
            expect(res.statusCode).toBe(200);
            // Read one chunk, then hang up while the server still has batches to write.
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
      });
      await eventually(async () => (await openReads()) === 0, 4000);
      // The pool still serves requests.
      await admin.get('/admin/licenses').expect(200);
    });
  });

  describe('migration: phones stored as typed become their 10 digits', () => {
    it('normalises every US number, whatever its formatting, and leaves anything else as it is', async () => {
      const other = await createTeamWithAdmin(sut);
      const typed: Record<string, string | null> = {
        '(512) 555-0123': '5125550123',
        '512.555.0124': '5125550124',
        ' 512 555 0125 ': '5125550125',
        '+1 (512) 555-0126': '5125550126',
        '15125550127': '5125550127',
        '5125550128': '5125550128',
        '555-0100': '555-0100',
        '+44 20 7946 0958': '+44 20 7946 0958',
        'ask the office': 'ask the office',
      };
      const phones = Object.keys(typed);
      await insertUsers(
        sut,
        other.team_id,
        phones.map((mobile_phone, index) => ({ first_name: 'Phone', last_name: `Case${index}`, mobile_phone })),
      );
      // In a transaction rolled back afterwards: the other tests' rows keep what they inserted.
      const runner = sut.dataSource.createQueryRunner();
      await runner.startTransaction();
      try {
        await new IdentityNormalisePhones1763700000160().up(runner);
        const rows: { last_name: string; mobile_phone: string }[] = await runner.query(
          `SELECT last_name, mobile_phone FROM identity.users WHERE team_id = $1 AND first_name = 'Phone'`,
          [other.team_id],
        );
        const stored = Object.fromEntries(rows.map((row) => [row.last_name, row.mobile_phone]));
        expect(stored).toEqual(Object.fromEntries(phones.map((phone, index) => [`Case${index}`, typed[phone]])));
      } finally {
        await runner.rollbackTransaction();
        await runner.release();
      }
    });
  });
});
