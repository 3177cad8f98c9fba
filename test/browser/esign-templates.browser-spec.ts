import type { Locator, Page } from 'playwright-core';
import { ESIGN_MESSAGES, type EsignPacketListResponse, type EsignTemplate, type EsignTemplateListResponse } from '@app/contracts';
import {
  api,
  tokenOf,
  baseUrl,
  blockingAxeViolations,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  shot,
  signInThroughApi,
  UI_TIMEOUT_MS,
} from './browser-helpers';
import { createEsignTemplate, pdfOf } from './esign-template-kit';

// The e-sign templates list (spec 002 sections 2.4, 6 and 8) against the real esign service:
// inline rename, clone, delete with its confirmation; Create Packet and Edit Packet with their order, and
// a template still in a packet refused with the server's words; search and page size; Add Template through
// the file picker opening the builder; the demo agent's phone layout; isa@demo-realty.test (no agent_esign)
// sent to the root with no menu entry. Templates are made through the API with names of this run only.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const ISA = 'isa@demo-realty.test';
const PATH = '/app/admin/esign-templates';
/** A suffix no other run shares: every name of this run carries it, and the search finds them alone. */
const RUN = `r${Date.now().toString(36)}`;

/** Waits until `check` holds (UI that follows a server answer). */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = UI_TIMEOUT_MS): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rows = (page: Page, table = 'esign-templates-table') => page.getByTestId(`${table}-row`);
const rowCount = (page: Page, count: number, table?: string) =>
  until(async () => (await rows(page, table).count()) === count, `${count} rows in ${table ?? 'the templates table'}`);
const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });

/** Whether a URL is a GET of this list (/api/esign/templates or /api/esign/packets) with these parameters. */
function isListCall(url: string, path: string, params: Record<string, string>): boolean {
  const parsed = new URL(url);
  return parsed.pathname === path && Object.entries(params).every(([key, value]) => parsed.searchParams.get(key) === value);
}

/** Types a search and presses Enter, until the list (templates or packets) answers it. */
async function search(page: Page, text: string, path = '/api/esign/templates'): Promise<void> {
  const searched = page.waitForResponse((response) => isListCall(response.url(), path, { quick_search_filter: text }));
  await page.getByTestId('esign-templates-search').fill(text);
  await page.getByTestId('esign-templates-search').press('Enter');
  await searched;
}

async function openList(page: Page, text?: string): Promise<void> {
  await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('esign-templates-page').waitFor({ timeout: UI_TIMEOUT_MS });
  if (text) await search(page, text);
}

/** Picks a template in the packet dialog's searchable picker. */
async function pickTemplate(dialog: Locator, page: Page, name: string): Promise<void> {
  await dialog.getByTestId('esign-packet-template-search').fill(name);
  await page.getByRole('option', { name, exact: true }).click();
}

const orderIn = (dialog: Locator) =>
  dialog.getByTestId('esign-packet-order-item').evaluateAll((items) => items.map((item) => item.getAttribute('data-id')));

describe('E-sign templates list (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1280, height: 900 });

  it(
    'renames a template in place, clones it and deletes the copy after its confirmation',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const name = `Lease ${RUN} one`;
      const id = await createEsignTemplate(token, { name, typeId: 's' });
      await signInThroughApi(page, ADMIN);
      try {
        await openList(page, `Lease ${RUN} one`);
        await rowCount(page, 1);
        expect(await page.title()).toBe('E-sign Templates · Realty');
        expect(await page.getByTestId('menu-esign-templates').isVisible()).toBe(true);
        const row = rows(page).first();
        expect(await row.locator('td[data-field="type_id"]').textContent()).toBe('Seller');
        expect(await row.locator('td[data-field="folder_name"]').textContent()).toBeTruthy();
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);

        // Inline rename: hover shows the pencil; Enter saves.
        await page.getByTestId(`esign-template-name-${id}`).hover();
        await page.getByTestId(`esign-template-rename-${id}`).click();
        await page.getByTestId(`esign-template-name-input-${id}`).fill(`${name} renamed`);
        await page.getByTestId(`esign-template-name-input-${id}`).press('Enter');
        await toast(page, 'Template name saved');
        expect(await page.getByTestId(`esign-template-name-${id}`).textContent()).toBe(`${name} renamed`);
        expect((await api<EsignTemplate>(`/api/esign/templates/${id}`, { token })).body?.name).toBe(`${name} renamed`);

        // Clone: '{name} (Copy)' joins the list.
        await page.getByTestId(`esign-template-clone-${id}`).click();
        await toast(page, 'Template cloned');
        await rowCount(page, 2);
        const copy = rows(page).filter({ hasText: `${name} renamed (Copy)` });
        const copyId = await copy.getAttribute('data-key');
        await shot(page, 'esign-templates-1280.png');

        // Delete asks the spec's question first; Cancel keeps the copy, Delete removes it.
        await page.getByTestId(`esign-template-delete-${copyId}`).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(ESIGN_MESSAGES.confirmDelete, { exact: true }).waitFor();
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
        expect(await rows(page).count()).toBe(2);
        await page.getByTestId(`esign-template-delete-${copyId}`).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await toast(page, 'Template deleted');
        await rowCount(page, 1);
        const left = await api<EsignTemplateListResponse>(
          `/api/esign/templates?status=N&quick_search_filter=${encodeURIComponent(`Lease ${RUN} one`)}`,
          { token },
        );
        expect(left.body?.records.map((record) => record.esig_template_id)).toEqual([id]);
      } catch (error) {
        await shot(page, 'esign-templates-rename-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'creates and edits a packet with its templates in order, and refuses to delete a template it uses',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const first = `Disclosure ${RUN} A`;
      const second = `Disclosure ${RUN} B`;
      const [firstId, secondId] = await Promise.all([
        createEsignTemplate(token, { name: first }),
        createEsignTemplate(token, { name: second }),
      ]);
      const packetName = `Seller packet ${RUN}`;
      await signInThroughApi(page, ADMIN);
      try {
        await openList(page, `Disclosure ${RUN}`);
        await rowCount(page, 2);

        await page.getByTestId('esign-create-packet').click();
        const dialog = page.getByTestId('esign-packet-dialog');
        await dialog.getByLabel('Packet name').fill(packetName);
        await dialog.getByLabel('Seller').check();
        await pickTemplate(dialog, page, first);
        await pickTemplate(dialog, page, second);
        expect(await orderIn(dialog)).toEqual([String(firstId), String(secondId)]);
        await dialog.getByRole('button', { name: `Move up ${second}` }).click();
        expect(await orderIn(dialog)).toEqual([String(secondId), String(firstId)]);
        await dialog.getByTestId('esign-packet-save').click();
        await toast(page, 'Packet created');

        // The Packet Templates view, searched by the packet's name.
        // The list switches to its packets after the toast: wait for the switch before reading it.
        await page.locator('[data-testid="esign-view-packets"][aria-pressed="true"]').waitFor();
        expect(await page.getByTestId('esign-view-packets').getAttribute('aria-pressed')).toBe('true');
        await search(page, packetName, '/api/esign/packets');
        await rowCount(page, 1, 'esign-packets-table');
        const packetRow = rows(page, 'esign-packets-table').first();
        expect(await packetRow.getByTestId('esign-packet-template-names').textContent()).toBe(`${second}, ${first}`);
        expect(await packetRow.locator('td[data-field="type_id"]').textContent()).toBe('Seller');
        await shot(page, 'esign-packets-1280.png');

        // Edit Packet: its values loaded; the order changed back.
        const packetId = await packetRow.getAttribute('data-key');
        await page.getByTestId(`esign-packet-edit-${packetId}`).click();
        const edit = page.getByTestId('esign-packet-dialog');
        expect(await edit.getByLabel('Packet name').inputValue()).toBe(packetName);
        await edit.getByRole('button', { name: `Move down ${second}` }).click();
        await edit.getByTestId('esign-packet-save').click();
        await toast(page, 'Packet saved');
        await until(
          async () => (await packetRow.getByTestId('esign-packet-template-names').textContent()) === `${first}, ${second}`,
          'the new order',
        );
        const saved = await api<EsignPacketListResponse>(
          `/api/esign/packets?status=N&quick_search_filter=${encodeURIComponent(packetName)}`,
          { token },
        );
        expect(saved.body?.records[0].templates.map((template) => template.esig_template_id)).toEqual([firstId, secondId]);

        // A template the packet uses: the server's 409 naming the packet.
        await page.getByTestId('esign-view-templates').click();
        await search(page, `Disclosure ${RUN}`);
        await rowCount(page, 2);
        await page.getByTestId(`esign-template-delete-${firstId}`).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
        await toast(page, ESIGN_MESSAGES.templateInPackets([packetName]));
        expect(await rows(page).count()).toBe(2);
      } catch (error) {
        await shot(page, 'esign-packets-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'searches on name and transaction type and changes the page size',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const [buyerId, sellerId] = await Promise.all([
        createEsignTemplate(token, { name: `Addendum ${RUN} one`, typeId: 'b' }),
        createEsignTemplate(token, { name: `Addendum ${RUN} two`, typeId: 's' }),
      ]);
      await signInThroughApi(page, ADMIN);
      try {
        await openList(page, `Addendum ${RUN}`);
        await rowCount(page, 2);
        // Typing settles, then the list is asked again with the text: 'Seller' finds the type, not only names.
        const typed = page.waitForResponse((response) =>
          isListCall(response.url(), '/api/esign/templates', { quick_search_filter: 'Seller' }),
        );
        await page.getByTestId('esign-templates-search').fill('Seller');
        const searched = await typed;
        expect(new URL(searched.url()).searchParams.get('page')).toBe('1');
        await page.getByTestId(`esign-template-name-${sellerId}`).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.getByTestId(`esign-template-name-${buyerId}`).count()).toBe(0);

        // Page sizes 10, 25, 50, 100; 10 asks for 10 from page 1.
        await page.getByTestId('esign-templates-search').fill('');
        await page.getByTestId('esign-templates-search').press('Enter');
        await page.getByTestId('esign-templates-table-pagination').getByRole('combobox').click();
        expect(await page.getByRole('option').allTextContents()).toEqual(['10', '25', '50', '100']);
        const ten = page.waitForResponse((response) => isListCall(response.url(), '/api/esign/templates', { per_page: '10' }));
        await page.getByRole('option', { name: '10', exact: true }).click();
        const answer = await ten;
        expect(new URL(answer.url()).searchParams.get('page')).toBe('1');
        await until(
          async () => (await page.getByTestId('esign-templates-table').getAttribute('data-loading')) === 'false',
          'the page of 10',
        );
        expect(await rows(page).count()).toBeLessThanOrEqual(10);
      } catch (error) {
        await shot(page, 'esign-search-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'adds a template from a PDF with its progress and opens the builder',
    async () => {
      const { page } = ui;
      await signInThroughApi(page, ADMIN);
      try {
        await openList(page);
        await page.getByTestId('esign-add-template').click();
        const dialog = page.getByTestId('esign-add-template-dialog');
        await dialog
          .getByTestId('esign-template-file-input')
          .setInputFiles({ name: `Offer ${RUN}.pdf`, mimeType: 'application/pdf', buffer: await pdfOf(`Offer ${RUN}`) });
        expect(await dialog.getByLabel(/Template name/).inputValue()).toBe(`Offer ${RUN}`);
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
        await dialog.getByRole('combobox', { name: /Folder/ }).click();
        await page.getByRole('option').first().click();
        await dialog.getByLabel('Buyer').check();
        await dialog.getByTestId('esign-add-template-save').click();
        await page.waitForURL(/\/app\/admin\/esign-templates\/template-builder\?templateId=\d+$/, { timeout: UI_TIMEOUT_MS });
        await page.getByTestId('template-builder-page').waitFor({ timeout: UI_TIMEOUT_MS });
        const templateId = new URL(page.url()).searchParams.get('templateId');
        const created = await api<EsignTemplate>(`/api/esign/templates/${templateId}`, { token: await tokenOf(ADMIN) });
        expect({ name: created.body?.name, type_id: created.body?.type_id }).toEqual({ name: `Offer ${RUN}`, type_id: 'b' });
      } catch (error) {
        await shot(page, 'esign-add-template-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows the demo agent the team's templates as cards at 390 px",
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const id = await createEsignTemplate(token, { name: `Phone ${RUN}`, typeId: 'b' });
      await page.setViewportSize({ width: 390, height: 844 });
      await signInThroughApi(page, AGENT);
      try {
        await openList(page, `Phone ${RUN}`);
        await rowCount(page, 1);
        expect(await page.getByTestId('esign-templates-table').getAttribute('data-layout')).toBe('cards');
        expect(await page.getByTestId(`esign-template-edit-${id}`).isVisible()).toBe(true);
        expect(await page.getByTestId(`esign-template-delete-${id}`).isVisible()).toBe(true);
        const sideways = await page.evaluate('document.scrollingElement.scrollWidth > window.innerWidth');
        expect(sideways).toBe(false);
        expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
        await shot(page, 'esign-templates-390.png');
      } catch (error) {
        await shot(page, 'esign-templates-390-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'sends isa@demo-realty.test (no agent_esign) from the list and the builder to the root, without the menu entry',
    async () => {
      const { page } = ui;
      expect((await api('/api/esign/templates?status=N', { token: await tokenOf(ISA) })).status).toBe(403);
      await signInThroughApi(page, ISA);
      try {
        await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
        await page.waitForURL(`${baseUrl()}/app`, { timeout: UI_TIMEOUT_MS });
        await page.getByTestId('home-page').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.getByTestId('esign-templates-page').count()).toBe(0);
        expect(await page.getByTestId('menu-esign-templates').count()).toBe(0);
        await page.goto(`${baseUrl()}${PATH}/template-builder?templateId=1`, { waitUntil: 'domcontentloaded' });
        await page.waitForURL(`${baseUrl()}/app`, { timeout: UI_TIMEOUT_MS });
      } catch (error) {
        await shot(page, 'esign-templates-isa-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
