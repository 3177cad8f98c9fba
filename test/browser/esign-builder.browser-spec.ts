import type { Page } from 'playwright-core';
import { ESIGN_FIELD_TYPES, type EsignField, type EsignFieldType, type EsignTemplate, type EsignTemplateDetail } from '@app/contracts';
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
  until,
} from './browser-helpers';
import { createEsignTemplate } from './esign-template-kit';

// The e-sign template builder (spec 002 sections 2.3, 4 and 9) against the real esign service:
// a PDF uploaded through the API, the builder opened on it, one field of every type dragged from the palette
// for two roles, their properties set, autosave's Saved, and after a reload every field where it was with
// its properties; the dropdown switching templates, and the phone layout.

const ADMIN = 'admin@demo-realty.test';
const RUN = `b${Date.now().toString(36)}`;

// The page's document as the functions evaluated there see it (no DOM lib in the test's types).
interface PageDocument {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  querySelectorAll(selector: string): { length: number };
  documentElement: { scrollWidth: number };
}
const builderPath = (id: number) => `/app/admin/esign-templates/template-builder?templateId=${id}`;

async function openBuilder(page: Page, id: number): Promise<void> {
  await page.goto(`${baseUrl()}${builderPath(id)}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('template-builder').waitFor({ timeout: UI_TIMEOUT_MS });
  // pdf.js drew the first page (its worker came from our own origin).
  await page.getByTestId('builder-page-1').locator('canvas').waitFor({ timeout: UI_TIMEOUT_MS });
}

const fieldsOf = (page: Page) => page.locator('[data-testid^="builder-field-"][data-field-type]');

/** Drags a palette type onto page 1 so that the new field's top-left corner lands at (fx, fy) of the page. */
async function dragOnto(page: Page, type: EsignFieldType, fx: number, fy: number): Promise<void> {
  const source = (await page.getByTestId(`palette-${type}`).boundingBox())!;
  const target = (await page.getByTestId('builder-page-1').boundingBox())!;
  // Grabbed near its top-left corner: the dropped box keeps that offset from the pointer.
  const grab = { x: source.x + 6, y: source.y + 6 };
  await page.mouse.move(grab.x, grab.y);
  await page.mouse.down();
  await page.mouse.move(grab.x + 10, grab.y + 10);
  await page.mouse.move(target.x + fx * target.width + 6, target.y + fy * target.height + 6, { steps: 3 });
  // Released only once the page shows the drag over it: under load the pointer-up could beat the render
  // that makes the page the drop target, as a person's hand never does.
  await page.locator('[data-testid="builder-page-1"][data-over="true"]').waitFor({ timeout: UI_TIMEOUT_MS });
  await page.mouse.up();
}

async function selectField(page: Page, name: string): Promise<void> {
  await page.locator(`[data-field-name="${name}"]`).click();
  await page.getByTestId('builder-properties').waitFor();
}

const props = (page: Page) => page.getByTestId('builder-properties');

async function choose(page: Page, label: string, option: string): Promise<void> {
  await props(page).getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function saved(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { document: PageDocument }).document
        .querySelector('[data-testid="builder-save-status"]')
        ?.getAttribute('data-status') === 'saved',
    undefined,
    { timeout: UI_TIMEOUT_MS },
  );
}

/** Each field's box on screen by name, from the top-left corner of page 1 (the pages may scroll). */
async function boxes(
  page: Page,
): Promise<Record<string, { x: number; y: number; width: number; height: number; colour: string | null; type: string | null }>> {
  const result: Record<string, { x: number; y: number; width: number; height: number; colour: string | null; type: string | null }> = {};
  const origin = (await page.getByTestId('builder-page-1').boundingBox())!;
  for (const field of await fieldsOf(page).all()) {
    const box = (await field.boundingBox())!;
    result[(await field.getAttribute('data-field-name'))!] = {
      ...box,
      x: box.x - origin.x,
      y: box.y - origin.y,
      colour: await field.getAttribute('data-colour'),
      type: await field.getAttribute('data-field-type'),
    };
  }
  return result;
}

describe('E-sign template builder (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1280, height: 900 });

  it('places one field of every type for two roles, sets their properties, and finds them where they were after a reload', async () => {
    const { page } = ui;
    const token = await tokenOf(ADMIN);
    const id = await createEsignTemplate(token, { name: `Purchase ${RUN}`, pages: 2 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signInThroughApi(page, ADMIN);
    try {
      await openBuilder(page, id);
      expect(await page.title()).toContain('Realty');
      expect(await page.getByTestId('builder-back').getAttribute('href')).toBe('/app/admin/esign-templates');
      expect(await page.getByTestId('builder-template-name').inputValue()).toBe(`Purchase ${RUN}`);
      expect(await page.getByTestId('builder-thumbnails').getByRole('button').count()).toBe(2);

      // Six types for the first role, then a second role (colour s2) and the other five for it.
      const first = ESIGN_FIELD_TYPES.slice(0, 6);
      const second = ESIGN_FIELD_TYPES.slice(6);
      for (const [index, type] of first.entries()) await dragOnto(page, type, 0.08, 0.1 + index * 0.13);
      await page.getByTestId('builder-roles').getByRole('button', { name: 'Add role' }).click();
      for (const [index, type] of second.entries()) await dragOnto(page, type, 0.55, 0.1 + index * 0.15);
      await page.waitForFunction(
        () => (globalThis as unknown as { document: PageDocument }).document.querySelectorAll('[data-field-type]').length === 11,
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      const placed = await boxes(page);
      expect(
        Object.values(placed)
          .map((box) => box.type)
          .sort(),
      ).toEqual([...ESIGN_FIELD_TYPES].sort());
      for (const type of first) expect(Object.values(placed).find((box) => box.type === type)?.colour).toBe('s1');
      for (const type of second) expect(Object.values(placed).find((box) => box.type === type)?.colour).toBe('s2');

      // Move the signature by dragging it, and resize it from its corner.
      const signature = page.locator('[data-field-name="Signature 1"]');
      const start = (await signature.boundingBox())!;
      await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
      await page.mouse.down();
      await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 2 });
      await page.mouse.move(start.x + start.width / 2 + 40, start.y + start.height / 2 + 20, { steps: 3 });
      await page.mouse.up();
      const moved = (await signature.boundingBox())!;
      expect(Math.abs(moved.x - (start.x + 40))).toBeLessThanOrEqual(2);
      expect(Math.abs(moved.y - (start.y + 20))).toBeLessThanOrEqual(2);
      const corner = (await signature.locator('[data-testid^="builder-resize-"]').boundingBox())!;
      await page.mouse.move(corner.x + 3, corner.y + 3);
      await page.mouse.down();
      await page.mouse.move(corner.x + 13, corner.y + 3, { steps: 2 });
      await page.mouse.move(corner.x + 33, corner.y + 13, { steps: 3 });
      await page.mouse.up();
      const resized = (await signature.boundingBox())!;
      expect(Math.abs(resized.width - (moved.width + 30))).toBeLessThanOrEqual(2);
      expect(Math.abs(resized.height - (moved.height + 10))).toBeLessThanOrEqual(2);

      // Properties: the text field as a hyperlink with a host, title, description, pattern, not required.
      await selectField(page, 'Text 1');
      await props(page).getByLabel('Title', { exact: true }).fill('Listing link');
      await props(page).getByLabel('Description', { exact: true }).fill('The listing page');
      await props(page).getByLabel('Required', { exact: true }).uncheck();
      await choose(page, 'Entry type', 'Hyperlink');
      await props(page).getByLabel('Hyperlink host', { exact: true }).fill('example.com');
      await props(page).getByLabel('Pattern', { exact: true }).fill('^https://');
      // The select's first option renamed and a third added; the checkbox read only.
      await selectField(page, 'Select 1');
      await props(page).getByRole('textbox', { name: 'Option 1', exact: true }).fill('Cash');
      await props(page).getByRole('button', { name: 'Add option' }).click();
      await selectField(page, 'Checkbox 1');
      await props(page).getByLabel('Read only', { exact: true }).check();
      // The number as an amount; the date signed on the signing date, written YYYY-MM-DD.
      await selectField(page, 'Number 1');
      await choose(page, 'Entry type', 'Amount');
      await selectField(page, 'Date 1');
      await props(page).getByLabel('Signing date', { exact: true }).check();
      await choose(page, 'Date format', 'YYYY-MM-DD');
      // Arrow keys nudge the selected field; its box moves right.
      const before = (await page.locator('[data-field-name="Date 1"]').boundingBox())!;
      await page.locator('[data-field-name="Date 1"]').press('Shift+ArrowRight');
      expect((await page.locator('[data-field-name="Date 1"]').boundingBox())!.x).toBeGreaterThan(before.x);
      await saved(page);
      // Each role's name shows whole in its box (the default 'Second Party' was cut to 'Second Part').
      const roleNames = await page.getByTestId('builder-roles').getByRole('textbox', { name: 'Role name' }).all();
      expect(roleNames).toHaveLength(2);
      for (const input of roleNames)
        expect(await input.evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shot(page, 'esign-builder-1280.png');
      expect(await blockingAxeViolations(page)).toEqual([]);

      const expected = await boxes(page);
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('builder-page-1').locator('canvas').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForFunction(
        () => (globalThis as unknown as { document: PageDocument }).document.querySelectorAll('[data-field-type]').length === 11,
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      const after = await boxes(page);
      for (const [name, box] of Object.entries(expected)) {
        expect(after[name]).toBeDefined();
        expect(after[name].type).toBe(box.type);
        expect(after[name].colour).toBe(box.colour);
        expect(Math.abs(after[name].x - box.x)).toBeLessThanOrEqual(1);
        expect(Math.abs(after[name].y - box.y)).toBeLessThanOrEqual(1);
        expect(Math.abs(after[name].width - box.width)).toBeLessThanOrEqual(1);
      }
      await selectField(page, 'Text 1');
      expect(await props(page).getByLabel('Title', { exact: true }).inputValue()).toBe('Listing link');
      expect(await props(page).getByLabel('Hyperlink host', { exact: true }).inputValue()).toBe('example.com');

      // What the server keeps: two roles, 11 fields on page 1 inside the page, the properties as set.
      const stored = (await api<EsignTemplateDetail>(`/api/esign/templates/${id}`, { token })).body!;
      expect(stored.schema.roles).toHaveLength(2);
      const byName = Object.fromEntries(stored.schema.fields.map((field) => [field.name, field])) as Record<string, EsignField>;
      expect(Object.keys(byName)).toHaveLength(11);
      for (const field of stored.schema.fields) {
        const [area] = field.areas;
        expect(area.page).toBe(1);
        expect(area.x + area.w).toBeLessThanOrEqual(1);
        expect(area.y + area.h).toBeLessThanOrEqual(1);
      }
      expect(byName['Text 1']).toMatchObject({
        title: 'Listing link',
        description: 'The listing page',
        required: false,
        platform_type: 'hyperlink',
        validation: { host: 'example.com', pattern: '^https://' },
      });
      expect(byName['Select 1'].options.map((option) => option.value)).toEqual(['Cash', 'Option 2', 'Option 3']);
      expect(byName['Checkbox 1'].readonly).toBe(true);
      expect(byName['Number 1'].platform_type).toBe('amount');
      expect(byName['Date 1']).toMatchObject({ default_value: '{{date}}', preferences: { format: 'YYYY-MM-DD' } });
      expect(byName['Number 1'].role_uuid).toBe(stored.schema.roles[1].uuid);
      expect(byName['Text 1'].role_uuid).toBe(stored.schema.roles[0].uuid);
      expect(errors).toEqual([]);
    } catch (error) {
      await shot(page, 'esign-builder-failure.png');
      throw error;
    }
  }, 60_000);

  it(
    'the dropdown switches templates (templateId follows) and the name saves on Enter',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const one = await createEsignTemplate(token, { name: `Disclosure ${RUN}` });
      const two = await createEsignTemplate(token, { name: `Addendum ${RUN}` });
      await signInThroughApi(page, ADMIN);
      try {
        await openBuilder(page, one);
        const name = page.getByTestId('builder-template-name');
        await name.fill(`Disclosure ${RUN} v2`);
        await name.press('Enter');
        await page.getByTestId('builder-template-name-save').waitFor({ state: 'hidden' });
        expect((await api<EsignTemplate>(`/api/esign/templates/${one}`, { token })).body?.name).toBe(`Disclosure ${RUN} v2`);

        const picker = page.getByTestId('builder-template-picker').getByRole('combobox');
        await picker.click();
        await picker.fill(`Addendum ${RUN}`);
        await page.getByRole('option', { name: `Addendum ${RUN}`, exact: true }).click();
        await page.waitForURL((url) => url.search === `?templateId=${two}`);
        // The first template's page stays on screen until the second loads; wait for the name, not the canvas.
        await until(
          'the second template in the builder',
          async () => ((await name.inputValue()) === `Addendum ${RUN}` ? true : undefined),
          UI_TIMEOUT_MS,
        );
        await page.getByTestId('builder-page-1').locator('canvas').waitFor({ timeout: UI_TIMEOUT_MS });

        await page.getByTestId('builder-back').click();
        await page.waitForURL((url) => url.pathname === '/app/admin/esign-templates');
      } catch (error) {
        await shot(page, 'esign-builder-switch-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fits a phone: no sideways scroll at 390 px',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      const id = await createEsignTemplate(token, { name: `Phone ${RUN}` });
      await page.setViewportSize({ width: 390, height: 844 });
      await signInThroughApi(page, ADMIN);
      try {
        await openBuilder(page, id);
        await page.getByTestId('palette-signature').click();
        await page.locator('[data-field-type="signature"]').waitFor();
        await saved(page);
        const width = await page.evaluate(() => (globalThis as unknown as { document: PageDocument }).document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        await shot(page, 'esign-builder-390.png');
        expect(await blockingAxeViolations(page)).toEqual([]);
        // Without a templateId: the dropdown and a line asking for a template.
        await page.goto(`${baseUrl()}/app/admin/esign-templates/template-builder`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('builder-no-template').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.title()).toBe('Template Builder · Realty');
      } catch (error) {
        await shot(page, 'esign-builder-390-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
