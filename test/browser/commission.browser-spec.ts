import type { Page } from 'playwright-core';
import {
  api,
  tokenOf,
  baseUrl,
  blockingAxeViolations,
  DEMO_PASSWORD,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  shot,
  signInThroughApi,
  UI_TIMEOUT_MS,
} from './browser-helpers';

// Commission templates, the commission cap card and transaction reassignment (spec 000). Each
// test has its own users, made through the admin API before the tests (names carry a token of the run)
// with the seeded templates as their defaults and caps of 20,000 (B) and 3,000 (R), and transactions
// given through the API; they are disabled at the end, so the demo users, their transactions and the team's licences stay
// as they were. The figures the cards must show are read from GET /caps before and after a closing: the
// buyer templates take 30% (B) and 6% (R) of the gross, so a $100,000 sale at 3% adds $900 and $180.
// The Default Commission Templates block hidden by the platform setting is a vitest test (the setting
// is an environment variable of the stack).

const ADMIN = 'admin@demo-realty.test';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
/** Room for the API set-up (users, their read copies, transactions) on a loaded machine. */
const SETUP_TIMEOUT_MS = 60_000;

interface Caps {
  records: { kind: 'B' | 'R'; label: string; cap: number; ytd: number; pct: number; pending: number }[];
  brokerage_cap_anniversary_dt: string | null;
  royalty_cap_anniversary_dt: string | null;
}
interface Template {
  commission_template_id: number;
  name: string;
}
interface Templates {
  buyer: Template[];
  seller: Template[];
  show_default_templates: boolean;
}
interface TestUser {
  agent_id: number;
  name: string;
  email: string;
}

let runCounter = 0;
/** A last name no other test (or earlier run on a kept stack) shares: letters only. */
function token(): string {
  runCounter += 1;
  const letters = (value: number) => value.toString(26).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]);
  return `Zc${letters(Date.now() % 1e9)}${letters(runCounter)}`;
}

/** An API call that must succeed: its body. */
async function must<T>(path: string, init: { method?: string; token: string; body?: unknown }, expected = [200, 201]): Promise<T> {
  const { status, body } = await api<T>(path, init);
  if (!expected.includes(status)) throw new Error(`${init.method ?? 'GET'} ${path} answered ${status}: ${JSON.stringify(body)}`);
  return body as T;
}

const pad = (value: number) => String(value).padStart(2, '0');
const mmddyyyy = (date: Date) => `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

/** USD, en-US, as the card shows it. */
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

/**
 * A closing date that is today wherever the server reckons it (UTC or the team's zone): the earlier of
 * the two, so the caps' year (from an anniversary 40 days back) always holds it.
 */
function closingDate(teamTimeZone: string): string {
  const inZone = new Intl.DateTimeFormat('en-US', { timeZone: teamTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
  const utc = mmddyyyy(new Date());
  const key = (date: string) => date.slice(6) + date.slice(0, 5);
  return key(inZone) < key(utc) ? inZone : utc;
}

/** An agent with the seeded buyer and seller templates as defaults and caps 20,000 / 3,000; their password DEMO_PASSWORD. */
async function createAgent(admin: string, templates: Templates, firstName: string): Promise<TestUser> {
  const lastName = token();
  const email = `${firstName}.${lastName}@example.test`.toLowerCase();
  const anniversary = mmddyyyy(daysFromNow(-40));
  const { agent_id } = await must<{ agent_id: number }>('/api/admin/user', {
    method: 'POST',
    token: admin,
    body: {
      first_name: firstName,
      last_name: lastName,
      mobile_phone: '(555) 555-0143',
      email,
      role_id: 'AGENT',
      start_dt: '01/15/2024',
      send_welcome_email: false,
      brokerage_cap_amt: 20000,
      royalty_cap_amt: 3000,
      brokerage_cap_anniversary_dt: anniversary,
      royalty_cap_anniversary_dt: anniversary,
      default_commission_templates: {
        buyer: templates.buyer.map((template) => template.commission_template_id),
        seller: templates.seller.map((template) => template.commission_template_id),
      },
    },
  });
  await must('/api/admin/user/password', {
    method: 'PATCH',
    token: admin,
    body: { agent_id, new_password: DEMO_PASSWORD, confirm_new_password: DEMO_PASSWORD },
  });
  // The transactions service learns of the user (and their caps and defaults) from identity's event.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { status, body } = await api<Caps>(`/api/caps?agent_id=${agent_id}`, { token: admin });
    if (status === 200 && body?.records.find((record) => record.kind === 'B')?.cap === 20000) break;
    if (Date.now() > deadline) throw new Error(`the transactions service never had agent ${agent_id}'s caps (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { agent_id, name: `${firstName} ${lastName}`, email };
}

async function disableUsers(admin: string | undefined, users: TestUser[]): Promise<void> {
  if (!admin) return;
  for (const user of users) await api(`/api/admin/user?agent_id=${user.agent_id}`, { method: 'DELETE', token: admin });
}

interface StatusIds {
  closed: number;
  underContract: number;
}

async function statusIds(admin: string): Promise<StatusIds> {
  const { choices } = await must<{ choices: { value: number | string; label: string }[] }>(
    '/api/transaction/form/select-options?element_name=status',
    { token: admin },
  );
  const id = (label: string) => {
    const choice = choices.find((item) => item.label === label);
    if (!choice) throw new Error(`no status '${label}' among ${choices.map((item) => item.label).join(', ')}`);
    return Number(choice.value);
  };
  return { closed: id('Closed'), underContract: id('Under Contract') };
}

/** A buyer transaction of the agent: $100,000 at 3% unless said, in Pipeline. */
async function createTransaction(admin: string, agentId: number, address: string, amount = 100_000): Promise<number> {
  const { client_id } = await must<{ client_id: number }>('/api/transactions', {
    method: 'POST',
    token: admin,
    body: { type: 'b', address_1: address, primary_agent_id: agentId, values: { trans_amt: amount, gci_pct: 3 } },
  });
  return client_id;
}

/** Moves a transaction to a status, with the given date for every date the status asks for. */
async function setStatus(admin: string, clientId: number, statusId: number, date: string): Promise<void> {
  const first = await api<{ errors?: { field: string }[] }>(`/api/transaction/${clientId}/status`, {
    method: 'PATCH',
    token: admin,
    body: { status_id: statusId, dates: {} },
  });
  if (first.status === 200) return;
  const keys = (first.body?.errors ?? [])
    .map((error) => error.field)
    .filter((field) => field.startsWith('dates.'))
    .map((field) => field.slice('dates.'.length));
  if (first.status !== 400 || keys.length === 0)
    throw new Error(`status ${statusId} of ${clientId} answered ${first.status}: ${JSON.stringify(first.body)}`);
  const dates = Object.fromEntries(keys.map((key) => [key, date]));
  await must(`/api/transaction/${clientId}/status`, { method: 'PATCH', token: admin, body: { status_id: statusId, dates } });
}

const capsOf = (admin: string, agentId: number) => must<Caps>(`/api/caps?agent_id=${agentId}`, { token: admin });
const line = (caps: Caps, kind: 'B' | 'R') => caps.records.find((record) => record.kind === kind)!;

/** The card shows exactly the caps the API answers: labels, amounts, the bar's pct, pending, the anniversary. */
async function expectCard(page: Page, testId: string, caps: Caps): Promise<void> {
  for (const [kind, name, anniversary] of [
    ['B', 'brokerage', caps.brokerage_cap_anniversary_dt],
    ['R', 'royalty', caps.royalty_cap_anniversary_dt],
  ] as const) {
    const record = line(caps, kind);
    const prefix = `${testId}-${name}`;
    await page.getByTestId(prefix).waitFor({ timeout: UI_TIMEOUT_MS });
    expect((await page.getByTestId(`${prefix}-label`).textContent())?.trim()).toBe(record.label);
    expect((await page.getByTestId(`${prefix}-cap`).textContent())?.trim()).toBe(usd(record.cap));
    expect((await page.getByTestId(`${prefix}-ytd`).textContent())?.trim()).toBe(usd(record.ytd));
    if (record.pending > 0) expect((await page.getByTestId(`${prefix}-pending`).textContent())?.trim()).toBe(usd(record.pending));
    expect((await page.getByTestId(`${prefix}-anniversary`).textContent())?.trim()).toBe(anniversary!.replace(/-/g, '/'));
    const bar = page.getByRole('progressbar', { name: record.label });
    expect(await bar.getAttribute('aria-valuenow')).toBe(String(record.pct));
    expect(await bar.getAttribute('aria-valuemax')).toBe('100');
  }
}

async function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return g.document.documentElement.scrollWidth > g.innerWidth;
  });
}

/** The same screen opened at 390 px: no sideways scroll, and its picture; then back to the desktop width. */
async function atPhoneWidth(page: Page, readyTestId: string, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId(readyTestId).waitFor({ timeout: UI_TIMEOUT_MS });
  // The menu is a drawer at this width: closed, as a phone user sees the page.
  if (
    await page
      .locator('.MuiDrawer-modal .MuiBackdrop-root')
      .isVisible()
      .catch(() => false)
  )
    await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  expect(await overflowsSideways(page)).toBe(false);
  await shot(page, name);
  await page.setViewportSize(DESKTOP);
}

describe('Commission cap card, default templates and reassignment (Chromium)', () => {
  const ui = freshPagePerTest(DESKTOP);
  let admin: string;
  let templates: Templates;
  let statuses: StatusIds;
  let closeOn: string;
  // Each test's own users (made here, so the journeys themselves stay short), disabled at the end.
  let cara: TestUser;
  let dale: TestUser;
  let remy: TestUser;
  let tess: TestUser;
  const made: TestUser[] = [];

  beforeAll(async () => {
    admin = await tokenOf(ADMIN);
    templates = await must<Templates>('/api/commission/templates', { token: admin });
    statuses = await statusIds(admin);
    const team = await must<{ timezone?: string | null }>('/api/admin/team', { token: admin });
    closeOn = closingDate(team.timezone || 'UTC');
    for (const [first, assign] of [
      ['Cara', (user: TestUser) => (cara = user)],
      ['Dale', (user: TestUser) => (dale = user)],
      ['Remy', (user: TestUser) => (remy = user)],
      ['Tess', (user: TestUser) => (tess = user)],
    ] as const) {
      const user = await createAgent(admin, templates, first);
      made.push(user);
      assign(user);
    }
    // Cara: one $200,000 sale Under Contract (pending). Remy: two active transactions and a closed one.
    await setStatus(
      admin,
      await createTransaction(admin, cara.agent_id, `${runCounter} Pending Way`, 200_000),
      statuses.underContract,
      closeOn,
    );
    await createTransaction(admin, remy.agent_id, `${runCounter} First Active St`);
    await createTransaction(admin, remy.agent_id, `${runCounter} Second Active St`);
    await setStatus(admin, await createTransaction(admin, remy.agent_id, `${runCounter} Closed Ave`), statuses.closed, closeOn);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await disableUsers(admin, made);
  }, SETUP_TIMEOUT_MS);

  it(
    'shows the cap card on Edit Profile, with a transaction closed through the API counted in ytd and one Under Contract as pending',
    async () => {
      const { page } = ui;
      const agent = cara;
      try {
        const before = await capsOf(admin, agent.agent_id);
        expect([line(before, 'B').ytd, line(before, 'B').pending, line(before, 'R').pending]).toEqual([0, 1800, 360]);

        const closed = await createTransaction(admin, agent.agent_id, `${runCounter} Closing Ct`);
        await setStatus(admin, closed, statuses.closed, closeOn);
        const after = await capsOf(admin, agent.agent_id);
        // 30% and 6% of the $3,000 gross; 900 of 20,000 is 5% (rounded), 180 of 3,000 is 6%.
        expect([line(after, 'B').ytd, line(after, 'B').pct, line(after, 'R').ytd, line(after, 'R').pct]).toEqual([900, 5, 180, 6]);

        await signInThroughApi(page, agent.email);
        await page.goto(`${baseUrl()}/app/account/profile`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });
        await expectCard(page, 'profile-cap-summary', after);
        expect(await page.getByRole('heading', { name: 'Commission Cap Summary' }).isVisible()).toBe(true);
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
        await shot(page, 'commission-profile-card-1366.png');
        await atPhoneWidth(page, 'profile-cap-summary-brokerage', 'commission-profile-card-390.png');
      } catch (error) {
        await shot(page, 'commission-profile-card-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows the user's cap card in the admin user form's side panel after a closing, and the Default Commission Templates block with their defaults",
    async () => {
      const { page } = ui;
      const agent = dale;
      try {
        expect(templates.show_default_templates).toBe(true);
        const closed = await createTransaction(admin, agent.agent_id, `${runCounter} Form Rd`);
        await setStatus(admin, closed, statuses.closed, closeOn);
        const after = await capsOf(admin, agent.agent_id);
        expect(line(after, 'B').ytd).toBe(900);

        await signInThroughApi(page, ADMIN);
        await page.goto(`${baseUrl()}/app/admin/users/${agent.agent_id}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('user-edit-panel').waitFor({ timeout: UI_TIMEOUT_MS });
        await expectCard(page, 'user-cap-summary', after);

        // The block lists the team's templates per side, the user's defaults chosen.
        const block = page.getByTestId('user-default-templates');
        await block.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await block.getByRole('heading', { name: 'Default Commission Templates' }).isVisible()).toBe(true);
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
        const buyer = page.getByTestId('user-templates-buyer').getByRole('combobox');
        const names = templates.buyer.map((template) => template.name);
        expect(((await buyer.textContent()) ?? '').trim()).toBe(names.length > 3 ? `${names.length} items selected` : names.join(', '));
        await buyer.click();
        for (const name of ['Brokerage Split', 'Royalty', 'Transaction Fee']) {
          expect(await page.getByRole('listbox').getByRole('option', { name, exact: true }).getAttribute('aria-selected')).toBe('true');
        }
        await page.keyboard.press('Escape');
        await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
        await shot(page, 'commission-user-form-1366.png');
        await atPhoneWidth(page, 'user-cap-summary-brokerage', 'commission-user-form-390.png');
      } catch (error) {
        await shot(page, 'commission-user-form-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "reassigns a user's active transactions from the user list's row action, with the confirmation, the toast and the new counts",
    async () => {
      const { page } = ui;
      const [from, to] = [remy, tess];
      try {
        expect(await must(`/api/transactions/reassign/count?from_agent_id=${from.agent_id}`, { token: admin })).toEqual({
          total_trans_count: 3,
          active_trans_count: 2,
        });

        await signInThroughApi(page, ADMIN);
        const lastName = from.name.split(' ')[1];
        await page.goto(`${baseUrl()}/app/admin/users?quick_search_filter=${lastName}`, { waitUntil: 'domcontentloaded' });
        const row = page
          .getByTestId('users-table-row')
          .filter({ has: page.getByTestId('user-name').getByText(from.name, { exact: true }) });
        await row.getByTestId('user-actions-more').click();
        await page.getByTestId('user-action-reassign').click();
        await page.waitForURL(
          (url) => url.pathname === `/app/admin/users/reassign-transactions/${from.agent_id}` && url.searchParams.get('name') === from.name,
          { timeout: UI_TIMEOUT_MS },
        );
        const summary = page.getByTestId('reassign-summary');
        await summary.waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.title()).toBe('Reassign Transactions · Realty');
        expect((await summary.textContent())?.trim()).toBe(`${from.name} has 3 transactions, 2 active.`);
        const submit = page.getByTestId('reassign-submit');
        expect(await submit.isDisabled()).toBe(true);
        await page.getByRole('combobox', { name: /Reassign to/ }).waitFor({ timeout: UI_TIMEOUT_MS });
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);

        // Active Agents and Disabled Agents, the user left out.
        await page.getByRole('combobox', { name: /Reassign to/ }).click();
        const list = page.getByRole('listbox');
        expect(await list.getByText('Active Agents', { exact: true }).isVisible()).toBe(true);
        expect(await list.getByRole('option', { name: from.name, exact: true }).count()).toBe(0);
        expect(await list.getByRole('option', { name: 'All ISAs', exact: true }).count()).toBe(0);
        await list.getByRole('option', { name: to.name, exact: true }).click();
        await page.getByRole('radio', { name: 'Active only' }).check();
        expect(await submit.isEnabled()).toBe(true);
        await shot(page, 'commission-reassign-1366.png');

        await submit.click();
        const dialog = page.getByRole('dialog');
        await dialog
          .getByText(`Reassign 2 transactions from ${from.name} to ${to.name}?`, { exact: true })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await dialog.getByRole('button', { name: 'Reassign' }).click();
        await page.getByText(`2 transactions reassigned to ${to.name}`, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });
        await page.getByText(`${from.name} has 1 transactions, 0 active.`, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
        // Nothing active is left to move: Reassign waits for another type or user.
        expect(await submit.isDisabled()).toBe(true);
        expect(await must(`/api/transactions/reassign/count?from_agent_id=${to.agent_id}`, { token: admin })).toEqual({
          total_trans_count: 2,
          active_trans_count: 2,
        });
        await shot(page, 'commission-reassign-done-1366.png');
        await atPhoneWidth(page, 'reassign-summary', 'commission-reassign-390.png');

        // Back returns to the user list it came from.
        await page.getByTestId('reassign-back').click();
        await page.waitForURL((url) => url.pathname === '/app/admin/users', { timeout: UI_TIMEOUT_MS });
      } catch (error) {
        await shot(page, 'commission-reassign-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
