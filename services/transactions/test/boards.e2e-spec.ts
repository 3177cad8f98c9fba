import type { Role } from '@app/contracts';
import { sideDataSource, TasksFactory, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { TasksRepository } from '../src/tasks/tasks.repository';
import { apiAs, bootTransactions, publishedOf } from './transactions-test-kit';

// Boards (spec 001 sections 2-4 and 9): columns and totals, card order, card actions and their
// events, hidden cards, the filter keys on the transaction boards, and each role's rights.

describe('boards', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let tasks: TasksFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 951;
  const RIVAL = 952;
  const ADMIN = 81;
  const AGENT = 82;
  const OTHER_AGENT = 83;
  const TC = 84;
  const ISA = 85;
  const VENDOR = 86;
  const CLIENT = 87;
  const RIVAL_ADMIN = 88;

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const agent = () => as('AGENT', AGENT);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);
  const ids = (body: { records: { id: number }[] }) => body.records.map((card) => card.id);
  const totals = (body: { columns: { id: number; total: number }[] }) =>
    Object.fromEntries(body.columns.map((column) => [column.id, column.total]));
  const act = (card_type: 'task' | 'transaction', id: number, action: string, who = admin) =>
    who().patch('/boards/cards', { card_type, id, action });
  /** Fixes updated_ts so that the middle of a column has a known order (newest first). */
  const touched = (clientId: number, minutesAgo: number) =>
    query(`UPDATE transactions.transactions SET updated_ts = now() - make_interval(mins => $2) WHERE client_id = $1`, [
      clientId,
      minutesAgo,
    ]);

  // Under Contract, stage Pending: five transactions of AGENT (a..e), one of OTHER_AGENT; Pipeline: two.
  let uc: number[];
  let others: number;
  let pipeline: number[];

  beforeAll(async () => {
    booted = await bootTransactions();
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    tasks = new TasksFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT'], { first_name: 'Olive', last_name: 'Other' });
    await factory.agent(TEAM, TC, ['TRANC'], { first_name: 'Tara', last_name: 'Coordinator' });
    await factory.agent(TEAM, ISA, ['ISISA'], { first_name: 'Isa', last_name: 'Setter' });
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(RIVAL, RIVAL_ADMIN, ['ADMIN']);
    await query(`UPDATE transactions.agents SET profile_image_path = 'profiles/alex.png' WHERE agent_id = $1`, [AGENT]);
    uc = [];
    for (let i = 0; i < 5; i += 1) {
      const made = await factory.transaction(team, {
        primary_agent_id: AGENT,
        primary_agent_name: 'Alex Agent',
        status: 'underContract',
        stage_id: team.stages.pending,
        type: i % 2 ? 's' : 'b',
        tag_ids: i === 0 ? [team.tags.hot] : [],
        trans_amt: 400_000 + i,
        custom_values: { mls_number: `MLS-${i}` },
        est_close_dt: i === 0 ? '2030-03-15' : null,
        vendor_user_ids: i === 0 ? [VENDOR] : [],
      });
      uc.push(made.client_id);
      await touched(made.client_id, 100 - i); // uc[4] is the newest
    }
    others = (
      await factory.transaction(team, {
        primary_agent_id: OTHER_AGENT,
        status: 'underContract',
        stage_id: team.stages.pending,
        trans_amt: 100,
      })
    ).client_id;
    await touched(others, 200);
    pipeline = [];
    for (let i = 0; i < 2; i += 1) {
      pipeline.push(
        (await factory.transaction(team, { primary_agent_id: AGENT, status: 'pipeline', stage_id: team.stages.lead, type: 's' })).client_id,
      );
    }
    await factory.transaction(rival, { status: 'underContract', stage_id: rival.stages.pending });
  }, 60_000);
  afterAll(() => booted.close());

  describe('columns and totals', () => {
    it("the stages board lists the team's stages in pipeline order with the caller's totals", async () => {
      const { body } = await admin().get('/boards/stages').expect(200);
      expect(body).toEqual({
        board: 'stages',
        columns: [
          { id: team.stages.lead, label: 'New Lead', color: '#EEEEEE', font_color: 'dark', total: 2 },
          { id: team.stages.pending, label: 'Pending', color: '#EEEEEE', font_color: 'dark', total: 6 },
        ],
      });
      // AGENT: only their own transactions.
      expect(totals((await agent().get('/boards/stages').expect(200)).body)).toEqual({ [team.stages.lead]: 2, [team.stages.pending]: 5 });
      // VENDOR: only those linked to them.
      expect(totals((await as('VENDOR', VENDOR).get('/boards/stages').expect(200)).body)).toEqual({
        [team.stages.lead]: 0,
        [team.stages.pending]: 1,
      });
    });

    it('the status board lists the statuses, Pipeline first', async () => {
      const { body } = await admin().get('/boards/status').expect(200);
      expect(body.columns.map((column: { label: string; total: number }) => [column.label, column.total])).toEqual([
        ['Pipeline', 2],
        ['Under Contract', 6],
        ['Closed', 0],
        ['Lost', 0],
      ]);
    });

    it('the tasks board lists the four task statuses; Completed holds the last 30 days only', async () => {
      const client = uc[0];
      const open = await tasks.task(TEAM, client, { assigned_to_agent_id: AGENT, due_dt: '2030-01-02' });
      await tasks.task(TEAM, client, { status_id: 2, assigned_to_agent_id: AGENT });
      const recent = await tasks.task(TEAM, client, { status_id: 3 });
      const old = await tasks.task(TEAM, client, { status_id: 3 });
      await tasks.task(TEAM, client, { status_id: 4 });
      await query(`UPDATE transactions.tasks SET completed_ts = now() - interval '2 days' WHERE task_id = $1`, [recent]);
      await query(`UPDATE transactions.tasks SET completed_ts = now() - interval '31 days' WHERE task_id = $1`, [old]);
      const { body } = await admin().get('/boards/tasks').expect(200);
      expect(body.columns.map((column: { id: number; label: string; total: number }) => [column.id, column.label, column.total])).toEqual([
        [1, 'Not Started', 1],
        [2, 'In Progress', 1],
        [3, 'Completed', 1],
        [4, 'Not Applicable', 1],
      ]);
      expect(body.columns[0]).toMatchObject({ color: expect.stringMatching(/^#/), font_color: expect.stringMatching(/^(dark|light)$/) });
      const completed = (await admin().get('/boards/tasks/cards', { column_id: 3 }).expect(200)).body;
      expect(ids(completed)).toEqual([recent]);
      const [card] = (await admin().get('/boards/tasks/cards', { column_id: 1 }).expect(200)).body.records;
      expect(card).toMatchObject({
        id: open,
        name: expect.any(String),
        due_dt: '01/02/2030',
        due: { date: '01/02/2030' },
        pinned_on_boards: false,
        assigned_to_agent: { id: AGENT, first_name: 'Alex', last_name: 'Agent', profile_path: 'profiles/alex.png' },
        transaction: {
          id: client,
          type: 'buyer',
          stage: { id: team.stages.pending, label: 'Pending', color: '#EEEEEE', font_color: 'dark' },
          status: { id: team.statuses.underContract, label: 'Under Contract' },
          tags: [{ id: team.tags.hot, label: 'Hot', border: '#FF0000' }],
        },
        transaction_color_css: `status-${team.statuses.underContract}`,
        can_act: true,
      });
      await query(`DELETE FROM transactions.tasks WHERE client_id = $1`, [client]);
    });

    it('CLIENT 403; an unknown board, a column not of the board or of another team, and a bad page size 400', async () => {
      await as('CLIENT', CLIENT).get('/boards/stages').expect(403);
      await as('CLIENT', CLIENT).get('/boards/tasks/cards', { column_id: 1 }).expect(403);
      expect((await admin().get('/boards/roadmaps').expect(400)).body.errors).toEqual([
        { field: 'board', error: 'Choose one of tasks, stages, status' },
      ]);
      expect((await admin().get('/boards/tasks/cards', { column_id: 5 }).expect(400)).body.errors).toEqual([
        { field: 'column_id', error: 'Choose a column of this board' },
      ]);
      await admin().get('/boards/stages/cards', { column_id: rival.stages.pending }).expect(400);
      await admin().get('/boards/stages/cards').expect(400);
      expect(
        (await admin().get('/boards/stages/cards', { column_id: team.stages.pending, per_page: 51 }).expect(400)).body.errors[0].field,
      ).toBe('per_page');
      await admin().get('/boards/stages/cards', { column_id: team.stages.pending, show_hidden: 'maybe' }).expect(400);
    });
  });

  describe('transaction cards', () => {
    it("a card is the spec's Transaction card, with the list form's first three fields and their types", async () => {
      const { body } = await admin().get('/boards/stages/cards', { column_id: team.stages.pending }).expect(200);
      const card = body.records.find((record: { id: number }) => record.id === uc[0]);
      expect(card).toEqual({
        id: uc[0],
        client_id: uc[0],
        status: 'Under Contract',
        status_id: team.statuses.underContract,
        color_css: `status-${team.statuses.underContract}`,
        stage: { id: team.stages.pending, label: 'Pending', color: '#EEEEEE', font_color: 'dark' },
        type: 'Buyer',
        address: expect.any(String),
        contact_name: expect.stringMatching(/^Jordan /),
        field_order: ['trans_amt', 'est_close_dt', 'mls_number'],
        // Values as the list answers them (a date MM/DD/YYYY), each with its field's type for the card's format.
        values: {
          trans_amt: { label: 'Price', value: 400000, type: 'amount' },
          est_close_dt: { label: 'Est. Close Date', value: '03/15/2030', type: 'date' },
          mls_number: { label: 'MLS #', value: 'MLS-0', type: 'text' },
        },
        tags: [{ label: 'Hot', border: '#FF0000' }],
        completed_task_count: 0,
        total_task_count: 0,
        primary_agent_id: AGENT,
        primary_agent: 'Alex Agent',
        primary_agent_profile_pic_path: 'profiles/alex.png',
        hidden_on_boards: false,
        pinned_on_boards: false,
        can_act: true,
      });
      // A VENDOR's card has no amounts.
      const vendorCard = (await as('VENDOR', VENDOR).get('/boards/stages/cards', { column_id: team.stages.pending }).expect(200)).body
        .records[0];
      expect(vendorCard).toMatchObject({ id: uc[0], can_act: false });
      expect(vendorCard.field_order).not.toContain('trans_amt');
      // The same types as the list's columns, field by field.
      const list = (await admin().get('/transactions/records', { team_form_id: -1 }).expect(200)).body;
      const listTypes = Object.fromEntries(
        list.table.cols
          .filter((col: { kind: string }) => col.kind === 'value')
          .map((col: { field: string; type: string }) => [col.field, col.type]),
      );
      for (const key of card.field_order) expect([key, card.values[key].type]).toEqual([key, listTypes[key]]);
      // A card read back after an action carries them too.
      const pinned = (await act('transaction', uc[0], 'pin').expect(200)).body;
      expect(pinned.values.trans_amt).toEqual({ label: 'Price', value: 400000, type: 'amount' });
      await act('transaction', uc[0], 'unpin').expect(200);
      await touched(uc[0], 100); // back in its place in the middle of the column
    });

    it('orders pinned cards (latest pin first), then by last change, then the bottom ones in the order moved; 15 a page by default', async () => {
      const column = { column_id: team.stages.pending };
      expect(ids((await admin().get('/boards/stages/cards', column).expect(200)).body)).toEqual([
        uc[4],
        uc[3],
        uc[2],
        uc[1],
        uc[0],
        others,
      ]);
      await act('transaction', uc[1], 'pin').expect(200);
      await act('transaction', uc[0], 'pin').expect(200);
      await act('transaction', uc[4], 'bottom').expect(200);
      await act('transaction', uc[3], 'bottom').expect(200);
      // A pin or a move changes updated_ts too; the middle keeps its order by it.
      const { body } = await admin().get('/boards/stages/cards', column).expect(200);
      expect(ids(body)).toEqual([uc[0], uc[1], uc[2], others, uc[4], uc[3]]);
      expect(body.pagination).toMatchObject({ total: 6, page: 1, per_page: 15, has_next: false });
      const page2 = (
        await admin()
          .get('/boards/stages/cards', { ...column, per_page: 4, page: 2 })
          .expect(200)
      ).body;
      expect(ids(page2)).toEqual([uc[4], uc[3]]);
      expect(page2.pagination).toMatchObject({ total: 6, page: 2, per_page: 4, has_next: false });
      // bottom unpins; pin brings a bottom card back to the top.
      const moved = (await act('transaction', uc[0], 'bottom').expect(200)).body;
      expect(moved).toMatchObject({ id: uc[0], pinned_on_boards: false });
      await act('transaction', uc[3], 'pin').expect(200);
      expect(ids((await admin().get('/boards/stages/cards', column).expect(200)).body)).toEqual([
        uc[3],
        uc[1],
        uc[2],
        others,
        uc[4],
        uc[0],
      ]);
      await act('transaction', uc[3], 'unpin').expect(200);
      await act('transaction', uc[1], 'unpin').expect(200);
    });

    it('refuses pin of a pinned card and unpin of an unpinned one, and hide and show on task cards', async () => {
      await act('transaction', uc[2], 'pin').expect(200);
      expect((await act('transaction', uc[2], 'pin').expect(400)).body.errors).toEqual([
        { field: 'action', error: 'This card is already pinned' },
      ]);
      await act('transaction', uc[2], 'unpin').expect(200);
      expect((await act('transaction', uc[2], 'unpin').expect(400)).body.errors).toEqual([
        { field: 'action', error: 'This card is not pinned' },
      ]);
      const task = await tasks.task(TEAM, uc[2]);
      expect((await act('task', task, 'hide').expect(400)).body.errors).toEqual([
        { field: 'action', error: 'Only transaction cards can be hidden or shown' },
      ]);
      await act('task', task, 'show').expect(400);
      await admin().patch('/boards/cards', { card_type: 'contact', id: uc[2], action: 'pin' }).expect(400);
      await admin().patch('/boards/cards', { card_type: 'transaction', id: uc[2], action: 'float' }).expect(400);
      await query(`DELETE FROM transactions.tasks WHERE task_id = $1`, [task]);
    });

    it('a hidden transaction leaves the cards and totals unless show_hidden=true, then shows again', async () => {
      const column = { column_id: team.stages.pending };
      const hidden = (await act('transaction', uc[2], 'hide').expect(200)).body;
      expect(hidden).toMatchObject({ id: uc[2], hidden_on_boards: true });
      expect((await act('transaction', uc[2], 'hide').expect(400)).body.errors).toEqual([
        { field: 'action', error: 'This card is already hidden' },
      ]);
      expect(ids((await admin().get('/boards/stages/cards', column).expect(200)).body)).not.toContain(uc[2]);
      expect(totals((await admin().get('/boards/stages').expect(200)).body)[team.stages.pending]).toBe(5);
      expect(totals((await admin().get('/boards/status').expect(200)).body)[team.statuses.underContract]).toBe(5);
      const shown = (
        await admin()
          .get('/boards/stages/cards', { ...column, show_hidden: 'true' })
          .expect(200)
      ).body;
      expect(shown.records.find((card: { id: number }) => card.id === uc[2])).toMatchObject({ hidden_on_boards: true });
      expect(shown.pagination.total).toBe(6);
      expect(totals((await admin().get('/boards/stages', { show_hidden: 'true' }).expect(200)).body)[team.stages.pending]).toBe(6);
      await act('transaction', uc[2], 'show').expect(200);
      expect((await act('transaction', uc[2], 'show').expect(400)).body.errors).toEqual([
        { field: 'action', error: 'This card is not hidden' },
      ]);
      expect(ids((await admin().get('/boards/stages/cards', column).expect(200)).body)).toContain(uc[2]);
    });

    it("a pin and a hide publish transactions.transaction.updated with the row's new version, in the same database transaction", async () => {
      const [{ version: before }] = await query<{ version: number }>(`SELECT version FROM transactions.transactions WHERE client_id = $1`, [
        uc[1],
      ]);
      const [{ last }] = await query<{ last: number }>(
        `SELECT coalesce(max(history_id), 0)::int AS last FROM transactions.transaction_history`,
      );
      await act('transaction', uc[1], 'pin').expect(200);
      await act('transaction', uc[1], 'hide').expect(200);
      const events = await publishedOf(
        sut.dataSource,
        'transactions.transaction.updated',
        `(payload->>'client_id')::int = $2 AND (payload->>'version')::int > $3`,
        [uc[1], before],
      );
      expect(events.map((event) => [event.payload.version, event.payload.pinned_on_boards, event.payload.hidden_on_boards])).toEqual([
        [before + 1, true, false],
        [before + 2, true, true],
      ]);
      const history = await query<{ field: string; new_value: string }>(
        `SELECT field, new_value FROM transactions.transaction_history WHERE client_id = $1 AND history_id > $2 ORDER BY history_id`,
        [uc[1], last],
      );
      expect(history).toEqual([
        { field: 'pinned_on_boards', new_value: 'true' },
        { field: 'hidden_on_boards', new_value: 'true' },
      ]);
      await act('transaction', uc[1], 'show').expect(200);
      await act('transaction', uc[1], 'unpin').expect(200);
    });
  });

  describe('task cards', () => {
    it('orders pinned tasks, then by due date (none last), then the bottom ones; a pin publishes transactions.task.updated', async () => {
      const client = uc[3];
      const early = await tasks.task(TEAM, client, { name: 'Early', due_dt: '2030-01-01', assigned_to_agent_id: AGENT });
      const late = await tasks.task(TEAM, client, { name: 'Late', due_dt: '2030-03-01', assigned_to_agent_id: OTHER_AGENT });
      const undated = await tasks.task(TEAM, client, { name: 'Undated', assigned_to_agent_id: AGENT });
      const middle = await tasks.task(TEAM, client, { name: 'Middle', due_dt: '2030-02-01', assigned_to_agent_id: AGENT });
      const column = { column_id: 1 };
      expect(ids((await admin().get('/boards/tasks/cards', column).expect(200)).body)).toEqual([early, middle, late, undated]);
      const pinned = (await act('task', late, 'pin').expect(200)).body;
      expect(pinned).toMatchObject({ id: late, pinned_on_boards: true, transaction: { id: client } });
      await act('task', early, 'bottom').expect(200);
      expect(ids((await admin().get('/boards/tasks/cards', column).expect(200)).body)).toEqual([late, middle, undated, early]);
      const events = await publishedOf(sut.dataSource, 'transactions.task.updated', `(payload->>'task_id')::int = $2`, [late]);
      expect(events.map((event) => [event.payload.version, event.payload.pinned_on_boards])).toEqual([[2, true]]);
      expect((await act('task', late, 'pin').expect(400)).body.errors).toEqual([{ field: 'action', error: 'This card is already pinned' }]);
      await act('task', late, 'unpin').expect(200);
      expect((await act('task', middle, 'unpin').expect(400)).body.errors).toEqual([{ field: 'action', error: 'This card is not pinned' }]);
      await query(`DELETE FROM transactions.tasks WHERE client_id = $1`, [client]);
    });

    it("a column's page walks tasks_board_order_idx in board order and counts the column without sorting it", async () => {
      const client = uc[3];
      for (let i = 0; i < 4; i += 1) await tasks.task(TEAM, client, { due_dt: `2030-01-0${i + 1}`, assigned_to_agent_id: AGENT });
      // EXPLAIN on a connection of the test's own: the service's pool (of one here) serves boardPage meanwhile.
      const side = await sideDataSource(sut.dataSource);
      const runner = side.createQueryRunner();
      await runner.connect();
      try {
        for (const [scope, statusId] of [
          [{ kind: 'team', teamId: TEAM }, 1],
          [{ kind: 'primary-agent', teamId: TEAM, agentId: AGENT }, 2],
          [{ kind: 'team', teamId: TEAM }, 3],
        ] as const) {
          const spy = jest.spyOn(sut.dataSource, 'query');
          const page = await sut.app.get(TasksRepository).boardPage(scope, statusId, 30, 1, 15);
          const [sql, params] = spy.mock.calls[0] as [string, unknown[]];
          spy.mockRestore();
          if (statusId === 1) expect(page.total).toBeGreaterThanOrEqual(4);
          await runner.startTransaction();
          // The test tables are tiny; ask the planner what it does when scanning the table is not an option.
          await runner.query('SET LOCAL enable_seqscan = off');
          await runner.query('SET LOCAL enable_bitmapscan = off');
          const plan: string[] = (await runner.query(`EXPLAIN ${sql}`, params)).map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']);
          await runner.rollbackTransaction();
          expect(plan.join('\n')).toMatch(
            statusId === 3 ? /tasks_board_(order|completed)_idx/ : /Index (Only )?Scan using tasks_board_order_idx on tasks k\b/,
          );
          // The board order is never sorted below the top (the column under its LIMIT); at most the page's own cards at the top.
          const sortedBelowTop = plan.flatMap((line, index) => (index > 1 && /Sort Key: .*k\.due_dt/.test(line) ? [line.trim()] : []));
          if (statusId !== 3) expect({ statusId, sortedBelowTop }).toEqual({ statusId, sortedBelowTop: [] });
        }
      } finally {
        await runner.release();
        await side.destroy();
        await query(`DELETE FROM transactions.tasks WHERE client_id = $1`, [client]);
      }
    });
  });

  describe('rights', () => {
    it('AGENT and ISISA act on their own cards only; TC on every card; VENDOR none; another team 404', async () => {
      const ownTask = await tasks.task(TEAM, others, { assigned_to_agent_id: AGENT });
      const otherTask = await tasks.task(TEAM, uc[0], { assigned_to_agent_id: OTHER_AGENT });
      // AGENT: their transaction yes; another agent's transaction is not theirs to see (404).
      await act('transaction', uc[0], 'pin', agent).expect(200);
      await act('transaction', uc[0], 'unpin', agent).expect(200);
      await act('transaction', others, 'pin', agent).expect(404);
      // A task assigned to them on another's transaction: yes; another's task on their transaction: 403.
      await act('task', ownTask, 'pin', agent).expect(200);
      expect(
        (await agent().get('/boards/tasks/cards', { column_id: 1 }).expect(200)).body.records.find(
          (card: { id: number }) => card.id === otherTask,
        ),
      ).toMatchObject({ can_act: false });
      await act('task', otherTask, 'pin', agent).expect(403);
      // ISISA sees the team: other agents' cards 403, own none here.
      const isa = () => as('ISISA', ISA);
      expect(
        (await isa().get('/boards/stages/cards', { column_id: team.stages.pending }).expect(200)).body.records.every(
          (card: { can_act: boolean }) => !card.can_act,
        ),
      ).toBe(true);
      await act('transaction', uc[0], 'hide', isa).expect(403);
      await act('task', otherTask, 'pin', isa).expect(403);
      // TC: any card.
      const tc = () => as('TRANC', TC);
      await act('transaction', others, 'hide', tc).expect(200);
      await act('transaction', others, 'show', tc).expect(200);
      await act('task', otherTask, 'pin', tc).expect(200);
      // VENDOR reads (their linked card) but acts on none; CLIENT 403.
      await act('transaction', uc[0], 'pin', () => as('VENDOR', VENDOR)).expect(403);
      await act('transaction', uc[0], 'pin', () => as('CLIENT', CLIENT)).expect(403);
      // Another team: 404 for its cards, and nothing of this team on its boards.
      const rivalAdmin = () => as('ADMIN', RIVAL_ADMIN, RIVAL);
      await act('transaction', uc[0], 'pin', rivalAdmin).expect(404);
      await act('task', otherTask, 'pin', rivalAdmin).expect(404);
      expect(totals((await rivalAdmin().get('/boards/stages').expect(200)).body)).toEqual({
        [rival.stages.lead]: 0,
        [rival.stages.pending]: 1,
      });
      await query(`DELETE FROM transactions.tasks WHERE task_id = ANY($1::int[])`, [[ownTask, otherTask]]);
    });
  });

  describe('filters on the transaction boards', () => {
    it("a link's keys narrow every column's cards and totals on both boards, the same as the list", async () => {
      const keys = { type_filter: 's', context: `a${AGENT}` };
      const stages = (await admin().get('/boards/stages', keys).expect(200)).body;
      expect(totals(stages)).toEqual({ [team.stages.lead]: 2, [team.stages.pending]: 2 });
      const cards = (
        await admin()
          .get('/boards/stages/cards', { ...keys, column_id: team.stages.pending })
          .expect(200)
      ).body;
      expect(ids(cards).sort()).toEqual([uc[1], uc[3]].sort());
      const status = (await admin().get('/boards/status', keys).expect(200)).body;
      expect(totals(status)[team.statuses.pipeline]).toBe(2);
      expect(totals(status)[team.statuses.underContract]).toBe(2);
      const list = (
        await admin()
          .get('/transactions/records', { ...keys, per_page: 100 })
          .expect(200)
      ).body;
      expect(list.pagination.total).toBe(4);
    });

    it('a saved status-board filter narrows the cards and totals; lane_keys limits the columns', async () => {
      const saved = await admin()
        .post('/transaction/filters', {
          component: 'status-board',
          name: 'Sellers in contract',
          filters: { type_filter: 's', lane_keys: [String(team.statuses.underContract)] },
        })
        .expect(201);
      const filterId = saved.body.filter_id;
      const { body } = await admin().get('/boards/status', { filter_id: filterId }).expect(200);
      expect(body.columns.map((column: { id: number; total: number }) => [column.id, column.total])).toEqual([
        [team.statuses.underContract, 2],
      ]);
      const cards = (await admin().get('/boards/status/cards', { filter_id: filterId, column_id: team.statuses.underContract }).expect(200))
        .body;
      expect(ids(cards).sort()).toEqual([uc[1], uc[3]].sort());
      // A column the lanes leave out has no cards.
      expect(
        (await admin().get('/boards/status/cards', { filter_id: filterId, column_id: team.statuses.pipeline }).expect(200)).body.pagination
          .total,
      ).toBe(0);
      // lane_keys on a link too.
      const stages = (
        await admin()
          .get('/boards/stages', { lane_keys: String(team.stages.lead) })
          .expect(200)
      ).body;
      expect(stages.columns.map((column: { id: number }) => column.id)).toEqual([team.stages.lead]);
    });

    it('a saved stages-board filter narrows the cards and totals of the stages board', async () => {
      const saved = await agent()
        .post('/transaction/filters', { component: 'stages-board', name: 'My buyers', filters: { type_filter: 'b' } })
        .expect(201);
      const filterId = saved.body.filter_id;
      // AGENT's buyers: uc[0], uc[2], uc[4] (Pending); the Pipeline ones are sellers.
      expect(totals((await agent().get('/boards/stages', { filter_id: filterId }).expect(200)).body)).toEqual({
        [team.stages.lead]: 0,
        [team.stages.pending]: 3,
      });
      const cards = (await agent().get('/boards/stages/cards', { filter_id: filterId, column_id: team.stages.pending }).expect(200)).body;
      expect(ids(cards).sort()).toEqual([uc[0], uc[2], uc[4]].sort());
      expect(cards.pagination.total).toBe(3);
      // Another user's personal filter is not theirs to apply.
      await admin().get('/boards/stages', { filter_id: filterId }).expect(404);
    });

    it("a malformed key 400 naming it; another team's context or saved filter 404", async () => {
      expect((await admin().get('/boards/stages', { type_filter: 'x' }).expect(400)).body.errors[0].field).toBe('type_filter');
      expect(
        (await admin().get('/boards/status/cards', { column_id: team.statuses.pipeline, client_stage_id: 'abc' }).expect(400)).body
          .errors[0].field,
      ).toBe('client_stage_id');
      await admin()
        .get('/boards/stages', { context: `t${RIVAL}` })
        .expect(404);
      const rivalFilter = await as('ADMIN', RIVAL_ADMIN, RIVAL)
        .post('/transaction/filters', { component: 'stages-board', name: 'Theirs', filters: { type_filter: 'b' } })
        .expect(201);
      await admin().get('/boards/stages', { filter_id: rivalFilter.body.filter_id }).expect(404);
    });
  });
});
