import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { api, baseUrl, DEMO_PASSWORD, freshPagePerTest, shot, signInThroughApi, textOf, UI_TIMEOUT_MS } from './browser-helpers';

// Console walking skeleton end to end: the sign-in screen, a refused password, signing in to the
// app shell (welcome, team, menu, theme, mobile drawer), signing out, and the guard on /app.

const ADMIN_EMAIL = 'admin@demo-realty.test';
const PASSWORD = DEMO_PASSWORD;
const TEAM_NAME = 'Demo Realty';
const SESSION_STORAGE_KEY = 'realty.session';
const SCREENSHOT_PATH = resolve(__dirname, '../../test-results/console-shell.png');
const FAILURE_SCREENSHOT_PATH = resolve(__dirname, '../../test-results/console-login-failure.png');

/** What the console stores: the user only (the access token is in memory, the refresh token an HttpOnly cookie). */
interface StoredSession {
  user: { first_name: string; last_name: string; email: string };
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: UI_TIMEOUT_MS });
}

// The root tsconfig has no DOM types: browser-side code reads storage through this shape.
type BrowserGlobal = { localStorage: { getItem(key: string): string | null } };

async function readSession(page: Page): Promise<StoredSession | null> {
  const raw = await page.evaluate((key) => (globalThis as unknown as BrowserGlobal).localStorage.getItem(key), SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

/** The toggle saves the user's dark_mode on the server: whatever a test did, the user is light again. */
async function lightModeFor(email: string): Promise<void> {
  const login = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password: PASSWORD } });
  if (login.body?.access_token) {
    await api('/api/user/profile/defaults', { method: 'PATCH', token: login.body.access_token, body: { dark_mode: false } });
  }
}

describe('Console sign-in and app shell', () => {
  // A fresh context per test: no session or theme left over from another test.
  const ui = freshPagePerTest();
  let page: Page;
  beforeEach(() => {
    page = ui.page;
  });

  it('sends a visitor without a session from /app (and /) to /auth/login', async () => {
    await page.goto(`${baseUrl()}/app`, { waitUntil: 'domcontentloaded' });
    await waitForPath(page, '/auth/login');
    await page.getByTestId('login-form').waitFor({ timeout: UI_TIMEOUT_MS });

    await page.goto(`${baseUrl()}/`, { waitUntil: 'domcontentloaded' });
    await waitForPath(page, '/auth/login');
    await page.getByTestId('login-form').waitFor({ timeout: UI_TIMEOUT_MS });
  }, 60_000);

  it('refuses a wrong password, signs in to the shell and signs out', async () => {
    try {
      await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'domcontentloaded' });

      // The sign-in screen: logo, fields, button and the recovery link.
      await page.getByTestId('login-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('brand-logo').isVisible()).toBe(true);
      const email = page.getByTestId('login-email');
      const password = page.getByTestId('login-password');
      expect(await email.isVisible()).toBe(true);
      expect(await password.isVisible()).toBe(true);
      expect(await password.getAttribute('type')).toBe('password');
      expect(await page.getByLabel('Email').count()).toBe(1);
      expect(await page.getByLabel('Password').count()).toBe(1);
      expect(await textOf(page, 'login-submit')).toBe('Sign in');
      const forgot = page.getByTestId('forgot-password-link');
      expect((await forgot.textContent())?.trim()).toBe('Forgot password?');
      expect(await forgot.getAttribute('href')).toBe('/auth/forgot-password');

      // A wrong password: the server's message, still on the sign-in screen, no session.
      await email.fill(ADMIN_EMAIL);
      await password.fill('not-the-password');
      await page.getByTestId('login-submit').click();
      expect(await textOf(page, 'login-error')).toBe('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/auth/login');
      expect(await readSession(page)).toBeNull();

      // The right one: into the app shell.
      await password.fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await waitForPath(page, '/app');
      await page.getByTestId('app-shell').waitFor({ timeout: UI_TIMEOUT_MS });

      const session = await readSession(page);
      expect(session).not.toBeNull();
      // No token where a script could read it: storage holds the user, the refresh token is an HttpOnly cookie.
      expect(Object.keys(session!)).toEqual(['user']);
      expect(session!.user.email).toBe(ADMIN_EMAIL);
      const cookie = (await page.context().cookies()).find((c) => c.name === 'realty_refresh');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
      const firstName = session!.user.first_name;

      // Home page from GET /api/user/profile.
      expect(await textOf(page, 'home-welcome')).toBe(`Welcome, ${firstName}`);
      expect(await textOf(page, 'home-team')).toBe(TEAM_NAME);

      // App bar: the user's name on the avatar menu; the theme toggle.
      expect(await textOf(page, 'user-menu')).toContain(firstName);
      await page.getByTestId('theme-toggle').waitFor({ timeout: UI_TIMEOUT_MS });

      // Menu: the home page, the account and the admin screens are links, the areas to come are greyed and not links.
      const dashboard = page.getByTestId('menu-dashboard');
      expect(await dashboard.evaluate((element) => element.tagName)).toBe('A');
      expect(await dashboard.getAttribute('href')).toBe('/app/');
      for (const key of ['transactions', 'contacts', 'messages', 'profile', 'admin-users', 'team-settings']) {
        expect(await page.getByTestId(`menu-${key}`).evaluate((element) => element.tagName)).toBe('A');
      }
      for (const key of ['tasks']) {
        const entry = page.getByTestId(`menu-${key}`);
        expect(await entry.getAttribute('aria-disabled')).toBe('true');
        expect(await entry.locator('a').count()).toBe(0);
      }

      mkdirSync(resolve(SCREENSHOT_PATH, '..'), { recursive: true });
      await page.screenshot({ path: SCREENSHOT_PATH, fullPage: true });

      // Dark theme toggles and is remembered by react-admin's store; and back (the toggle saves the user's dark_mode).
      await page.getByTestId('theme-toggle').locator('button').click();
      await page.waitForFunction(
        () => (globalThis as unknown as BrowserGlobal).localStorage.getItem('RaStore.theme') === '"dark"',
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );
      await page.getByTestId('theme-toggle').locator('button').click();
      await page.waitForFunction(
        () => (globalThis as unknown as BrowserGlobal).localStorage.getItem('RaStore.theme') === '"light"',
        undefined,
        { timeout: UI_TIMEOUT_MS },
      );

      // Mobile layout at 960px and less (spec 000 section 9): the menu becomes a modal drawer.
      // Collapse the desktop sidebar first so that the drawer starts closed at the mobile width.
      await page.locator('.RaSidebar-open').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('.RaAppBar-menuButton').click();
      await page.locator('.RaSidebar-closed').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.locator('.RaSidebar-modal').count()).toBe(0);
      await page.setViewportSize({ width: 960, height: 900 });
      await page.locator('.RaAppBar-menuButton').click();
      const drawer = page.locator('.RaSidebar-modal');
      await drawer.getByTestId('menu-dashboard').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });
      await page.setViewportSize({ width: 1366, height: 900 });

      // Sign out from the avatar menu: back on the sign-in screen, session gone.
      await page.getByTestId('user-menu').locator('button').first().click();
      await page.getByTestId('logout').click();
      await waitForPath(page, '/auth/login');
      await page.getByTestId('login-form').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await readSession(page)).toBeNull();
      expect((await page.context().cookies()).find((c) => c.name === 'realty_refresh')).toBeUndefined();

      // And /app is closed again.
      await page.goto(`${baseUrl()}/app`, { waitUntil: 'domcontentloaded' });
      await waitForPath(page, '/auth/login');
    } catch (error) {
      mkdirSync(resolve(FAILURE_SCREENSHOT_PATH, '..'), { recursive: true });
      await page.screenshot({ path: FAILURE_SCREENSHOT_PATH, fullPage: true }).catch(() => undefined);
      throw error;
    } finally {
      await lightModeFor(ADMIN_EMAIL);
    }
  }, 90_000);

  it('keeps the phone drawer closed on a phone-width load after the sidebar was used on a desktop', async () => {
    try {
      await signInThroughApi(page, ADMIN_EMAIL);
      await page.goto(`${baseUrl()}/app`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('app-shell').waitFor({ timeout: UI_TIMEOUT_MS });

      // Desktop: the sidebar is used (closed, then opened again): react-admin stores it open.
      await page.locator('.RaSidebar-open').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('.RaAppBar-menuButton').click();
      await page.locator('.RaSidebar-closed').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.locator('.RaAppBar-menuButton').click();
      await page.locator('.RaSidebar-open').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.evaluate(() => (globalThis as unknown as BrowserGlobal).localStorage.getItem('RaStore.sidebar.open'))).toBe('true');

      // The same browser at phone width (390x844), a new page load: the drawer stays closed over nothing.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByTestId('home-welcome').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.waitForTimeout(500); // a drawer that opened on load would be sliding in by now
      const drawer = page.locator('.RaSidebar-modal');
      expect(await drawer.isVisible()).toBe(false);
      expect(await page.getByTestId('menu-dashboard').isVisible()).toBe(false);
      // The content takes clicks (no invisible modal over it) and the menu button opens the drawer.
      await page.getByTestId('home-welcome').click();
      await shot(page, 'console-phone-drawer-closed.png');
      await page.locator('.RaAppBar-menuButton').click();
      await drawer.getByTestId('menu-dashboard').waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden', timeout: UI_TIMEOUT_MS });

      // A second page of the same browser at phone width: closed as well.
      const second = await page.context().newPage();
      await second.setViewportSize({ width: 390, height: 844 });
      await second.goto(`${baseUrl()}/app/account/profile`, { waitUntil: 'domcontentloaded' });
      await second.getByTestId('profile-form').waitFor({ timeout: UI_TIMEOUT_MS });
      await second.waitForTimeout(500);
      expect(await second.locator('.RaSidebar-modal').isVisible()).toBe(false);
      await second.close();
    } catch (error) {
      await shot(page, 'console-phone-drawer-failure.png');
      throw error;
    }
  }, 60_000);

  it('leads from Forgot password? to the recovery screen and back to the sign-in screen', async () => {
    await page.goto(`${baseUrl()}/auth/login`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('forgot-password-link').click();
    await waitForPath(page, '/auth/forgot-password');
    await page.getByTestId('back-to-login-link').click();
    await waitForPath(page, '/auth/login');
    await page.getByTestId('login-form').waitFor({ timeout: UI_TIMEOUT_MS });
  }, 60_000);
});
