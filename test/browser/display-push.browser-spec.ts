import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import type { TokenResponse } from '@app/contracts';
import { launchChromium } from './chromium';
import { baseUrl, DEMO_PASSWORD } from './browser-helpers';

// Display Mode end to end: sign in on the TV page, then close a deal through the API and watch the
// team's Closed circle on Agent Production count it without a reload and without a new HTTP call. The
// push travels transactions outbox -> BullMQ -> the transactions worker's figures -> socket.io (display:data).
// Then the transactions service is killed: the TV keeps its last slide, shows 'Reconnecting…', loads a
// slide it never had once the service is back, and receives pushes again.

const PASSWORD = DEMO_PASSWORD;
const ADMIN_EMAIL = 'admin@demo-realty.test';
const PUSH_TIMEOUT_MS = 15_000;
const SCREENSHOT_PATH = resolve(__dirname, '../../test-results/display-push.png');

async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${init.method ?? 'GET'} ${path} -> ${response.status}: ${text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

function login(email: string): Promise<TokenResponse> {
  return api<TokenResponse>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
}

interface StatusOption {
  id: number;
  category: string;
  dates: string[];
}

/** Today as the status dialog sends it (MM/DD/YYYY), in the TV's own zone like its default range. */
function todayUs(): string {
  const now = new Date();
  return [now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('/') + `/${now.getFullYear()}`;
}

/** A new transaction of the team, closed today: one more on the team's Closed circle. */
async function closeADeal(token: string): Promise<number> {
  const { client_id } = await api<{ client_id: number }>('/api/transactions', {
    method: 'POST',
    token,
    body: { type: 'b', address_1: `${Date.now().toString(36)} Push Lane` },
  });
  const { records } = await api<{ records: StatusOption[] }>('/api/transaction/statuses', { token });
  const closed = records.find((status) => status.category === 'closed');
  if (!closed) throw new Error('the team has no closed status');
  const today = todayUs();
  await api(`/api/transaction/${client_id}/status`, {
    method: 'PATCH',
    token,
    body: { status_id: closed.id, dates: Object.fromEntries(closed.dates.map((key) => [key, today])) },
  });
  return client_id;
}

const CLOSED_CIRCLE = '.funnel__circles [data-testid="circle"][data-label="Closed"]';
const isSlideCall = (request: Request) => /\/api\/(dashboards|leaderboard)\?/.test(request.url());

async function closedOnScreen(page: Page): Promise<number> {
  return Number(await page.locator(CLOSED_CIRCLE).getAttribute('data-value'));
}

async function waitForClosed(page: Page, value: number): Promise<void> {
  await page.locator(`${CLOSED_CIRCLE}[data-value="${value}"]`).waitFor({ timeout: PUSH_TIMEOUT_MS });
}

describe('Display Mode push', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let adminToken: string;
  const slideCalls: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
    page.on('request', (request) => {
      if (isSlideCall(request)) slideCalls.push(request.url());
    });
    adminToken = (await login(ADMIN_EMAIL)).access_token;
  }, 30_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  }, 30_000);

  it('shows a deal closed through the API on the open slide without a reload or a new HTTP call', async () => {
    try {
      await page.goto(`${baseUrl()}/display`, { waitUntil: 'domcontentloaded' });

      // Fresh browser context: no shared session yet, so the sign-in form shows.
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const badge = page.getByTestId('connection-state');
      await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 20_000 });
      expect((await badge.textContent())?.trim()).toBe('Connected');

      // Agent Production (slide 0, the team, this month), held on screen.
      await page.getByTestId('play-pause-button').click();
      await page.locator('[data-testid="slide-area"][data-slide-index="0"][aria-busy="false"]').waitFor({ timeout: 20_000 });
      await page.locator(CLOSED_CIRCLE).waitFor({ timeout: 20_000 });
      const before = await closedOnScreen(page);

      // Proves later that the new figure arrived by push, not by a page reload or a fetch.
      await page.evaluate('window.__displayPushMarker = "still-here"');
      slideCalls.length = 0;

      await closeADeal(adminToken);
      await waitForClosed(page, before + 1);

      expect(await page.evaluate('window.__displayPushMarker')).toBe('still-here');
      expect(slideCalls).toEqual([]);
      expect((await badge.textContent())?.trim()).toBe('Connected');
    } finally {
      // Also on failure: the picture is the quickest way to see what the TV showed.
      mkdirSync(resolve(SCREENSHOT_PATH, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT_PATH }).catch(() => undefined);
    }
  }, 90_000);

  it('keeps the last slide while the transactions service is down, then reconnects and keeps receiving pushes', async () => {
    const logDir = process.env.E2E_LOG_DIR;
    if (!logDir) throw new Error('E2E_LOG_DIR is not set (the browser project globalSetup starts the stack)');
    const badge = page.locator('[data-testid="connection-state"]');
    await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 20_000 });
    const shown = await closedOnScreen(page);

    // Kill the gateway's process outright; the launcher starts a new one, as a k8s Deployment would.
    const pids = JSON.parse(readFileSync(join(logDir, 'pids.json'), 'utf8')) as Record<string, number>;
    process.kill(pids.transactions, 'SIGKILL');
    await page.locator('[data-testid="connection-state"]:not([data-state="connected"])').waitFor({ timeout: 15_000 });
    // The last good slide stays on the TV while it is disconnected, the badge says so.
    expect(await closedOnScreen(page)).toBe(shown);
    expect(['Reconnecting…', 'Offline']).toContain((await badge.textContent())?.trim());

    // A slide never loaded cannot show figures meanwhile; it loads once the service is back.
    await page.getByTestId('next-button').click();
    await page.getByTestId('slide-error').waitFor({ timeout: 15_000 });
    expect((await page.getByTestId('slide-error').textContent())?.trim()).toBe('Could not load this dashboard');

    await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 45_000 });
    expect((await badge.textContent())?.trim()).toBe('Connected');
    await page.locator('[data-testid="slide-area"][data-slide-index="1"][aria-busy="false"] .slide').waitFor({ timeout: 20_000 });

    // Back on Agent Production: the next deal arrives by push again.
    await page.getByTestId('previous-button').click();
    await page.locator('[data-testid="slide-area"][data-slide-index="0"][aria-busy="false"]').waitFor({ timeout: 20_000 });
    await page.locator(CLOSED_CIRCLE).waitFor({ timeout: 20_000 });
    const before = await closedOnScreen(page);
    slideCalls.length = 0;
    await closeADeal(adminToken);
    await waitForClosed(page, before + 1);
    expect(slideCalls).toEqual([]);
  }, 120_000);
});
