import type { Locator, Page, Response } from 'playwright-core';
import {
  api,
  baseUrl,
  blockingAxeViolations,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  shot,
  signInThroughApi,
  UI_TIMEOUT_MS,
} from './browser-helpers';

// The filter sidebar and dashboard links on the transaction screen (spec 001 sections 2, 4, 5, 8 and 9;
// the filter keys) against the seeded demo team: a link's keys as chips (removed, cleared) narrowing the list;
// a filter saved as new, applied (its toast, the list narrowed), deselected by an edit, updated and
// removed; the seeded team filter seen by an agent with '(Team)' and no remove; the tag filter's value
// hidden until its type, then required; a date preset filling both dates. Saved filters made here carry
// a unique name and are removed by the journey (the stack is throwaway anyway).

const PATH = '/app/transactions';
const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';

interface ListBody {
  pagination: { total: number };
  table: { data: { client_id: number; type: string }[] };
}

/** The next answer of the list whose query passes `check`. */
function nextList(page: Page, check: (query: URLSearchParams) => boolean): Promise<Response> {
  return page.waitForResponse(
    (response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/transactions/records' && response.request().method() === 'GET' && check(url.searchParams);
    },
    { timeout: UI_TIMEOUT_MS },
  );
}

async function totalOf(response: Response): Promise<number> {
  expect(response.status()).toBe(200);
  return ((await response.json()) as ListBody).pagination.total;
}

/** The list's total for these keys, straight from the API (what the screen must show). */
async function apiTotal(token: string, keys: string): Promise<number> {
  const { status, body } = await api<ListBody>(`/api/transactions/records?team_form_id=-1&page=1&per_page=10&${keys}`, { token });
  expect(status).toBe(200);
  return body!.pagination.total;
}

const sidebar = (page: Page) => page.getByTestId('filter-sidebar');

async function openSidebar(page: Page) {
  await page.getByTestId('transactions-filters').click();
  await sidebar(page).getByTestId('filter-form-left').waitFor({ timeout: UI_TIMEOUT_MS });
}

/** A shared Autocomplete: typed (suggestions from the first character), then the option picked. */
async function pick(page: Page, box: Locator, typed: string, option: string) {
  await box.click();
  await box.fill('');
  await box.pressSequentially(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

const comboNamed = (scope: Locator, label: string) => scope.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) });
const savedItem = (page: Page, label: string) =>
  sidebar(page)
    .getByTestId('saved-filter')
    .filter({ has: page.getByText(label, { exact: true }) });
const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ timeout: UI_TIMEOUT_MS });

describe('filter sidebar (Chromium)', () => {
  const ctx = freshPagePerTest({ width: 1366, height: 900 });

  it(
    "a dashboard link's keys narrow the list as chips; removing one and Clear widen it again; no sideways scroll at 390 px",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, ADMIN);
      const linkKeys = 'type_filter=s&client_filter=closed&status_date_preset=this_year';
      const expected = await apiTotal(token, linkKeys);
      const everything = await apiTotal(token, '');
      const first = nextList(page, (query) => query.get('type_filter') === 's' && query.get('client_filter') === 'closed');
      await page.goto(`${baseUrl()}${PATH}?${linkKeys}`);
      expect(await totalOf(await first)).toBe(expected);
      expect(expected).toBeLessThan(everything);
      const chips = page.getByTestId('filter-chip');
      await chips.first().waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await chips.allTextContents()).toEqual(['Type: Seller', 'Status: Closed (This Year)']);
      // The keys live in the table state now, not in the address.
      expect(new URL(page.url()).search).toBe('');

      const withoutType = nextList(page, (query) => !query.has('type_filter') && query.get('client_filter') === 'closed');
      await chips.filter({ hasText: 'Type: Seller' }).locator('.MuiChip-deleteIcon').click();
      expect(await totalOf(await withoutType)).toBe(await apiTotal(token, 'client_filter=closed&status_date_preset=thisYear'));
      const cleared = nextList(page, (query) => !query.has('client_filter'));
      await page.getByTestId('filter-chips-clear').click();
      expect(await totalOf(await cleared)).toBe(everything);
      expect(await chips.count()).toBe(0);

      // A phone: the sidebar as a full-width drawer, nothing sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${baseUrl()}${PATH}`);
      await openSidebar(page);
      const widths = await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document;
        return [doc.documentElement.scrollWidth, doc.documentElement.clientWidth];
      });
      expect(widths[0]).toBeLessThanOrEqual(390);
      // The drawer slides in from the right: measure it once it has come to rest (a loaded machine is slow).
      const settledRight = async () => {
        let last = Number.NaN;
        for (let at = Date.now(); Date.now() - at < UI_TIMEOUT_MS; await page.waitForTimeout(100)) {
          const box = await sidebar(page).boundingBox();
          const right = box ? box.x + box.width : Number.NaN;
          if (right === last) return right;
          last = right;
        }
        return last;
      };
      expect(await settledRight()).toBeLessThanOrEqual(390);
      await shot(page, 'filter-sidebar-390.png');
      // The open sidebar passes axe-core (no serious or critical violation).
      expect((await blockingAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'saves a filter as new, applies it (toast, list narrowed), deselects it by an edit, updates it, removes it',
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, ADMIN);
      const name = `Sellers ${Date.now()}`;
      await page.goto(`${baseUrl()}${PATH}`);
      await openSidebar(page);
      const type = comboNamed(sidebar(page), 'Type');
      await pick(page, type, 'Sel', 'Seller');

      // Save as New: selected, and the list narrowed to it.
      await sidebar(page).getByTestId('filter-save-new').click();
      await page.getByTestId('filter-save-name').fill(name);
      const saved = nextList(page, (query) => query.get('type_filter') === 's');
      await page.getByTestId('filter-save-confirm').click();
      await toast(page, 'Successfully Saved Filter');
      expect(await totalOf(await saved)).toBe(await apiTotal(token, 'type_filter=s'));
      await savedItem(page, name).and(page.locator('[data-selected="true"]')).waitFor({ timeout: UI_TIMEOUT_MS });

      // Clear All, then the saved filter applied: its toast, the list narrowed again.
      await sidebar(page).getByTestId('filter-clear-all').click();
      await savedItem(page, name).and(page.locator('[data-selected="false"]')).waitFor({ timeout: UI_TIMEOUT_MS });
      await sidebar(page).getByTestId('filter-apply').click();
      const applied = nextList(page, (query) => query.get('type_filter') === 's');
      await savedItem(page, name).getByTestId('saved-filter-use').click();
      await toast(page, `Now using ${name} Filter`);
      const narrowed = (await (await applied).json()) as ListBody;
      expect(narrowed.pagination.total).toBe(await apiTotal(token, 'type_filter=s'));
      expect(narrowed.pagination.total).toBeLessThan(await apiTotal(token, ''));
      await savedItem(page, name).and(page.locator('[data-selected="true"]')).waitFor({ timeout: UI_TIMEOUT_MS });

      // An edit that no longer matches deselects it.
      await pick(page, type, 'Bu', 'Buyer');
      await savedItem(page, name).and(page.locator('[data-selected="false"]')).waitFor({ timeout: UI_TIMEOUT_MS });

      // Update Selected: the filter it last used, its keys now the form's.
      await sidebar(page).getByTestId('filter-update-selected').click();
      expect(await page.getByTestId('filter-update-name').inputValue()).toBe(name);
      await page.getByTestId('filter-update-confirm').click();
      await toast(page, `${name} Filter has been updated.`);
      await savedItem(page, name).and(page.locator('[data-selected="true"]')).waitFor({ timeout: UI_TIMEOUT_MS });
      const { body } = await api<{ records: { filter_name: string; filters: Record<string, unknown> }[] }>(
        '/api/transaction/filters?component=transactions',
        { token },
      );
      expect(body!.records.find((filter) => filter.filter_name === name)?.filters).toEqual({ type_filter: 'b' });

      // Remove, after asking.
      await savedItem(page, name).getByTestId('saved-filter-remove').click();
      await page.getByTestId('filter-remove-confirm').click();
      await toast(page, 'Successfully Removed Filter');
      await savedItem(page, name).waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "shows an agent the team filter with '(Team)' and no remove, their own with one",
    async () => {
      const { page } = ctx;
      await signInThroughApi(page, AGENT);
      await page.goto(`${baseUrl()}${PATH}`);
      await openSidebar(page);
      const team = savedItem(page, 'Under Contract (Team)');
      await team.waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await team.getByTestId('saved-filter-remove').count()).toBe(0);
      expect(await savedItem(page, 'My Buyers').getByTestId('saved-filter-remove').count()).toBe(1);
      await shot(page, 'filter-sidebar-agent-1366.png');
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    "hides the tag filter's value until a type is chosen, then requires it",
    async () => {
      const { page } = ctx;
      const { access_token: token } = await signInThroughApi(page, ADMIN);
      const form = await api<{ options: { tags: { value: number; label: string }[] } }>(
        '/api/transaction/filter/form?component=transactions',
        { token },
      );
      const tag = form.body!.options.tags[0];
      await page.goto(`${baseUrl()}${PATH}`);
      await openSidebar(page);
      const entry = sidebar(page).getByTestId('tag-entry-0-0');
      expect(await comboNamed(entry, 'Tag').count()).toBe(0);
      await pick(page, comboNamed(entry, 'Tag type'), 'Has', 'Has tag');
      const value = comboNamed(entry, 'Tag');
      await value.waitFor({ timeout: UI_TIMEOUT_MS });
      await sidebar(page).getByTestId('filter-apply').click();
      await entry.getByText('This field is required').waitFor({ timeout: UI_TIMEOUT_MS });
      await pick(page, value, tag.label.slice(0, 2), tag.label);
      const applied = nextList(page, (query) => query.has('tag_filters'));
      await sidebar(page).getByTestId('filter-apply').click();
      const query = new URL((await applied).url()).searchParams;
      expect(JSON.parse(query.get('tag_filters')!)).toEqual([[{ tag_filter_modifier: 'exists', tag_filter_id: tag.value }]]);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'fills both dates from a date preset',
    async () => {
      const { page } = ctx;
      await signInThroughApi(page, ADMIN);
      await page.goto(`${baseUrl()}${PATH}`);
      await openSidebar(page);
      await pick(page, comboNamed(sidebar(page), 'Status'), 'Clo', 'Closed');
      await sidebar(page)
        .getByRole('combobox', { name: /Status date range/ })
        .click();
      await page.getByRole('option', { name: 'This Year', exact: true }).click();
      const year = new Date().getFullYear();
      const start = sidebar(page).getByLabel(/Status start date/);
      const end = sidebar(page).getByLabel(/Status end date/);
      expect(await start.inputValue()).toBe(`01-01-${year}`);
      expect(await end.inputValue()).toBe(`12-31-${year}`);
      const applied = nextList(page, (query) => query.get('client_filter') === 'closed');
      await sidebar(page).getByTestId('filter-apply').click();
      const query = new URL((await applied).url()).searchParams;
      expect([query.get('status_date_preset'), query.get('status_start_date'), query.get('status_end_date')]).toEqual([
        'thisYear',
        `01-01-${year}`,
        `12-31-${year}`,
      ]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
