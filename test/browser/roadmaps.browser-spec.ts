import type { Page } from 'playwright-core';
import { baseUrl, freshPagePerTest, JOURNEY_TIMEOUT_MS, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// Bulk roadmap assignment on the Transactions screen (spec 001 sections 2, 4 and 8) as the demo TC:
// the first page of Pipeline transactions (no roadmap from the seed), choose templates, Assign ('Roadmaps
// assigned', the list back on page 1 with 10 rows by created_ts), then Remove the same ('Roadmaps have been
// removed') so the demo data is as before; and a failed Assign that resets the busy flag and shows no message.

const TEMPLATES = ['Buyer New Construction', 'Seller Short Sale'];

interface Row {
  id: number;
  roadmaps: string;
}

async function rowsOf(page: Page): Promise<{ loading: boolean; rows: Row[]; range: string; sort: string | null }> {
  return page.getByTestId('transactions-table').evaluate((element) => {
    type El = {
      getAttribute(n: string): string | null;
      querySelectorAll(s: string): ArrayLike<El>;
      querySelector(s: string): El | null;
      textContent: string | null;
    };
    const table = element as unknown as El;
    const cell = (row: El, field: string) => (row.querySelector(`td[data-field="${field}"]`)?.textContent ?? '').trim();
    const sorted = table.querySelector('th[aria-sort]');
    return {
      loading: table.getAttribute('data-loading') === 'true',
      rows: Array.from(table.querySelectorAll('[data-testid="transactions-table-row"]')).map((row) => ({
        id: Number(cell(row, 'id')),
        roadmaps: cell(row, 'rtc_count'),
      })),
      range: (table.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '').trim(),
      sort: sorted
        ? `${sorted.getAttribute('data-testid')?.replace('transactions-table-col-', '')} ${sorted.getAttribute('aria-sort')}`
        : null,
    };
  });
}

async function settled(page: Page, check: (view: Awaited<ReturnType<typeof rowsOf>>) => boolean, what: string) {
  const deadline = Date.now() + UI_TIMEOUT_MS;
  for (;;) {
    const view = await rowsOf(page);
    if (!view.loading && view.rows.length > 0 && check(view)) return view;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(view)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function chooseTemplates(page: Page, names: readonly string[]) {
  await page.getByTestId('roadmap-bulk').getByRole('combobox').click();
  for (const name of names) await page.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('bulk roadmaps on the Transactions screen (Chromium)', () => {
  const ctx = freshPagePerTest();

  it(
    'a TC assigns two templates to a page of transactions and removes them again, with their toasts, the list back on page 1',
    async () => {
      const { page } = ctx;
      await signInThroughApi(page, 'tc@demo-realty.test');
      await page.goto(`${baseUrl()}/app/transactions`);
      await settled(page, (view) => view.rows.length === 10, 'page 1');
      // Pipeline first (statuses sort in the pipeline's order): the seed gives those no roadmap.
      const byStatus = async () => {
        await page.getByTestId('transactions-table-col-status').click();
        return settled(page, (view) => view.sort === 'status ascending', 'sorted by status');
      };
      const pipeline = await byStatus();
      expect(pipeline.rows.every((row) => row.roadmaps === '0')).toBe(true);

      await page.getByTestId('transactions-table-select-all').click();
      expect(await page.getByTestId('transactions-selected-count').textContent()).toBe('10 selected');
      expect(await page.getByTestId('roadmap-assign').isDisabled()).toBe(true);
      expect(await page.getByTestId('roadmap-remove').isDisabled()).toBe(true);
      await chooseTemplates(page, TEMPLATES);
      await page.getByTestId('roadmap-assign').click();
      await page.getByText('Roadmaps assigned').waitFor({ timeout: UI_TIMEOUT_MS });
      const back = await settled(
        page,
        (view) => view.sort === 'created_ts ascending' && view.range.startsWith('1–10'),
        'back on page 1 by created_ts',
      );
      expect(back.rows).toHaveLength(10);
      expect(await page.getByTestId('roadmap-bulk').count()).toBe(0);

      // Each got the template of its own side: one roadmap.
      const assigned = await byStatus();
      expect(assigned.rows.map((row) => [row.id, row.roadmaps])).toEqual(pipeline.rows.map((row) => [row.id, '1']));
      await page.getByTestId('transactions-table-select-all').click();
      await chooseTemplates(page, TEMPLATES);
      await page.getByTestId('roadmap-remove').click();
      await page.getByText('Roadmaps have been removed').waitFor({ timeout: UI_TIMEOUT_MS });
      await settled(page, (view) => view.sort === 'created_ts ascending', 'back on page 1 after removing');
      expect((await byStatus()).rows.map((row) => [row.id, row.roadmaps])).toEqual(pipeline.rows.map((row) => [row.id, '0']));
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a failed Assign resets the busy flag and shows no message',
    async () => {
      const { page } = ctx;
      await signInThroughApi(page, 'admin@demo-realty.test');
      await page.route('**/api/transaction/rtc/bulk', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error","message":"Internal server error"}' }),
      );
      await page.goto(`${baseUrl()}/app/transactions`);
      await settled(page, (view) => view.rows.length === 10, 'page 1');
      await page.getByTestId('transactions-table-select').first().click();
      await chooseTemplates(page, TEMPLATES.slice(0, 1));
      // The call is made and refused; then the flag is down again.
      const refused = page.waitForResponse(
        (response) => response.request().method() === 'POST' && /\/api\/transaction\/rtc\/bulk$/.test(response.url()),
        { timeout: UI_TIMEOUT_MS },
      );
      await page.getByTestId('roadmap-assign').click();
      expect((await refused).status()).toBe(500);
      await page.getByTestId('roadmap-bulk').and(page.locator('[aria-busy="false"]')).waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('roadmap-assign').isDisabled()).toBe(false);
      expect(await page.getByText('Roadmaps assigned').count()).toBe(0);
      expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
      expect(await page.getByTestId('transactions-selected-count').textContent()).toBe('1 selected');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
