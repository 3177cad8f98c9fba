import type { Page } from 'playwright-core';
import { api, baseUrl, DEMO_PASSWORD, freshPagePerTest, JOURNEY_TIMEOUT_MS, shot, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// The SkySlope integration page (issue 25) as the demo admin, against the fake SkySlope the stack runs:
// only the first panel without keys, the field messages, a refused and then a working connection, the
// secret shown and hidden; then the office, Re-match filling the table (the restricted user in other letter
// case too), the primary agent and a preference, each with its toast. The demo agent gets 403.

const ADMIN = 'admin@demo-realty.test';
const PATH = '/app/admin/skyslope';
const ACCESS_KEY = 'fake-access-key-7c1e4b2a';
const ACCESS_SECRET = 'fake-access-secret-3f9d6a0c5e8b41d7';

async function tokenOf(email: string): Promise<string> {
  const { status, body } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: DEMO_PASSWORD } });
  if (status !== 200 || !body) throw new Error(`${email} cannot sign in (${status})`);
  return body.access_token;
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

describe('SkySlope integration page (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1366, height: 900 });

  it('shows only API Configuration without keys, words the field messages, and saves and tests the keys', async () => {
    const { page } = ui;
    // The demo agent has no access to the calls.
    expect((await api('/api/skyslope/settings', { token: await tokenOf('agent@demo-realty.test') })).status).toBe(403);
    await signInThroughApi(page, ADMIN);
    try {
      await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('skyslope-api-config').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.title()).toBe('SkySlope · Realty');
      expect(await page.getByTestId('skyslope-office-mapping').count()).toBe(0);
      expect(await page.getByTestId('skyslope-matched-users').count()).toBe(0);

      await page.getByTestId('skyslope-save-credentials').click();
      await toast(page, 'Access Key is required');
      await toast(page, 'Access Secret is required');

      // A wrong secret saves, and the test says SkySlope refused it.
      await input(page, 'skyslope-access-key').fill(ACCESS_KEY);
      await input(page, 'skyslope-access-secret').fill('not-the-secret');
      await page.getByTestId('skyslope-save-credentials').click();
      await toast(page, 'Successfully updated SkySlope settings');
      await page.getByTestId('skyslope-test-connection').click();
      await toast(page, 'SkySlope refused the credentials');

      // Show and hide the secret, then save the right one and test again.
      const secret = input(page, 'skyslope-access-secret');
      await secret.fill(ACCESS_SECRET);
      expect(await secret.getAttribute('type')).toBe('password');
      await page.getByTestId('skyslope-access-secret').getByRole('button').click();
      expect(await secret.getAttribute('type')).toBe('text');
      expect(await secret.inputValue()).toBe(ACCESS_SECRET);
      await page.getByTestId('skyslope-access-secret').getByRole('button').click();
      expect(await secret.getAttribute('type')).toBe('password');
      await page.getByTestId('skyslope-save-credentials').click();
      await page.getByTestId('skyslope-office-mapping').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('skyslope-test-connection').click();
      await toast(page, 'Successful SkySlope API connection');
      // Saved keys show as their masks, never in clear.
      expect(await input(page, 'skyslope-access-key').inputValue()).toBe(`••••${ACCESS_KEY.slice(-4)}`);
      await shot(page, 'skyslope-keys-1366.png');
    } catch (error) {
      await shot(page, 'skyslope-keys-failure.png');
      throw error;
    }
  }, JOURNEY_TIMEOUT_MS);

  it('picks an office, re-matches the users, picks the primary agent and a preference, each with its toast', async () => {
    const { page } = ui;
    const token = await tokenOf(ADMIN);
    expect((await api('/api/skyslope/settings', { method: 'POST', token, body: { accessKey: ACCESS_KEY, accessSecret: ACCESS_SECRET } })).status).toBe(200);
    await signInThroughApi(page, ADMIN);
    try {
      await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('skyslope-office').waitFor({ timeout: UI_TIMEOUT_MS });

      await page.getByTestId('skyslope-office').click();
      await page.getByRole('option', { name: 'Demo Realty Westside' }).click();
      await toast(page, 'Office: SkySlope office successfully updated');

      await page.getByTestId('skyslope-rematch').click();
      await toast(page, 'Successfully updated matched users');
      const table = page.getByTestId('skyslope-matched-users-table');
      await table.getByText('Restricted@Demo-Realty.TEST').waitFor({ timeout: UI_TIMEOUT_MS });
      for (const email of ['admin@demo-realty.test', 'tc@demo-realty.test', 'agent@demo-realty.test']) await table.getByText(email, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

      // The matched users are the primary agent's choices (a reload reads them).
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('skyslope-primary-agent').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('skyslope-primary-agent').click();
      await page.getByRole('option', { name: 'Taylor Coordinator' }).click();
      await toast(page, 'Primary agent successfully updated');

      await page.getByTestId('skyslope-pref-send_commission').check();
      await toast(page, 'Successfully updated SkySlope settings');
      const saved = await api<{ commission: { send_commission: { value: boolean } } }>('/api/skyslope/settings', { token });
      expect(saved.body?.commission.send_commission.value).toBe(true);
      await shot(page, 'skyslope-page-1366.png');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'skyslope-page-390.png');
    } catch (error) {
      await shot(page, 'skyslope-page-failure.png');
      throw error;
    }
  }, JOURNEY_TIMEOUT_MS);
});
