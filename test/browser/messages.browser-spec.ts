import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Comment, DirectMessage, InboxCounts } from '@app/contracts';
import { launchChromium } from './chromium';
import { api, baseUrl, blockingAxeViolations, JOURNEY_TIMEOUT_MS, shot, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// The message center (spec 001 sections 2, 4, 6 and 9) against the seeded demo team: an agent
// messages @tcs from the direct message dialog, the TC sees the badge and the thread arrive without a
// reload, opens it (id in the URL, marked read) and replies, and the agent sees the reply live; filters,
// the context menu and the bulk menu; at 400 px one panel at a time with a back button to the list; a
// client sees only Comments, with no bulk menu, no markers and no internal comment. Screenshots at 1280
// and 390 px go to test-results/.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const TC = 'tc@demo-realty.test';
const CLIENT = 'client@demo-realty.test';

let browser: Browser;
/** One context per user and width, kept for the suite so the console's assets stay in its HTTP cache. */
const contexts = new Map<string, BrowserContext>();
const pages: Page[] = [];
let run = 0;
/** Text no other test (or run) wrote. */
const unique = (what: string) => `${what} ${Date.now().toString(36)}-${++run}`;

beforeAll(async () => {
  browser = await launchChromium();
}, 30_000);
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close();
});

/** A signed-in page in the user's own browser context (another device), at the given width. */
async function signedIn(email: string, width = 1280, height = 860): Promise<{ page: Page; token: string; userId: number }> {
  const key = `${email}@${width}`;
  let context = contexts.get(key);
  if (!context) {
    context = await browser.newContext({ viewport: { width, height } });
    context.setDefaultTimeout(UI_TIMEOUT_MS);
    contexts.set(key, context);
  }
  const page = await context.newPage();
  pages.push(page);
  const login = await signInThroughApi(page, email);
  return { page, token: login.access_token, userId: Number(login.user.agent_id) };
}

async function postDm(token: string, html: string): Promise<DirectMessage> {
  const { status, body } = await api<DirectMessage>('/api/messages/dms', { method: 'POST', token, body: { dm_value: html } });
  expect(status).toBe(201);
  return body!;
}

const LOADED = '[data-testid="inbox-list"], [data-testid="inbox-empty"]';
const itemWith = (page: Page, text: string) => page.locator('[data-testid="inbox-item"]', { hasText: text });
const badgeCount = async (page: Page) => Number((await page.getByTestId('messages-badge').getAttribute('data-count')) ?? '0');

/** Polls `check` until it holds (the UI's limit). */
async function until(check: () => Promise<boolean>, what: string) {
  const end = Date.now() + UI_TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pickFilter(page: Page, filter: string) {
  // The first page of this filter (DMs: status unread or archived, none for All), not an earlier load's.
  const status = filter === 'unread' || filter === 'archived' ? filter : null;
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/messages/dms' &&
      url.searchParams.get('page') === '1' &&
      url.searchParams.get('status') === status &&
      !url.searchParams.has('search')
    );
  });
  await page.getByTestId('inbox-filter').click();
  await page.getByTestId(`inbox-filter-${filter}`).click();
  await answered;
}

async function typeInto(page: Page, scope: string, text: string) {
  const editor = page.locator(`[data-testid="${scope}"] .ProseMirror`);
  await editor.click();
  await page.keyboard.type(text);
}

describe('Message center', () => {
  it(
    'an agent messages @tcs; the TC gets badge and thread live, opens it (id in the URL, marked read), replies; the agent sees the reply live',
    async () => {
      const agent = await signedIn(AGENT);
      const tc = await signedIn(TC);
      await Promise.all([agent.page.goto(`${baseUrl()}/app/messages`), tc.page.goto(`${baseUrl()}/app/messages`)]);
      // Each inbox's first page is in (a list, or 'No messages').
      await agent.page.locator(LOADED).first().waitFor();
      await tc.page.locator(LOADED).first().waitFor();
      // Staff start on Direct Messages; the URL names the inbox.
      await tc.page.waitForURL(/\/app\/messages\?type=dms$/);
      // The badge counts unread DMs and comments together.
      const counts = (await api<InboxCounts>('/api/messages/unread-counts', { token: tc.token })).body!;
      const before = counts.dms + counts.comments;

      const text = unique('Closing checklist for the TCs');
      await agent.page.getByTestId('new-message').click();
      const dialog = agent.page.getByTestId('new-message-dialog');
      await dialog.getByText('Send Message').first().waitFor();
      expect(await dialog.locator('.ProseMirror').getAttribute('aria-placeholder')).toBe('Message a user or group, type @ to begin');
      // The placeholder is drawn in the empty box, not only announced.
      expect(
        await dialog
          .locator('.ProseMirror')
          .evaluate(
            (box) =>
              (globalThis as unknown as { getComputedStyle: (element: unknown, pseudo: string) => { content: string } }).getComputedStyle(
                box,
                '::before',
              ).content,
          ),
      ).toBe('"Message a user or group, type @ to begin"');
      await shot(agent.page, 'messages-new-dialog-1280.png');
      await dialog.getByTestId('mention-group-tcs').click();
      await typeInto(agent.page, 'new-message-editor', text);
      await dialog.getByTestId('editor-submit').click();
      await agent.page.getByText('Message has been sent').waitFor();
      await agent.page.waitForURL(/type=dms&id=\d+/);
      const dmId = Number(new URL(agent.page.url()).searchParams.get('id'));

      // The TC: the thread joins the list and the badge counts it, without a reload.
      await itemWith(tc.page, text).waitFor();
      expect(await itemWith(tc.page, text).getAttribute('data-unread')).toBe('true');
      await until(async () => (await badgeCount(tc.page)) >= before + 1, 'the badge to count the new message');
      await shot(tc.page, 'messages-tc-1280.png');

      await itemWith(tc.page, text).getByTestId('inbox-item-open').click();
      await tc.page.waitForURL(new RegExp(`type=dms&id=${dmId}$`));
      await tc.page.getByTestId('thread-top').filter({ hasText: text }).waitFor();
      await tc.page.locator(`[data-testid="inbox-item"][data-id="${dmId}"][data-unread="false"]`).waitFor();
      const read = await api<DirectMessage>(`/api/messages/dms/${dmId}`, { token: tc.token });
      expect(read.body!.read_ts).not.toBeNull();
      await until(async () => (await badgeCount(tc.page)) <= before, 'the badge to drop the read message');

      const reply = unique('On it');
      await typeInto(tc.page, 'reply-box', reply);
      await tc.page.locator('[data-testid="reply-box"] [data-testid="editor-submit"]').click();
      await tc.page.getByTestId('thread-reply').filter({ hasText: reply }).waitFor();

      // The agent, whose thread is open since sending, sees the reply arrive.
      await agent.page.getByTestId('thread-reply').filter({ hasText: reply }).waitFor();
      await shot(agent.page, 'messages-agent-1280.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'the author edits their own message (the others have no Edit); the reader sees the edit live, marked (edited)',
    async () => {
      const agent = await signedIn(AGENT);
      const first = unique('First words');
      const dm = await postDm(agent.token, `<p>@tcs ${first}</p>`);
      const tc = await signedIn(TC);
      await Promise.all([
        agent.page.goto(`${baseUrl()}/app/messages?type=dms&id=${dm.dm_id}`),
        tc.page.goto(`${baseUrl()}/app/messages?type=dms&id=${dm.dm_id}`),
      ]);
      await tc.page.getByTestId('thread-top').filter({ hasText: first }).waitFor();
      expect(await tc.page.getByTestId('thread-top').getByTestId('message-edit').count()).toBe(0);
      // The open thread and the direct message dialog pass axe.
      expect(await blockingAxeViolations(tc.page)).toEqual([]);
      await tc.page.getByTestId('new-message').click();
      await tc.page.getByTestId('new-message-editor').waitFor();
      expect(await blockingAxeViolations(tc.page)).toEqual([]);
      await tc.page.getByTestId('new-message-close').click();
      await tc.page.getByTestId('new-message-dialog').waitFor({ state: 'detached' });

      const top = agent.page.getByTestId('thread-top').filter({ hasText: first });
      await top.getByTestId('message-edit').click();
      const editor = agent.page.locator('[data-testid="message-edit-editor"] .ProseMirror');
      await editor.click();
      await agent.page.keyboard.press('End');
      const added = unique('and more');
      await agent.page.keyboard.type(` ${added}`);
      await agent.page.locator('[data-testid="message-edit-editor"] [data-testid="editor-submit"]').click();
      await agent.page.getByTestId('thread-top').filter({ hasText: added }).getByTestId('message-edited').waitFor();
      expect(await agent.page.getByTestId('message-edit-editor').count()).toBe(0);

      await tc.page.getByTestId('thread-top').filter({ hasText: added }).getByTestId('message-edited').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'filters, search, context menu and bulk menu change the TC’s inbox as they say',
    async () => {
      const agent = await signedIn(AGENT);
      const text = unique('Filter check');
      const dm = await postDm(agent.token, `<p>@tcs ${text}</p>`);
      const tc = await signedIn(TC);
      await tc.page.goto(`${baseUrl()}/app/messages?type=dms`);
      await itemWith(tc.page, text).waitFor();

      const searched = tc.page.waitForResponse((response) => new URL(response.url()).searchParams.get('search') === text);
      await tc.page.getByTestId('inbox-search').fill(text);
      await searched;
      await tc.page.locator('[data-testid="inbox-item"]').nth(1).waitFor({ state: 'detached' });
      expect(await tc.page.getByTestId('inbox-item').count()).toBe(1);
      await tc.page.getByTestId('inbox-search').fill('');

      await pickFilter(tc.page, 'unread');
      await itemWith(tc.page, text).waitFor();
      await itemWith(tc.page, text).getByTestId('inbox-item-menu').click();
      expect(await tc.page.getByRole('menuitem').allTextContents()).toEqual(['Mark as read', 'Archive']);
      await tc.page.getByTestId('inbox-action-read').click();
      await itemWith(tc.page, text).waitFor({ state: 'detached' });

      await pickFilter(tc.page, 'all');
      await itemWith(tc.page, text).getByTestId('inbox-item-menu').click();
      expect(await tc.page.getByRole('menuitem').allTextContents()).toEqual(['Mark as unread', 'Archive']);
      await tc.page.getByTestId('inbox-action-archived').click();
      await itemWith(tc.page, text).waitFor({ state: 'detached' });

      await pickFilter(tc.page, 'archived');
      await itemWith(tc.page, text).getByTestId('inbox-item-menu').click();
      expect(await tc.page.getByRole('menuitem').allTextContents()).toEqual(['Mark as unread', 'Unarchive']);
      await tc.page.getByTestId('inbox-action-unarchived').click();
      await itemWith(tc.page, text).waitFor({ state: 'detached' });

      // Bulk: an unread message, then Mark all as read and Archive all over the whole DM inbox.
      await postDm(agent.token, `<p>@tcs ${unique('Bulk check')}</p>`);
      await pickFilter(tc.page, 'all');
      await tc.page.locator('[data-testid="inbox-item"][data-unread="true"]').first().waitFor();
      await tc.page.getByTestId('bulk-menu').click();
      await tc.page.getByTestId('bulk-read').click();
      await tc.page.locator('[data-testid="inbox-item"][data-unread="true"]').first().waitFor({ state: 'detached' });
      expect((await api<InboxCounts>('/api/messages/unread-counts', { token: tc.token })).body!.dms).toBe(0);
      await tc.page.getByTestId('bulk-menu').click();
      await tc.page.getByTestId('bulk-archived').click();
      await tc.page.getByTestId('inbox-empty').filter({ hasText: 'No messages' }).waitFor();
      const archived = await api<{ records: DirectMessage[] }>('/api/messages/dms?status=archived&per_page=10', { token: tc.token });
      expect(archived.body!.records.map((record) => record.dm_id)).toContain(dm.dm_id);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'at 400 px shows one panel at a time; the back button returns to the list without id',
    async () => {
      const agent = await signedIn(AGENT);
      const text = unique('Narrow check');
      const dm = await postDm(agent.token, `<p>@tcs ${text}</p>`);
      const tc = await signedIn(TC, 400, 800);
      await tc.page.goto(`${baseUrl()}/app/messages?type=dms&id=${dm.dm_id}`);
      await tc.page.getByTestId('thread-top').filter({ hasText: text }).waitFor();
      expect(await tc.page.getByTestId('inbox-panel').count()).toBe(0);
      await tc.page.setViewportSize({ width: 390, height: 800 });
      await shot(tc.page, 'messages-thread-390.png');
      expect(await blockingAxeViolations(tc.page)).toEqual([]);
      await tc.page.getByTestId('thread-back').click();
      await tc.page.waitForURL(/\/app\/messages\?type=dms$/);
      await itemWith(tc.page, text).waitFor();
      expect(await tc.page.getByTestId('thread-panel').count()).toBe(0);
      const sideways = await tc.page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth');
      expect(sideways).toBe(false);
      await shot(tc.page, 'messages-list-390.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a client sees only Comments: no bulk menu, no New Message, no markers, no internal comment',
    async () => {
      const admin = await signedIn(ADMIN);
      const client = await signedIn(CLIENT);
      // The client's transaction: one whose linked users hold the client (the seed links the first ones made).
      const list = await api<{ table: { data: { client_id: number }[] } }>(
        '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=id&order_dir=1',
        { token: admin.token },
      );
      let clientId: number | null = null;
      for (const row of list.body!.table.data) {
        const detail = await api<{ linked_users?: { agent_id: number; role: string }[] }>(`/api/transaction/${row.client_id}`, {
          token: admin.token,
        });
        if (detail.body?.linked_users?.some((user) => user.agent_id === client.userId)) {
          clientId = row.client_id;
          break;
        }
      }
      expect(clientId).not.toBeNull();
      const internal = unique('Internal note');
      const facing = unique('Client note');
      for (const [text, visibility] of [
        [internal, 'i'],
        [facing, 'c'],
      ] as const) {
        const { status } = await api<Comment>('/api/messages/comments', {
          method: 'POST',
          token: admin.token,
          body: { comment_type: 'trans', comment_on_id: clientId, comment_value: `<p>${text}</p>`, visibility },
        });
        expect(status).toBe(201);
      }

      await client.page.goto(`${baseUrl()}/app/messages?type=dms`);
      await itemWith(client.page, facing).waitFor();
      await client.page.waitForURL(/\/app\/messages\?type=comments$/);
      expect(await client.page.getByTestId('inbox-kind').count()).toBe(0);
      expect(await client.page.getByTestId('inbox-kind-title').textContent()).toBe('Comments');
      expect(await client.page.getByTestId('bulk-menu').count()).toBe(0);
      expect(await client.page.getByTestId('new-message').count()).toBe(0);
      expect(await client.page.getByTestId('visibility-marker').count()).toBe(0);
      expect(await itemWith(client.page, internal).count()).toBe(0);
      await itemWith(client.page, facing).getByTestId('inbox-item-open').click();
      await client.page.getByTestId('thread-top').filter({ hasText: facing }).waitFor();
      expect(await client.page.getByTestId('reply-visibility').count()).toBe(0);
      expect(await client.page.getByTestId('visibility-marker').count()).toBe(0);
      await shot(client.page, 'messages-client-1280.png');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
