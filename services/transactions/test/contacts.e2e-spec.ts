import request from 'supertest';
import { CONTACT_MESSAGES, FORM_FIELD_MESSAGES, type ContactRecord, type Role } from '@app/contracts';
import { sideDataSource, signTestToken, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { apiAs, bootTransactions } from './transactions-test-kit';

/** Contacts and merge (spec 001): GET /contacts (and its CSV), filter options, one contact, create, edit, merge. */
describe('contacts calls', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  let referral: number;
  const TEAM = 701;
  const RIVAL = 702;
  const ADMIN = 41;
  const AGENT = 42;
  const OTHER_AGENT = 43;
  const TC = 44;
  const ISA = 45;
  const VENDOR = 46;
  const CLIENT = 47;
  const RIVAL_ADMIN = 48;
  const ids: Record<string, number> = {};
  let rivalContact: number;

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const agent = () => as('AGENT', AGENT);
  const names = (records: ContactRecord[]) => records.map((r) => `${r.first_name} ${r.last_name}`);
  const csvAs = async (role: Role, agentId: number, query: Record<string, unknown>) => {
    const token = await signTestToken({ agent_id: agentId, team_id: TEAM, roles: [role], permissions: [], market_id: 0 });
    return request(sut.server)
      .get('/api/contacts')
      .query({ ...query, format: 'csv' })
      .set('authorization', `Bearer ${token}`);
  };
  const outbox = async (type: string) =>
    (await sut.dataSource.query(`SELECT payload FROM transactions.outbox WHERE type = $1 ORDER BY seq`, [type])).map(
      (r: { payload: unknown }) => r.payload,
    ) as Record<string, unknown>[];

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    referral = (
      await sut.dataSource.query(
        `INSERT INTO transactions.lead_types (team_id, label, group_name) VALUES ($1, 'Referral', 'Sphere') RETURNING lead_type_id`,
        [TEAM],
      )
    )[0].lead_type_id;
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT'], { first_name: 'Olly', last_name: 'Other' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tess', last_name: 'Coordinator' });
    await factory.agent(TEAM, ISA, ['ISISA'], { first_name: 'Ian', last_name: 'Isa' });
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(RIVAL, RIVAL_ADMIN, ['ADMIN']);
    const contact = async (key: string, overrides: Parameters<TransactionsFactory['contact']>[1]) => {
      ids[key] = (await factory.contact(TEAM, overrides)).contact_id;
    };
    await contact('bob', {
      first_name: 'Bob',
      last_name: 'Zimmer',
      email: 'bob@zimmer.test',
      mobile_phone: '5125550101',
      agent_id: AGENT,
      address_1: '10 Lake Shore Dr',
      city: 'Austin',
      lead_type_id: team.lead_type_id,
    });
    await contact('amy', {
      first_name: 'amy',
      last_name: 'Young',
      email: 'amy.young@mail.test',
      mobile_phone: '5125550102',
      agent_id: OTHER_AGENT,
      lead_type_id: referral,
    });
    await contact('cara', { first_name: 'Cara', last_name: 'Xu', agent_id: AGENT, status: 'inactive' });
    await contact('dan', { first_name: 'Dan', last_name: 'West', agent_id: null, city: 'Dallas', email: '=cmd|calc@evil.test' });
    await contact('eve', { first_name: '@Eve', last_name: '+Vance', agent_id: OTHER_AGENT, address_1: '-5 Minus Rd' });
    rivalContact = (await factory.contact(RIVAL, { first_name: 'Rita', last_name: 'Rival' })).contact_id;
    // Bob is the primary contact of two transactions.
    const t1 = await factory.transaction(team, { primary_agent_id: AGENT, first_name: 'Tom', last_name: 'Tx' });
    await sut.dataSource.query(`DELETE FROM transactions.transaction_contacts WHERE client_id = $1`, [t1.client_id]);
    await factory.link(t1.client_id, ids.bob, true);
    const t2 = await factory.transaction(team, { primary_agent_id: OTHER_AGENT });
    await factory.link(t2.client_id, ids.bob, false);
    ids.tom = t1.contact_id;
    ids.t1 = t1.client_id;
    ids.t2 = t2.client_id;
  });
  afterAll(() => booted.close());

  describe('GET /contacts', () => {
    it('answers active contacts by first name, 20 a page, with every record field and agent_name', async () => {
      const { body } = await admin().get('/contacts').expect(200);
      expect(body.pagination).toMatchObject({ page: 1, per_page: 20 });
      expect(names(body.records)).toEqual([
        '@Eve +Vance',
        'amy Young',
        'Bob Zimmer',
        'Dan West',
        'Jordan ' + body.records[4].last_name,
        'Tom Tx',
      ]);
      const bob = body.records.find((r: ContactRecord) => r.contact_id === ids.bob);
      expect(bob).toEqual({
        contact_id: ids.bob,
        first_name: 'Bob',
        last_name: 'Zimmer',
        email: 'bob@zimmer.test',
        mobile_phone: '5125550101',
        address_1: '10 Lake Shore Dr',
        address_2: '',
        city: 'Austin',
        state: '',
        postal_code: '',
        lead_type_id: team.lead_type_id,
        agent_id: AGENT,
        agent_name: 'Alex Agent',
        client_transaction_count: 2,
        status: 'active',
      });
    });

    it('sorts by any record field both ways, the id breaking ties', async () => {
      const byLast = await admin().get('/contacts', { order_by: 'last_name', order_dir: -1, per_page: 3 }).expect(200);
      expect(names(byLast.body.records)).toEqual(['Bob Zimmer', 'amy Young', 'Dan West']);
      const byCount = await admin().get('/contacts', { order_by: 'client_transaction_count', order_dir: -1, per_page: 1 }).expect(200);
      expect(byCount.body.records[0].contact_id).toBe(ids.bob);
      const byAgent = await admin().get('/contacts', { order_by: 'agent_name', quick_search_filter: 'e' }).expect(200);
      expect(byAgent.body.records.map((r: ContactRecord) => r.agent_name)).toEqual([
        'Alex Agent',
        'Olly Other',
        'Olly Other',
        'Olly Other',
        null,
      ]);
      const bad = await admin().get('/contacts', { order_by: 'password' }).expect(400);
      expect(bad.body.errors).toEqual([{ field: 'order_by', error: 'Unknown column' }]);
    });

    it('filters by status, agent and lead source', async () => {
      const inactive = await admin().get('/contacts', { status_filter: 'inactive' }).expect(200);
      expect(names(inactive.body.records)).toEqual(['Cara Xu']);
      const all = await admin().get('/contacts', { status_filter: 'all' }).expect(200);
      expect(all.body.pagination.total).toBe(7);
      const mine = await admin().get('/contacts', { agent_id: AGENT }).expect(200);
      expect(names(mine.body.records)).toEqual(['Bob Zimmer', 'Tom Tx']);
      const referred = await admin().get('/contacts', { lead_type_id: referral }).expect(200);
      expect(names(referred.body.records)).toEqual(['amy Young']);
      expect((await admin().get('/contacts', { status_filter: 'gone' }).expect(400)).body.errors).toEqual([
        { field: 'status_filter', error: 'Must be one of all, active, inactive' },
      ]);
    });

    it('searches names, email, phone digits however typed, and address, any case', async () => {
      const search = async (q: string) => names((await admin().get('/contacts', { quick_search_filter: q }).expect(200)).body.records);
      expect(await search('amy young')).toEqual(['amy Young']);
      expect(await search('ZIMMER.te')).toEqual(['Bob Zimmer']);
      expect(await search('(512) 555-0102')).toEqual(['amy Young']);
      expect(await search('555 0101')).toEqual(['Bob Zimmer']);
      expect(await search('lake shore')).toEqual(['Bob Zimmer']);
      expect(await search('dallas')).toEqual(['Dan West']);
      expect(await search('100%')).toEqual([]);
    });

    it('takes per_page from 1 to 10,000', async () => {
      expect((await admin().get('/contacts', { per_page: 1, page: 2 }).expect(200)).body.records).toHaveLength(1);
      expect((await admin().get('/contacts', { per_page: 10_000 }).expect(200)).body.pagination.per_page).toBe(10_000);
      for (const per_page of [0, 10_001, 'x']) {
        expect((await admin().get('/contacts', { per_page }).expect(400)).body.errors).toEqual([
          { field: 'per_page', error: 'Must be a number from 1 to 10,000' },
        ]);
      }
      const past = await admin().get('/contacts', { page: 99 }).expect(200);
      expect(past.body).toMatchObject({ records: [], pagination: { total: 6, page: 99 } });
    });
  });

  describe('roles', () => {
    it('gives TRANC and ISISA the whole team with agent names', async () => {
      for (const who of [as('TRANC', TC), as('ISISA', ISA)]) {
        const { body } = await who.get('/contacts').expect(200);
        expect(body.pagination.total).toBe(6);
        expect(body.records.some((r: ContactRecord) => r.agent_name === 'Olly Other')).toBe(true);
      }
    });

    it('gives an AGENT only their own contacts, without agent names', async () => {
      const { body } = await agent().get('/contacts', { status_filter: 'all' }).expect(200);
      expect(names(body.records)).toEqual(['Bob Zimmer', 'Cara Xu', 'Tom Tx']);
      expect(body.records.every((r: ContactRecord) => r.agent_name === null)).toBe(true);
      await agent().get(`/contacts/${ids.amy}`).expect(404);
      await agent().patch(`/contacts/${ids.amy}`, { first_name: 'Nope' }).expect(404);
    });

    it('refuses CLIENT and VENDOR every call (403)', async () => {
      for (const who of [as('CLIENT', CLIENT), as('VENDOR', VENDOR)]) {
        await who.get('/contacts').expect(403);
        await who.get('/contacts/filter-options').expect(403);
        await who.get(`/contacts/${ids.bob}`).expect(403);
        await who.post('/contacts', { first_name: 'A', last_name: 'B' }).expect(403);
        await who.patch(`/contacts/${ids.bob}`, { first_name: 'A' }).expect(403);
        await who.get('/contacts/merge/conflicts', { contact_ids: `${ids.bob},${ids.amy}` }).expect(403);
        await who.post('/contacts/merge', { contact_ids: [ids.bob, ids.amy], resolutions: [] }).expect(403);
      }
    });

    it("answers 404 for another team's contact or team", async () => {
      await admin().get(`/contacts/${rivalContact}`).expect(404);
      await admin().patch(`/contacts/${rivalContact}`, { first_name: 'X' }).expect(404);
      await admin()
        .get('/contacts/merge/conflicts', { contact_ids: `${ids.bob},${rivalContact}` })
        .expect(404);
      await admin().get('/contacts/filter-options', { team_id: RIVAL }).expect(404);
      expect(
        (await as('ADMIN', RIVAL_ADMIN, RIVAL).get('/contacts').expect(200)).body.records.map((r: ContactRecord) => r.contact_id),
      ).toEqual([rivalContact]);
    });
  });

  describe('GET /contacts/filter-options', () => {
    it("lists the team's users who work contacts and its lead sources", async () => {
      const { body } = await admin().get('/contacts/filter-options', { team_id: TEAM }).expect(200);
      expect(body.agents.map((a: { label: string }) => a.label)).toEqual([
        'Ada Admin',
        'Alex Agent',
        'Ian Isa',
        'Olly Other',
        'Tess Coordinator',
      ]);
      expect(body.lead_sources).toEqual([
        { id: referral, label: 'Referral' },
        { id: team.lead_type_id, label: 'Zillow' },
      ]);
      expect((await agent().get('/contacts/filter-options').expect(200)).body.agents).toEqual([{ id: AGENT, label: 'Alex Agent' }]);
    });
  });

  describe('GET /contacts/{id}', () => {
    it('answers the contact with the transactions the caller sees', async () => {
      const { body } = await admin().get(`/contacts/${ids.bob}`).expect(200);
      expect(body).toMatchObject({
        contact_id: ids.bob,
        first_name: 'Bob',
        lead_type: 'Zillow',
        agent_name: 'Alex Agent',
        client_transaction_count: 2,
        custom_fields: {},
      });
      expect(body.transactions.map((t: { client_id: number; is_primary: boolean }) => [t.client_id, t.is_primary])).toEqual([
        [ids.t2, false],
        [ids.t1, true],
      ]);
      // The agent sees only the transactions they are primary agent of.
      const mine = await agent().get(`/contacts/${ids.bob}`).expect(200);
      expect(mine.body.transactions.map((t: { client_id: number }) => t.client_id)).toEqual([ids.t1]);
      await admin().get('/contacts/0').expect(400);
      await admin().get('/contacts/999999').expect(404);
    });
  });

  describe('POST /contacts and PATCH /contacts/{id}', () => {
    it('requires first and last name and checks email and phone in the shared words', async () => {
      const { body } = await admin().post('/contacts', { first_name: '  ', email: 'a..b@x.test', mobile_phone: '555-12' }).expect(400);
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { field: 'first_name', error: FORM_FIELD_MESSAGES.required },
          { field: 'last_name', error: FORM_FIELD_MESSAGES.required },
          { field: 'email', error: 'This is an invalid email address' },
          { field: 'mobile_phone', error: 'Please enter a valid phone number' },
        ]),
      );
      expect((await admin().post('/contacts', { first_name: 'A', last_name: 'B', status: 'merged' }).expect(400)).body.errors).toEqual([
        { field: 'status', error: 'Must be active or inactive' },
      ]);
      expect(
        (await admin().post('/contacts', { first_name: 'A', last_name: 'B', lead_type_id: rival.lead_type_id }).expect(400)).body.errors,
      ).toEqual([{ field: 'lead_type_id', error: 'Please choose one of the options' }]);
    });

    it('creates a contact (phone as 10 digits, the caller its agent) and publishes transactions.contact.created', async () => {
      const { body } = await admin()
        .post('/contacts', {
          first_name: ' Nia ',
          last_name: 'New',
          email: 'nia@new.test',
          mobile_phone: '+1 (512) 555-0199',
          city: 'Austin',
        })
        .expect(201);
      const created = (await admin().get(`/contacts/${body.contact_id}`).expect(200)).body;
      expect(created).toMatchObject({
        first_name: 'Nia',
        last_name: 'New',
        mobile_phone: '5125550199',
        agent_id: ADMIN,
        status: 'active',
        version: 1,
      });
      expect((await outbox('transactions.contact.created')).find((p) => p.contact_id === body.contact_id)).toEqual({
        contact_id: body.contact_id,
        team_id: TEAM,
        agent_id: ADMIN,
        first_name: 'Nia',
        last_name: 'New',
        email: 'nia@new.test',
        mobile_phone: '5125550199',
        lead_type_id: null,
        status: 'active',
        version: 1,
      });
      const other = await admin().post('/contacts', { first_name: 'Oz', last_name: 'Owned', agent_id: OTHER_AGENT }).expect(201);
      expect((await admin().get(`/contacts/${other.body.contact_id}`).expect(200)).body.agent_id).toBe(OTHER_AGENT);
    });

    it("keeps an AGENT's contacts their own", async () => {
      const own = await agent().post('/contacts', { first_name: 'Ann', last_name: 'Own' }).expect(201);
      expect((await agent().get(`/contacts/${own.body.contact_id}`).expect(200)).body.agent_id).toBe(AGENT);
      expect(
        (await agent().post('/contacts', { first_name: 'Ann', last_name: 'Other', agent_id: OTHER_AGENT }).expect(403)).body.message,
      ).toBe('You cannot change the agent');
      await agent().patch(`/contacts/${own.body.contact_id}`, { agent_id: OTHER_AGENT }).expect(403);
      await agent().patch(`/contacts/${own.body.contact_id}`, { agent_id: AGENT, city: 'Waco' }).expect(200);
    });

    it('edits what is sent, once a version, and keeps the transactions it is primary contact of in step', async () => {
      const bad = await admin().patch(`/contacts/${ids.bob}`, { first_name: '', email: 'nope' }).expect(400);
      expect(bad.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'email', error: 'This is an invalid email address' },
          { field: 'first_name', error: FORM_FIELD_MESSAGES.required },
        ]),
      );
      expect(bad.body.errors).toHaveLength(2);
      const before = (await admin().get(`/contacts/${ids.bob}`).expect(200)).body;

      const { body } = await admin()
        .patch(`/contacts/${ids.bob}`, { last_name: 'Zimmerman', mobile_phone: '512.555.0111', status: 'active' })
        .expect(200);
      expect(body).toEqual({ contact_id: ids.bob, version: before.version + 1 });
      const after = (await admin().get(`/contacts/${ids.bob}`).expect(200)).body;
      expect(after).toMatchObject({
        last_name: 'Zimmerman',
        mobile_phone: '5125550111',
        email: 'bob@zimmer.test',
        version: before.version + 1,
      });
      const updated = (await outbox('transactions.contact.updated')).filter((p) => p.contact_id === ids.bob);
      expect(updated.at(-1)).toMatchObject({ last_name: 'Zimmerman', version: before.version + 1 });
      // The transaction it is primary contact of shows the new name; the other one keeps its own.
      const [t1] = await sut.dataSource.query(`SELECT last_name, version FROM transactions.transactions WHERE client_id = $1`, [ids.t1]);
      expect(t1).toEqual({ last_name: 'Zimmerman', version: 2 });
      expect((await outbox('transactions.transaction.updated')).filter((p) => p.client_id === ids.t1).map((p) => p.version)).toEqual([2]);

      // Nothing different: nothing written.
      expect((await admin().patch(`/contacts/${ids.bob}`, { last_name: 'Zimmerman' }).expect(200)).body.version).toBe(before.version + 1);
    });
  });

  describe('format=csv', () => {
    const parse = (text: string) => text.trimEnd().split('\r\n');

    it('equals the list under the same filters and order, with the Agent column for ADMIN', async () => {
      const query = { order_by: 'last_name', order_dir: -1, quick_search_filter: 'a', status_filter: 'all' };
      const list = (
        await admin()
          .get('/contacts', { ...query, per_page: 10_000 })
          .expect(200)
      ).body.records as ContactRecord[];
      const csv = await csvAs('ADMIN', ADMIN, { ...query, per_page: list.length });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
      const lines = parse(csv.text);
      expect(lines[0]).toBe(
        'First Name,Last Name,Email,Mobile Phone,Address,Address 2,City,State,Zip,Lead Source,Agent,Transactions,Status',
      );
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(' '))).toEqual(
        list.map(
          (r) => `${/^[=+\-@]/.test(r.first_name) ? "'" : ''}${r.first_name} ${/^[=+\-@]/.test(r.last_name) ? "'" : ''}${r.last_name}`,
        ),
      );
      // With no per_page: every row; with a larger one than 10,000: fine.
      expect(parse((await csvAs('ADMIN', ADMIN, query)).text)).toHaveLength(list.length + 1);
      expect((await csvAs('ADMIN', ADMIN, { ...query, per_page: 50_000 })).status).toBe(200);
    });

    it('neutralises formula cells with a leading quote', async () => {
      const csv = await csvAs('ADMIN', ADMIN, { quick_search_filter: 'vance' });
      expect(parse(csv.text)[1]).toBe("'@Eve,'+Vance,,,'-5 Minus Rd,,,,,,Olly Other,0,Active");
      const dan = await csvAs('ADMIN', ADMIN, { quick_search_filter: 'dallas' });
      expect(parse(dan.text)[1]).toBe("Dan,West,'=cmd|calc@evil.test,,,,Dallas,,,,,0,Active");
    });

    it('has no Agent column for an AGENT, and their rows only', async () => {
      const csv = await csvAs('AGENT', AGENT, { status_filter: 'all' });
      const lines = parse(csv.text);
      expect(lines[0]).toBe('First Name,Last Name,Email,Mobile Phone,Address,Address 2,City,State,Zip,Lead Source,Transactions,Status');
      const list = (await agent().get('/contacts', { status_filter: 'all' }).expect(200)).body.records as ContactRecord[];
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(list.map((r) => r.first_name));
      expect((await csvAs('VENDOR', VENDOR, {})).status).toBe(403);
    });
  });

  describe('merge', () => {
    const contactOf = (overrides: Parameters<TransactionsFactory['contact']>[1]) =>
      factory.contact(TEAM, { agent_id: AGENT, ...overrides }).then((c) => c.contact_id);

    it('answers the spec messages for too few and too many contacts', async () => {
      const few = await admin()
        .post('/contacts/merge', { contact_ids: [ids.bob], resolutions: [] })
        .expect(400);
      expect(few.body).toMatchObject({
        message: CONTACT_MESSAGES.mergeTooFew,
        errors: [{ field: 'contact_ids', error: 'Select two or more contacts to merge together' }],
      });
      const many = await admin()
        .post('/contacts/merge', { contact_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], resolutions: [] })
        .expect(400);
      expect(many.body.errors).toEqual([{ field: 'contact_ids', error: 'Select no more than 10 contacts to merge' }]);
      const conflictsFew = await admin()
        .get('/contacts/merge/conflicts', { contact_ids: `${ids.bob},${ids.bob}` })
        .expect(400);
      expect(conflictsFew.body.errors).toEqual([{ field: 'contact_ids', error: 'Select two or more contacts to merge together' }]);
      await admin()
        .post('/contacts/merge', { contact_ids: [ids.bob, rivalContact], resolutions: [] })
        .expect(404);
      await agent()
        .post('/contacts/merge', { contact_ids: [ids.bob, ids.amy], resolutions: [] })
        .expect(404);
    });

    it('shows each field with a value on some contact, then the custom fields; merges into the oldest with the chosen values', async () => {
      const first = await contactOf({
        first_name: 'Pat',
        last_name: 'Dupe',
        email: 'pat@dupe.test',
        mobile_phone: '5125550001',
        created_ts: '2024-01-01T00:00:00Z',
        custom_fields: { nickname: 'P' },
      });
      const second = await contactOf({
        first_name: 'Pat',
        last_name: 'Dupe',
        email: 'pat@dupe.test',
        mobile_phone: '5125550002',
        city: 'Austin',
        agent_id: OTHER_AGENT,
        created_ts: '2024-02-01T00:00:00Z',
        custom_fields: { nickname: 'Patty', pets: 'cat' },
      });
      const third = await contactOf({ first_name: 'Patricia', last_name: 'Dupe', created_ts: '2024-03-01T00:00:00Z' });
      // Links: a transaction of the first, one shared by the second and third (none twice after), one of the second as primary.
      const txA = await factory.transaction(team, { primary_agent_id: AGENT });
      await factory.link(txA.client_id, first);
      const txB = await factory.transaction(team, { primary_agent_id: AGENT });
      await factory.link(txB.client_id, second);
      await factory.link(txB.client_id, third);
      const txC = await factory.transaction(team, { primary_agent_id: AGENT, first_name: 'Old', last_name: 'Primary' });
      await sut.dataSource.query(`DELETE FROM transactions.transaction_contacts WHERE client_id = $1`, [txC.client_id]);
      await factory.link(txC.client_id, second, true);

      const { body: conflicts } = await admin()
        .get('/contacts/merge/conflicts', { contact_ids: `${third},${first},${second}` })
        .expect(200);
      expect(conflicts.contacts.map((c: ContactRecord) => c.contact_id)).toEqual([first, second, third]);
      expect(conflicts.fields.map((f: { field: string }) => f.field)).toEqual([
        'first_name',
        'last_name',
        'email',
        'mobile_phone',
        'city',
        'agent_id',
        'status',
      ]);
      expect(conflicts.fields.find((f: { field: string }) => f.field === 'mobile_phone')).toEqual({
        label: 'Mobile Phone',
        field: 'mobile_phone',
        values: [
          { contact_id: first, value: '(512) 555-0001' },
          { contact_id: second, value: '(512) 555-0002' },
          { contact_id: third, value: '' },
        ],
      });
      expect(
        conflicts.dynamic_fields.map((f: { field: string; values: { value: string }[] }) => [f.field, f.values.map((v) => v.value)]),
      ).toEqual([
        ['custom_fields.nickname', ['P', 'Patty', '']],
        ['custom_fields.pets', ['', 'cat', '']],
      ]);

      const resolutions = [...conflicts.fields, ...conflicts.dynamic_fields].map((f: { field: string }) => ({
        field: f.field,
        contact_id: ['mobile_phone', 'city', 'agent_id', 'custom_fields.nickname', 'custom_fields.pets'].includes(f.field) ? second : first,
      }));
      const missing = await admin()
        .post('/contacts/merge', { contact_ids: [first, second, third], resolutions: resolutions.slice(1) })
        .expect(400);
      expect(missing.body).toMatchObject({
        message: 'Please make a selection for all fields',
        errors: [{ field: 'resolutions', error: 'Please make a selection for all fields' }],
      });
      expect((await sut.dataSource.query(`SELECT count(*)::int AS n FROM transactions.contacts WHERE status = 'merged'`))[0].n).toBe(0);

      const versions = await sut.dataSource.query(
        `SELECT client_id, version FROM transactions.transactions WHERE client_id = ANY($1::int[]) ORDER BY client_id`,
        [[txA.client_id, txB.client_id, txC.client_id]],
      );
      const { body } = await admin()
        .post('/contacts/merge', { contact_ids: [third, first, second], resolutions })
        .expect(200);
      expect(body).toEqual({ contact_id: first });

      const survivor = (await admin().get(`/contacts/${first}`).expect(200)).body;
      expect(survivor).toMatchObject({
        first_name: 'Pat',
        last_name: 'Dupe',
        email: 'pat@dupe.test',
        mobile_phone: '5125550002',
        city: 'Austin',
        agent_id: OTHER_AGENT,
        status: 'active',
        client_transaction_count: 3,
        custom_fields: { nickname: 'Patty', pets: 'cat' },
      });
      expect(survivor.transactions.map((t: { client_id: number; is_primary: boolean }) => [t.client_id, t.is_primary]).sort()).toEqual(
        [
          [txA.client_id, false],
          [txB.client_id, false],
          [txC.client_id, true],
        ].sort(),
      );
      const links = await sut.dataSource.query(
        `SELECT client_id, count(*)::int AS n FROM transactions.transaction_contacts WHERE client_id = ANY($1::int[]) GROUP BY client_id ORDER BY client_id`,
        [[txA.client_id, txB.client_id, txC.client_id]],
      );
      expect(links.map((l: { n: number }) => l.n)).toEqual([2, 2, 1]); // txA and txB keep their own primary contacts
      // The transaction whose primary contact it now is shows the survivor's name and phone.
      const [c] = await sut.dataSource.query(
        `SELECT first_name, last_name, mobile_phone FROM transactions.transactions WHERE client_id = $1`,
        [txC.client_id],
      );
      expect(c).toEqual({ first_name: 'Pat', last_name: 'Dupe', mobile_phone: '5125550002' });

      // The others: merged, gone from lists, counts and CSV; their GET names the survivor.
      for (const gone of [second, third]) {
        const notFound = await admin().get(`/contacts/${gone}`).expect(404);
        expect(notFound.body).toMatchObject({ message: 'Contact not found', merged_into_contact_id: first });
      }
      const all = (await admin().get('/contacts', { status_filter: 'all', quick_search_filter: 'dupe' }).expect(200)).body;
      expect(all.records.map((r: ContactRecord) => r.contact_id)).toEqual([first]);
      expect(parse((await csvAs('ADMIN', ADMIN, { status_filter: 'all', quick_search_filter: 'dupe' })).text)).toHaveLength(2);
      await admin()
        .post('/contacts/merge', { contact_ids: [first, second], resolutions: [] })
        .expect(404);
      await admin().patch(`/contacts/${second}`, { first_name: 'X' }).expect(404);

      // Events: .updated for the survivor and each merged contact, .updated for each transaction whose links moved, .merged.
      const updated = (await outbox('transactions.contact.updated')).filter((p) => [first, second, third].includes(p.contact_id as number));
      expect(updated.map((p) => [p.contact_id, p.status, p.version]).sort()).toEqual(
        [
          [first, 'active', 2],
          [second, 'merged', 2],
          [third, 'merged', 2],
        ].sort(),
      );
      const moved = (await outbox('transactions.transaction.updated')).filter((p) =>
        [txA.client_id, txB.client_id, txC.client_id].includes(p.client_id as number),
      );
      expect(moved.map((p) => [p.client_id, p.version]).sort()).toEqual(
        versions
          .filter((v: { client_id: number }) => v.client_id !== txA.client_id)
          .map((v: { client_id: number; version: number }) => [v.client_id, v.version + 1])
          .sort(),
      );
      expect((await outbox('transactions.contact.merged')).at(-1)).toEqual({ survivor_id: first, merged_ids: [second, third] });
    });

    const parse = (text: string) => text.trimEnd().split('\r\n');

    it('answers 409 to a merge of a contact that another merge holds', async () => {
      const a = await contactOf({ first_name: 'Lock', last_name: 'One' });
      const b = await contactOf({ first_name: 'Lock', last_name: 'Two' });
      const { body: conflicts } = await admin()
        .get('/contacts/merge/conflicts', { contact_ids: `${a},${b}` })
        .expect(200);
      const resolutions = conflicts.fields.map((f: { field: string }) => ({ field: f.field, contact_id: a }));
      // On a connection of the test's own: the service's pool (of one here) must stay free for the merge.
      const side = await sideDataSource(sut.dataSource);
      const holder = side.createQueryRunner();
      await holder.connect();
      await holder.startTransaction();
      try {
        await holder.query(`SELECT contact_id FROM transactions.contacts WHERE contact_id = $1 FOR UPDATE`, [b]);
        const busy = await admin()
          .post('/contacts/merge', { contact_ids: [a, b], resolutions })
          .expect(409);
        expect(busy.body.message).toBe(CONTACT_MESSAGES.mergeBusy);
      } finally {
        await holder.rollbackTransaction();
        await holder.release();
        await side.destroy();
      }
      await admin()
        .post('/contacts/merge', { contact_ids: [a, b], resolutions })
        .expect(200);
    });

    it('lets two merges of the same contacts race: one wins, the other gets 409 or 404, never a 500', async () => {
      const a = await contactOf({ first_name: 'Race', last_name: 'One' });
      const b = await contactOf({ first_name: 'Race', last_name: 'Two' });
      const { body: conflicts } = await admin()
        .get('/contacts/merge/conflicts', { contact_ids: `${a},${b}` })
        .expect(200);
      const resolutions = conflicts.fields.map((f: { field: string }) => ({ field: f.field, contact_id: b }));
      const results = await Promise.all([1, 2, 3].map(() => admin().post('/contacts/merge', { contact_ids: [a, b], resolutions })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => [200, 404, 409].includes(s))).toBe(true);
    });
  });
});
