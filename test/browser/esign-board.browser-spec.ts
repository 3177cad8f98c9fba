import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { esignFieldOf, type EsignStatusTotals } from '@app/contracts';
import {
  api,
  baseUrl,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  mailsTo,
  shot,
  signInThroughApi,
  tokenOf,
  UI_TIMEOUT_MS,
  until,
} from './browser-helpers';
import { createEsignTemplate } from './esign-template-kit';

// The e-sign request board (spec 002 section 2.5) against the whole stack: three requests of a
// template made for this run, sent through the API on a seeded transaction; one completed by its signer
// through the public signing calls (the link from the local mailbox), one declined. The demo agent's
// /app/esign-requests: the status tiles and their filter, Clear, quick search with no match, the status
// filter, cancelling after its confirmation, the Audit Log of the completed one, and the transaction link.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const RUN = `b${Date.now().toString(36)}`;

/** The signer's token, from the invitation in the local mailbox. */
const tokenFor = async (email: string) => {
  const mail = await until(`the invitation to ${email}`, () => mailsTo(email).find((candidate) => /\/sign\//.test(candidate.text)));
  return /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
};

const rows = (page: Page) => page.locator('[data-testid^="esign-request-row-"]');
/** The board once it shows exactly these requests (in any order). */
async function showsOnly(page: Page, ids: number[]): Promise<void> {
  const wanted = ids.map((id) => `esign-request-row-${id}`).sort();
  await until(
    `the board showing ${wanted.join(', ')}`,
    async () => {
      const shown = (
        await rows(page).evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid') ?? ''))
      ).sort();
      return JSON.stringify(shown) === JSON.stringify(wanted) ? true : undefined;
    },
    UI_TIMEOUT_MS,
  );
}
const tile = (page: Page, key: keyof EsignStatusTotals) => page.getByTestId(`esign-status-tile-${key}`);
const total = async (page: Page, key: keyof EsignStatusTotals) => Number(await page.getByTestId(`esign-status-total-${key}`).textContent());
async function totalsShown(page: Page, expected: Partial<EsignStatusTotals>): Promise<void> {
  await until(
    `the tiles ${JSON.stringify(expected)}`,
    async () => {
      for (const [key, value] of Object.entries(expected))
        if ((await total(page, key as keyof EsignStatusTotals)) !== value) return undefined;
      return true;
    },
    UI_TIMEOUT_MS,
  );
}
/** Clear, and the board's query without filters (in the URL) before anything else is typed. */
async function clearFilters(page: Page): Promise<void> {
  await page.getByTestId('esign-filter-clear').click();
  await page.waitForURL((url) => !url.searchParams.has('search') && !url.searchParams.has('status'), { timeout: UI_TIMEOUT_MS });
  await page.locator('[data-testid="esign-status-tile-Total"][data-active="true"]').waitFor();
}
/**
 * Whether a request's status is in sight as the table opens: the page scrolled down to it (the table not
 * sideways), the tag is what lies under its middle (not off screen, not under the sticky actions column).
 */
async function statusInSight(page: Page, id: number): Promise<boolean> {
  return page.getByTestId(`esign-request-status-${id}`).evaluate((element) => {
    const view = globalThis as unknown as PageWindow;
    view.scrollBy(0, element.getBoundingClientRect().top - view.innerHeight / 2);
    const box = element.getBoundingClientRect();
    const top = view.document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!top && element.contains(top as typeof element);
  });
}
/** The page's window as the functions evaluated there see it (no DOM lib in the test's types). */
interface PageWindow {
  innerWidth: number;
  innerHeight: number;
  scrollBy(x: number, y: number): void;
  document: { elementFromPoint(x: number, y: number): object | null; documentElement: { scrollWidth: number } };
}
async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('esign-quick-search').fill(text);
  await page.getByTestId('esign-quick-search').press('Enter');
}

describe('E-sign request board (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1366, height: 900 });

  it(
    'tiles count each status, filter, clear and search; a sent request is cancelled after its confirmation; the audit log of a completed one; the transaction link',
    async () => {
      const { page } = ui;
      const [adminToken, token] = await Promise.all([tokenOf(ADMIN), tokenOf(AGENT)]);
      const templateName = `Board lease ${RUN}`;
      // One page, one role (Buyer) and its signature.
      const signature = esignFieldOf({
        uuid: randomUUID(),
        role_uuid: 'role-buyer',
        name: 'Buyer signature',
        type: 'signature',
        required: true,
        areas: [{ page: 1, x: 0.1, y: 0.7, w: 0.35, h: 0.06 }],
      });
      const templateId = await createEsignTemplate(adminToken, {
        name: templateName,
        roles: [{ uuid: 'role-buyer', name: 'Buyer' }],
        fields: [signature],
      });
      const list = await api<{ table: { data: { client_id: number }[] } }>(
        '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=created_ts&order_dir=1',
        { token },
      );
      expect(list.status).toBe(200);
      const clientId = list.body!.table.data[1]!.client_id;
      const send = async (who: string) => {
        const sent = await api<{ esig_request_id: number }>('/api/esign/requests', {
          method: 'POST',
          token,
          body: {
            client_id: clientId,
            template_ids: [templateId],
            signature_order: 'P',
            email_config: { default: { subject: `Lease to sign ${RUN}`, body: '' } },
            signers: [{ role: 'Buyer', name: `${who} Signer`, email: `${who}-${RUN}@mail.test` }],
          },
        });
        expect(sent.status).toBe(201);
        return sent.body!.esig_request_id;
      };
      const [sentId, completedId, declinedId] = [await send('sent'), await send('done'), await send('declined')];
      // Completed by its signer (typed signature), declined by the other, as the signing page calls them.
      const [doneToken, declineToken] = await Promise.all([tokenFor(`done-${RUN}@mail.test`), tokenFor(`declined-${RUN}@mail.test`)]);
      const session = await api<{ state: string; own_field_ids: string[] }>(`/api/esign/sign/${doneToken}`);
      expect(session.body!.state).toBe('open');
      const values = Object.fromEntries(session.body!.own_field_ids.map((id) => [id, { kind: 'typed', text: 'Dana Done' }]));
      expect((await api(`/api/esign/sign/${doneToken}/complete`, { method: 'POST', body: { values, consent: true } })).status).toBe(200);
      expect((await api(`/api/esign/sign/${declineToken}/decline`, { method: 'POST', body: { reason: 'Wrong unit' } })).status).toBe(200);
      await until(
        'the completed request sealed',
        async () => {
          const log = await api<{ status: string }>(`/api/esign/requests/${completedId}/audit-log`, { token });
          return log.body?.status === 'C' ? true : undefined;
        },
        30_000,
      );

      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInThroughApi(page, AGENT);
      try {
        await page.goto(`${baseUrl()}/app/esign-requests`, { waitUntil: 'domcontentloaded' });
        // Every request the agent may see: Total counts every status, the declined too (it has no tile).
        await page.getByTestId('esign-status-total-Total').waitFor();
        const five = (
          await Promise.all((['Sent', 'Viewed', 'PartiallySigned', 'Completed', 'Failed'] as const).map((key) => total(page, key)))
        ).reduce((a, b) => a + b, 0);
        expect(await total(page, 'Total')).toBeGreaterThan(five);
        expect(await tile(page, 'Total').getAttribute('data-active')).toBe('true');

        // This run's requests: the tiles count them (totals ignore the status filter).
        await search(page, RUN);
        await showsOnly(page, [sentId, completedId, declinedId]);
        await totalsShown(page, { Sent: 1, Viewed: 0, PartiallySigned: 0, Completed: 1, Failed: 0, Total: 3 });
        expect(await page.getByTestId(`esign-request-status-${sentId}`).textContent()).toBe('Sent');
        expect(await page.getByTestId(`esign-request-status-${completedId}`).textContent()).toBe('Completed');
        expect(await page.getByTestId(`esign-request-status-${declinedId}`).textContent()).toBe('Declined');
        expect(await page.getByTestId(`esign-request-row-${completedId}`).textContent()).toContain(templateName);
        // Cancel only while being signed; Audit Log only once completed.
        expect(await page.getByTestId(`esign-cancel-${sentId}`).count()).toBe(1);
        expect(await page.getByTestId(`esign-cancel-${completedId}`).count()).toBe(0);
        expect(await page.getByTestId(`esign-cancel-${declinedId}`).count()).toBe(0);
        expect(await page.getByTestId(`esign-audit-${completedId}`).count()).toBe(1);
        expect(await page.getByTestId(`esign-audit-${sentId}`).count()).toBe(0);
        await shot(page, 'esign-board-1366.png');
        for (const id of [sentId, completedId, declinedId]) expect(await statusInSight(page, id)).toBe(true);

        // The Completed tile filters the table; the totals stay.
        await tile(page, 'Completed').click();
        await showsOnly(page, [completedId]);
        expect(await tile(page, 'Completed').getAttribute('data-active')).toBe('true');
        expect(await tile(page, 'Total').getAttribute('data-active')).toBe('false');
        expect(new URL(page.url()).searchParams.get('status')).toBe('C');
        await totalsShown(page, { Sent: 1, Completed: 1, Total: 3 });

        // Clear: no status, no search.
        await clearFilters(page);
        expect(await page.getByTestId('esign-quick-search').inputValue()).toBe('');
        // Every request the agent may see again (a page holds 50): as many rows as Total says, this run's among them.
        await until(
          'every request again',
          async () => {
            const shown = await rows(page).count();
            return shown >= 3 && shown === Math.min(await total(page, 'Total'), 50) ? true : undefined;
          },
          UI_TIMEOUT_MS,
        );

        // A search that matches nothing.
        await search(page, `no match ${RUN}`);
        await page.getByTestId('esign-empty').waitFor();
        expect(await page.getByTestId('esign-empty').textContent()).toBe('No requests found');
        expect(await rows(page).count()).toBe(0);

        // The status filter (Sent) on this run's requests.
        await search(page, RUN);
        await showsOnly(page, [sentId, completedId, declinedId]);
        await page.getByTestId('esign-filter-status').getByRole('combobox').click();
        await page.getByRole('option', { name: 'Sent', exact: true }).click();
        await page.keyboard.press('Escape');
        await showsOnly(page, [sentId]);
        expect(await tile(page, 'Sent').getAttribute('data-active')).toBe('true');
        expect(await page.getByTestId('esign-filter-status').getByRole('combobox').textContent()).toBe('Sent');

        // Cancel the sent one, after its confirmation.
        await page.getByTestId(`esign-cancel-${sentId}`).click();
        const confirm = page.getByRole('dialog');
        await confirm.getByText('Are you sure you want to cancel this request?').waitFor();
        const cancelled = page.waitForResponse((response) => response.url().endsWith(`/api/esign/requests/${sentId}/cancel`));
        await confirm.getByRole('button', { name: 'Yes, cancel it' }).click();
        expect((await cancelled).status()).toBe(200);
        await page.getByText('Request cancelled').waitFor();
        await page.locator(`[data-testid="esign-request-row-${sentId}"] [data-status="cancelled"]`).waitFor();
        expect(await page.getByTestId(`esign-request-status-${sentId}`).textContent()).toBe('Cancelled');
        expect(await page.getByTestId(`esign-cancel-${sentId}`).count()).toBe(0);
        const log = await api<{ status: string; events: { type: string }[] }>(`/api/esign/requests/${sentId}/audit-log`, { token });
        expect(log.body!.events.map((event) => event.type)).toContain('cancelled');

        // The audit log of the completed one: its events, the documents' hashes, Download.
        await clearFilters(page);
        await search(page, RUN);
        await showsOnly(page, [sentId, completedId, declinedId]);
        await page.getByTestId(`esign-audit-${completedId}`).click();
        const dialog = page.getByTestId('esign-audit-dialog');
        await dialog.getByTestId('esign-audit-event').first().waitFor();
        expect(await dialog.getByTestId('esign-audit-event').count()).toBeGreaterThanOrEqual(3);
        const eventTypes = await dialog.getByTestId('esign-audit-event').locator('td:nth-child(2)').allTextContents();
        expect(eventTypes).toEqual(expect.arrayContaining(['Sent', 'Viewed', 'Signed', 'Sealed']));
        expect(await dialog.getByTestId('esign-audit-event-utc').first().textContent()).toMatch(
          /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/,
        );
        expect(await dialog.getByTestId('esign-audit-document-sha256').first().textContent()).toMatch(/^[0-9a-f]{64}$/);
        expect(await dialog.getByTestId('esign-audit-final-sha256').textContent()).toMatch(/^[0-9a-f]{64}$/);
        const download = dialog.getByTestId('esign-audit-download');
        expect(await download.isEnabled()).toBe(true);
        const link = page.waitForResponse((response) => response.url().endsWith(`/api/esign/requests/${completedId}/documents`));
        const tab = page.context().waitForEvent('page');
        await download.click();
        expect((await link).status()).toBe(200);
        await (await tab).close();
        await dialog.getByTestId('esign-audit-close').click();
        await dialog.waitFor({ state: 'detached' });

        // On a phone (loaded at 390 px: the filters in the URL stay).
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload({ waitUntil: 'domcontentloaded' });
        await showsOnly(page, [sentId, completedId, declinedId]);
        await totalsShown(page, { Completed: 1, Total: 3 });
        await shot(page, 'esign-board-390.png');
        // Each status in sight without scrolling the table sideways (it leads there); the page never scrolls sideways.
        for (const id of [sentId, completedId, declinedId]) expect(await statusInSight(page, id)).toBe(true);
        expect(
          await page.evaluate(() => {
            const view = globalThis as unknown as PageWindow;
            return view.document.documentElement.scrollWidth <= view.innerWidth;
          }),
        ).toBe(true);
        // A small laptop (1024 px): the columns overflow beside the menu too, so the Status leads there as well.
        await page.setViewportSize({ width: 1024, height: 768 });
        await until(
          'the Status column first at 1024 px',
          async () => ((await page.getByRole('columnheader').first().textContent())?.startsWith('Status') ? true : undefined),
          UI_TIMEOUT_MS,
        );
        for (const id of [sentId, completedId, declinedId]) expect(await statusInSight(page, id)).toBe(true);
        await page.setViewportSize({ width: 1366, height: 900 });

        // The transaction link: that transaction's e-sign tab, with its requests.
        await page.getByTestId(`esign-request-transaction-${completedId}`).click();
        await page.waitForURL(`**/app/transactions/${clientId}/esign`);
        await page.getByTestId('transaction-esign-page').waitFor();
        await page.getByTestId(`esign-request-row-${completedId}`).waitFor();
        expect(await page.getByTestId('esign-new-request').isVisible()).toBe(true);
        expect(errors).toEqual([]);
      } catch (error) {
        await shot(page, 'esign-board-failure.png');
        throw error;
      }
    },
    JOURNEY_TIMEOUT_MS * 2,
  );
});
