import type { Page } from 'playwright-core';
import {
  api,
  BASE64_IMAGE_HTML,
  baseUrl,
  DEMO_PASSWORD,
  freshPagePerTest,
  pasteHtml,
  shot,
  signInThroughApi,
  textOf,
  UI_TIMEOUT_MS,
} from './browser-helpers';

// Vendor enrollment and tooltips end to end (spec 001 sections 2 to 8): an invite link to the
// success message; a tooltip edited in the back office shown by the ? icon of its page; a pasted base64
// image refused by the tooltip editor. Each test is one whole flow.

const ADMIN = 'admin@demo-realty.test';
const RUN = Date.now().toString(36);

async function tokenFor(email: string): Promise<string> {
  const { status, body } = await api('/api/auth/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } });
  if (status !== 200 || !body) throw new Error(`${email} cannot sign in (${status})`);
  return String(body.access_token);
}

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

async function visible(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
}

describe('vendor enrollment and tooltips', () => {
  const state = freshPagePerTest();

  it('enrolls a vendor from an invite link: the form prefilled, the messages, then the success message', async () => {
    const { page } = state;
    const { status, body } = await api<{ url: string; invite_token: string }>('/api/enroll/vendor/link', {
      method: 'POST',
      token: await tokenFor(ADMIN),
      body: { name: `Lakeshore Title ${RUN}`, vendor_type: 'Title' },
    });
    expect(status).toBe(201);
    try {
      await page.goto(`${baseUrl()}/enroll/vendor?invite_token=${body!.invite_token}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('vendor-enrollment-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.title()).toBe('Vendor Enrollment Form · Realty');
      await visible(page, 'You are invited to enroll for free as a certified vendor.');
      expect(await input(page, 'vendor-name').inputValue()).toBe(`Lakeshore Title ${RUN}`);

      // A submit with the rest empty: 'Required.' under the company's fields, 'required.' under the contact's.
      await page.getByTestId('vendor-enrollment-submit').click();
      await visible(page, 'Required.');
      await visible(page, 'required.');

      await input(page, 'vendor-address_1').fill('1 Lake Shore Drive');
      await input(page, 'vendor-city').fill('Chicago');
      await input(page, 'vendor-state').fill('IL');
      await input(page, 'vendor-postal_code').fill('60601');
      await input(page, 'vendor-first-name').fill('Robin');
      await input(page, 'vendor-last-name').fill('Lakeshore');
      // The shared PhoneInput takes no test id of its own: its input by name.
      await page.locator('input[name="primary_contact.phone"]').fill('5553339999');
      // Someone's address already: the server's first error shows above the submit button.
      await input(page, 'vendor-email').fill('agent@demo-realty.test');
      await page.getByTestId('vendor-enrollment-submit').click();
      expect(await textOf(page, 'vendor-enrollment-failure')).toBe('Email is already in use');

      await input(page, 'vendor-email').fill(`robin-${RUN}@lakeshore-title.test`);
      await page.getByTestId('vendor-enrollment-submit').click();
      expect(await textOf(page, 'vendor-enrollment-success')).toBe('Success! Check your email for login instructions.');
      expect(await page.getByTestId('vendor-enrollment-form').count()).toBe(0);

      // The link is spent: opening it again shows the server's message instead of the form.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await textOf(page, 'vendor-enrollment-error')).toBe('This invite link has already been used.');
    } catch (error) {
      await shot(page, 'vendor-enrollment.png');
      throw error;
    }
  }, 30_000);

  it('a tooltip edited in the back office shows on its page', async () => {
    const { page } = state;
    await signInThroughApi(page, ADMIN);
    const text = `Contacts help ${RUN}`;
    try {
      await page.goto(`${baseUrl()}/app/backoffice/tooltips/108`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('tooltip-form').waitFor({ timeout: UI_TIMEOUT_MS });
      const editor = page.locator('[data-testid="tooltip-form"] .ProseMirror');
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
      await page.getByTestId('tooltip-save').click();
      await visible(page, 'Tooltip updated');

      await page.getByTestId('menu-contacts').click();
      await page.getByTestId('contacts-page').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('help-tooltip-contacts').click();
      expect(await textOf(page, 'help-tooltip-content-108')).toContain(text);
      // manage_tooltips: the tooltip links back to its back-office page.
      await page.getByTestId('help-tooltip-edit-108').click();
      await page.waitForURL((url) => url.pathname === '/app/backoffice/tooltips/108', { timeout: UI_TIMEOUT_MS });
    } catch (error) {
      await shot(page, 'tooltip-edit.png');
      throw error;
    }
  }, 30_000);

  it("pasting a base64 image into the tooltip editor inserts nothing and shows 'Embeded images not allowed'", async () => {
    const { page } = state;
    await signInThroughApi(page, ADMIN);
    try {
      await page.goto(`${baseUrl()}/app/backoffice/tooltips/104`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('tooltip-form').waitFor({ timeout: UI_TIMEOUT_MS });
      const editor = page.locator('[data-testid="tooltip-form"] .ProseMirror');
      await editor.click();
      const before = await editor.innerHTML();
      await pasteHtml(editor, BASE64_IMAGE_HTML, 'Look');
      await visible(page, 'Embeded images not allowed');
      expect(await editor.innerHTML()).toBe(before);
      expect(await editor.locator('img').count()).toBe(0);
    } catch (error) {
      await shot(page, 'tooltip-paste.png');
      throw error;
    }
  }, 30_000);
});
