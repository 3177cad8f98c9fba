import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { launchChromium } from './chromium';
import {
  api,
  baseUrl,
  DEMO_PASSWORD,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  shot,
  signInThroughApi,
  UI_TIMEOUT_MS,
} from './browser-helpers';

// The boards (spec 001 sections 2, 3, 4 and 9) against the seeded demo team, as its admin:
// each board showing 15 skeleton cards per column while its cards load; on the task board pin to top,
// a drag of a task needing its document snapping back with the rule's words, unpin and move to bottom, and
// a task without one dropped on In Progress; on the stages board a drag to another stage (its card's list
// fields formatted as the list's), then hide and show a transaction with Show hidden; on the status board a
// drag into Under Contract with the dialog's dates (and one cancelled, put back), one into Pipeline with
// only the confirmation, and a filter saved, applied and removed through the sidebar with the totals
// following; as an agent, a status drop the server refuses (the transaction given to another agent
// meanwhile) shown with its message and put back; at 400 px wide one column at a time, a swipe and a touch
// drag (held 200 ms). Every change stays in this run's throwaway stack.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const CARD = '[data-testid="task-card"], [data-testid="transaction-card"]';

interface Column {
  id: number;
  label: string;
  total: number;
}
interface ApiCard {
  task_id?: number;
  client_id: number;
  task_type?: 'N' | null;
  doc_type_id?: number | null;
  doc_id?: number | null;
  pinned_on_boards: boolean;
  primary_agent_id?: number | null;
}

const column = (page: Page, label: string) => page.locator(`[data-testid="board-column"][data-column-label="${label}"]`);
const cardsOf = (page: Page, label: string) => column(page, label).locator(CARD);
const cardById = (page: Page, label: string, id: number) => column(page, label).locator(`[data-card-id="${id}"]`);
const totalOf = async (page: Page, label: string) => Number(await column(page, label).getByTestId('board-column-total').textContent());

async function columnsOf(token: string, board: string, query = ''): Promise<Column[]> {
  const { status, body } = await api<{ columns: Column[] }>(`/api/boards/${board}?${query}`, { token });
  expect(status).toBe(200);
  return body!.columns;
}

async function cardsIn(
  token: string,
  board: string,
  columnId: number,
  page = 1,
  perPage = 50,
): Promise<{ records: ApiCard[]; pagination: { pages: number } }> {
  const { status, body } = await api<{ records: ApiCard[]; pagination: { pages: number } }>(
    `/api/boards/${board}/cards?column_id=${columnId}&page=${page}&per_page=${perPage}`,
    { token },
  );
  expect(status).toBe(200);
  return body!;
}

/** The next answer to `method` on a path matching `path`. */
function answer(page: Page, method: string, path: RegExp, check: (url: URL) => boolean = () => true): Promise<Response> {
  return page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return response.request().method() === method && path.test(url.pathname) && check(url);
    },
    { timeout: UI_TIMEOUT_MS },
  );
}

/**
 * Opens a board with its card calls held back a moment: every column shows its 15 skeleton cards, then
 * its cards (the columns named in `ready`).
 */
async function openBoard(page: Page, board: string, ready: string[]) {
  const slow = /\/api\/boards\/\w+\/cards/;
  await page.route(slow, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue().catch(() => undefined);
  });
  await page.goto(`${baseUrl()}/app/boards/${board}`);
  await column(page, ready[0]).getByTestId('card-skeleton').first().waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await column(page, ready[0]).getByTestId('card-skeleton').count()).toBe(15);
  await page.unroute(slow);
  for (const label of ready) await cardsOf(page, label).first().waitFor({ timeout: UI_TIMEOUT_MS });
  expect(await page.getByTestId('card-skeleton').count()).toBe(0);
}

/** A mouse drag from a card to a column (dnd-kit starts after a few pixels). */
async function drag(page: Page, card: Locator, target: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 30);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 12, from.y + 40, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 140, { steps: 10 });
  await page.mouse.up();
}

async function menuAction(page: Page, card: Locator, testId: string) {
  await card.getByTestId('card-menu-button').click();
  const changed = answer(page, 'PATCH', /^\/api\/boards\/cards$/);
  await page.getByTestId(testId).click();
  expect((await changed).status()).toBe(200);
}

/** Scrolls a column until the card at `index` of its order is drawn (pages read on the way). */
async function scrollTo(page: Page, label: string, id: number, index: number) {
  const scroller = column(page, label).getByTestId('board-column-scroll');
  for (let attempt = 0; attempt < 20 && (await cardById(page, label, id).count()) === 0; attempt += 1) {
    await scroller.evaluate((element, top) => ((element as unknown as { scrollTop: number }).scrollTop = top), index * 174);
    await page.waitForTimeout(250);
  }
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('card-menu').waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
}

const idsIn = (page: Page, label: string) =>
  cardsOf(page, label).evaluateAll((cards) =>
    cards.map((card) => Number((card as unknown as { dataset: { cardId: string } }).dataset.cardId)),
  );

describe('boards (Chromium)', () => {
  const ctx = freshPagePerTest({ width: 1366, height: 900 });

  it(
    'task board: skeletons, then a task pinned to top, its drag to Completed snapped back for its document, unpinned and moved to bottom',
    async () => {
      const { page } = ctx;
      try {
        const { access_token: token } = await signInThroughApi(page, ADMIN);
        // A task of Not Started that needs a document and has none.
        const first = await cardsIn(token, 'tasks', 1);
        const needing = first.records.find((card) => card.doc_type_id && !card.doc_id && !card.pinned_on_boards)!;
        expect(needing).toBeDefined();
        const taskId = needing.task_id!;
        await openBoard(page, 'tasks', ['Not Started', 'Completed']);
        expect(await page.title()).toBe('Task Board · Realty');

        // Scrolled to it (the list draws only the cards in view, and reads the next page near its end), then
        // pinned: first in its column.
        await scrollTo(page, 'Not Started', taskId, first.records.indexOf(needing));
        await menuAction(page, cardById(page, 'Not Started', taskId), 'card-menu-pin');
        await column(page, 'Not Started')
          .getByTestId('board-column-scroll')
          .evaluate((element) => ((element as unknown as { scrollTop: number }).scrollTop = 0));
        const pinned = cardById(page, 'Not Started', taskId);
        await pinned.getByTestId('card-pinned').waitFor({ timeout: UI_TIMEOUT_MS });
        expect((await idsIn(page, 'Not Started'))[0]).toBe(taskId);
        await pinned.getByTestId('card-menu-button').click();
        expect(await page.getByTestId('card-menu-pin').getAttribute('aria-disabled')).toBe('true');
        expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Pin to top', 'Move to bottom', 'Unpin task']);
        await closeMenu(page);

        // Dropped on Completed: it needs its document first, so it goes back where it was.
        const completed = await totalOf(page, 'Completed');
        await drag(page, pinned, column(page, 'Completed'));
        expect(await page.getByTestId('document-required-text').textContent()).toBe(
          'You cannot complete this task without attaching a document first.',
        );
        await page.getByTestId('document-required-ok').click();
        expect((await idsIn(page, 'Not Started'))[0]).toBe(taskId);
        expect(await totalOf(page, 'Completed')).toBe(completed);
        await shot(page, 'boards-tasks-1366.png');

        // Unpinned: back among the others by its due date.
        await menuAction(page, pinned, 'card-menu-unpin');
        await column(page, 'Not Started')
          .locator(`[data-card-id="${taskId}"][data-pinned="true"]`)
          .waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        expect((await cardsIn(token, 'tasks', 1)).records.find((card) => card.task_id === taskId)?.pinned_on_boards ?? false).toBe(false);

        // Move to bottom on the first card now shown: the last card of the column.
        const top = cardsOf(page, 'Not Started').first();
        const topId = Number(await top.getAttribute('data-card-id'));
        await menuAction(page, top, 'card-menu-bottom');
        await cardById(page, 'Not Started', topId).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        const pages = (await cardsIn(token, 'tasks', 1)).pagination.pages;
        const last = (await cardsIn(token, 'tasks', 1, pages)).records;
        expect(last.at(-1)).toMatchObject({ task_id: topId, pinned_on_boards: false });

        // A task needing no document (and not a notification task) dropped on In Progress: PATCH /tasks/{id}
        // with the status preset, and the card in its new column.
        const open = (await cardsIn(token, 'tasks', 1)).records;
        const free = open.find((card) => !card.doc_type_id && card.task_type !== 'N' && !card.pinned_on_boards)!;
        expect(free).toBeDefined();
        const freeId = free.task_id!;
        const counts = [await totalOf(page, 'Not Started'), await totalOf(page, 'In Progress')];
        await scrollTo(page, 'Not Started', freeId, open.indexOf(free));
        const started = answer(page, 'PATCH', new RegExp(`^/api/tasks/${freeId}$`));
        await drag(page, cardById(page, 'Not Started', freeId), column(page, 'In Progress'));
        const startedAnswer = await started;
        expect(startedAnswer.status()).toBe(200);
        expect(startedAnswer.request().postDataJSON()).toEqual({
          task_id: freeId,
          transaction_id: free.client_id,
          preset: 'status',
          status_id: 2,
        });
        await cardById(page, 'Not Started', freeId).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        const inProgress = (await cardsIn(token, 'tasks', 2)).records;
        await scrollTo(
          page,
          'In Progress',
          freeId,
          inProgress.findIndex((card) => card.task_id === freeId),
        );
        await cardById(page, 'In Progress', freeId).waitFor({ timeout: UI_TIMEOUT_MS });
        await page
          .locator('[data-testid="board-column"][data-column-label="In Progress"][data-loading="false"]')
          .waitFor({ timeout: UI_TIMEOUT_MS });
        expect([await totalOf(page, 'Not Started'), await totalOf(page, 'In Progress')]).toEqual([counts[0] - 1, counts[1] + 1]);
      } catch (error) {
        await shot(page, 'boards-tasks-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'stages board: a card dragged to another stage, then hidden from boards and shown again with Show hidden',
    async () => {
      const { page } = ctx;
      try {
        const { access_token: token } = await signInThroughApi(page, ADMIN);
        const stages = await columnsOf(token, 'stages', 'show_hidden=false');
        const [from, to] = [stages[1], stages[2]];
        await openBoard(page, 'stages', [from.label, to.label]);
        const card = cardsOf(page, from.label).first();
        const clientId = Number(await card.getAttribute('data-card-id'));
        const before = [await totalOf(page, from.label), await totalOf(page, to.label)];

        const moved = answer(page, 'PATCH', new RegExp(`^/api/transaction/${clientId}$`));
        await drag(page, card, column(page, to.label));
        const response = await moved;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toEqual({ client_id: clientId, preset: 'board', changes: { client_stage_id: to.id } });
        const landed = cardById(page, to.label, clientId);
        await landed.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await landed.getByTestId('card-stage').textContent()).toBe(to.label);
        expect([await totalOf(page, from.label), await totalOf(page, to.label)]).toEqual([before[0] - 1, before[1] + 1]);
        // Its list fields read as the list's cells: the amount in USD, the date MM/DD/YYYY, as the API types them.
        type Values = Record<string, { label: string; value: string | number | null; type: string }>;
        const typed = (
          await api<{ records: { client_id: number; values: Values }[] }>(
            `/api/boards/stages/cards?column_id=${to.id}&page=1&per_page=50&show_hidden=false`,
            { token },
          )
        ).body!;
        const values = typed.records.find((item) => item.client_id === clientId)!.values;
        expect([values.trans_amt.type, values.est_close_dt.type]).toEqual(['amount', 'date']);
        const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
        const price = values.trans_amt.value === null ? '—' : usd.format(Number(values.trans_amt.value));
        expect(await landed.getByTestId('card-field-trans_amt').textContent()).toBe(`${values.trans_amt.label}: ${price}`);
        expect(await landed.getByTestId('card-field-est_close_dt').textContent()).toMatch(
          new RegExp(`^${values.est_close_dt.label}: (\\d{2}/\\d{2}/\\d{4}|—)$`),
        );

        // Hidden: gone from the board; Show hidden brings it back faded, and Show on boards for good.
        await menuAction(page, landed, 'card-menu-hide');
        await landed.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        expect(await totalOf(page, to.label)).toBe(before[1]);
        const withHidden = answer(page, 'GET', /^\/api\/boards\/stages$/, (url) => url.searchParams.get('show_hidden') === 'true');
        await page.getByTestId('board-show-hidden').check();
        await withHidden;
        const faded = cardById(page, to.label, clientId);
        await faded.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await faded.getAttribute('data-hidden')).toBe('true');
        expect(
          Number(
            await faded.evaluate(
              (element) =>
                (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(element).opacity,
            ),
          ),
        ).toBeLessThan(1);
        await shot(page, 'boards-stages-hidden-1366.png');
        await faded.getByTestId('card-menu-button').click();
        expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Pin to top', 'Move to bottom', 'Show on boards']);
        await closeMenu(page);
        await menuAction(page, faded, 'card-menu-show');
        await page
          .locator(`[data-testid="board-column"][data-column-label="${to.label}"] [data-card-id="${clientId}"][data-hidden="false"]`)
          .waitFor({ timeout: UI_TIMEOUT_MS });
        const { body } = await api<{ records: ApiCard[] }>(
          `/api/boards/stages/cards?column_id=${to.id}&page=1&per_page=50&show_hidden=false`,
          { token },
        );
        expect(body!.records.some((item) => item.client_id === clientId)).toBe(true);
      } catch (error) {
        await shot(page, 'boards-stages-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "status board: a drag into Under Contract with the dialog's dates (a cancelled one put back), one into Pipeline with only the confirmation",
    async () => {
      const { page } = ctx;
      try {
        await signInThroughApi(page, ADMIN);
        await openBoard(page, 'status', ['Signed', 'Under Contract', 'Appointment Set']);
        const dialog = page.getByTestId('status-change-dialog');

        // Signed and Under Contract in view (the columns scroll sideways).
        await column(page, 'Under Contract').scrollIntoViewIfNeeded();
        // Cancelled: the card goes back to Signed.
        const kept = cardsOf(page, 'Signed').first();
        const keptId = Number(await kept.getAttribute('data-card-id'));
        await drag(page, kept, column(page, 'Under Contract'));
        await dialog.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await cardById(page, 'Under Contract', keptId).count()).toBe(1);
        await dialog.getByTestId('status-change-cancel').click();
        await cardById(page, 'Signed', keptId).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await cardById(page, 'Under Contract', keptId).count()).toBe(0);

        // Saved with the dates Under Contract asks for (today by default, required).
        const card = cardsOf(page, 'Signed').nth(1);
        const clientId = Number(await card.getAttribute('data-card-id'));
        await drag(page, card, column(page, 'Under Contract'));
        const contract = dialog.getByTestId('status-change-under_contract_dt').locator('input');
        const close = dialog.getByTestId('status-change-est_close_dt').locator('input');
        expect(await contract.inputValue()).not.toBe('');
        await contract.fill('03/01/2026');
        await close.fill('');
        const refused = dialog.getByTestId('status-change-submit');
        await refused.click();
        await dialog.getByTestId('status-change-est_close_dt').getByText('This field is required').waitFor({ timeout: UI_TIMEOUT_MS });
        await close.fill('04/15/2026');
        const changed = answer(page, 'PATCH', new RegExp(`^/api/transaction/${clientId}/status$`));
        await dialog.getByTestId('status-change-submit').click();
        const response = await changed;
        expect(response.status()).toBe(200);
        expect(response.request().postDataJSON()).toEqual({
          status_id: 5,
          dates: { under_contract_dt: '03/01/2026', est_close_dt: '04/15/2026' },
        });
        await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        await cardById(page, 'Under Contract', clientId)
          .getByTestId('card-status')
          .filter({ hasText: 'Under Contract' })
          .waitFor({ timeout: UI_TIMEOUT_MS });

        // Into Pipeline: only the confirmation, no dates sent.
        await column(page, 'Pipeline').scrollIntoViewIfNeeded();
        const back = cardsOf(page, 'Appointment Set').first();
        const backId = Number(await back.getAttribute('data-card-id'));
        await drag(page, back, column(page, 'Pipeline'));
        expect(await dialog.getByTestId('status-change-confirm').textContent()).toBe('Move this transaction back to Pipeline?');
        expect(await dialog.locator('[data-testid="status-change-dates"]').count()).toBe(0);
        const piped = answer(page, 'PATCH', new RegExp(`^/api/transaction/${backId}/status$`));
        await dialog.getByTestId('status-change-submit').click();
        const pipeAnswer = await piped;
        expect(pipeAnswer.status()).toBe(200);
        expect(pipeAnswer.request().postDataJSON()).toEqual({ status_id: 1 });
        await cardById(page, 'Pipeline', backId).waitFor({ timeout: UI_TIMEOUT_MS });
        await shot(page, 'boards-status-1366.png');
      } catch (error) {
        await shot(page, 'boards-status-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'status board: a filter saved and applied through the sidebar narrows every column and its total, then removed',
    async () => {
      const { page } = ctx;
      try {
        const { access_token: token } = await signInThroughApi(page, ADMIN);
        const name = `Board sellers ${Date.now()}`;
        const narrowed = await columnsOf(token, 'status', 'show_hidden=false&type_filter=s');
        const everything = await columnsOf(token, 'status', 'show_hidden=false');
        await page.goto(`${baseUrl()}/app/boards/status`);
        await cardsOf(page, 'Pipeline').first().waitFor({ timeout: UI_TIMEOUT_MS });
        await page.getByTestId('board-filters').click();
        const sidebar = page.getByTestId('filter-sidebar');
        await sidebar.getByTestId('filter-form-left').waitFor({ timeout: UI_TIMEOUT_MS });
        const type = sidebar.getByRole('combobox', { name: /^Type( \*)?$/ });
        await type.click();
        await type.pressSequentially('Sel');
        await page.getByRole('option', { name: 'Seller', exact: true }).click();

        // Save as New: applied at once; the columns and every column's cards carry its keys.
        await sidebar.getByTestId('filter-save-new').click();
        await page.getByTestId('filter-save-name').fill(name);
        const columns = answer(page, 'GET', /^\/api\/boards\/status$/, (url) => url.searchParams.get('type_filter') === 's');
        const cards = answer(
          page,
          'GET',
          /^\/api\/boards\/status\/cards$/,
          (url) => url.searchParams.get('type_filter') === 's' && url.searchParams.get('show_hidden') === 'false',
        );
        await page.getByTestId('filter-save-confirm').click();
        await page.getByText('Successfully Saved Filter', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
        expect((await columns).status()).toBe(200);
        expect((await cards).status()).toBe(200);
        await page.getByTestId('filter-drawer-close').click();
        await page.getByTestId('filter-chip').filter({ hasText: 'Type: Seller' }).waitFor({ timeout: UI_TIMEOUT_MS });
        await page
          .locator('[data-testid="board-column"][data-loading="false"]')
          .nth(narrowed.length - 1)
          .waitFor({ timeout: UI_TIMEOUT_MS });
        for (const item of narrowed)
          await column(page, item.label)
            .getByTestId('board-column-total')
            .filter({ hasText: new RegExp(`^${item.total}$`) })
            .waitFor({ timeout: UI_TIMEOUT_MS });
        expect(narrowed.reduce((sum, item) => sum + item.total, 0)).toBeLessThan(everything.reduce((sum, item) => sum + item.total, 0));
        for (const side of await cardsOf(page, 'Pipeline').getByTestId('card-side').allTextContents()) expect(side).toBe('Seller');

        // The chips cleared: the whole board again; the saved filter applied from the panel narrows it again.
        const widened = answer(page, 'GET', /^\/api\/boards\/status$/, (url) => !url.searchParams.has('type_filter'));
        await page.getByTestId('filter-chips-clear').click();
        expect((await widened).status()).toBe(200);
        await column(page, 'Pipeline')
          .getByTestId('board-column-total')
          .filter({ hasText: new RegExp(`^${everything[0].total}$`) })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await page.getByTestId('board-filters').click();
        const saved = sidebar.getByTestId('saved-filter').filter({ has: page.getByText(name, { exact: true }) });
        const again = answer(page, 'GET', /^\/api\/boards\/status$/, (url) => url.searchParams.get('type_filter') === 's');
        await saved.getByTestId('saved-filter-use').click();
        await page.getByText(`Now using ${name} Filter`, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
        expect((await again).status()).toBe(200);
        const { body } = await api<{ records: { filter_name: string; component: string; filters: Record<string, unknown> }[] }>(
          '/api/transaction/filters?component=status-board',
          { token },
        );
        expect(body!.records.find((filter) => filter.filter_name === name)?.filters).toEqual({ type_filter: 's' });

        // Removed, after asking.
        await saved.getByTestId('saved-filter-remove').click();
        await page.getByTestId('filter-remove-confirm').click();
        await page.getByText('Successfully Removed Filter', { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
        await saved.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      } catch (error) {
        await shot(page, 'boards-filter-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'status board as an agent: a drop the server refuses (the transaction given to another agent meanwhile) shows its message and goes back',
    async () => {
      const { page } = ctx;
      const login = await api<{ access_token: string; user: { agent_id: number } }>('/api/auth/login', {
        method: 'POST',
        body: { email: ADMIN, password: DEMO_PASSWORD },
      });
      const adminToken = login.body!.access_token;
      const reassign = (clientId: number, agentId: number) =>
        api(`/api/transaction/${clientId}`, {
          method: 'PATCH',
          token: adminToken,
          body: { client_id: clientId, preset: 'transaction_modal', changes: { agent_id: agentId } },
        });
      let given: { clientId: number; agentId: number } | null = null;
      try {
        const { access_token: token, user } = await signInThroughApi(page, AGENT);
        const columns = await columnsOf(token, 'status', 'show_hidden=false');
        const from = columns.find((item) => ['Appointment Set', 'Appointment Met', 'Signed'].includes(item.label) && item.total > 0)!;
        expect(from).toBeDefined();
        await page.goto(`${baseUrl()}/app/boards/status`);
        const card = cardsOf(page, from.label).first();
        await card.waitFor({ timeout: UI_TIMEOUT_MS });
        const clientId = Number(await card.getAttribute('data-card-id'));
        const totals = [await totalOf(page, from.label), await totalOf(page, 'Pipeline')];

        // Meanwhile the admin gives the transaction to someone else: it is no longer this agent's to change.
        expect((await reassign(clientId, login.body!.user.agent_id)).status).toBe(200);
        given = { clientId, agentId: Number(user.agent_id) };

        const dialog = page.getByTestId('status-change-dialog');
        await drag(page, card, column(page, 'Pipeline'));
        await dialog.getByTestId('status-change-confirm').waitFor({ timeout: UI_TIMEOUT_MS });
        const refused = answer(page, 'PATCH', new RegExp(`^/api/transaction/${clientId}/status$`));
        await dialog.getByTestId('status-change-submit').click();
        expect((await refused).status()).toBe(404);
        expect(await dialog.getByTestId('status-change-error').textContent()).toBe('Transaction not found');
        await shot(page, 'boards-status-refused-1366.png');

        // Cancel puts the card back where it was (the columns' re-read held a moment to see it there) ...
        const reread = /\/api\/boards\/status\/cards/;
        await page.route(reread, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          await route.continue().catch(() => undefined);
        });
        await dialog.getByTestId('status-change-cancel').click();
        await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        await cardById(page, from.label, clientId).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await cardById(page, 'Pipeline', clientId).count()).toBe(0);
        expect(await totalOf(page, 'Pipeline')).toBe(totals[1]);
        await page.unroute(reread);
        // ... and the re-read shows the server's answer: not this agent's any more, in no column of theirs.
        await cardById(page, from.label, clientId).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        expect(await totalOf(page, from.label)).toBe(totals[0] - 1);
      } catch (error) {
        await shot(page, 'boards-status-refused-failure.png');
        throw error;
      } finally {
        if (given) await reassign(given.clientId, given.agentId);
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  describe('at 400 px wide, by touch', () => {
    const phone = {} as { browser: Browser; context: BrowserContext };
    beforeAll(async () => {
      phone.browser = await launchChromium();
      phone.context = await phone.browser.newContext({ viewport: { width: 400, height: 844 }, hasTouch: true, isMobile: true });
      phone.context.setDefaultTimeout(UI_TIMEOUT_MS);
    }, 30_000);
    afterAll(async () => {
      await phone.browser?.close();
    });

    it(
      'shows one column at a time without sideways scroll, swipes to the next, and moves a card by a touch held 200 ms onto the next column',
      async () => {
        const page = await phone.context.newPage();
        try {
          const { access_token: token } = await signInThroughApi(page, ADMIN);
          const stages = await columnsOf(token, 'stages', 'show_hidden=false');
          const [first, second, third] = stages;
          await openBoard(page, 'stages', [first.label]);
          expect(await page.getByTestId('board-column').count()).toBe(1);
          const widths = await page.evaluate(() => {
            const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
            return [doc.documentElement.scrollWidth, doc.documentElement.clientWidth];
          });
          expect(widths[0]).toBeLessThanOrEqual(widths[1]);
          expect(await page.getByTestId('board-phone-next').textContent()).toBe(second.label);
          await shot(page, 'boards-stages-400.png');

          const cdp = await page.context().newCDPSession(page);
          const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
            cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });

          // A quick swipe to the left: the next column.
          const box = (await column(page, first.label).boundingBox())!;
          await touch('touchStart', 320, box.y + 300);
          for (const x of [260, 200, 140, 100]) await touch('touchMove', x, box.y + 305);
          await touch('touchEnd');
          await column(page, second.label).waitFor({ timeout: UI_TIMEOUT_MS });
          await cardsOf(page, second.label).first().waitFor({ timeout: UI_TIMEOUT_MS });

          // A card held 200 ms, then dragged onto the next column's button: it moves to that stage.
          const card = cardsOf(page, second.label).first();
          const clientId = Number(await card.getAttribute('data-card-id'));
          const from = (await card.boundingBox())!;
          const next = (await page.getByTestId('board-phone-next').boundingBox())!;
          const moved = answer(page, 'PATCH', new RegExp(`^/api/transaction/${clientId}$`));
          await touch('touchStart', from.x + 60, from.y + 60);
          await page.waitForTimeout(350);
          await touch('touchMove', from.x + 70, from.y + 50);
          for (let step = 1; step <= 6; step += 1) {
            await touch(
              'touchMove',
              from.x + 70 + ((next.x + next.width / 2 - from.x - 70) * step) / 6,
              from.y + 50 + ((next.y + next.height / 2 - from.y - 50) * step) / 6,
            );
          }
          await touch('touchEnd');
          const response = await moved;
          expect(response.status()).toBe(200);
          expect(response.request().postDataJSON()).toEqual({
            client_id: clientId,
            preset: 'board',
            changes: { client_stage_id: third.id },
          });
          await cardById(page, second.label, clientId).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
          await page.getByTestId('board-phone-next').click();
          await cardById(page, third.label, clientId).waitFor({ timeout: UI_TIMEOUT_MS });
          await shot(page, 'boards-stages-400-moved.png');
          // At 390 px too: no sideways scroll, the card whole.
          await page.setViewportSize({ width: 390, height: 844 });
          await cardById(page, third.label, clientId).waitFor({ timeout: UI_TIMEOUT_MS });
          const narrow = await page.evaluate(() => {
            const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
            return [doc.documentElement.scrollWidth, doc.documentElement.clientWidth];
          });
          expect(narrow[0]).toBeLessThanOrEqual(narrow[1]);
          await shot(page, 'boards-stages-390.png');
        } catch (error) {
          await shot(page, 'boards-phone-failure.png');
          throw error;
        } finally {
          await page.close();
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
