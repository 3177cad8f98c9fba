import type { Page } from 'playwright-core';
import { baseUrl, freshPagePerTest, JOURNEY_TIMEOUT_MS, shot, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// The Transactions screen end to end (spec 001 sections 2, 6, 8 and 9) against the seeded demo team
// (300 transactions; agent@ owns at least 20, vendor@ is linked to 3): search and Clear, sorting,
// paging and page sizes, the table state kept for the session, the phone's jump-to-page dropdown,
// and no row checkboxes for a vendor. Read-only: nothing here changes the demo data.

const PATH = '/app/transactions';

/** Polls until `check` holds (the table reloads after a debounce or a click). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  return last;
}

interface TableView {
  loading: boolean;
  ids: number[];
  addresses: string[];
  /** '1–10 of 300' */
  range: string;
  sort: string | null;
  checkboxes: number;
}

/** What the table shows, read in one go. */
async function tableView(page: Page): Promise<TableView> {
  return page.getByTestId('transactions-table').evaluate((element) => {
    type El = {
      getAttribute(name: string): string | null;
      querySelectorAll(selector: string): ArrayLike<El>;
      querySelector(selector: string): El | null;
      textContent: string | null;
    };
    const table = element as unknown as El;
    const rows = Array.from(table.querySelectorAll('[data-testid="transactions-table-row"]'));
    const cell = (row: El, field: string) => (row.querySelector(`td[data-field="${field}"]`)?.textContent ?? '').trim();
    const sorted = table.querySelector('th[aria-sort]');
    return {
      loading: table.getAttribute('data-loading') === 'true',
      ids: rows.map((row) => Number(cell(row, 'id'))),
      addresses: rows.map((row) => cell(row, 'address')),
      range: (table.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '').trim(),
      sort: sorted
        ? `${sorted.getAttribute('data-testid')?.replace('transactions-table-col-', '')} ${sorted.getAttribute('aria-sort')}`
        : null,
      checkboxes: table.querySelectorAll('[data-testid="transactions-table-select"]').length,
    };
  });
}

/** The table once loaded and passing `check`. */
const settled = (page: Page, check: (view: TableView) => boolean, what: string) =>
  eventually(
    () => tableView(page),
    (view) => !view.loading && view.ids.length > 0 && check(view),
    what,
  );

/** The total of '1–10 of 300'. */
const totalOf = (view: TableView) => Number(view.range.split(' of ').pop()?.replace(/,/g, ''));

async function openList(page: Page): Promise<TableView> {
  await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('transactions-page').waitFor({ timeout: UI_TIMEOUT_MS });
  return settled(page, () => true, 'first page');
}

/** Whether the page scrolls sideways (the table must scroll inside its own container instead). */
async function pageOverflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const g = globalThis as unknown as { innerWidth: number; document: { documentElement: { scrollWidth: number } } };
    return g.document.documentElement.scrollWidth > g.innerWidth;
  });
}

async function chooseRowsPerPage(page: Page, size: number): Promise<void> {
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: String(size), exact: true }).click();
}

/** Words of at least four letters in the addresses of a page (the search's fragments to try). */
function fragmentsOf(addresses: string[]): string[] {
  const words = addresses.flatMap((address) => address.split(/[^A-Za-z]+/)).filter((word) => word.length >= 4);
  return [...new Set(words)];
}

describe('Transactions list', () => {
  describe('at 1366x800', () => {
    const ui = freshPagePerTest({ width: 1366, height: 800 });

    it(
      'searches and clears, sorts by a column, pages, and changes the page size',
      async () => {
        const { page } = ui;
        try {
          await signInThroughApi(page, 'admin@demo-realty.test');
          const first = await openList(page);
          const total = totalOf(first);
          expect(total).toBeGreaterThanOrEqual(300);
          expect(first.ids).toHaveLength(10);
          expect(first.checkboxes).toBe(10);
          expect(await page.getByTestId('transactions-search').getAttribute('placeholder')).toBe(
            'Address, Email, Client Name, Mobile Phone, or ID',
          );
          expect(await page.getByTestId('transactions-help').textContent()).toBe('Click a row to view details.');
          expect(await pageOverflowsSideways(page)).toBe(false);

          // Search: an address fragment of the first page narrows the rows to those holding it.
          const words = fragmentsOf(first.addresses);
          const fragment = words.find((word) => !/^(Street|Avenue|Drive|Road|Lane|Blvd|Unit)$/i.test(word)) ?? words[0];
          // Enter searches at once (typing alone waits for a pause).
          await page.getByTestId('transactions-search').fill(fragment);
          await page.getByTestId('transactions-search').press('Enter');
          const narrowed = await settled(page, (view) => totalOf(view) < total, `rows for "${fragment}"`);
          // Email, client name, phone or ID may match too; the row it came from holds it in its address.
          expect(narrowed.addresses.some((address) => address.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
          await page.getByTestId('transactions-clear').click();
          await settled(page, (view) => totalOf(view) === total, 'whole list after Clear');
          expect(await page.getByTestId('transactions-search').inputValue()).toBe('');

          // Sort by ID: ascending, then descending.
          await page.getByTestId('transactions-table-sort-id').click();
          await settled(
            page,
            (view) => view.sort === 'id ascending' && view.ids.every((id, i) => i === 0 || view.ids[i - 1] < id),
            'ids ascending',
          );
          await page.getByTestId('transactions-table-sort-id').click();
          const descending = await settled(
            page,
            (view) => view.sort === 'id descending' && view.ids.every((id, i) => i === 0 || view.ids[i - 1] > id),
            'ids descending',
          );

          // Page 2 goes on where page 1 ended.
          await page.getByTestId('transactions-table-next-page').click();
          const second = await settled(page, (view) => view.range.startsWith('11–20'), 'page 2');
          expect(second.ids[0]).toBeLessThan(descending.ids[descending.ids.length - 1]);

          // 20 rows a page, from page 1 again.
          await chooseRowsPerPage(page, 20);
          const twenty = await settled(page, (view) => view.ids.length === 20 && view.range.startsWith('1–20'), '20 rows');
          expect(twenty.ids.slice(0, 10)).toEqual(descending.ids);
        } catch (error) {
          await shot(page, 'transactions-list-failure.png');
          throw error;
        }
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'keeps page, page size, sort and search for the session: leaving and coming back shows the same table',
      async () => {
        const { page } = ui;
        try {
          await signInThroughApi(page, 'admin@demo-realty.test');
          const first = await openList(page);
          const total = totalOf(first);
          await page.getByTestId('transactions-table-sort-address').click();
          await settled(page, (view) => view.sort === 'address ascending', 'sorted by address');
          await chooseRowsPerPage(page, 20);
          await settled(page, (view) => view.ids.length === 20, '20 rows');
          // A search with more than a page of results, then its page 2.
          await page.getByTestId('transactions-search').fill('1');
          await page.getByTestId('transactions-search').press('Enter');
          const searched = await settled(page, (view) => totalOf(view) < total && totalOf(view) > 20, 'rows for "1"');
          await page.getByTestId('transactions-table-next-page').click();
          const kept = await settled(page, (view) => view.range.startsWith('21–'), 'page 2 of the search');
          expect(totalOf(kept)).toBe(totalOf(searched));

          // Leave for the dashboard and come back through the menu: the same table.
          await page.getByTestId('menu-dashboard').click();
          await page.getByTestId('home-page').waitFor({ timeout: UI_TIMEOUT_MS });
          await page.getByTestId('menu-transactions').click();
          const back = await settled(page, () => true, 'table after coming back');
          expect(await page.getByTestId('transactions-search').inputValue()).toBe('1');
          expect({ range: back.range, sort: back.sort, ids: back.ids }).toEqual({
            range: kept.range,
            sort: 'address ascending',
            ids: kept.ids,
          });
          await shot(page, 'transactions-list-desktop.png');
        } catch (error) {
          await shot(page, 'transactions-list-kept-failure.png');
          throw error;
        }
      },
      JOURNEY_TIMEOUT_MS,
    );

    it(
      'shows a vendor the transactions linked to them, without row checkboxes',
      async () => {
        const { page } = ui;
        await signInThroughApi(page, 'vendor@demo-realty.test');
        const view = await openList(page);
        expect(view.ids.length).toBe(3);
        expect(totalOf(view)).toBe(3);
        expect(view.checkboxes).toBe(0);
        expect(await page.getByTestId('transactions-table-select-all').count()).toBe(0);
        await shot(page, 'transactions-list-vendor.png');
      },
      JOURNEY_TIMEOUT_MS,
    );
  });

  describe('at 390x844', () => {
    const ui = freshPagePerTest({ width: 390, height: 844 });

    it(
      "moves to another page with the phone's jump-to-page dropdown",
      async () => {
        const { page } = ui;
        try {
          await signInThroughApi(page, 'agent@demo-realty.test');
          const first = await openList(page);
          expect(totalOf(first)).toBeGreaterThanOrEqual(20);
          expect(await pageOverflowsSideways(page)).toBe(false);
          const jump = page.getByTestId('jump-to-page');
          await jump.waitFor({ state: 'visible', timeout: UI_TIMEOUT_MS });
          expect(await jump.locator('option').count()).toBe(Math.ceil(totalOf(first) / 10));
          await jump.selectOption('2');
          const second = await settled(page, (view) => view.range.startsWith('11–'), 'page 2');
          expect(second.ids).not.toEqual(first.ids);
          expect(await jump.inputValue()).toBe('2');
          await shot(page, 'transactions-list-phone.png');
        } catch (error) {
          await shot(page, 'transactions-list-phone-failure.png');
          throw error;
        }
      },
      JOURNEY_TIMEOUT_MS,
    );
  });
});
