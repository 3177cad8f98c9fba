import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api, baseUrl, freshPagePerTest, JOURNEY_TIMEOUT_MS, shot, signInThroughApi, UI_TIMEOUT_MS } from './browser-helpers';

// The Contacts screens end to end (spec 001 sections 2, 4, 5, 6, 8 and 9) against the seeded
// demo team (Demo Realty's 30 contacts, two duplicate pairs, beside its transactions' contacts):
// search, Lead Source filter and paging; Export CSV of the whole filtered set; a merge with a choice
// missing, then a full one; a contact edit with a bad email, Cancel, and Update. The merge and the
// edit work on contacts the test makes through the API, so the seeded pairs stay for people to try.

const PATH = '/app/contacts';

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
  names: string[];
  leadSources: string[];
  range: string;
}

async function tableView(page: Page): Promise<TableView> {
  return page.getByTestId('contacts-table').evaluate((element) => {
    type El = {
      getAttribute(name: string): string | null;
      querySelectorAll(selector: string): ArrayLike<El>;
      querySelector(selector: string): El | null;
      textContent: string | null;
    };
    const table = element as unknown as El;
    const rows = Array.from(table.querySelectorAll('[data-testid="contacts-table-row"]'));
    const cell = (row: El, field: string) => (row.querySelector(`td[data-field="${field}"]`)?.textContent ?? '').trim();
    return {
      loading: table.getAttribute('data-loading') === 'true',
      names: rows.map((row) => `${cell(row, 'first_name')} ${cell(row, 'last_name')}`),
      leadSources: rows.map((row) => cell(row, 'lead_type_id')),
      range: (table.querySelector('.MuiTablePagination-displayedRows')?.textContent ?? '').trim(),
    };
  });
}

const settled = (page: Page, check: (view: TableView) => boolean, what: string) =>
  eventually(
    () => tableView(page),
    (view) => !view.loading && check(view),
    what,
  );
const totalOf = (view: TableView) => Number(view.range.split(' of ').pop()?.replace(/,/g, ''));

async function openList(page: Page): Promise<TableView> {
  await page.goto(`${baseUrl()}${PATH}`, { waitUntil: 'domcontentloaded' });
  await page.getByTestId('contacts-page').waitFor({ timeout: UI_TIMEOUT_MS });
  return settled(page, (view) => view.names.length > 0, 'first page');
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('contacts-search').fill(text);
  await page.getByTestId('contacts-search').press('Enter');
}

describe('Contacts', () => {
  const ui = freshPagePerTest({ width: 1366, height: 800 });

  it(
    'searches, filters by lead source and pages; Export CSV downloads the whole filtered set',
    async () => {
      const { page } = ui;
      try {
        await signInThroughApi(page, 'admin@demo-realty.test');
        const first = await openList(page);
        const total = totalOf(first);
        expect(total).toBeGreaterThanOrEqual(30);
        expect(first.names).toHaveLength(20);

        // A seeded duplicate pair: the same name twice.
        await search(page, 'Ellison');
        const pair = await settled(page, (view) => totalOf(view) === 2, 'the Ellison pair');
        expect(pair.names).toEqual(['Morgan Ellison', 'Morgan Ellison']);
        await search(page, '');
        await settled(page, (view) => totalOf(view) === total, 'whole list again');

        // Lead Source filter: every row has the chosen source.
        await page.getByTestId('contacts-lead-source-filter').click();
        const option = page.getByRole('option').nth(1);
        const source = ((await option.textContent()) ?? '').trim();
        await option.click();
        const filtered = await settled(
          page,
          (view) => totalOf(view) < total && view.leadSources.every((s) => s === source),
          `rows of ${source}`,
        );
        const filteredTotal = totalOf(filtered);

        // Paging: page 2 of the filtered rows.
        if (filteredTotal > 20) {
          await page.getByTestId('contacts-table-next-page').click();
          await settled(page, (view) => view.range.startsWith('21–'), 'page 2');
        }

        // Export CSV: every filtered row (not only the page), then the page again.
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: UI_TIMEOUT_MS }),
          page.getByTestId('contacts-export').click(),
        ]);
        expect(download.suggestedFilename()).toBe('contacts.csv');
        const lines = readFileSync((await download.path())!, 'utf8')
          .trimEnd()
          .split('\r\n');
        expect(lines[0]).toBe(
          'First Name,Last Name,Email,Mobile Phone,Address,Address 2,City,State,Zip,Lead Source,Agent,Transactions,Status',
        );
        expect(lines).toHaveLength(filteredTotal + 1);
        expect(lines.slice(1).every((line) => line.includes(`,${source},`))).toBe(true);
        await settled(page, (view) => totalOf(view) === filteredTotal, 'the page after the export');
      } catch (error) {
        await shot(page, 'contacts-list-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'merges two contacts: a missing choice is refused and sends nothing, then a full merge',
    async () => {
      const { page } = ui;
      try {
        const { access_token } = await signInThroughApi(page, 'admin@demo-realty.test');
        const name = `Mergetest${Date.now().toString(36)}`;
        for (const phone of ['5125550901', '5125550902']) {
          const created = await api('/api/contacts', {
            method: 'POST',
            token: access_token,
            body: { first_name: 'Sam', last_name: name, email: `${name}@example.com`.toLowerCase(), mobile_phone: phone },
          });
          expect(created.status).toBe(201);
        }
        await openList(page);
        await search(page, name);
        await settled(page, (view) => view.names.length === 2 && totalOf(view) === 2, 'the two to merge');

        const merge = page.getByTestId('contacts-merge');
        expect(await merge.isDisabled()).toBe(true);
        await page.getByTestId('contacts-table-select').nth(0).click();
        expect(await merge.isDisabled()).toBe(true);
        await page.getByTestId('contacts-table-select').nth(1).click();
        expect(await merge.isDisabled()).toBe(false);
        await merge.click();

        const dialog = page.getByTestId('merge-dialog');
        await dialog.getByTestId('merge-field-mobile_phone').waitFor({ timeout: UI_TIMEOUT_MS });
        // The phones differ: no choice yet. Merge refuses with the spec's toast.
        await dialog.getByTestId('merge-submit').click();
        await page.getByText('Please make a selection for all fields').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await dialog.isVisible()).toBe(true);

        // A value for every field (the second contact's phone), then Merge.
        const fields = dialog.locator('[data-testid^="merge-field-"]');
        for (let i = 0; i < (await fields.count()); i++) {
          const radios = fields.nth(i).getByRole('radio');
          await radios.nth((await radios.count()) - 1).check();
        }
        await dialog.getByTestId('merge-submit').click();
        await page.getByText('Contacts merged').waitFor({ timeout: UI_TIMEOUT_MS });
        await dialog.waitFor({ state: 'detached', timeout: UI_TIMEOUT_MS });
        const after = await settled(page, (view) => totalOf(view) === 1, 'one contact left');
        expect(after.names).toEqual([`Sam ${name}`]);
        expect(await page.getByTestId('contacts-table-select').nth(0).isChecked()).toBe(false);
        expect(await page.getByRole('cell', { name: '(512) 555-0902' }).count()).toBe(1);
      } catch (error) {
        await shot(page, 'contacts-merge-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'edits a contact: a bad email is refused, Cancel restores, Update saves',
    async () => {
      const { page } = ui;
      try {
        const { access_token } = await signInThroughApi(page, 'agent@demo-realty.test');
        const created = await api<{ contact_id: number }>('/api/contacts', {
          method: 'POST',
          token: access_token,
          body: { first_name: 'Eddie', last_name: 'Edits', email: 'eddie@example.com' },
        });
        const id = created.body!.contact_id;
        await page.goto(`${baseUrl()}${PATH}/${id}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('contact-readonly').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.title()).toBe('Contact · Realty');
        expect(await page.getByTestId('contact-email').textContent()).toContain('eddie@example.com');

        // A bad email: Update sends nothing and shows the field's message.
        await page.getByTestId('contact-edit').click();
        const email = page.locator('input[name="email"]');
        await email.fill('eddie@@example');
        await page.getByTestId('contact-submit').click();
        await page.getByText('This is an invalid email address').waitFor({ timeout: UI_TIMEOUT_MS });
        expect((await api<{ email: string }>(`/api/contacts/${id}`, { token: access_token })).body!.email).toBe('eddie@example.com');

        // Cancel: read-only again with the stored value.
        await page.getByTestId('contact-cancel').click();
        await page.getByTestId('contact-readonly').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.getByTestId('contact-email').textContent()).toContain('eddie@example.com');

        // Update: saved, 'Contact updated', read-only with the new value.
        await page.getByTestId('contact-edit').click();
        await email.fill('eddie.new@example.com');
        await page.getByTestId('contact-submit').click();
        await page.getByText('Contact updated').waitFor({ timeout: UI_TIMEOUT_MS });
        await page.getByTestId('contact-readonly').waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.getByTestId('contact-email').textContent()).toContain('eddie.new@example.com');
        expect((await api<{ email: string }>(`/api/contacts/${id}`, { token: access_token })).body!.email).toBe('eddie.new@example.com');
      } catch (error) {
        await shot(page, 'contacts-edit-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS,
  );
});
