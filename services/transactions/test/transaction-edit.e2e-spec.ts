import type { Role } from '@app/contracts';
import { TasksFactory, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { apiAs, bootTransactions } from './transactions-test-kit';

describe('transaction modal and page calls', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 601;
  const RIVAL = 602;
  const ADMIN = 21;
  const AGENT = 22;
  const OTHER_AGENT = 23;
  const TC = 24;
  const VENDOR = 25;
  const CLIENT = 26;
  const ISA = 27;
  const RIVAL_AGENT = 28;
  let mine: number;
  let others: number;
  let rivals: number;

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const agent = () => as('AGENT', AGENT);
  const versionOf = async (clientId: number) =>
    (await sut.dataSource.query(`SELECT version FROM transactions.transactions WHERE client_id = $1`, [clientId]))[0].version as number;
  const outboxOf = async (clientId: number) =>
    sut.dataSource.query(
      `SELECT type, version AS envelope_version, (payload->>'version')::int AS version, payload FROM transactions.outbox
        WHERE (payload->>'client_id')::int = $1 ORDER BY seq`,
      [clientId],
    ) as Promise<{ type: string; envelope_version: number; version: number; payload: Record<string, unknown> }[]>;
  const patch = (clientId: number, preset: string, changes: Record<string, unknown>, who = admin) =>
    who().patch(`/transaction/${clientId}`, { client_id: clientId, preset, changes });

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT'], { first_name: 'Olly', last_name: 'Other' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tess', last_name: 'Coordinator' });
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(TEAM, ISA, ['ISISA']);
    await factory.agent(RIVAL, RIVAL_AGENT, ['AGENT']);
    mine = (
      await factory.transaction(team, {
        first_name: 'Mina',
        last_name: 'Mine',
        address_1: '1 Elm St',
        primary_agent_id: AGENT,
        vendor_user_ids: [VENDOR],
        trans_amt: 300_000,
        gci_pct: 3,
      })
    ).client_id;
    others = (
      await factory.transaction(team, { first_name: 'Otto', last_name: 'Others', address_1: '2 Oak Ave', primary_agent_id: OTHER_AGENT })
    ).client_id;
    rivals = (await factory.transaction(rival, { first_name: 'Rita', last_name: 'Rival', address_1: '3 Pine Rd' })).client_id;
  });
  afterAll(() => booted.close());

  describe('GET /transaction/{client_id}', () => {
    it('answers the row plus every field of the page form, its contacts and linked users', async () => {
      const { body } = await admin().get(`/transaction/${mine}`).expect(200);
      expect(body).toMatchObject({
        client_id: mine,
        address: '1 Elm St, Chicago, IL 60601',
        contact_name: 'Mina Mine',
        side: 'b',
        type: 'Buyer',
        team_form_id: team.page_form_id,
        status_id: team.statuses.pipeline,
        can_edit: 'all',
        version: 1,
        contacts: [{ first_name: 'Mina', last_name: 'Mine', is_primary: true }],
        linked_users: [{ agent_id: VENDOR, role: 'VENDOR' }],
      });
      expect(body.field_order).toEqual([
        'trans_amt',
        'gci_pct',
        'gross_commission_amt',
        'est_close_dt',
        'lead_type_id',
        'mls_number',
        'square_feet',
        'listing_link',
        'hoa',
        'loan_type',
        'referral_pct',
        'co_op_email',
        'title_company',
      ]);
      expect(body.values.gross_commission_amt).toEqual({ label: 'Gross Commission', value: 9000 });
      expect(body.fields.map((f: { field_key: string }) => f.field_key)).toEqual(body.field_order);
    });

    it("uses the form asked for; another team's form is 404", async () => {
      const { body } = await admin().get(`/transaction/${mine}`, { team_form_id: team.list_form_id }).expect(200);
      expect(body.field_order).toEqual(['trans_amt', 'est_close_dt', 'mls_number', 'square_feet']);
      await admin().get(`/transaction/${mine}`, { team_form_id: rival.page_form_id }).expect(404);
      // -1: the list form (the modal shows the list's fields).
      expect((await admin().get(`/transaction/${mine}`, { team_form_id: -1 }).expect(200)).body.team_form_id).toBe(team.list_form_id);
    });

    it('is 404 for another team, for an AGENT not its primary agent and for an unlinked VENDOR; CLIENT 403', async () => {
      await admin().get(`/transaction/${rivals}`).expect(404);
      await agent().get(`/transaction/${others}`).expect(404);
      await agent().get(`/transaction/${mine}`).expect(200);
      await as('VENDOR', VENDOR).get(`/transaction/${others}`).expect(404);
      const vendor = await as('VENDOR', VENDOR).get(`/transaction/${mine}`).expect(200);
      expect(vendor.body.can_edit).toBe('none');
      expect(vendor.body.field_order).not.toContain('trans_amt');
      expect(vendor.body.contacts[0].email).toBeNull();
      await as('CLIENT', CLIENT).get(`/transaction/${mine}`).expect(403);
      await admin().get('/transaction/abc').expect(400);
    });
  });

  describe('PATCH /transaction/{client_id} by preset', () => {
    it.each([
      ['task_modal', { client_stage_id: 'pending', tc_agent_id: TC, tags: 'hot' }],
      ['transaction_modal', { client_stage_id: 'pending', agent_id: OTHER_AGENT }],
      ['board', { client_stage_id: 'pending' }],
    ])('%s accepts its fields', async (preset, template) => {
      const { client_id } = await factory.transaction(team, { primary_agent_id: AGENT });
      const changes: Record<string, unknown> = { ...template };
      if (changes.client_stage_id) changes.client_stage_id = team.stages.pending;
      if (changes.tags) changes.tags = [team.tags.hot];
      const { body } = await patch(client_id, preset, changes).expect(200);
      expect(body).toMatchObject({ client_id, version: 2 });
      const [row] = await sut.dataSource.query(
        `SELECT stage_id, tc_agent_id, tag_ids, primary_agent_id, tags_sort, primary_agent_name FROM transactions.transactions WHERE client_id = $1`,
        [client_id],
      );
      expect(row.stage_id).toBe(team.stages.pending);
      if (preset === 'task_modal') expect(row).toMatchObject({ tc_agent_id: TC, tag_ids: [team.tags.hot], tags_sort: 'hot' });
      if (preset === 'transaction_modal') expect(row).toMatchObject({ primary_agent_id: OTHER_AGENT, primary_agent_name: 'Olly Other' });
    });

    it.each([
      ['task_modal', { agent_id: OTHER_AGENT }],
      ['transaction_modal', { tc_agent_id: TC }],
      ['board', { tags: [] }],
      ['board', { trans_amt: 5 }],
      ['page', { status_id: 1 }],
      ['page', { version: 9 }],
    ])("%s refuses %j with 'Not allowed here' and changes nothing", async (preset, changes) => {
      const before = await versionOf(mine);
      const { body } = await patch(mine, preset, changes).expect(400);
      expect(body.errors).toEqual([{ field: `changes.${Object.keys(changes)[0]}`, error: 'Not allowed here' }]);
      expect(await versionOf(mine)).toBe(before);
    });

    it('page takes the page form, address, contact, linked users and amounts, with the shared field rules', async () => {
      const { client_id } = await factory.transaction(team, { primary_agent_id: AGENT, trans_amt: 100_000, gci_pct: 3 });
      await patch(client_id, 'page', {
        address_1: '77 Sunset Blvd',
        city: 'Evanston',
        email: ' New.Mail@Example.com ',
        mobile_phone: '(312) 555-0100',
        trans_amt: '250000.50',
        gci_pct: 2.12345678,
        est_close_dt: '12/31/2026',
        mls_number: 'MLS-1',
        square_feet: '2400',
        listing_link: 'https://listings.example.com/1',
        hoa: 'Y',
        loan_type: 'FHA',
        referral_pct: 25.5,
        co_op_email: 'coop@example.com',
        title_company: 'First Title',
        client_user_ids: [CLIENT],
        vendor_user_ids: [VENDOR],
        lead_type_id: team.lead_type_id,
      }).expect(200);
      const [row] = await sut.dataSource.query(
        `SELECT address_1, city, email, mobile_phone, trans_amt::float8, gci_pct::float8, gross_commission_amt::float8, to_char(est_close_dt, 'YYYY-MM-DD') AS est_close_dt,
                custom_values, client_user_ids, vendor_user_ids FROM transactions.transactions WHERE client_id = $1`,
        [client_id],
      );
      expect(row).toEqual({
        address_1: '77 Sunset Blvd',
        city: 'Evanston',
        email: 'New.Mail@Example.com',
        mobile_phone: '3125550100',
        trans_amt: 250000.5,
        gci_pct: 2.12345678,
        gross_commission_amt: 5308.65,
        est_close_dt: '2026-12-31',
        custom_values: {
          mls_number: 'MLS-1',
          square_feet: 2400,
          listing_link: 'https://listings.example.com/1',
          hoa: 'Y',
          loan_type: 'FHA',
          referral_pct: 25.5,
          co_op_email: 'coop@example.com',
          title_company: 'First Title',
        },
        client_user_ids: [CLIENT],
        vendor_user_ids: [VENDOR],
      });
      // The primary contact follows the name, email and phone.
      const [contact] = await sut.dataSource.query(
        `SELECT c.email, c.mobile_phone, c.version FROM transactions.contacts c JOIN transactions.transaction_contacts l USING (contact_id) WHERE l.client_id = $1`,
        [client_id],
      );
      expect(contact).toEqual({ email: 'New.Mail@Example.com', mobile_phone: '3125550100', version: 2 });
    });

    it.each([
      ['co_op_email', 'not-an-email', 'This is an invalid email address'],
      ['email', 'a..b@example.com', 'This is an invalid email address'],
      ['listing_link', 'ftp://example.com', 'The URL must start with "http://" or "https://".'],
      ['listing_link', 'https://exa mple.com', 'The URL format is invalid.'],
      ['square_feet', '1.5', 'Please enter a whole number'],
      ['square_feet', '1,000', 'Please enter a whole number'],
      ['trans_amt', '10.555', 'Please enter a valid amount'],
      ['referral_pct', 1.23456, 'Please enter a valid percentage'],
      ['gci_pct', 1.123456789, 'Please enter a valid percentage'],
      ['est_close_dt', '2026-12-31', 'Please enter a valid date (MM/DD/YYYY)'],
      ['est_close_dt', '02/30/2026', 'Please enter a valid date (MM/DD/YYYY)'],
      ['mobile_phone', '555-01', 'Please enter a valid phone number'],
      ['title_company', '', 'This field is required'],
      ['loan_type', 'Balloon', 'Please enter a valid value'],
      ['hoa', 'yes', 'Please enter a valid value'],
      ['client_user_ids', [VENDOR], 'Please choose one of the options'],
      ['tc_agent_id', AGENT, 'Please choose one of the options'],
      ['client_stage_id', 999_999, 'Please choose one of the options'],
      ['agent_id', RIVAL_AGENT, 'Please choose one of the options'],
    ])('page refuses %s = %j: %s, and changes nothing', async (key, value, error) => {
      const before = await versionOf(mine);
      const { body } = await patch(mine, 'page', { mls_number: 'kept?', [key]: value }).expect(400);
      expect(body.errors).toEqual([{ field: `changes.${key}`, error }]);
      expect(await versionOf(mine)).toBe(before);
      expect(
        (
          await sut.dataSource.query(`SELECT custom_values->>'mls_number' AS m FROM transactions.transactions WHERE client_id = $1`, [mine])
        )[0].m,
      ).not.toBe('kept?');
    });

    it("refuses another team's stage and tag ids, a body client_id that is not the path's, and a task_id that is not this transaction's", async () => {
      expect((await patch(mine, 'board', { client_stage_id: rival.stages.pending }).expect(400)).body.errors).toEqual([
        { field: 'changes.client_stage_id', error: 'Please choose one of the options' },
      ]);
      expect((await patch(mine, 'task_modal', { tags: [rival.tags.hot] }).expect(400)).body.errors[0].field).toBe('changes.tags');
      const mismatch = await admin().patch(`/transaction/${mine}`, { client_id: others, preset: 'board', changes: {} }).expect(400);
      expect(mismatch.body.errors).toEqual([{ field: 'client_id', error: "client_id must be the transaction's id" }]);
      const othersTask = await new TasksFactory(sut.dataSource).task(TEAM, others);
      const task = await admin()
        .patch(`/transaction/${mine}`, { client_id: mine, task_id: othersTask, preset: 'board', changes: {} })
        .expect(400);
      expect(task.body.errors).toEqual([{ field: 'task_id', error: 'Not a task of this transaction' }]);
      const ownTask = await new TasksFactory(sut.dataSource).task(TEAM, mine);
      await admin().patch(`/transaction/${mine}`, { client_id: mine, task_id: ownTask, preset: 'board', changes: {} }).expect(200);
      await admin().patch(`/transaction/${mine}`, { client_id: mine, preset: 'modal', changes: {} }).expect(400);
    });

    it('rights: AGENT and ISISA change what they see but not the agent; VENDOR cannot write; CLIENT 403; another team 404', async () => {
      await patch(mine, 'board', { client_stage_id: team.stages.lead }, agent).expect(200);
      await patch(mine, 'board', { client_stage_id: team.stages.pending }, () => as('ISISA', ISA)).expect(200);
      const refused = await patch(mine, 'transaction_modal', { agent_id: OTHER_AGENT }, agent).expect(403);
      expect(refused.body.message).toBe('You cannot change the agent');
      await patch(others, 'board', { client_stage_id: team.stages.lead }, agent).expect(404);
      await patch(mine, 'board', { client_stage_id: team.stages.lead }, () => as('VENDOR', VENDOR)).expect(403);
      await patch(mine, 'board', { client_stage_id: team.stages.lead }, () => as('CLIENT', CLIENT)).expect(403);
      await patch(rivals, 'board', { client_stage_id: rival.stages.lead }).expect(404);
      await patch(mine, 'transaction_modal', { agent_id: AGENT }, () => as('TRANC', TC)).expect(200);
      // ISISA changes what it sees, but not the agent either.
      expect((await patch(mine, 'page', { agent_id: OTHER_AGENT }, () => as('ISISA', ISA)).expect(403)).body.message).toBe(
        'You cannot change the agent',
      );
      expect(
        (await sut.dataSource.query(`SELECT primary_agent_id FROM transactions.transactions WHERE client_id = $1`, [mine]))[0]
          .primary_agent_id,
      ).toBe(AGENT);
      // Lead types and linked users must be the team's too.
      expect((await patch(mine, 'page', { lead_type_id: rival.lead_type_id }).expect(400)).body.errors).toEqual([
        { field: 'changes.lead_type_id', error: 'Please choose one of the options' },
      ]);
      expect((await patch(mine, 'page', { vendor_user_ids: [RIVAL_AGENT] }).expect(400)).body.errors).toEqual([
        { field: 'changes.vendor_user_ids', error: 'Please choose one of the options' },
      ]);
    });

    it('writes a history row per changed field and one updated event with the new version, in the same transaction', async () => {
      const { client_id } = await factory.transaction(team, { primary_agent_id: AGENT, trans_amt: 100_000, gci_pct: 3 });
      await patch(client_id, 'page', { trans_amt: 200_000, mls_number: 'M-9' }).expect(200);
      // Nothing that differs: no version, no history, no event.
      expect((await patch(client_id, 'page', { trans_amt: 200000, mls_number: 'M-9' }).expect(200)).body.version).toBe(2);
      const { body } = await admin().get(`/transaction/${client_id}/history`).expect(200);
      expect(
        body.records.map(
          (r: { field: string; label: string; old_value: string | null; new_value: string | null; source: string; agent_name: string }) => [
            r.label,
            r.old_value,
            r.new_value,
            r.source,
            r.agent_name,
          ],
        ),
      ).toEqual([
        ['Gross Commission', '3000', '6000', 'console', 'Ada Admin'],
        ['MLS #', null, 'M-9', 'console', 'Ada Admin'],
        ['Price', '100000', '200000', 'console', 'Ada Admin'],
      ]);
      expect(body.pagination).toMatchObject({ total: 3, page: 1 });
      // Paged as asked: past the last row, none, with the total still counted; page sizes as the list's.
      const second = await admin().get(`/transaction/${client_id}/history`, { page: 2, per_page: 10 }).expect(200);
      expect(second.body).toEqual({
        records: [],
        pagination: { total: 3, page: 2, per_page: 10, pages: 1, has_next: false, has_prev: true },
      });
      expect((await admin().get(`/transaction/${client_id}/history`, { per_page: 7 }).expect(400)).body.errors).toEqual([
        { field: 'per_page', error: 'Must be one of 10, 20, 60, 100' },
      ]);
      const events = await outboxOf(client_id);
      expect(events.map((e) => [e.type, e.envelope_version, e.version])).toEqual([['transactions.transaction.updated', 1, 2]]);
      expect(events[0].payload).toMatchObject({ trans_amt: 200000, gross_commission_amt: 6000, custom_values: { mls_number: 'M-9' } });
    });
  });

  it('keeps the gross following price x percent, exactly to the cent, when a form sends the gross it computed', async () => {
    const { client_id } = await factory.transaction(team, { primary_agent_id: AGENT, trans_amt: 100_000, gci_pct: 3 });
    const gross = async () =>
      (
        await sut.dataSource.query(
          `SELECT gross_commission_amt::float8 AS g, gross_commission_typed AS typed FROM transactions.transactions WHERE client_id = $1`,
          [client_id],
        )
      )[0];
    // 100,000.10 x 2.5% = 2,500.0025 -> 2,500.00; 100,000.30 x 2.5% = 2,500.0075 -> 2,500.01 (half away from zero).
    await patch(client_id, 'page', { trans_amt: 100000.1, gci_pct: 2.5, gross_commission_amt: 2500 }).expect(200);
    expect(await gross()).toEqual({ g: 2500, typed: false });
    await patch(client_id, 'page', { trans_amt: 100000.3 }).expect(200);
    expect(await gross()).toEqual({ g: 2500.01, typed: false });
    // A gross that differs is typed, and stays as typed when the price moves.
    await patch(client_id, 'page', { gross_commission_amt: 1234.56 }).expect(200);
    await patch(client_id, 'page', { trans_amt: 200000 }).expect(200);
    expect(await gross()).toEqual({ g: 1234.56, typed: true });
  });

  it("page takes a field of the user's default form that the page form does not show", async () => {
    await sut.dataSource.query(
      `INSERT INTO transactions.custom_fields (team_id, field_key, label, type, sort) VALUES ($1, 'survey_note', 'Survey Note', 'text', 90)`,
      [TEAM],
    );
    await patch(mine, 'page', { survey_note: 'Fence line ok' }).expect(200);
  });

  describe('PATCH /transaction/{client_id}/status', () => {
    it('requires each date the target status asks for, keeps earlier dates, and publishes status-changed; closed once per closing', async () => {
      const { client_id } = await factory.transaction(team, { primary_agent_id: AGENT });
      await sut.dataSource.query(`UPDATE transactions.statuses SET dates = '{under_contract_dt,est_close_dt}' WHERE status_id = $1`, [
        team.statuses.underContract,
      ]);
      await sut.dataSource.query(`UPDATE transactions.statuses SET dates = '{closed_dt}' WHERE status_id = $1`, [team.statuses.closed]);
      await sut.dataSource.query(`UPDATE transactions.statuses SET dates = '{lost_dt}', asks_lost_reason = true WHERE status_id = $1`, [
        team.statuses.lost,
      ]);
      const move = (status_id: number, dates?: Record<string, string>) =>
        admin().patch(`/transaction/${client_id}/status`, { status_id, dates });

      const missing = await move(team.statuses.underContract, { under_contract_dt: '03/01/2026' }).expect(400);
      expect(missing.body.errors).toEqual([{ field: 'dates.est_close_dt', error: 'This field is required' }]);
      expect(
        (await move(team.statuses.underContract, { under_contract_dt: '2026-03-01', est_close_dt: '04/01/2026' }).expect(400)).body.errors,
      ).toEqual([{ field: 'dates.under_contract_dt', error: 'Please enter a valid date (MM/DD/YYYY)' }]);
      expect(await versionOf(client_id)).toBe(1);
      await move(team.statuses.underContract, { under_contract_dt: '03/01/2026', est_close_dt: '04/01/2026' }).expect(200);
      await move(team.statuses.closed, { closed_dt: '04/02/2026' }).expect(200);
      const [row] = await sut.dataSource.query(
        `SELECT status_category, to_char(under_contract_dt, 'MM/DD/YYYY') AS uc, to_char(closed_dt, 'MM/DD/YYYY') AS closed FROM transactions.transactions WHERE client_id = $1`,
        [client_id],
      );
      expect(row).toEqual({ status_category: 'closed', uc: '03/01/2026', closed: '04/02/2026' });
      // Pipeline asks for nothing; Lost asks for its date and a reason.
      expect((await move(team.statuses.lost, { lost_dt: '04/03/2026' }).expect(400)).body.errors).toEqual([
        { field: 'dates.lost_reason', error: 'This field is required' },
      ]);
      await move(team.statuses.pipeline).expect(200);
      await move(team.statuses.closed, { closed_dt: '05/01/2026' }).expect(200);
      await move(team.statuses.closed, { closed_dt: '05/01/2026' }).expect(200);
      const events = (await outboxOf(client_id)).map((e) => [e.type, e.version]);
      expect(events.filter(([type]) => type === 'transactions.transaction.closed')).toEqual([
        ['transactions.transaction.closed', 3],
        ['transactions.transaction.closed', 5],
      ]);
      const changed = (await outboxOf(client_id)).filter((e) => e.type === 'transactions.transaction.status-changed');
      expect(changed.map((e) => [e.payload.from_status_id, e.payload.to_status_id])).toEqual([
        [team.statuses.pipeline, team.statuses.underContract],
        [team.statuses.underContract, team.statuses.closed],
        [team.statuses.closed, team.statuses.pipeline],
        [team.statuses.pipeline, team.statuses.closed],
      ]);
      expect(changed[1].payload.dates).toMatchObject({ under_contract_dt: '2026-03-01', closed_dt: '2026-04-02' });
      await admin().patch(`/transaction/${client_id}/status`, { status_id: rival.statuses.closed }).expect(400);
      await as('VENDOR', VENDOR).patch(`/transaction/${mine}/status`, { status_id: team.statuses.closed }).expect(403);
    });
  });

  describe('POST /transactions', () => {
    it('creates with the caller as agent, a new contact and its event, on the first status', async () => {
      const { body } = await agent()
        .post('/transactions', {
          type: 's',
          contact: { first_name: 'Nia', last_name: 'New', email: 'nia@example.com', mobile_phone: '312.555.0111' },
          stage_id: team.stages.lead,
        })
        .expect(201);
      const [row] = await sut.dataSource.query(
        `SELECT type, primary_agent_id, status_id, first_name, mobile_phone, version FROM transactions.transactions WHERE client_id = $1`,
        [body.client_id],
      );
      expect(row).toEqual({
        type: 's',
        primary_agent_id: AGENT,
        status_id: team.statuses.pipeline,
        first_name: 'Nia',
        mobile_phone: '3125550111',
        version: 1,
      });
      const events = await sut.dataSource.query(
        `SELECT type FROM transactions.outbox WHERE (type = 'transactions.contact.created' AND payload->>'first_name' = 'Nia') OR (payload->>'client_id')::int = $1 ORDER BY seq`,
        [body.client_id],
      );
      expect(events.map((e: { type: string }) => e.type)).toEqual(['transactions.contact.created', 'transactions.transaction.created']);
    });

    it('takes an address without a contact, and page values; refuses what the rules refuse', async () => {
      const { body } = await admin()
        .post('/transactions', { type: 'b', address_1: '9 River Rd', primary_agent_id: OTHER_AGENT, values: { mls_number: 'X1' } })
        .expect(201);
      const [row] = await sut.dataSource.query(
        `SELECT primary_agent_id, custom_values FROM transactions.transactions WHERE client_id = $1`,
        [body.client_id],
      );
      expect(row).toEqual({ primary_agent_id: OTHER_AGENT, custom_values: { mls_number: 'X1' } });

      const count = async () => (await sut.dataSource.query(`SELECT count(*)::int AS n FROM transactions.transactions`))[0].n;
      const before = await count();
      expect((await admin().post('/transactions', { type: 'b' }).expect(400)).body.errors).toEqual([
        { field: 'address_1', error: 'Enter a contact or an address' },
      ]);
      expect((await admin().post('/transactions', { address_1: 'x' }).expect(400)).body.errors[0].field).toBe('type');
      expect(
        (await agent().post('/transactions', { type: 'b', address_1: 'x', primary_agent_id: OTHER_AGENT }).expect(400)).body.errors,
      ).toEqual([{ field: 'primary_agent_id', error: 'An agent can only add transactions of their own' }]);
      expect(
        (
          await admin()
            .post('/transactions', { type: 'b', contact: { email: 'bad' } })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'contact.email', error: 'This is an invalid email address' }]);
      expect(
        (
          await admin()
            .post('/transactions', { type: 'b', address_1: 'x', values: { square_feet: '1.5' } })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'values.square_feet', error: 'Please enter a whole number' }]);
      expect(await count()).toBe(before);
      await as('VENDOR', VENDOR).post('/transactions', { type: 'b', address_1: 'x' }).expect(403);
      await as('CLIENT', CLIENT).post('/transactions', { type: 'b', address_1: 'x' }).expect(403);
    });
  });

  describe('select options', () => {
    it('GET /transaction/select-options: up to 20 the caller sees, matched like quick search', async () => {
      const { body } = await admin().get('/transaction/select-options', { term: 'elm st', result_type: 'complex' }).expect(200);
      expect(body.select_options).toEqual([{ id: mine, text: '1 Elm St, Chicago, IL 60601 - Mina Mine (Buyer)' }]);
      // By email and by phone digits, as quick search matches; a seller says so.
      const seller = (
        await factory.transaction(team, {
          type: 's',
          first_name: 'Sela',
          last_name: 'Seller',
          address_1: '8 Birch Ln',
          email: 'sela.seller@example.com',
          mobile_phone: '3125550142',
        })
      ).client_id;
      expect((await admin().get('/transaction/select-options', { term: 'sela.seller@example.com' })).body.select_options).toEqual([
        { id: seller, text: '8 Birch Ln, Chicago, IL 60601 - Sela Seller (Seller)' },
      ]);
      expect(
        (await admin().get('/transaction/select-options', { term: '555-0142' })).body.select_options.map((o: { id: number }) => o.id),
      ).toEqual([seller]);
      const byName = await admin().get('/transaction/select-options', { term: 'Otto' }).expect(200);
      expect(byName.body.select_options).toEqual([{ id: others, text: '2 Oak Ave, Chicago, IL 60601 - Otto Others (Buyer)' }]);
      expect((await agent().get('/transaction/select-options', { term: 'Otto' })).body.select_options).toEqual([]);
      expect((await admin().get('/transaction/select-options', { term: 'Rita' })).body.select_options).toEqual([]);
      // Never more than 20.
      for (let i = 0; i < 21; i++) await factory.transaction(team, { first_name: 'Twenty', last_name: `Many${i}` });
      expect((await admin().get('/transaction/select-options', { term: 'Twenty' })).body.select_options).toHaveLength(20);
      expect((await admin().get('/transaction/select-options')).body.select_options).toHaveLength(20);
    });

    it('GET /transaction/form/select-options: each select, another name 404', async () => {
      const choices = async (element_name: string) =>
        (await admin().get('/transaction/form/select-options', { element_name }).expect(200)).body.choices;
      expect(await choices('stage')).toEqual([
        { value: team.stages.lead, label: 'New Lead' },
        { value: team.stages.pending, label: 'Pending' },
      ]);
      expect((await choices('status')).map((c: { label: string }) => c.label)).toEqual(['Pipeline', 'Under Contract', 'Closed', 'Lost']);
      expect(await choices('tc')).toEqual([{ value: TC, label: 'Tess Coordinator' }]);
      expect((await choices('agent')).map((c: { value: number }) => c.value).sort()).toEqual([ADMIN, AGENT, OTHER_AGENT, TC, ISA].sort());
      expect(await choices('loan_type')).toEqual([
        { value: 'Conventional', label: 'Conventional' },
        { value: 'FHA', label: 'FHA' },
        { value: 'Cash', label: 'Cash' },
      ]);
      expect((await choices('lost_reason')).length).toBeGreaterThan(0);
      expect(await choices('lead_type')).toEqual([{ value: team.lead_type_id, label: 'Zillow' }]);
      expect(await choices('original_lead_type')).toEqual([{ value: team.lead_type_id, label: 'Zillow' }]);
      expect((await choices('tag')).map((c: { value: number; label: string }) => c.value)).toEqual(expect.arrayContaining([team.tags.hot]));
      expect(await choices('tag')).not.toContainEqual(expect.objectContaining({ value: rival.tags.hot }));
      await admin().get('/transaction/form/select-options', { element_name: 'mls_number' }).expect(404);
      await admin().get('/transaction/form/select-options', { element_name: 'password' }).expect(404);
    });
  });
});
