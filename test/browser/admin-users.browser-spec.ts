import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  api,
  baseUrl,
  DEMO_PASSWORD,
  freshPagePerTest,
  imageLoaded,
  shot,
  signInThroughApi,
  textOf,
  UI_TIMEOUT_MS,
} from './browser-helpers';
import { logoPng } from './png';

// User administration end to end (spec 000 sections 2 to 9): the list (search, status filter from the
// URL and the select, Clear, pagination, CSV download), the licence limit toast, the user form (Required
// after a submit attempt, create, save, the server's duplicate email error), inactivate and activate,
// and an admin-set password the user then signs in with. Every test makes its own users (names carry a
// token of the run) and disables them at the end, so the demo users and the team's licences stay as
// they were.

const ADMIN_EMAIL = 'admin@demo-realty.test';
const RIVAL_ADMIN_EMAIL = 'admin@rival-homes.test';
const USERS_PATH = '/app/admin/users';

interface CreatedUser {
  agent_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

let runCounter = 0;
/** A last name no other test (or earlier run on a kept stack) shares: letters only. */
function token(): string {
  runCounter += 1;
  const letters = (value: number) => value.toString(26).replace(/[0-9]/g, (digit) => 'qrstuvwxyz'[Number(digit)]);
  return `Zt${letters(Date.now() % 1e9)}${letters(runCounter)}`;
}

async function tokenFor(email: string, password: string): Promise<string | null> {
  const { status, body } = await api('/api/auth/login', { method: 'POST', body: { email, password } });
  return status === 200 && body ? String(body.access_token) : null;
}

async function adminToken(email = ADMIN_EMAIL): Promise<string> {
  const access = await tokenFor(email, DEMO_PASSWORD);
  if (!access) throw new Error(`${email} cannot sign in`);
  return access;
}

async function createUser(access: string, lastName: string, firstName: string, extra: Record<string, unknown> = {}): Promise<CreatedUser> {
  const email = `${firstName}.${lastName}@example.test`.toLowerCase();
  const { status, body } = await api<{ agent_id: number }>('/api/admin/user', {
    method: 'POST',
    token: access,
    body: {
      first_name: firstName,
      last_name: lastName,
      mobile_phone: '(555) 555-0142',
      email,
      role_id: 'AGENT',
      start_dt: '01/15/2024',
      send_welcome_email: false,
      ...extra,
    },
  });
  if (status !== 201 || !body) throw new Error(`POST /admin/user answered ${status}: ${JSON.stringify(body)}`);
  return { agent_id: body.agent_id, first_name: firstName, last_name: lastName, email };
}

async function disableUser(access: string, agentId: number): Promise<void> {
  await api(`/api/admin/user?agent_id=${agentId}`, { method: 'DELETE', token: access });
}

async function licences(access: string): Promise<{ total: number; used: number; remaining: number }> {
  const { body } = await api<{ total: number; used: number; remaining: number }>('/api/admin/licenses', { token: access });
  if (!body) throw new Error('GET /admin/licenses answered nothing');
  return body;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Whether the element at the centre of `testId`'s box is that element or inside it (nothing covers it). */
async function reachable(page: Page, locator: ReturnType<Page['getByTestId']>): Promise<boolean> {
  return locator.evaluate((element) => {
    type El = { getBoundingClientRect(): { x: number; y: number; width: number; height: number }; contains(other: unknown): boolean };
    const target = element as unknown as El;
    const box = target.getBoundingClientRect();
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } }).document;
    const top = doc.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && target.contains(top);
  });
}

async function focusedTestId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document;
    return doc.activeElement?.getAttribute('data-testid') ?? null;
  });
}

/** Polls until `check` holds (the table reloads after a debounce or an action). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    last = await read();
  }
  return last;
}

async function rowNames(page: Page): Promise<string[]> {
  const table = page.locator('[data-testid="users-table"][data-loading="false"]');
  if ((await table.count()) === 0) return ['(loading)'];
  return (await page.getByTestId('users-table-row').getByTestId('user-name').allTextContents()).map((name) => name.trim());
}

async function expectRows(page: Page, expected: string[]): Promise<void> {
  await eventually(
    () => rowNames(page),
    (names) => JSON.stringify(names) === JSON.stringify(expected),
    'table rows',
  );
}

function rowOf(page: Page, name: string) {
  return page.getByTestId('users-table-row').filter({ has: page.getByTestId('user-name').getByText(name, { exact: true }) });
}

async function rowAction(page: Page, name: string, action: string): Promise<void> {
  await rowOf(page, name).getByTestId('user-actions-more').click();
  await page.getByTestId(`user-action-${action}`).click();
}

async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(`${baseUrl()}${USERS_PATH}${query}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('admin-users-page').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function statusFilterText(page: Page): Promise<string> {
  return ((await page.getByRole('combobox', { name: 'Status' }).textContent()) ?? '').trim();
}

async function chooseStatus(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** Whether the page scrolls sideways (the table must scroll inside its card instead). */
async function pageOverflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return g.document.documentElement.scrollWidth > g.innerWidth;
  });
}

/** How many pixels of the users table are out of sight sideways (0 when it fits its card). */
async function tableHiddenWidth(page: Page): Promise<number> {
  return page
    .getByTestId('users-table')
    .locator('.MuiTableContainer-root')
    .evaluate((element) => {
      const box = element as unknown as { scrollWidth: number; clientWidth: number };
      return box.scrollWidth - box.clientWidth;
    });
}

/** A field's message; MUI keeps an empty helper line as a zero-width space. */
async function fieldError(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u200b/g, '').trim();
}

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** Header texts and cell texts of the table, as a person reads them (the image column left out). */
async function tableAsText(page: Page): Promise<{ header: string[]; rows: string[][] }> {
  return page.getByTestId('users-table').evaluate((element) => {
    type El = {
      querySelectorAll(selector: string): ArrayLike<El>;
      getAttribute(name: string): string | null;
      textContent: string | null;
      querySelector(selector: string): El | null;
    };
    const table = element as unknown as El;
    const cols = Array.from(table.querySelectorAll('thead th'))
      .map((th) => ({ field: (th.getAttribute('data-testid') ?? '').replace('users-table-col-', ''), text: (th.textContent ?? '').trim() }))
      .filter((col) => col.field && col.field !== 'profile_image_path');
    const rows = Array.from(table.querySelectorAll('tbody tr[data-testid="users-table-row"]')).map((tr) =>
      cols.map((col) => {
        const cell = tr.querySelector(`td[data-field="${col.field}"]`);
        // The name cell also shows the email under the name: the CSV has the name.
        const name = col.field === 'agent_full_name' ? cell?.querySelector('[data-testid="user-name"]') : null;
        return ((name ?? cell)?.textContent ?? '').trim();
      }),
    );
    return { header: cols.map((col) => col.text), rows };
  });
}

describe('User administration', () => {
  const ui = freshPagePerTest();
  let page: Page;
  beforeEach(() => {
    page = ui.page;
  });

  it('searches, presets the status filter from the URL, changes it with the select, and clears both', async () => {
    const access = await adminToken();
    const last = token();
    const created: CreatedUser[] = [];
    let darkModeBefore: boolean | null = null;
    try {
      created.push(await createUser(access, last, 'Alma'));
      created.push(await createUser(access, last, 'Bert'));
      await disableUser(access, created[1].agent_id);

      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await page.getByTestId('menu-admin-users').click();
      await page.waitForURL((url) => url.pathname === USERS_PATH, { timeout: UI_TIMEOUT_MS });
      // Default list: active users, the demo admin among them; the licence counters.
      await eventually(
        () => rowNames(page),
        (names) => names.includes('Avery Admin'),
        'demo admin row',
      );
      expect(await statusFilterText(page)).toBe('Active');
      // The plan's 25, plus a licence of their own for the 15 volume staff of the seed's --transactions 300.
      expect(Number(await textOf(page, 'licences-users-total'))).toBe(40);
      expect(await pageOverflowsSideways(page)).toBe(false);
      // On a 1366px laptop the whole table fits next to the menu.
      // (A pixel of rounding aside.)
      expect(await tableHiddenWidth(page)).toBeLessThanOrEqual(1);
      await shot(page, 'admin-users-list.png');

      // Search narrows the table (active only by default: Bert is disabled).
      await page.getByTestId('users-search').fill(last);
      await expectRows(page, [`Alma ${last}`]);
      expect(searchOf(page).get('quick_search_filter')).toBe(last);

      // ?status_filter=disabled presets the select.
      await openList(page, `?status_filter=disabled&quick_search_filter=${last}`);
      expect(await statusFilterText(page)).toBe('Disabled');
      expect(await page.getByTestId('users-search').inputValue()).toBe(last);
      await expectRows(page, [`Bert ${last}`]);
      expect(await rowOf(page, `Bert ${last}`).getByTestId('user-status').textContent()).toBe('Inactive');

      // The select changes it, and the URL keeps it.
      await chooseStatus(page, 'All');
      await expectRows(page, [`Alma ${last}`, `Bert ${last}`]);
      expect(searchOf(page).get('status_filter')).toBe('all');
      await shot(page, 'admin-users-filtered.png');

      // Clear: search empty, filter Active again.
      await page.getByTestId('users-clear').click();
      await eventually(
        () => statusFilterText(page),
        (text) => text === 'Active',
        'status filter after Clear',
      );
      expect(await page.getByTestId('users-search').inputValue()).toBe('');
      expect(searchOf(page).get('status_filter')).toBe('active');
      expect(searchOf(page).has('quick_search_filter')).toBe(false);
      // The whole active list again (the seeded volume staff put Alma past the first page).
      const names = await eventually(
        () => rowNames(page),
        (list) => list.includes('Avery Admin') && list.length > 2,
        'cleared list',
      );
      expect(names).not.toContain(`Bert ${last}`);

      // A search that matches nobody: the empty state, with Clear.
      await page.getByTestId('users-search').fill(`${last}nobody`);
      await page.getByTestId('users-table-empty').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('users-empty-clear').isVisible()).toBe(true);
      await shot(page, 'admin-users-empty.png');

      // Mobile width and the dark theme (the admin's own setting, put back below): still usable.
      await page.getByTestId('users-clear').click();
      const { body: defaults } = await api<{ dark_mode: boolean }>('/api/user/profile/defaults', { token: access });
      darkModeBefore = defaults?.dark_mode ?? false;
      await api('/api/user/profile/defaults', { method: 'PATCH', token: access, body: { dark_mode: true } });
      await page.setViewportSize({ width: 900, height: 900 });
      await openList(page, `?status_filter=all&quick_search_filter=${last}`);
      await expectRows(page, [`Alma ${last}`, `Bert ${last}`]);
      // The menu is a drawer at this width: close it to use the page.
      if (await page.locator('.MuiDrawer-modal').isVisible()) {
        await page.keyboard.press('Escape');
        await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      }
      expect(await page.getByTestId('users-add').isVisible()).toBe(true);
      expect(await pageOverflowsSideways(page)).toBe(false);
      await page.waitForFunction(
        () => {
          const g = globalThis as unknown as { document: { body: object }; getComputedStyle(e: object): { backgroundColor: string } };
          // A dark background: each channel low.
          const [r, gr, b] = (g.getComputedStyle(g.document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
          return r < 60 && gr < 60 && b < 60;
        },
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      await shot(page, 'admin-users-mobile-dark.png');
    } catch (error) {
      await shot(page, 'admin-users-search-failure.png');
      throw error;
    } finally {
      for (const user of created) await disableUser(access, user.agent_id);
      if (darkModeBefore !== null) {
        await api('/api/user/profile/defaults', { method: 'PATCH', token: access, body: { dark_mode: darkModeBefore } });
      }
    }
  }, 120_000);

  it('pages through more users than a page holds; a full team gets the licence toast on Add User and Activate', async () => {
    const access = await adminToken();
    const last = token();
    const created: CreatedUser[] = [];
    try {
      // Fill every free licence of the team with users of this test (at least 11: more than a page of 10).
      const free = (await licences(access)).remaining;
      expect(free).toBeGreaterThanOrEqual(11);
      for (let index = 0; index < free; index += 1) {
        created.push(await createUser(access, last, `Page${String(index + 1).padStart(2, '0')}`));
      }
      expect((await licences(access)).remaining).toBe(0);

      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await openList(page, `?quick_search_filter=${last}`);
      const all = created.map((user) => `${user.first_name} ${user.last_name}`);
      await expectRows(page, all.slice(0, 20));
      // Sorting by a column header: by name, then the other way round.
      await page.getByTestId('users-table-sort-agent_full_name').click();
      await expectRows(page, all.slice(0, 20));
      expect([searchOf(page).get('order_by'), searchOf(page).get('order_dir')]).toEqual(['agent_full_name', '1']);
      await page.getByTestId('users-table-sort-agent_full_name').click();
      await expectRows(page, [...all].reverse().slice(0, 20));
      await page.getByTestId('users-table-sort-agent_full_name').click();
      await expectRows(page, all.slice(0, 20));

      // 10 per page, then the next page.
      await page.getByTestId('users-table-pagination').getByRole('combobox').click();
      await page.getByRole('option', { name: '10', exact: true }).click();
      await expectRows(page, all.slice(0, 10));
      expect(searchOf(page).get('per_page')).toBe('10');
      await page.getByTestId('users-table-next-page').click();
      await expectRows(page, all.slice(10, 20));
      expect(searchOf(page).get('page')).toBe('2');
      await shot(page, 'admin-users-page-2.png');

      // No licence left: Add User stays on the list and shows the sticky warning.
      expect(await textOf(page, 'licences-users-remaining')).toBe('0');
      await page.getByTestId('users-add').click();
      const toast = page.getByTestId('no-licences-toast');
      await toast.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await toast.textContent()).toContain('No Available User Licenses');
      expect(await toast.textContent()).toContain('Your team has reached its maximum number of user licenses.');
      expect(new URL(page.url()).pathname).toBe(USERS_PATH);
      await shot(page, 'admin-users-no-licences.png');
      // Never over the controls: the search, the status filter and Add User stay in reach while it is open.
      for (const control of ['users-search', 'users-status-filter', 'users-add', 'users-clear']) {
        expect([control, await reachable(page, page.getByTestId(control))]).toEqual([control, true]);
      }
      await chooseStatus(page, 'All');
      await eventually(
        () => statusFilterText(page),
        (text) => text === 'All',
        'status filter under the notice',
      );
      // Sticky: still there after the usual 4 seconds, and a click elsewhere does not close it.
      await page.waitForTimeout(5_000);
      await page.getByTestId('users-toolbar').click({ position: { x: 5, y: 5 } });
      expect(await toast.isVisible()).toBe(true);
      // Its close button hands the focus back to Add User.
      await page.getByTestId('users-add').focus();
      await page.getByTestId('users-add').press('Enter');
      await toast.getByRole('button', { name: 'Close' }).click();
      await toast.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await focusedTestId(page)).toBe('users-add');

      // Add User opened directly at the limit: no empty form, the notice, back on the list.
      await page.goto(`${baseUrl()}${USERS_PATH}/new`, { waitUntil: 'domcontentloaded' });
      await toast.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await toast.textContent()).toContain('No Available User Licenses');
      await page.waitForURL((url) => url.pathname === USERS_PATH, { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('users-table-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('user-form').count()).toBe(0);
      await toast.getByRole('button', { name: 'Close' }).click();
      await toast.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // Activating a disabled user while the team is full: the same toast, the user stays disabled.
      const waiting = created[0];
      await disableUser(access, waiting.agent_id);
      created.push(await createUser(access, last, 'Page99'));
      await openList(page, `?status_filter=disabled&quick_search_filter=${last}`);
      const waitingName = `${waiting.first_name} ${waiting.last_name}`;
      await expectRows(page, [waitingName]);
      await rowAction(page, waitingName, 'activate');
      await page.getByTestId('no-licences-toast').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await rowOf(page, waitingName).getByTestId('user-status').textContent()).toBe('Inactive');
    } catch (error) {
      await shot(page, 'admin-users-pages-failure.png');
      throw error;
    } finally {
      for (const user of created) await disableUser(access, user.agent_id);
    }
  }, 180_000);

  it("adds a user: 'Required' after a submit attempt, the new user's page, save, and the server's duplicate email error", async () => {
    const access = await adminToken();
    const last = token();
    const email = `nora.${last}@example.test`.toLowerCase();
    let createdId: number | null = null;
    try {
      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await openList(page);
      await page.getByTestId('users-add').click();
      await page.waitForURL((url) => url.pathname === `${USERS_PATH}/new`, { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('user-form').waitFor({ timeout: UI_TIMEOUT_MS });

      // Defaults, and nothing said before a submit attempt.
      expect(await page.getByTestId('user-can_download-input').isChecked()).toBe(true);
      expect(await page.getByTestId('user-send_welcome_email-input').isChecked()).toBe(true);
      expect(await page.getByTestId('user-esign_enabled-input').isChecked()).toBe(false);
      expect(await page.getByTestId('user-esign_enabled-input').isDisabled()).toBe(false);
      expect(await page.getByTestId('user-mobile_phone-input').getAttribute('placeholder')).toBe('(999) 999-9999');
      expect(await fieldError(page, 'user-first_name-error')).toBe('');

      await page.getByTestId('user-form-save').click();
      for (const field of ['first_name', 'last_name', 'mobile_phone', 'email', 'role_id', 'start_dt']) {
        await eventually(
          () => fieldError(page, `user-${field}-error`),
          (text) => text === 'Required',
          `${field} error`,
        );
      }
      expect(new URL(page.url()).pathname).toBe(`${USERS_PATH}/new`);
      await shot(page, 'admin-users-form-required.png');

      // Vendors have no real-estate fields.
      await page.getByTestId('user-role_id').getByRole('combobox').click();
      await page.getByRole('option', { name: 'Vendor', exact: true }).click();
      expect(await page.getByTestId('user-caps').count()).toBe(0);
      expect(await page.getByTestId('user-career_path').count()).toBe(0);
      expect(await page.getByTestId('user-leader_board_exclude').count()).toBe(0);

      // A good form: the new user's page.
      await page.getByTestId('user-role_id').getByRole('combobox').click();
      await page.getByRole('option', { name: 'Agent', exact: true }).click();
      expect(await page.getByTestId('user-caps').isVisible()).toBe(true);
      await page.getByTestId('user-first_name-input').fill('Nora');
      await page.getByTestId('user-last_name-input').fill(last);
      await page.getByTestId('user-mobile_phone-input').fill('(555) 555-0177');
      await page.getByTestId('user-email-input').fill(email);
      await page.getByTestId('user-start_dt-input').fill('02/03/2024');
      await page.getByTestId('user-brokerage_cap_amt-input').fill('20000');
      await page.getByTestId('user-send_welcome_email-input').uncheck();
      // Once a field is right its 'Required' goes.
      expect(await fieldError(page, 'user-first_name-error')).toBe('');
      await page.getByTestId('user-form-save').click();
      await expectToast(page, 'User has been added');
      await page.waitForURL((url) => /^\/app\/admin\/users\/\d+$/.test(url.pathname), { timeout: UI_TIMEOUT_MS });
      createdId = Number(new URL(page.url()).pathname.split('/').pop());
      const { status, body } = await api<{ email: string; brokerage_cap_amt: number | null }>(`/api/admin/user?agent_id=${createdId}`, {
        token: access,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ email, brokerage_cap_amt: 20000 });
      // The URL changes before the form re-renders for the new id: wait for the edit form itself.
      await page.locator('[data-testid="user-form"][data-mode="edit"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('user-first_name-input').inputValue()).toBe('Nora');
      expect(await page.getByTestId('user-send_welcome_email').count()).toBe(0);

      // Save on edit.
      await page.getByTestId('user-lic_nbr-input').fill('LIC-4471');
      await page.getByTestId('user-form-save').click();
      await expectToast(page, 'User changes saved');
      expect((await api<{ lic_nbr: string }>(`/api/admin/user?agent_id=${createdId}`, { token: access })).body?.lic_nbr).toBe('LIC-4471');
      await shot(page, 'admin-users-form-saved.png');

      // The avatar of an existing user: through the signed upload, shown, and still there after a reload.
      await page.getByTestId('user-avatar-input').setInputFiles({ name: 'nora.png', mimeType: 'image/png', buffer: logoPng(120, 120) });
      await expectToast(page, 'Profile image updated');
      const avatarLoaded = async () => expect(await imageLoaded(page, '[data-testid="user-avatar-image"] img')).toBe(120);
      await avatarLoaded();
      await page.reload({ waitUntil: 'domcontentloaded' });
      await avatarLoaded();
      // Back: the list the admin came from (the empty 'new' form was replaced by the user's page).
      await page.getByTestId('user-form-back').click();
      await page.waitForURL((url) => url.pathname === USERS_PATH, { timeout: UI_TIMEOUT_MS });

      // The same email again: the server's error under email, gone once the email is edited.
      await page.goto(`${baseUrl()}${USERS_PATH}/new`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('user-form').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('user-first_name-input').fill('Nina');
      await page.getByTestId('user-last_name-input').fill(last);
      await page.getByTestId('user-mobile_phone-input').fill('(555) 555-0178');
      await page.getByTestId('user-email-input').fill(email.toUpperCase());
      await page.getByTestId('user-role_id').getByRole('combobox').click();
      await page.getByRole('option', { name: 'TC', exact: true }).click();
      await page.getByTestId('user-start_dt-input').fill('02/03/2024');
      await page.getByTestId('user-form-save').click();
      await eventually(
        () => fieldError(page, 'user-email-error'),
        (text) => text === 'Email is already in use',
        'email error',
      );
      expect(await textOf(page, 'user-form-error')).toBe('Form Error: Please correct errors to save changes.');
      expect(await page.getByTestId('user-first_name-input').inputValue()).toBe('Nina');
      await shot(page, 'admin-users-form-duplicate-email.png');
      await page.getByTestId('user-email-input').fill(`nina.${last}@example.test`.toLowerCase());
      expect(await fieldError(page, 'user-email-error')).toBe('');
    } catch (error) {
      await shot(page, 'admin-users-form-failure.png');
      throw error;
    } finally {
      if (createdId) await disableUser(access, createdId);
    }
  }, 120_000);

  it('shows the e-sign checkbox disabled with a PRO tag when the team has no e-signature plan', async () => {
    await signIn(page, RIVAL_ADMIN_EMAIL, DEMO_PASSWORD);
    await page.goto(`${baseUrl()}${USERS_PATH}/new`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('user-form').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('user-esign_enabled-input').isDisabled()).toBe(true);
    await page.getByTestId('user-esign-pro').hover();
    await page
      .getByRole('tooltip')
      .getByText('E-signature is not included in your plan', { exact: false })
      .waitFor({ timeout: UI_TIMEOUT_MS });
    await shot(page, 'admin-users-form-pro.png');
  }, 60_000);

  it('shows a failed list load alone with Retry, which loads it; a plan without e-sign reads so', async () => {
    await signInThroughApi(page, RIVAL_ADMIN_EMAIL);
    let failing = true;
    await page.route(
      (url) => url.pathname === '/api/admin/users',
      (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ status: 'error', message: 'Internal server error' }),
            })
          : route.fallback(),
    );
    await page.goto(`${baseUrl()}${USERS_PATH}`, { waitUntil: 'domcontentloaded' });
    const error = page.getByTestId('users-table-error');
    await error.waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await error.textContent()).toContain('The users could not be loaded.');
    // The error alone: no 'No users match this search and filter.', no headless table.
    expect(await page.getByText('No users match this search and filter.').count()).toBe(0);
    expect(await page.getByTestId('users-table').locator('table').count()).toBe(0);
    // Rival Homes has no e-signature in its plan.
    expect(await textOf(page, 'licences-esign-not-included')).toBe('Not included in your plan');
    await shot(page, 'admin-users-load-failed.png');

    failing = false;
    await page.getByTestId('users-table-retry').click();
    await page.getByTestId('users-table-row').first().waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await error.count()).toBe(0);
    expect(await page.getByTestId('users-table-col-agent_full_name').textContent()).toBe('Name');
    expect(await page.getByTestId('users-table-row').getByTestId('user-name').allTextContents()).toContain('Riley Rival');
  }, 60_000);

  it('refuses the user screens to a non-admin (the server refuses the calls too)', async () => {
    await signIn(page, 'tc@demo-realty.test', DEMO_PASSWORD);
    expect(await page.getByTestId('menu-admin-users').count()).toBe(0);
    await page.goto(`${baseUrl()}${USERS_PATH}/new`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('access-denied').waitFor({ timeout: UI_TIMEOUT_MS });
    expect(await page.getByTestId('user-form').count()).toBe(0);
    const tc = await tokenFor('tc@demo-realty.test', DEMO_PASSWORD);
    expect((await api('/api/admin/users', { token: tc ?? undefined })).status).toBe(403);
  }, 60_000);

  it('inactivates and activates a user from the row actions', async () => {
    const access = await adminToken();
    const last = token();
    const created: CreatedUser[] = [];
    try {
      created.push(await createUser(access, last, 'Ivan'));
      const name = `Ivan ${last}`;
      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await openList(page, `?status_filter=all&quick_search_filter=${last}`);
      await expectRows(page, [name]);
      const status = () => rowOf(page, name).getByTestId('user-status').textContent();
      expect(await status()).toBe('Active');

      // The mail actions: sent for an active user.
      await rowAction(page, name, 'welcome');
      await expectToast(page, 'Email sent');

      // Log Activity links to the user's activity (app/record; dashboards-admin.browser-spec.ts follows it).
      await rowOf(page, name).getByTestId('user-actions-more').click();
      const logActivity = page.getByTestId('user-action-log-activity');
      expect(await logActivity.getAttribute('aria-disabled')).toBeNull();
      expect(await logActivity.getAttribute('href')).toBe(
        `/app/record?${new URLSearchParams({ user: String(created[0].agent_id), name }).toString()}`,
      );
      await page.keyboard.press('Escape');

      // Inactivate asks first: Cancel keeps the user active, the confirmation inactivates.
      const question = `Inactivate ${name}? They will no longer be able to sign in.`;
      await rowAction(page, name, 'inactivate');
      const dialog = page.getByRole('dialog');
      await dialog.getByText(question, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'admin-users-inactivate-confirm.png');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
      expect(await status()).toBe('Active');
      const { body: stillActive } = await api<{ status: string }>(`/api/admin/user?agent_id=${created[0].agent_id}`, { token: access });
      expect(stillActive?.status).toBe('active');

      await rowAction(page, name, 'inactivate');
      await dialog.getByText(question, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await dialog.getByRole('button', { name: 'Inactivate User' }).click();
      await expectToast(page, 'User disabled');
      await eventually(status, (text) => text === 'Inactive', 'status after Inactivate');
      await shot(page, 'admin-users-inactivated.png');

      // An inactive user gets no mail: the server's words, then 'Then try again.'
      await rowAction(page, name, 'reset');
      await expectToast(page, 'This user is inactive. Activate the user first. Then try again.');

      // Reassign Transactions is offered (its journey is in commission.browser-spec.ts).
      await rowOf(page, name).getByTestId('user-actions-more').click();
      expect(await page.getByTestId('user-action-reassign').getAttribute('aria-disabled')).toBeNull();
      await page.keyboard.press('Escape');

      await rowAction(page, name, 'activate');
      await expectToast(page, 'User activated. Please confirm the user has a valid email address.');
      await eventually(status, (text) => text === 'Active', 'status after Activate');
    } catch (error) {
      await shot(page, 'admin-users-status-failure.png');
      throw error;
    } finally {
      for (const user of created) await disableUser(access, user.agent_id);
    }
  }, 120_000);

  it("sets a user's password; the user signs in with it and the history shows the sign-in", async () => {
    const access = await adminToken();
    const last = token();
    const created: CreatedUser[] = [];
    const newPassword = 'Fresh2Pass!';
    try {
      const user = await createUser(access, last, 'Paula');
      created.push(user);
      const name = `Paula ${last}`;
      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await openList(page, `?quick_search_filter=${last}`);
      await expectRows(page, [name]);

      await rowAction(page, name, 'change-password');
      await page.waitForURL((url) => url.pathname === `${USERS_PATH}/change-password/${user.agent_id}`, { timeout: UI_TIMEOUT_MS });
      expect(searchOf(page).get('name')).toBe(name);
      expect(await textOf(page, 'user-password-name')).toContain(name);
      const submit = page.getByTestId('user-password-submit');
      expect(await submit.isDisabled()).toBe(true);

      // The admin form needs a number and a special character.
      await page.getByTestId('user-password-new_password').fill('Freshpass1');
      await page.getByTestId('user-password-confirm_new_password').fill('Freshpass1');
      await page.getByTestId('user-password-new_password').click();
      expect(await textOf(page, 'user-password-new_password-error')).toBe(
        'Password must contain at least one number and one special character.',
      );
      expect(await submit.isDisabled()).toBe(true);

      await page.getByTestId('user-password-new_password').fill(newPassword);
      await page.getByTestId('user-password-confirm_new_password').fill(newPassword);
      expect(await submit.isDisabled()).toBe(false);
      await submit.click();
      await expectToast(page, 'Password successfully updated');
      await shot(page, 'admin-users-password.png');

      // Back: the list, as it was.
      await page.getByTestId('user-password-back').click();
      await page.waitForURL((url) => url.pathname === USERS_PATH && url.searchParams.get('quick_search_filter') === last, {
        timeout: UI_TIMEOUT_MS,
      });

      // The user signs in with it (another browser).
      const other = await ui.browser.newContext({ viewport: { width: 1366, height: 900 } });
      try {
        await signIn(await other.newPage(), user.email, newPassword);
      } finally {
        await other.close();
      }

      // History: the sign-in is there.
      await expectRows(page, [name]);
      await rowAction(page, name, 'history');
      await page.waitForURL((url) => url.pathname === `${USERS_PATH}/history/${user.agent_id}`, { timeout: UI_TIMEOUT_MS });
      expect(await textOf(page, 'user-history-name')).toContain(name);
      await eventually(
        async () => (await page.getByTestId('history-table-row').allTextContents()).join(' | '),
        (text) => text.includes('Success'),
        'history rows',
      );
      // The device in words ('Chrome 131 on Linux'), the whole User-Agent on hover.
      const device = page.getByTestId('history-device').first();
      expect(await device.textContent()).toMatch(/^Chrome( Headless)? \d+ on Linux$/);
      expect(await device.getAttribute('title')).toMatch(/^Mozilla\/5\.0 .*Chrome\/\d+/);
      await shot(page, 'admin-users-history.png');
      await page.getByTestId('user-history-back').click();
      await page.waitForURL((url) => url.pathname === USERS_PATH, { timeout: UI_TIMEOUT_MS });

      // Opened directly (a bookmark): Back still lands on the user list.
      await page.goto(`${baseUrl()}${USERS_PATH}/history/${user.agent_id}?name=${encodeURIComponent(name)}`, {
        waitUntil: 'domcontentloaded',
      });
      await page.getByTestId('user-history-back').click();
      await page.waitForURL((url) => url.pathname === USERS_PATH, { timeout: UI_TIMEOUT_MS });
    } catch (error) {
      await shot(page, 'admin-users-password-failure.png');
      throw error;
    } finally {
      for (const user of created) await disableUser(access, user.agent_id);
    }
  }, 120_000);

  it('downloads the CSV of the table with the same search, filter and order', async () => {
    const access = await adminToken();
    const last = token();
    const created: CreatedUser[] = [];
    try {
      created.push(await createUser(access, last, 'Cora', { leader_board_exclude: true }));
      created.push(await createUser(access, last, 'Dale', { can_download: false }));
      created.push(await createUser(access, last, 'Elsa', { role_id: 'TRANC' }));
      // Typed without formatting: stored as 10 digits, shown (999) 999-9999 like the others.
      created.push(await createUser(access, last, 'Fay', { mobile_phone: '5125550123' }));
      await disableUser(access, created[1].agent_id);

      await signIn(page, ADMIN_EMAIL, DEMO_PASSWORD);
      await openList(page, `?status_filter=all&quick_search_filter=${last}`);
      // Roles first (TC before agents), then names.
      await expectRows(page, [`Elsa ${last}`, `Cora ${last}`, `Dale ${last}`, `Fay ${last}`]);
      const table = await tableAsText(page);
      const phones = ['(555) 555-0142', '(555) 555-0142', '(555) 555-0142', '(512) 555-0123'];
      expect(table.rows.map((row) => row[table.header.indexOf('Mobile Phone')])).toEqual(phones);

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: UI_TIMEOUT_MS }),
        page.getByTestId('users-download').click(),
      ]);
      expect(download.suggestedFilename()).toBe('users.csv');
      const file = await download.path();
      const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
      const csv = lines.map((line) => line.split(','));
      expect(csv[0]).toEqual(table.header);
      expect(csv.slice(1)).toEqual(table.rows);
      expect(table.rows.map((row) => row[table.header.indexOf('Excluded')])).toEqual(['No', 'Yes', 'No', 'No']);
      expect(csv.slice(1).map((row) => row[csv[0].indexOf('Mobile Phone')])).toEqual(phones);
      // The spinner is gone once the file is in.
      await eventually(
        () => page.getByTestId('users-download').getAttribute('data-downloading'),
        (value) => value === 'false',
        'download button',
      );
      await shot(page, 'admin-users-download.png');
    } catch (error) {
      await shot(page, 'admin-users-download-failure.png');
      throw error;
    } finally {
      for (const user of created) await disableUser(access, user.agent_id);
    }
  }, 120_000);
});
