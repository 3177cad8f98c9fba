import type { Page } from 'playwright-core';
import {
  api,
  tokenOf,
  baseUrl,
  freshPagePerTest,
  JOURNEY_TIMEOUT_MS,
  mailsTo,
  shot,
  signInThroughApi,
  type MailboxMail,
  UI_TIMEOUT_MS,
  until,
} from './browser-helpers';

// The e-sign signing engine (spec 002) through the stack: a two-signer sequential request sent through the API on
// a seeded demo transaction; the buyer signs from the mailed link on a phone (signature drawn), the agent on a
// desktop (typed); the sealed PDF then shows once among the transaction's documents. A decline on another request.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const RUN = Date.now().toString(36);

const linkIn = (mail: MailboxMail) => /\/sign\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
const invitationTo = (address: string) =>
  until(`the invitation to ${address}`, () => mailsTo(address).find((mail) => /\/sign\//.test(mail.text)));

/** The demo template (seeded) and a demo transaction; the request sent through the API. */
async function sendRequest(
  token: string,
  signatureOrder: 'P' | 'S',
  signers: { role: string; name: string; email: string; order?: number }[],
) {
  const templates = await api<{ records: { esig_template_id: number; name: string }[] }>('/api/esign/templates?status=N&per_page=100', {
    token,
  });
  const template = templates.body!.records.find((record) => record.name === 'Buyer Representation Agreement')!;
  const rows = await api<{ table: { data: { client_id: number }[] } }>(
    '/api/transactions/records?team_form_id=-1&page=1&per_page=10&order_by=created_ts&order_dir=1',
    { token },
  );
  if (rows.status !== 200) throw new Error(`transactions list: ${rows.status} ${JSON.stringify(rows.body)}`);
  const clientId = rows.body!.table.data[0]!.client_id;
  const sent = await api<{ esig_request_id: number }>('/api/esign/requests', {
    method: 'POST',
    token,
    body: {
      client_id: clientId,
      template_ids: [template.esig_template_id],
      signature_order: signatureOrder,
      email_config: { default: { subject: `Agreement to sign ${RUN}`, body: 'Please review and sign.' } },
      signers,
    },
  });
  expect(sent.status).toBe(201);
  return { clientId, requestId: sent.body!.esig_request_id };
}

/** Draws a stroke across the signature canvas. */
async function drawSignature(page: Page): Promise<void> {
  const canvas = (await page.getByTestId('signature-canvas').boundingBox())!;
  await page.mouse.move(canvas.x + canvas.width * 0.15, canvas.y + canvas.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.45, 0.7],
    [0.6, 0.35],
    [0.8, 0.6],
  ])
    await page.mouse.move(canvas.x + canvas.width * x, canvas.y + canvas.height * y, { steps: 4 });
  await page.mouse.up();
}

describe('E-sign signing page (Chromium)', () => {
  const ui = freshPagePerTest({ width: 390, height: 844 });

  it(
    'two signers in order from their mailed links, drawn on a phone and typed on a desktop; the sealed PDF among the transaction documents',
    async () => {
      const { page } = ui;
      const token = await tokenOf(AGENT);
      const buyer = `buyer-${RUN}@mail.test`;
      const agent = `agent-${RUN}@mail.test`;
      const { clientId, requestId } = await sendRequest(token, 'S', [
        { role: 'Buyer', name: 'Zoë Buyer', email: buyer, order: 1 },
        { role: 'Agent', name: 'Ada Agent', email: agent, order: 2 },
      ]);
      // The buyer, on a phone.
      const invitation = await invitationTo(buyer);
      expect(invitation.subject).toBe(`Agreement to sign ${RUN}`);
      expect(mailsTo(agent)).toEqual([]);
      await page.goto(`${baseUrl()}${linkIn(invitation)}`);
      await page.locator('[data-testid="signing-page"][data-state="open"]').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('signing-title').textContent()).toContain('Buyer Representation Agreement');
      await page.locator('[data-testid^="signing-field-"] input[type="text"]').first().fill('Zoë Buyer');
      await page.getByRole('button', { name: /^Buyer signature/ }).click();
      await page.getByTestId('signature-dialog').waitFor();
      await page.getByTestId('signature-draw-tab').click();
      await drawSignature(page);
      await page.getByTestId('signature-apply').click();
      await page.getByRole('button', { name: /^Buyer initials/ }).click();
      await page.getByTestId('signature-type-tab').click();
      await page.getByTestId('signature-typed-input').fill('ZB');
      await page.getByTestId('signature-apply').click();
      await page.getByTestId('signing-consent').check();
      await shot(page, 'esign-signing-phone.png');
      await page.getByTestId('signing-finish').click();
      await page.getByTestId('signing-done').waitFor({ timeout: UI_TIMEOUT_MS });

      // The agent, invited only now, on a desktop.
      await page.setViewportSize({ width: 1280, height: 900 });
      const second = await invitationTo(agent);
      await page.goto(`${baseUrl()}${linkIn(second)}`);
      await page.locator('[data-testid="signing-page"][data-state="open"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByRole('button', { name: /^Agent signature/ }).click();
      await page.getByTestId('signature-type-tab').click();
      await page.getByTestId('signature-typed-input').fill('Ada Agent');
      await page.getByTestId('signature-apply').click();
      await page.getByRole('checkbox', { name: /Disclosure delivered/ }).check();
      await page.getByTestId('signing-consent').check();
      await page.getByTestId('signing-finish').click();
      await page.getByTestId('signing-done').waitFor({ timeout: UI_TIMEOUT_MS });

      // Sealed and handed to transactions: once among the transaction's documents.
      const signedName = 'Buyer Representation Agreement (signed).pdf';
      await until(
        'the request sealed',
        async () => {
          const log = await api<{ status: string }>(`/api/esign/requests/${requestId}/audit-log`, { token });
          return log.body?.status === 'C' ? true : undefined;
        },
        30_000,
      );
      type Folder = { folder_id: number; slug: string; documents: { filename?: string; name?: string }[] };
      const folder = await until(
        'the signed document among the transaction documents',
        async () => {
          const listed = await api<{ records: Folder[] }>(`/api/transaction/${clientId}/documents`, { token });
          return listed.body?.records.find((entry) =>
            entry.documents.some((document) => (document.filename ?? document.name) === signedName),
          );
        },
        30_000,
      );
      // The seeded template keeps its signed copies in -1 General.
      expect(folder.folder_id).toBe(-1);
      await signInThroughApi(page, ADMIN);
      await page.goto(`${baseUrl()}/app/transactions/${clientId}/documents/${folder.slug}`);
      await page.getByText(signedName).first().waitFor({ timeout: 30_000 });
      expect(await page.getByText(signedName).count()).toBe(1);
      // The buyer's link now offers the sealed PDF.
      await page.goto(`${baseUrl()}${linkIn(invitation)}`);
      await page.getByTestId('signing-download').waitFor({ timeout: UI_TIMEOUT_MS });
    },
    JOURNEY_TIMEOUT_MS * 3,
  );

  it(
    'a signer declines with a reason: the request is Declined and the other link shows it',
    async () => {
      const { page } = ui;
      const token = await tokenOf(AGENT);
      const buyer = `decliner-${RUN}@mail.test`;
      const agent = `other-${RUN}@mail.test`;
      const { requestId } = await sendRequest(token, 'P', [
        { role: 'Buyer', name: 'Dee Cliner', email: buyer },
        { role: 'Agent', name: 'Otto Other', email: agent },
      ]);
      await page.goto(`${baseUrl()}${linkIn(await invitationTo(buyer))}`);
      await page.locator('[data-testid="signing-page"][data-state="open"]').waitFor({ timeout: UI_TIMEOUT_MS });
      await page.getByTestId('signing-decline').click();
      await page.getByTestId('decline-reason').fill('The price is wrong');
      await page.getByTestId('decline-confirm').click();
      await page.locator('[data-testid="signing-page"][data-state="declined"]').waitFor({ timeout: UI_TIMEOUT_MS });
      const log = await api<{ status: string; events: { type: string; detail: string | null }[] }>(
        `/api/esign/requests/${requestId}/audit-log`,
        { token },
      );
      expect(log.body!.status).toBe('D');
      expect(log.body!.events.find((event) => event.type === 'declined')?.detail).toBe('The price is wrong');
      await page.goto(`${baseUrl()}${linkIn(await invitationTo(agent))}`);
      await page.getByTestId('signing-closed').waitFor({ timeout: UI_TIMEOUT_MS });
      expect(await page.getByTestId('signing-closed').textContent()).toContain('This request was declined');
    },
    JOURNEY_TIMEOUT_MS,
  );
});
