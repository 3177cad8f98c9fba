import { logoPng } from './png';
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

// Team administration end to end (spec 000 sections 2 to 9): document folders (add, a duplicate name's
// field error, edit, the transaction type filter, delete with the spec's confirmation, locked system
// folders), document categories and types, the message template, team notification switches and
// Blackout Days (check, uncheck, a custom day), Team Settings (name, logo upload and delete), and the
// role-gated menu. Every change is made in Rival Homes, never Demo Realty (other suites read it),
// and undone at the end of its test.

const RIVAL_ADMIN = 'admin@rival-homes.test';
/** Bench Realty: no other suite reads its settings. */
const BENCH_ADMIN = 'admin@bench-realty.test';
const AGENT = 'agent@demo-realty.test';
const TC = 'tc@demo-realty.test';
const CONFIRM_TEXT = 'This action cannot be undone. Are you sure that you want to proceed?';

/** A suffix no other run shares: names stay unique in the team across runs on a kept stack. */
const RUN = Date.now().toString(36);

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').waitFor({ timeout: UI_TIMEOUT_MS });
}

async function tokenFor(email: string): Promise<string> {
  const { status, body } = await api('/api/auth/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } });
  if (status !== 200 || !body) throw new Error(`${email} cannot sign in (${status})`);
  return String(body.access_token);
}

async function expectToast(page: Page, message: string): Promise<void> {
  await page.getByText(message, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

/** Opens an entry of the menu and waits for its page. */
async function openFromMenu(page: Page, key: string, path: string, pageTestId: string): Promise<void> {
  await page.getByTestId(`menu-${key}`).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: UI_TIMEOUT_MS });
  await page.getByTestId(pageTestId).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Waits until `check` holds (checked every 100 ms). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function reloadTo(page: Page, testId: string): Promise<void> {
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByTestId(testId).waitFor({ timeout: UI_TIMEOUT_MS });
}

/** Picks an option of a MUI select opened by clicking `trigger`. */
async function choose(page: Page, trigger: ReturnType<Page['getByTestId']>, option: string): Promise<void> {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function folderNames(page: Page): Promise<string[]> {
  await page.getByTestId('folders-table').waitFor({ timeout: UI_TIMEOUT_MS });
  return page
    .locator('[data-testid^="folder-row-"]')
    .evaluateAll((rows) =>
      rows.map((row) => (row as unknown as { getAttribute(name: string): string | null }).getAttribute('data-folder-name') ?? ''),
    );
}

async function waitForFolderNames(page: Page, check: (names: string[]) => boolean, what: string): Promise<string[]> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let names = await folderNames(page);
  while (!check(names)) {
    if (Date.now() > deadline) throw new Error(`${what}: folders are ${JSON.stringify(names)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    names = await folderNames(page);
  }
  return names;
}

function folderRow(page: Page, name: string) {
  return page.locator(`[data-testid^="folder-row-"][data-folder-name="${name}"]`);
}

async function folderIdOf(page: Page, name: string): Promise<number> {
  const testId = await folderRow(page, name).getAttribute('data-testid');
  return Number((testId ?? '').replace('folder-row-', ''));
}

async function logoShown(page: Page): Promise<boolean> {
  const image = page.getByTestId('team-logo-image');
  await image.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  // Loaded, not a broken image: the signed URL answers the bytes.
  await imageLoaded(page, '[data-testid="team-logo-image"]');
  return true;
}

describe('Team administration', () => {
  const ui = freshPagePerTest();
  let page: Page;
  beforeEach(() => {
    page = ui.page;
  });

  it('shows agents no team admin entry (E-sign Templates only, with both e-sign permissions) and refuses them the admin URLs; a TC gets the document setup screens only', async () => {
    try {
      await signIn(page, AGENT);
      await page.getByTestId('menu-dashboard').waitFor({ timeout: UI_TIMEOUT_MS });
      for (const key of [
        'admin-users',
        'team-settings',
        'document-folders',
        'document-types',
        'document-message-template',
        'team-notifications',
      ]) {
        expect({ key, count: await page.getByTestId(`menu-${key}`).count() }).toEqual({ key, count: 0 });
      }
      // The demo agent holds team_esign and agent_esign: the admin section shows E-sign Templates (spec 002 sections 2.3 and 2.4), and only it.
      await page.getByTestId('menu-esign-templates').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('menu-section-admin').count()).toBe(1);
      expect(await page.getByTestId('menu-profile').count()).toBe(1);
      await shot(page, 'admin-team-agent-menu.png');

      // Typing the URL: a plain refusal, not a broken screen.
      await page.goto(`${baseUrl()}/app/admin/team`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('access-denied').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByText('You do not have access to this page', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByTestId('team-settings-page').count()).toBe(0);
      await shot(page, 'admin-team-access-denied.png');
      await page.goto(`${baseUrl()}/app/admin/document-folders`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('access-denied').waitFor({ timeout: UI_TIMEOUT_MS });

      // A TC runs the team's documents.
      const tc = await ui.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const tcPage = await tc.newPage();
      await signIn(tcPage, TC);
      await tcPage.getByTestId('menu-document-folders').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await tcPage.getByTestId('menu-section-admin').isVisible()).toBe(true);
      for (const key of ['document-types', 'document-message-template']) expect(await tcPage.getByTestId(`menu-${key}`).count()).toBe(1);
      for (const key of ['admin-users', 'team-settings', 'team-notifications'])
        expect(await tcPage.getByTestId(`menu-${key}`).count()).toBe(0);
      await tc.close();

      // The e-sign entry needs team_esign and agent_esign (from the user's e-sign switch): the seeded agent
      // has both, the restricted agent (same role, e-sign off) does not see it.
      expect(await page.getByTestId('menu-esign').count()).toBe(1);
      const restricted = await ui.browser.newContext({ viewport: { width: 1366, height: 900 } });
      const restrictedPage = await restricted.newPage();
      await signIn(restrictedPage, 'restricted@demo-realty.test');
      await restrictedPage.getByTestId('menu-profile').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await restrictedPage.getByTestId('menu-transactions').count()).toBe(1);
      expect(await restrictedPage.getByTestId('menu-esign').count()).toBe(0);
      await restricted.close();
    } catch (error) {
      await shot(page, 'admin-team-roles-failure.png');
      throw error;
    }
  }, 120_000);

  it('manages document folders: add, a duplicate name, edit, filter, delete with the confirmation; system folders are locked', async () => {
    const name = `Inspections ${RUN}`;
    const renamed = `Inspection reports ${RUN}`;
    const sellerName = `Listing photos ${RUN}`;
    try {
      await signIn(page, RIVAL_ADMIN);
      await openFromMenu(page, 'document-folders', '/app/admin/document-folders', 'folders-page');
      await folderNames(page);

      // The system folders: a lock, no edit or delete.
      for (const id of [-1, -2]) {
        const row = page.getByTestId(`folder-row-${id}`);
        expect(await row.getAttribute('data-system')).toBe('true');
        expect(await page.getByTestId(`folder-locked-${id}`).count()).toBe(1);
        expect(await page.getByTestId(`folder-edit-${id}`).count()).toBe(0);
        expect(await page.getByTestId(`folder-delete-${id}`).count()).toBe(0);
      }

      // Add a buyer folder, visible to clients.
      await page.getByTestId('folder-add').click();
      await page.getByTestId('folder-dialog').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('folder-name').locator('input').fill(name);
      await page.getByTestId('folder-transaction_type').getByLabel('Buyer', { exact: true }).check();
      await page.getByTestId('folder-client_visible').locator('input').check();
      await shot(page, 'admin-team-folder-dialog.png');
      await page.getByTestId('folder-dialog-save').click();
      await expectToast(page, 'Folder Created');
      await waitForFolderNames(page, (names) => names.includes(name), 'the new folder');
      const id = await folderIdOf(page, name);
      expect(await textOf(page, `folder-type-${id}`)).toBe('Buyer');

      // The same name again: the server's message under the name, and the form error.
      await page.getByTestId('folder-add').click();
      await page.getByTestId('folder-name').locator('input').fill(name.toUpperCase());
      await page.getByTestId('folder-dialog-save').click();
      await expectToast(page, 'Form Error: Please correct errors to save changes.');
      const helper = page.getByTestId('folder-name').locator('.MuiFormHelperText-root');
      await helper.getByText('A folder with this name already exists').waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'admin-team-folder-duplicate.png');
      // Another name, a seller folder this time.
      await page.getByTestId('folder-name').locator('input').fill(sellerName);
      await page.getByTestId('folder-transaction_type').getByLabel('Seller', { exact: true }).check();
      await page.getByTestId('folder-dialog-save').click();
      await expectToast(page, 'Folder Created');
      await waitForFolderNames(page, (names) => names.includes(sellerName), 'the seller folder');

      // Edit.
      await page.getByTestId(`folder-edit-${id}`).click();
      const nameInput = page.getByTestId('folder-name').locator('input');
      expect(await nameInput.inputValue()).toBe(name);
      await nameInput.fill(renamed);
      await page.getByTestId('folder-dialog-save').click();
      await expectToast(page, 'Folder updated');
      await waitForFolderNames(page, (names) => names.includes(renamed) && !names.includes(name), 'the renamed folder');

      // Filter: Seller hides the buyer folder and shows the seller one; Buyer the other way round.
      await choose(page, page.getByTestId('folder-filter'), 'Seller');
      let names = await waitForFolderNames(page, (list) => !list.includes(renamed), 'the seller filter');
      expect(names).toContain(sellerName);
      await choose(page, page.getByTestId('folder-filter'), 'Buyer');
      names = await waitForFolderNames(page, (list) => list.includes(renamed), 'the buyer filter');
      expect(names).not.toContain(sellerName);
      await choose(page, page.getByTestId('folder-filter'), 'All');
      await waitForFolderNames(page, (list) => list.includes(renamed) && list.includes(sellerName), 'no filter');
      await shot(page, 'admin-team-folders.png');
      // Dark mode (this browser only): the same screen, readable.
      await page.getByTestId('theme-toggle').locator('button').click();
      await page.waitForFunction(
        () =>
          (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('RaStore.theme') ===
          '"dark"',
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      await shot(page, 'admin-team-folders-dark.png');
      await page.getByTestId('theme-toggle').locator('button').click();

      // Delete, after the spec's confirmation.
      await page.getByTestId(`folder-delete-${id}`).click();
      const confirm = page.getByTestId('folder-delete-confirm');
      await confirm.getByText(CONFIRM_TEXT, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForTimeout(400); // the dialog's fade-in, for the screenshot
      await shot(page, 'admin-team-folder-delete-confirm.png');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Folder removed');
      await waitForFolderNames(page, (list) => !list.includes(renamed), 'the deleted folder');
      await reloadTo(page, 'folders-table');
      names = await folderNames(page);
      expect(names).not.toContain(renamed);
      expect(names).toContain(sellerName);

      // Mobile layout: the table scrolls sideways inside its card, the page does not.
      await page.setViewportSize({ width: 800, height: 900 });
      await reloadTo(page, 'folders-table');
      // The menu is a modal drawer there: closed, to see the page.
      if (await page.locator('.MuiDrawer-modal').isVisible()) {
        await page.keyboard.press('Escape');
        await page.locator('.MuiDrawer-modal').waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      }
      const overflow = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
        return doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
      });
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'admin-team-folders-mobile.png');
    } catch (error) {
      await shot(page, 'admin-team-folders-failure.png');
      throw error;
    } finally {
      // Whatever happened, the folders of this run go.
      const token = await tokenFor(RIVAL_ADMIN);
      const { body } = await api<{ records: { client_document_folder_id: number; folder_name: string }[] }>(
        '/api/documents/folders?fetch_all=true',
        { token },
      );
      for (const folder of body?.records ?? []) {
        if (folder.folder_name.endsWith(RUN)) {
          await api(`/api/documents/folders?folder_id=${folder.client_document_folder_id}`, { method: 'DELETE', token });
        }
      }
    }
  }, 180_000);

  it('manages document categories and types, and the send-document message template', async () => {
    const category = `Disclosures ${RUN}`;
    const type = `Lead paint ${RUN}`;
    let originalTemplate: string | null = null;
    try {
      const token = await tokenFor(RIVAL_ADMIN);
      originalTemplate =
        (await api<{ message_template: string }>('/api/admin/document/message-template', { token })).body?.message_template ?? null;
      await signIn(page, RIVAL_ADMIN);
      await openFromMenu(page, 'document-types', '/app/admin/document-types', 'document-types-page');

      await page.getByTestId('category-add').click();
      await page.getByTestId('category-name').locator('input').fill(category);
      await page.getByTestId('category-dialog-save').click();
      await expectToast(page, 'Document Category created successfully');
      await page.getByTestId('categories-list').getByText(category, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('type-add').click();
      await page.getByTestId('type-name').locator('input').fill(type);
      await choose(page, page.getByTestId('type-category').getByRole('combobox'), category);
      await page.getByTestId('type-dialog-save').click();
      await expectToast(page, 'Document type created successfully');
      const typeRow = page.locator(`[data-testid^="type-row-"][data-type-name="${type}"]`);
      await typeRow.getByText(category, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'admin-team-document-types.png');

      // Deleting the category keeps its type, without a category.
      const categoryRow = page.locator('[data-testid^="category-row-"]').filter({ hasText: category });
      await categoryRow.locator('[data-testid^="category-delete-"]').click();
      const confirm = page.getByTestId('category-delete-confirm');
      await confirm.getByText(CONFIRM_TEXT, { exact: false }).waitFor({ timeout: UI_TIMEOUT_MS });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Document Category deleted successfully');
      await typeRow.getByText('No category', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await reloadTo(page, 'types-table');
      await typeRow.getByText('No category', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      await typeRow.locator('[data-testid^="type-delete-"]').click();
      await page.getByTestId('type-delete-confirm').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Document type deleted successfully');
      await typeRow.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });

      // The message template: required, then saved and kept.
      await openFromMenu(page, 'document-message-template', '/app/admin/document-message-template', 'message-template-page');
      const template = page.getByTestId('message-template-input').locator('textarea').first();
      await template.waitFor({ timeout: UI_TIMEOUT_MS });
      await template.fill('');
      await template.blur();
      await page.getByTestId('message-template-input').getByText('Required', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      const text = `Hello, please find the documents attached. (${RUN})`;
      await template.fill(text);
      expect(await textOf(page, 'message-template-count')).toBe(`${text.length} / 5000`);
      await page.getByTestId('message-template-save').click();
      await expectToast(page, 'Document message template updated successfully');
      await shot(page, 'admin-team-message-template.png');
      await reloadTo(page, 'message-template-input');
      expect(await page.getByTestId('message-template-input').locator('textarea').first().inputValue()).toBe(text);
    } catch (error) {
      await shot(page, 'admin-team-document-types-failure.png');
      throw error;
    } finally {
      const token = await tokenFor(RIVAL_ADMIN);
      const types = await api<{ records: { team_document_type_id: number; name: string }[] }>(
        '/api/documents/types/manage?fetch_all=true',
        { token },
      );
      for (const item of types.body?.records ?? []) {
        if (item.name.endsWith(RUN))
          await api(`/api/documents/types/manage?team_document_type_id=${item.team_document_type_id}`, { method: 'DELETE', token });
      }
      const categories = await api<{ records: { team_document_category_id: number; name: string }[] }>(
        '/api/documents/categories?fetch_all=true',
        { token },
      );
      for (const item of categories.body?.records ?? []) {
        if (item.name.endsWith(RUN))
          await api(`/api/documents/categories?team_document_category_id=${item.team_document_category_id}`, { method: 'DELETE', token });
      }
      if (originalTemplate) {
        await api('/api/admin/document/message-template', { method: 'PATCH', token, body: { message_template: originalTemplate } });
      }
    }
  }, 180_000);

  it('saves team notification switches and blackout days: check, uncheck, and a custom day', async () => {
    const label = `Office retreat ${RUN}`;
    const token = await tokenFor(RIVAL_ADMIN);
    // A known start: Juneteenth not a blackout day, the first notification on.
    await api('/api/admin/team/blackout-day?predefined_day_key=juneteenth', { method: 'DELETE', token });
    await api('/api/admin/notification_settings', { method: 'PATCH', token, body: { notification_id: 1, enabled: true } });
    try {
      await signIn(page, RIVAL_ADMIN);
      await openFromMenu(page, 'team-notifications', '/app/admin/notifications', 'team-notifications-page');

      // A notification switch for the whole team.
      const notificationSwitch = page.getByTestId('team-notification-switch-1');
      await notificationSwitch.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await notificationSwitch.isChecked()).toBe(true);
      await notificationSwitch.uncheck();
      await expectToast(page, 'Setting has been saved');
      await reloadTo(page, 'team-notification-switch-1');
      expect(await page.getByTestId('team-notification-switch-1').isChecked()).toBe(false);
      await page.getByTestId('team-notification-switch-1').check();
      await expectToast(page, 'Setting has been saved');

      // Checking a holiday saves it; it is still checked after a reload.
      const juneteenth = page.getByTestId('blackout-juneteenth');
      await juneteenth.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await juneteenth.isChecked()).toBe(false);
      await juneteenth.check();
      await expectToast(page, 'Setting has been saved');
      await reloadTo(page, 'blackout-juneteenth');
      expect(await page.getByTestId('blackout-juneteenth').isChecked()).toBe(true);

      // Unchecking deletes it.
      await page.getByTestId('blackout-juneteenth').uncheck();
      await expectToast(page, 'Setting has been saved');
      await reloadTo(page, 'blackout-juneteenth');
      expect(await page.getByTestId('blackout-juneteenth').isChecked()).toBe(false);

      // A custom day: the date (mm/dd/yyyy, typed) opens once a label is typed; both are required.
      const labelInput = page.getByTestId('blackout-custom-label');
      const dateField = page.getByTestId('blackout-custom-date');
      const dateInput = dateField.locator('input');
      expect(await dateInput.isDisabled()).toBe(true);
      await page.getByTestId('blackout-custom-add').click();
      await page.getByText('Label is required', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await labelInput.fill(label);
      expect(await dateInput.isEnabled()).toBe(true);
      expect(await dateInput.getAttribute('type')).toBe('text');
      expect(await dateInput.getAttribute('placeholder')).toBe('mm/dd/yyyy');
      await page.getByTestId('blackout-custom-add').click();
      await page.getByText('Date is required', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      // A past date is refused under the field, and nothing is saved.
      await dateInput.pressSequentially('01012001');
      expect(await dateInput.inputValue()).toBe('01/01/2001');
      await page.getByTestId('blackout-custom-add').click();
      await dateField.getByText('Date must be today or later', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
      await shot(page, 'admin-team-blackout-past-date.png');
      const afterPast = await api<{ records: { day_label: string }[] }>('/api/admin/team/blackout-days', { token });
      expect(afterPast.body?.records.filter((item) => item.day_label === label)).toEqual([]);
      expect(await page.locator(`[data-testid^="blackout-custom-day-"][data-label="${label}"]`).count()).toBe(0);

      await dateInput.fill('12/19/2030');
      await page.getByTestId('blackout-custom-add').click();
      await expectToast(page, 'Setting has been saved');
      const day = page.locator(`[data-testid^="blackout-custom-day-"][data-label="${label}"]`);
      await day.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await day.getAttribute('data-date')).toBe('12-19-2030');
      expect(await day.textContent()).toContain('12/19/2030');
      expect(await labelInput.inputValue()).toBe('');
      await shot(page, 'admin-team-blackout-days.png');
      await reloadTo(page, 'blackout-custom-list');
      await day.waitFor({ timeout: UI_TIMEOUT_MS });

      // And removed again.
      await day.locator('[data-testid^="blackout-custom-remove-"]').click();
      await page.getByTestId('blackout-remove-confirm').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Setting has been saved');
      await day.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    } catch (error) {
      await shot(page, 'admin-team-blackout-failure.png');
      throw error;
    } finally {
      await api('/api/admin/team/blackout-day?predefined_day_key=juneteenth', { method: 'DELETE', token });
      await api('/api/admin/notification_settings', { method: 'PATCH', token, body: { notification_id: 1, enabled: true } });
      const { body } = await api<{ records: { team_blackout_day_id: number; day_label: string }[] }>('/api/admin/team/blackout-days', {
        token,
      });
      for (const item of body?.records ?? []) {
        if (item.day_label === label)
          await api(`/api/admin/team/blackout-day?team_blackout_day_id=${item.team_blackout_day_id}`, { method: 'DELETE', token });
      }
    }
  }, 180_000);

  it('saves team settings and uploads, shows and deletes the team logo', async () => {
    const token = await tokenFor(RIVAL_ADMIN);
    const original = (await api<{ name: string; city: string | null }>('/api/admin/team', { token })).body;
    if (!original) throw new Error('GET /admin/team answered nothing');
    const newName = `Rival Homes ${RUN}`;
    try {
      await signIn(page, RIVAL_ADMIN);
      await openFromMenu(page, 'team-settings', '/app/admin/team', 'team-settings-page');
      const nameInput = page.getByTestId('team-name').locator('input');
      await nameInput.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await nameInput.inputValue()).toBe(original.name);

      // Name required on the client.
      await nameInput.fill('');
      await page.getByTestId('team-city').locator('input').click();
      await page.getByTestId('team-name').getByText('Required', { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      await nameInput.fill(newName);
      await page.getByTestId('team-city').locator('input').fill('Dallas');
      // The timezone: a searchable select (a team may have none yet; it is required to save).
      const timezone = page.getByTestId('team-timezone').locator('input');
      await timezone.click();
      await timezone.fill('Chicago');
      await page.getByRole('option', { name: 'America/Chicago', exact: true }).click();
      await page.getByTestId('team-settings-save').click();
      await expectToast(page, 'Team settings updated');
      await reloadTo(page, 'team-settings-form');
      expect(await page.getByTestId('team-name').locator('input').inputValue()).toBe(newName);
      expect(await page.getByTestId('team-city').locator('input').inputValue()).toBe('Dallas');
      expect(await page.getByTestId('team-timezone').locator('input').inputValue()).toBe('America/Chicago');

      // The logo: a PNG through the signed upload, shown with 'Logo has been updated', and still there after a reload.
      await page.getByTestId('team-logo-input').setInputFiles({ name: 'rival-logo.png', mimeType: 'image/png', buffer: logoPng() });
      await expectToast(page, 'Logo has been updated');
      expect(await logoShown(page)).toBe(true);
      await reloadTo(page, 'team-settings-logo');
      expect(await logoShown(page)).toBe(true);
      await shot(page, 'admin-team-settings.png');

      // A file that is not an image never leaves the browser.
      await page.getByTestId('team-logo-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await expectToast(page, 'Image failed to upload. Please try again');

      // Deleted after the confirmation.
      await page.getByTestId('team-logo-delete').click();
      await page.getByTestId('team-logo-delete-confirm').getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Logo has been deleted');
      await page.getByTestId('team-logo-empty').waitFor({ timeout: UI_TIMEOUT_MS });
      await reloadTo(page, 'team-logo-empty');
      expect(await page.getByTestId('team-logo-image').count()).toBe(0);
    } catch (error) {
      await shot(page, 'admin-team-settings-failure.png');
      throw error;
    } finally {
      // The timezone stays: it cannot go back to none (required), and no other suite reads Rival Homes' zone.
      await api('/api/admin/team', { method: 'PATCH', token, body: { name: original.name, city: original.city } });
      await api('/api/admin/team/logo', { method: 'DELETE', token });
    }
  }, 180_000);
  it('saves Team Settings on a fresh seed without touching the timezone', async () => {
    const token = await tokenFor(BENCH_ADMIN);
    const original = (await api<{ city: string | null; timezone: string | null }>('/api/admin/team', { token })).body;
    if (!original) throw new Error('GET /admin/team answered nothing');
    const city = `Austin ${RUN}`;
    try {
      await signInThroughApi(page, BENCH_ADMIN);
      await page.goto(`${baseUrl()}/app/admin/team`, { waitUntil: 'domcontentloaded' });
      const timezone = page.getByTestId('team-timezone').locator('input');
      await timezone.waitFor({ timeout: UI_TIMEOUT_MS });
      // The seeded team has a zone, and the field shows it (a team without one would start on the browser's).
      const shown = await timezone.inputValue();
      expect(shown).not.toBe('');
      if (original.timezone) expect(shown).toBe(original.timezone.replace(/_/g, ' '));

      await page.getByTestId('team-city').locator('input').fill(city);
      await page.getByTestId('team-settings-save').click();
      await expectToast(page, 'Team settings updated');
      expect(await page.getByText('Required', { exact: true }).count()).toBe(0);
      const saved = (await api<{ city: string | null; timezone: string | null }>('/api/admin/team', { token })).body;
      expect(saved?.city).toBe(city);
      expect(saved?.timezone?.replace(/_/g, ' ')).toBe(shown);
      await reloadTo(page, 'team-settings-form');
      expect(await page.getByTestId('team-city').locator('input').inputValue()).toBe(city);
    } catch (error) {
      await shot(page, 'admin-team-settings-fresh-seed-failure.png');
      throw error;
    } finally {
      await api('/api/admin/team', { method: 'PATCH', token, body: { city: original.city ?? '' } });
    }
  }, 60_000);

  it('explains the message template has no merge fields and asks before leaving it with unsaved changes', async () => {
    const token = await tokenFor(RIVAL_ADMIN);
    const original = (await api<{ message_template: string }>('/api/admin/document/message-template', { token })).body?.message_template;
    if (original === undefined) throw new Error('GET /admin/document/message-template answered nothing');
    const dialogs: string[] = [];
    try {
      await signInThroughApi(page, RIVAL_ADMIN);
      await page.goto(`${baseUrl()}/app/admin/document-message-template`, { waitUntil: 'domcontentloaded' });
      const merge = await textOf(page, 'message-template-merge-fields');
      expect(merge).toContain('Merge fields');
      expect(merge).toContain('no merge fields: it is sent exactly as written');

      const template = page.getByTestId('message-template-input').locator('textarea').first();
      await template.waitFor({ timeout: UI_TIMEOUT_MS });
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void (dialogs.length === 1 ? dialog.dismiss() : dialog.accept());
      });
      const text = `Please review these documents (${RUN}).`;
      await template.fill(text);

      // Changed: leaving asks; staying keeps the text.
      await page.getByTestId('menu-document-folders').click();
      await until(() => dialogs.length === 1, 'the unsaved-changes question');
      expect(dialogs[0]).toBe('The message template has unsaved changes. Leave this page and lose them?');
      expect(new URL(page.url()).pathname).toBe('/app/admin/document-message-template');
      expect(await template.inputValue()).toBe(text);

      // Asked again and confirmed: the page is left, the change is not saved.
      await page.getByTestId('menu-document-folders').click();
      await page.waitForURL((url) => url.pathname === '/app/admin/document-folders', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('folders-page').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(dialogs).toHaveLength(2);
      expect((await api<{ message_template: string }>('/api/admin/document/message-template', { token })).body?.message_template).toBe(
        original,
      );

      // Saved: leaving asks nothing.
      await page.goto(`${baseUrl()}/app/admin/document-message-template`, { waitUntil: 'domcontentloaded' });
      await template.waitFor({ timeout: UI_TIMEOUT_MS });
      await template.fill(text);
      await page.getByTestId('message-template-save').click();
      await expectToast(page, 'Document message template updated successfully');
      await page.getByTestId('menu-document-folders').click();
      await page.waitForURL((url) => url.pathname === '/app/admin/document-folders', { timeout: UI_TIMEOUT_MS });
      await page.getByTestId('folders-page').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(dialogs).toHaveLength(2);
    } catch (error) {
      await shot(page, 'admin-team-message-template-leave-failure.png');
      throw error;
    } finally {
      await api('/api/admin/document/message-template', { method: 'PATCH', token, body: { message_template: original } });
    }
  }, 60_000);
});
