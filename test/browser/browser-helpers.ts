import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Result as AxeResult } from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { SESSION_STORAGE_KEY } from '@app/contracts';
import { launchChromium } from './chromium';

/** Helpers shared by the browser suites; the stack itself is started by stack-setup.mjs. */
export const DEMO_PASSWORD = 'DemoPass1!';
export const UI_TIMEOUT_MS = 20_000;
/**
 * The limit of one journey test. Journeys aim at under 10 s, watched in the step times npm test prints;
 * the limit is no timer but room for a loaded 2-core machine (twice the aim has been seen under load 20).
 */
export const JOURNEY_TIMEOUT_MS = 25_000;
export const RESULTS_DIR = resolve(__dirname, '../../test-results');

/** Origin of the stack under test. */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set (the browser project globalSetup starts the stack)');
  return url.replace(/\/+$/, '');
}

/** Trimmed text of a visible element, waiting for it. */
export async function textOf(page: Page, testId: string): Promise<string> {
  const locator = page.getByTestId(testId);
  await locator.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
  return ((await locator.textContent()) ?? '').trim();
}

/** A full-page screenshot into test-results/ (never fails the test itself). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, name), fullPage: true }).catch(() => undefined);
}

/** Node-side API call through the edge: status and parsed body. */
export async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T | null }> {
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
  return { status: response.status, body: text ? (JSON.parse(text) as T) : null };
}

/** An access token through the API's login (for seeding through the API, not for the page's session). */
export async function tokenOf(email: string, password = DEMO_PASSWORD): Promise<string> {
  const { status, body } = await api<{ access_token: string }>('/api/auth/login', { method: 'POST', body: { email, password } });
  if (status !== 200 || !body) throw new Error(`${email} cannot sign in (${status})`);
  return body.access_token;
}

/**
 * What a new browser context would have for the site under test: its cookies, localStorage, IndexedDB,
 * service workers and caches cleared (sessionStorage is a tab's own: a new page starts without). The
 * HTTP cache stays, so the console's immutable assets are not fetched and compiled again. Call it with no
 * other page of the context open on the site.
 */
export async function clearSiteData(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl()).origin,
      storageTypes: 'cookies,local_storage,indexeddb,websql,file_systems,service_workers,cache_storage,shared_storage,storage_buckets',
    });
  } finally {
    await cdp.detach();
  }
  await page.context().clearCookies();
}

/**
 * One Chromium and one browser context per suite, and per test a new page on a clean site (no session, no
 * theme: clearSiteData), so what the tests see is what a fresh context shows while the console's
 * assets stay in the HTTP cache between tests (a cold context spends about a second more on its first
 * screen). Context-wide settings carry over from test to test: set init scripts, routes and the like on
 * the page (signInThroughApi does), and open another device with `browser.newContext()`.
 */
export function freshPagePerTest(viewport = { width: 1366, height: 900 }) {
  const state = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    state.browser = await launchChromium();
    state.context = await state.browser.newContext({ viewport });
    // An action that cannot happen (a click on an element that never shows) fails here, naming the
    // action and its locator, before the test's own limit ends it without saying where it stood.
    state.context.setDefaultTimeout(UI_TIMEOUT_MS);
  }, 30_000);
  afterAll(async () => {
    await state.browser?.close();
  });
  beforeEach(async () => {
    state.page = await state.context.newPage();
    await clearSiteData(state.page);
  });
  afterEach(async () => {
    // Every page of the test (a second tab too), so none writes to the site's storage after the clean-up.
    for (const page of state.context?.pages() ?? []) await page.close();
  });
  return state;
}

/** Waits until the <img> matched by `selector` has loaded real pixels (not a broken image); answers its natural width. */
export async function imageLoaded(page: Page, selector: string): Promise<number> {
  const handle = await page.waitForFunction(
    (css) => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { complete: boolean; naturalWidth: number } | null } })
        .document;
      const img = doc.querySelector(css);
      return !!img && img.complete && img.naturalWidth > 0 ? img.naturalWidth : 0;
    },
    selector,
    { timeout: UI_TIMEOUT_MS },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Signs `page` in through the API (no sign-in screen), as the console does: POST /api/auth/login with
 * X-Requested-With: console from the page's browser context, which keeps the HttpOnly refresh cookie; then
 * the console's stored user is put in localStorage before any page script runs, and the console gets its
 * access token from the cookie. Answers the login body (the access token and the user).
 */
export async function signInThroughApi(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<{ access_token: string; user: Record<string, unknown> }> {
  const response = await page.context().request.post(`${baseUrl()}/api/auth/login`, {
    headers: { 'X-Requested-With': 'console' },
    data: { email, password },
  });
  if (response.status() !== 200) throw new Error(`${email} cannot sign in (${response.status()})`);
  const body = (await response.json()) as { access_token: string; expires_in: number; user: Record<string, unknown> };
  await page.addInitScript(
    ([key, value]) => {
      // Only once per page: a later sign-out must stay signed out on reload. (On the page, not its context:
      // freshPagePerTest's context serves the next tests, which must start signed out.)
      type KeyValue = { getItem(k: string): string | null; setItem(k: string, v: string): void };
      const store = globalThis as unknown as { localStorage: KeyValue; sessionStorage: KeyValue };
      if (store.sessionStorage.getItem('e2e.session-seeded')) return;
      store.sessionStorage.setItem('e2e.session-seeded', '1');
      store.localStorage.setItem(key, value);
    },
    [SESSION_STORAGE_KEY, JSON.stringify({ user: body.user })] as const,
  );
  return body;
}

const BLOCKING_AXE_IMPACTS = ['serious', 'critical'];

/**
 * The axe-core build @axe-core/playwright itself injects (its own dependency, which may differ from the
 * root's axe-core), minified: the same rules and results as AxeBuilder, a third of the bytes to parse.
 */
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [dirname(require.resolve('@axe-core/playwright'))] }),
  'utf8',
);

/**
 * axe-core's serious and critical violations on the page as it stands (the console-quality check).
 * A page without iframes gets axe once and one axe.run in the page itself (what AxeBuilder's legacy mode
 * does, minus a second injection): AxeBuilder's default runs axe in every frame and then again in a new
 * blank page to merge the frames' results, which triples the cost on a single-frame page for the same
 * answer. Only violations are gathered, and rules whose impact is fixed at minor or moderate (axe-core
 * gives each rule's violations the rule's impact) are left out: they can never block.
 */
export async function blockingAxeViolations(page: Page): Promise<AxeResult[]> {
  // A dialog or drawer still fading in blends its text with what is behind it: axe would judge the blend's
  // contrast (a loaded CI machine caught one). Let running transitions and animations end first.
  await page
    .waitForFunction(
      () =>
        (
          globalThis as unknown as {
            document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] };
          }
        ).document
          .getAnimations()
          // A spinner loops for ever: only the ones that end are waited for.
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined);
  let violations: AxeResult[];
  if (page.frames().length === 1) {
    if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
    violations = await page.evaluate(async (blocking) => {
      type AxeRule = { id: string; impact?: string };
      type AxeApi = { _audit?: { rules?: AxeRule[] }; run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> };
      const scope = globalThis as unknown as { axe: AxeApi; document: unknown };
      const rules: Record<string, { enabled: boolean }> = {};
      for (const rule of scope.axe._audit?.rules ?? []) {
        if (rule.impact && !blocking.includes(rule.impact)) rules[rule.id] = { enabled: false };
      }
      return (await scope.axe.run(scope.document, { resultTypes: ['violations'], rules })).violations;
    }, BLOCKING_AXE_IMPACTS);
  } else {
    violations = (await new AxeBuilder({ page }).analyze()).violations;
  }
  return violations.filter((violation) => BLOCKING_AXE_IMPACTS.includes(violation.impact ?? ''));
}

/**
 * Pastes HTML into an element as the browser delivers a paste: a ClipboardEvent whose clipboard holds the
 * HTML and its plain text (a rich-text editor's paste handler reads it; no real clipboard is needed).
 */
export async function pasteHtml(target: Locator, html: string, text = ''): Promise<void> {
  await target.evaluate(
    (element, [pastedHtml, pastedText]) => {
      type Transfer = { setData(type: string, value: string): void };
      const browser = globalThis as unknown as {
        DataTransfer: new () => Transfer;
        ClipboardEvent: new (type: string, init: { clipboardData: Transfer; bubbles: boolean; cancelable: boolean }) => unknown;
      };
      const data = new browser.DataTransfer();
      data.setData('text/html', pastedHtml);
      data.setData('text/plain', pastedText);
      (element as unknown as { dispatchEvent(event: unknown): boolean }).dispatchEvent(
        new browser.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    },
    [html, text] as const,
  );
}

/** A one-pixel PNG as a base64 data: URL inside a paragraph: what a pasted embedded image looks like. */
export const BASE64_IMAGE_HTML =
  '<p>Look <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="></p>';

/** A mail of the stack's local mailbox (E2E_MAILBOX_DIR: messaging's worker writes one JSON file a mail). */
export interface MailboxMail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
}

/** The mails to an address (any part of it) in the stack's mailbox so far; none before the first mail. */
export function mailsTo(address: string): MailboxMail[] {
  const dir = process.env.E2E_MAILBOX_DIR;
  if (!dir) throw new Error('E2E_MAILBOX_DIR is not set (the browser project globalSetup starts the stack)');
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
      .map((entry) => JSON.parse(readFileSync(join(dir, entry.name), 'utf8')) as MailboxMail)
      .filter((mail) => [mail.to].flat().some((to) => to.includes(address)));
  } catch {
    return []; // no mailbox folder yet
  }
}

/** Polls `probe` until it answers something other than undefined; throws naming `what` after `ms`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
