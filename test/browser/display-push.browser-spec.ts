import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TokenResponse, UserProfile } from '@app/contracts';
import { launchChromium } from './chromium';
import { baseUrl, DEMO_PASSWORD } from './browser-helpers';

// Display Mode end to end: sign in on the TV page, then change an agent's name through the API
// and watch the roster update without a reload. The push travels identity outbox -> BullMQ ->
// transactions read copy -> socket.io.

const PASSWORD = DEMO_PASSWORD;
const ADMIN_EMAIL = 'admin@demo-realty.test';
const AGENT_EMAIL = 'agent@demo-realty.test';
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

describe('Display Mode push', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let agentToken: string | undefined;
  let originalProfile: UserProfile | undefined;

  beforeAll(async () => {
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    page = await context.newPage();
  }, 30_000);

  afterAll(async () => {
    // Put the demo agent's name back for whoever runs next (best effort).
    if (agentToken && originalProfile) {
      await api('/api/user/profile', {
        method: 'PATCH',
        token: agentToken,
        body: {
          first_name: originalProfile.first_name,
          last_name: originalProfile.last_name,
          mobile_phone: originalProfile.mobile_phone ?? '(555) 555-0100',
        },
      }).catch((error: unknown) => console.warn('could not restore the demo agent profile:', error));
    }
    await context?.close();
    await browser?.close();
  }, 30_000);

  it('shows a name change pushed from identity in the roster without a reload', async () => {
    try {
      await page.goto(`${baseUrl()}/display`, { waitUntil: 'domcontentloaded' });

      // Fresh browser context: no shared session yet, so the sign-in form shows.
      await page.getByLabel('Email').fill(ADMIN_EMAIL);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const badge = page.getByTestId('connection-state');
      await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 20_000 });
      expect((await badge.textContent())?.trim()).toBe('Connected');

      await page.getByTestId('roster').waitFor({ timeout: 20_000 });
      await page.getByTestId('roster-agent').first().waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('roster-agent').count()).toBeGreaterThan(0);

      // Proves later that the new name arrived by push, not by a page reload.
      await page.evaluate('window.__displayPushMarker = "still-here"');

      const agent = await login(AGENT_EMAIL);
      agentToken = agent.access_token;
      originalProfile = await api<UserProfile>('/api/user/profile', { token: agentToken });
      const uniqueFirstName = `Pushed${Date.now().toString(36)}`;

      await api('/api/user/profile', {
        method: 'PATCH',
        token: agentToken,
        body: { first_name: uniqueFirstName, last_name: 'Agent', mobile_phone: '(555) 555-0100' },
      });

      const renamed = page.getByTestId('roster-agent').filter({ hasText: uniqueFirstName });
      await renamed.waitFor({ state: 'visible', timeout: PUSH_TIMEOUT_MS });
      expect(await renamed.count()).toBe(1);

      expect(await page.evaluate('window.__displayPushMarker')).toBe('still-here');
      expect((await badge.textContent())?.trim()).toBe('Connected');
    } finally {
      // Also on failure: the picture is the quickest way to see what the TV showed.
      mkdirSync(resolve(SCREENSHOT_PATH, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT_PATH }).catch(() => undefined);
    }
  }, 90_000);

  it('reconnects by itself after the transactions service restarts and keeps receiving pushes', async () => {
    const logDir = process.env.E2E_LOG_DIR;
    if (!logDir) throw new Error('E2E_LOG_DIR is not set (the browser project globalSetup starts the stack)');
    const badge = page.locator('[data-testid="connection-state"]');
    await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 20_000 });

    // Kill the gateway's process outright; the launcher starts a new one, as a k8s Deployment would.
    const pids = JSON.parse(readFileSync(join(logDir, 'pids.json'), 'utf8')) as Record<string, number>;
    process.kill(pids.transactions, 'SIGKILL');
    await page.locator('[data-testid="connection-state"]:not([data-state="connected"])').waitFor({ timeout: 15_000 });
    // The last good roster stays on the TV while it is disconnected.
    expect(await page.getByTestId('roster-agent').count()).toBeGreaterThan(0);

    await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor({ timeout: 45_000 });
    expect((await badge.textContent())?.trim()).toBe('Connected');

    agentToken ??= (await login(AGENT_EMAIL)).access_token;
    const afterRestart = `Back${Date.now().toString(36)}`;
    await api('/api/user/profile', {
      method: 'PATCH',
      token: agentToken,
      body: { first_name: afterRestart, last_name: 'Agent', mobile_phone: '(555) 555-0100' },
    });
    await page.getByTestId('roster-agent').filter({ hasText: afterRestart }).waitFor({ state: 'visible', timeout: PUSH_TIMEOUT_MS });
  }, 120_000);
});
