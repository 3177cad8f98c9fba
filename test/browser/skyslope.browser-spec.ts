import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { api, tokenOf, baseUrl, freshPagePerTest, JOURNEY_TIMEOUT_MS, shot, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// The SkySlope integration page (spec 002 section 2.6) as the demo admin, against the fake SkySlope the stack runs:
// only the first panel without keys, the field messages, a refused and then a working connection, the
// secret shown and hidden; then the office, Re-match filling the table (the restricted user in other letter
// case too), the primary agent and a preference, each with its toast. The demo agent gets 403.
// Then Sync Activity (spec 002 section 2.6): a new transaction SkySlope refuses (422 from the fake) listed as Failed with
// SkySlope's words, and Retry syncing it to exactly one sale, its guid shown.

const ADMIN = 'admin@demo-realty.test';
const PATH = '/app/admin/skyslope';
const ACCESS_KEY = 'fake-access-key-7c1e4b2a';
const ACCESS_SECRET = 'fake-access-secret-3f9d6a0c5e8b41d7';

/** The stack's fake SkySlope (its port is random): the address it printed in its log. */
function fakeSkySlopeUrl(): string {
  const log = readFileSync(path.join(process.env.E2E_LOG_DIR ?? '', 'fake-skyslope.log'), 'utf8');
  const match = /fake SkySlope listening on (http:\/\/\S+)/.exec(log);
  if (!match) throw new Error('the fake SkySlope did not print its address');
  return match[1];
}

interface ActivityPage {
  records: { client_id: number; result: string }[];
  pagination: { total: number };
}

/** Sync Activity waits on the demo team's backfill (its open transactions), which takes a while on a busy machine. */
const SYNC_JOURNEY_TIMEOUT_MS = 120_000;

interface FakeFile {
  kind: string;
  guid: string;
  fileId?: string;
}
const fakeFiles = async (fake: string) => ((await (await fetch(`${fake}/_control/files`)).json()) as { files: FakeFile[] }).files;
const filesOf = (files: FakeFile[], clientId: number) => files.filter((file) => file.fileId === String(clientId));

/**
 * Until the team's sync is quiet: no row pending or retrying among the latest 100, and the same rows (and total)
 * twice a second apart. Rows move to the top as their sync ends, so any work still going on shows there.
 */
async function syncSettled(token: string, timeoutMs = 60_000): Promise<void> {
  let last = '';
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const { status, body } = await api<ActivityPage>('/api/skyslope/sync-activity?page=1&per_page=100', { token });
    expect(status).toBe(200);
    const rows = body?.records ?? [];
    const signature = JSON.stringify([body?.pagination.total, rows.map((row) => [row.client_id, row.result])]);
    if (signature === last && !rows.some((row) => row.result === 'pending' || row.result === 'retrying')) return;
    last = signature;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the demo team's SkySlope sync did not settle in ${timeoutMs} ms`);
}

/** Presses the panel's Refresh until `target` shows (the sync runs in the worker, a moment after the change). */
async function refreshUntil(page: Page, target: Locator): Promise<void> {
  for (const deadline = Date.now() + UI_TIMEOUT_MS; !(await target.isVisible().catch(() => false));) {
    if (Date.now() > deadline) throw new Error(`Sync Activity never showed ${target.toString()}`);
    await page.getByTestId('skyslope-sync-refresh').click();
    await page.waitForTimeout(300);
  }
}

const toast = (page: Page, text: string) =>
  page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');

describe('SkySlope integration page (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1366, height: 900 });

  it(
    'shows only API Configuration without keys, words the field messages, and saves and tests the keys',
    async () => {
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
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'picks an office, re-matches the users, picks the primary agent and a preference, each with its toast',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      expect(
        (await api('/api/skyslope/settings', { method: 'POST', token, body: { accessKey: ACCESS_KEY, accessSecret: ACCESS_SECRET } }))
          .status,
      ).toBe(200);
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
        for (const email of ['admin@demo-realty.test', 'tc@demo-realty.test', 'agent@demo-realty.test'])
          await table.getByText(email, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });

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
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lists Sync Activity: a transaction SkySlope refused shows as Failed with the reason, and Retry syncs it to one sale',
    async () => {
      const { page } = ui;
      const token = await tokenOf(ADMIN);
      // Keys, matches and an office (the first office save backfills the demo team's open transactions).
      expect(
        (await api('/api/skyslope/settings', { method: 'POST', token, body: { accessKey: ACCESS_KEY, accessSecret: ACCESS_SECRET } }))
          .status,
      ).toBe(200);
      expect((await api('/api/skyslope/matched-users', { method: 'POST', token, body: { match_skyslope_users: true } })).status).toBe(200);
      const offices = await api<{ skyslope_offices: Record<string, string>; skyslope_guid: string | null }>('/api/skyslope/offices', {
        token,
      });
      if (!offices.body?.skyslope_guid) {
        const guid = Object.keys(offices.body?.skyslope_offices ?? {})[0];
        expect((await api('/api/skyslope/offices', { method: 'POST', token, body: { skyslope_guid: guid } })).status).toBe(200);
      }
      // The backfill done first: SkySlope's refusal below is for our sale, and our row stays on the first page.
      await syncSettled(token);
      const fake = fakeSkySlopeUrl();
      const refused = await fetch(`${fake}/_control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          failNext: { status: 422, count: 1, pathPrefix: '/api/files/sales', body: { Error: 'zip is not a valid postal code' } },
        }),
      });
      expect(refused.status).toBe(200);
      const made = await api<{ client_id: number }>('/api/transactions', {
        method: 'POST',
        token,
        body: {
          type: 'b',
          contact: { first_name: 'Sky', last_name: 'Slopeson', email: 'sky.slopeson@mail.test' },
          address_1: '4410 Retry Ridge Rd',
          city: 'Austin',
          state: 'TX',
          postal_code: '78704',
        },
      });
      expect(made.status).toBe(201);
      const clientId = made.body!.client_id;

      await signInThroughApi(page, ADMIN);
      try {
        await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('skyslope-sync-activity').waitFor({ timeout: UI_TIMEOUT_MS });
        const row = page.getByTestId(`skyslope-sync-row-${clientId}`);
        // The event reaches the sync within seconds: Refresh until the row says Failed, with SkySlope's words.
        await refreshUntil(page, row.getByTestId(`skyslope-sync-result-${clientId}`).filter({ hasText: /^Failed$/ }));
        await row
          .getByText('SkySlope refused the file: zip is not a valid postal code', { exact: true })
          .waitFor({ timeout: UI_TIMEOUT_MS });
        await row.getByText('4410 Retry Ridge Rd', { exact: false }).first().waitFor({ timeout: UI_TIMEOUT_MS });
        expect(filesOf(await fakeFiles(fake), clientId)).toEqual([]);
        await shot(page, 'skyslope-sync-failed-1366.png');

        const retried = page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/skyslope/sync-activity/${clientId}/retry`,
          { timeout: UI_TIMEOUT_MS },
        );
        await page.getByTestId(`skyslope-sync-retry-${clientId}`).click();
        expect((await retried).status()).toBe(202);
        await toast(page, 'Sync queued');
        await refreshUntil(page, row.getByTestId(`skyslope-sync-result-${clientId}`).filter({ hasText: /^Synced$/ }));
        expect(await page.getByTestId(`skyslope-sync-retry-${clientId}`).count()).toBe(0);
        expect(await row.getByText('Not yet', { exact: true }).count()).toBe(0);
        // Exactly one SkySlope sale holds it, with its guid shown in the row.
        const files = filesOf(await fakeFiles(fake), clientId);
        expect(files).toEqual([expect.objectContaining({ kind: 'sale', guid: expect.any(String) })]);
        await row.getByText(files[0].guid, { exact: true }).waitFor({ timeout: UI_TIMEOUT_MS });
        await shot(page, 'skyslope-sync-activity-1366.png');
      } catch (error) {
        await shot(page, 'skyslope-sync-failure.png');
        throw error;
      }
    },
    SYNC_JOURNEY_TIMEOUT_MS,
  );
});
