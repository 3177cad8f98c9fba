import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { esignFieldOf, type EsignField, type EsignFieldType, type EsignSignerOptions, type EsignStatusTotals } from '@app/contracts';
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

// The e-sign send stepper (spec 002 sections 2.2, 4 and 5) against the whole stack: the demo agent
// opens a seeded transaction's e-sign tab, picks a template made for this run (a text field mapped to the
// transaction's title company with can_update, a phone, an amount, a select, a checkbox, a date and a
// signature for each of two roles), checks step 1's messages and rules, reloads mid-step, goes through Fill Out
// and Edit Template, chooses a contact and an Other signer in sequence with signer-specific subjects, previews
// and sends; then the invitation in the local mailbox and the value written back to the transaction.

const ADMIN = 'admin@demo-realty.test';
const AGENT = 'agent@demo-realty.test';
const RUN = `s${Date.now().toString(36)}`;

let row = 0;
/** A field of the test template (the contract's defaults), one row lower than the last, left for the buyer. */
function field(type: EsignFieldType, role: string, extra: Partial<EsignField> = {}): EsignField {
  row += 1;
  const areas = [{ page: 1, x: role === 'role-buyer' ? 0.08 : 0.55, y: 0.08 + row * 0.07, w: 0.36, h: 0.04 }];
  return esignFieldOf({ uuid: randomUUID(), role_uuid: role, name: `${type} ${row}`, type, areas, ...extra });
}

/**
 * The autosave that carries `text` (PUT /api/esign/drafts/{id} answered 200, then Saved shown): call it before
 * the change, await it after.
 */
function savedWith(page: Page, draftId: string, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/esign/drafts/${draftId}`) &&
      response.request().method() === 'PUT' &&
      (response.request().postData() ?? '').includes(text),
    { timeout: UI_TIMEOUT_MS },
  );
  return answered.then(async (response) => {
    expect(response.status()).toBe(200);
    await page.locator('[data-testid="esign-save-status"][data-status="saved"]').waitFor({ timeout: UI_TIMEOUT_MS });
  });
}
const helperOf = (control: Locator) => control.locator('.MuiFormHelperText-root');

describe('E-sign send stepper (Chromium)', () => {
  const ui = freshPagePerTest({ width: 1366, height: 900 });

  it(
    'sends a two-signer request from a transaction through the three steps; the mail goes out and the edited value is written back',
    async () => {
      const { page } = ui;
      const [adminToken, token] = await Promise.all([tokenOf(ADMIN), tokenOf(AGENT)]);
      const roles = [
        { uuid: 'role-buyer', name: 'Buyer' },
        { uuid: 'role-agent', name: 'Listing Agent' },
      ];
      const titleCompany = field('text', 'role-buyer', {
        title: 'Title company',
        required: true,
        mapped_entity: 'transaction_field',
        mapped_field: 'title_company',
        can_update: true,
      });
      const phone = field('phone', 'role-buyer', { title: 'Buyer phone', required: true });
      const deposit = field('number', 'role-buyer', { title: 'Deposit', required: true, platform_type: 'amount' });
      const financing = field('select', 'role-buyer', {
        title: 'Financing',
        options: [
          { value: 'Cash', uuid: randomUUID() },
          { value: 'Loan', uuid: randomUUID() },
        ],
      });
      const waived = field('checkbox', 'role-buyer', { title: 'Inspection waived' });
      const closing = field('date', 'role-buyer', { title: 'Closing date' });
      const fields = [
        titleCompany,
        phone,
        deposit,
        financing,
        waived,
        closing,
        field('signature', 'role-buyer', { required: true }),
        field('signature', 'role-agent', { required: true }),
      ];
      const templateName = `Purchase offer ${RUN}`;
      const templateId = await createEsignTemplate(adminToken, { name: templateName, roles, fields });

      // A seeded transaction of the agent's with a title company and a contact with an email.
      const rows = await api<{ table: { data: { client_id: number; values: Record<string, { value: unknown }> }[] } }>(
        '/api/transactions/records?team_form_id=-1&page=1&per_page=20&order_by=created_ts&order_dir=1',
        { token },
      );
      expect(rows.status).toBe(200);
      let clientId = 0;
      let options: EsignSignerOptions | null = null;
      for (const candidate of rows.body!.table.data.slice(3)) {
        if (typeof candidate.values.title_company?.value !== 'string') continue;
        const found = await api<EsignSignerOptions>(`/api/esign/signer-options?client_id=${candidate.client_id}&term=`, { token });
        if (found.body?.contacts[0]?.on_transaction) {
          clientId = candidate.client_id;
          options = found.body;
          break;
        }
      }
      expect(clientId).toBeGreaterThan(0);
      const contact = options!.contacts[0];
      const before = (await api<{ values: Record<string, { value: unknown }> }>(`/api/transaction/${clientId}`, { token })).body!.values
        .title_company.value as string;
      const newTitleCompany = `First American ${RUN}`;
      const other = { name: 'Olga Other', email: `other-${RUN}@mail.test` };
      const subjects = { buyer: `Buyer, please sign ${RUN}`, agent: `Listing agent, please sign ${RUN}` };

      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await signInThroughApi(page, AGENT);
      try {
        // The transaction page's E-sign tab, New Signature Request, the template.
        await page.goto(`${baseUrl()}/app/transactions/${clientId}`, { waitUntil: 'domcontentloaded' });
        await page.getByTestId('transaction-page-esign').click();
        await page.waitForURL(`**/app/transactions/${clientId}/esign`);
        await page.getByTestId('esign-new-request').click();
        await page.getByTestId('esign-picker-search').fill(RUN);
        await page.getByTestId('esign-picker-search').press('Enter');
        await page.getByTestId(`esign-picker-item-template-${templateId}`).click();
        await page.waitForURL(new RegExp(`/app/transactions/${clientId}/esign/send/[0-9a-f-]{36}\\?step=1$`));
        const draftId = /\/send\/([0-9a-f-]{36})/.exec(page.url())![1];

        // Step 1, Verify Data: the Buyer's panel with its six fields (no signatures).
        const control = (f: EsignField) => page.getByTestId(`esign-field-${f.uuid}`);
        const input = (f: EsignField) => control(f).locator('input').first();
        await control(titleCompany).waitFor();
        expect(await page.getByTestId('esign-step-1').getAttribute('data-active')).toBe('true');
        expect(await page.getByTestId('esign-signer-panel-buyer').textContent()).toContain('Buyer (6 fields)');
        expect(await page.locator('[data-testid^="esign-field-"]').count()).toBe(6);

        // The mapped field: the transaction's value, Read Only ticked and fixed; editing it ticks Update Transaction.
        const readonly = page.getByTestId(`esign-readonly-${titleCompany.uuid}`);
        const update = page.getByTestId(`esign-update-transaction-${titleCompany.uuid}`);
        expect(await input(titleCompany).inputValue()).toBe(before);
        expect(await helperOf(control(titleCompany)).textContent()).toBe(`Transaction: ${before}`);
        expect(await readonly.isChecked()).toBe(true);
        expect(await readonly.isDisabled()).toBe(true);
        expect(await update.isChecked()).toBe(false);
        expect(await update.isEnabled()).toBe(true);
        // An unmapped field may not update the transaction; its Read Only is the sender's choice.
        expect(await page.getByTestId(`esign-update-transaction-${phone.uuid}`).isDisabled()).toBe(true);
        expect(await page.getByTestId(`esign-readonly-${phone.uuid}`).isEnabled()).toBe(true);
        await input(titleCompany).fill(newTitleCompany);
        expect(await update.isChecked()).toBe(true);

        // The phone: no message until touched, then 'Please enter a valid phone number'; masked once valid.
        await input(phone).pressSequentially('55512');
        expect(await control(phone).getByText('Please enter a valid phone number').count()).toBe(0);
        await input(phone).blur();
        await control(phone).getByText('Please enter a valid phone number').waitFor();
        await input(phone).fill('5125550123');
        expect(await input(phone).inputValue()).toBe('(512) 555-0123');
        await control(phone).getByText('Please enter a valid phone number').waitFor({ state: 'detached' });

        // The amount: required once touched; at most two decimals; shown in USD.
        expect(await input(deposit).getAttribute('placeholder')).toBe('$0.00');
        await input(deposit).focus();
        await input(deposit).blur();
        await control(deposit).getByText('This field is required').waitFor();
        await input(deposit).pressSequentially('2500.505');
        expect(await input(deposit).inputValue()).toBe('2500.50');
        await input(deposit).blur();
        expect(await input(deposit).inputValue()).toBe('$2,500.50');
        await control(deposit).getByText('This field is required').waitFor({ state: 'detached' });

        // The select, the checkbox and the date (MM/DD/YYYY, 'Incorrect format' as soon as it is wrong).
        await control(financing).getByRole('combobox').click();
        await page.getByRole('option', { name: 'Loan', exact: true }).click();
        await input(waived).check();
        expect(await input(closing).getAttribute('placeholder')).toBe('mm/dd/yyyy');
        await input(closing).fill('13/45/2026');
        await control(closing).getByText('Incorrect format').waitFor();
        const step1Saved = savedWith(page, draftId, '2026-12-15');
        await input(closing).fill('12/15/2026');
        await input(closing).blur();
        await control(closing).getByText('Incorrect format').waitFor({ state: 'detached' });
        await step1Saved;
        await shot(page, 'esign-send-step1-1366.png');

        // A reload mid-step: every value, Read Only and Update Transaction as they were (autosaved).
        await page.reload({ waitUntil: 'domcontentloaded' });
        await control(titleCompany).waitFor();
        expect(page.url()).toContain('step=1');
        expect(await input(titleCompany).inputValue()).toBe(newTitleCompany);
        expect(await update.isChecked()).toBe(true);
        expect(await readonly.isChecked()).toBe(true);
        expect(await input(phone).inputValue()).toBe('(512) 555-0123');
        expect(await input(deposit).inputValue()).toBe('$2,500.50');
        expect(await control(financing).getByRole('combobox').textContent()).toBe('Loan');
        expect(await input(waived).isChecked()).toBe(true);
        expect(await input(closing).inputValue()).toBe('12/15/2026');

        // Step 2, Finalize Document: the values on the page in Fill Out; Edit Template and back.
        await page.getByTestId('esign-next').click();
        await page.locator('[data-testid="esign-step-2"][data-active="true"]').waitFor();
        expect(page.url()).toContain('step=2');
        const toggle = page.getByTestId('esign-fill-toggle');
        expect(await toggle.getAttribute('data-mode')).toBe('fill');
        const onPage = page.getByTestId(`builder-fill-${titleCompany.uuid}`).locator('input');
        await onPage.waitFor();
        expect(await onPage.inputValue()).toBe(newTitleCompany);
        // Each value as step 1 shows it (stored still as digits, a float and YYYY-MM-DD: FinalizeDocumentStep.test.tsx).
        const fillOut = (f: EsignField) => page.getByTestId(`builder-fill-${f.uuid}`).locator('input');
        expect(await fillOut(phone).inputValue()).toBe('(512) 555-0123');
        expect(await fillOut(deposit).inputValue()).toBe('$2,500.50');
        expect(await fillOut(closing).inputValue()).toBe('12/15/2026');
        await shot(page, 'esign-send-step2-fill-1366.png');
        await toggle.click();
        await page.locator('[data-testid="esign-fill-toggle"][data-mode="edit"]').waitFor();
        await page.getByTestId('palette-text').waitFor();
        // The fields are drawn once the PDF has opened in the builder.
        await page.locator(`[data-field-name="${titleCompany.name}"]`).waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.locator(`[data-field-name="${titleCompany.name}"]`).count()).toBe(1);
        await toggle.click();
        await page.locator('[data-testid="esign-fill-toggle"][data-mode="fill"]').waitFor();
        await page.getByTestId(`builder-fill-${phone.uuid}`).waitFor();

        // Step 3, Send for Signatures.
        await page.getByTestId('esign-next').click();
        await page.locator('[data-testid="esign-step-3"][data-active="true"]').waitFor();
        expect(await page.getByTestId('esign-next').count()).toBe(0);
        // Next touched the signer controls: nobody chosen yet says so under each role.
        await page.getByText('Signer name is required').first().waitFor();
        expect(await page.getByText('Signer name is required').count()).toBe(2);
        // Simultaneous (P) by default: no orders.
        expect(await page.getByRole('radio', { name: 'Simultaneous (P)' }).isChecked()).toBe(true);
        expect(await page.locator('[data-testid^="esign-signer-order-"]').count()).toBe(0);
        // The buyer: the transaction's contact, first among Contacts.
        const buyerBox = page.getByRole('combobox', { name: 'Signer: Buyer' });
        await buyerBox.click();
        const listbox = page.getByRole('listbox');
        await listbox.getByText('Contacts', { exact: true }).waitFor();
        expect(await listbox.getByText('Agents', { exact: true }).count()).toBe(1);
        await page
          .getByRole('option')
          .filter({ hasText: `${contact.email} · On this transaction` })
          .first()
          .click();
        expect(await buyerBox.inputValue()).toBe(contact.name);
        // The listing agent: an agent first, then Other, which clears the name and email for typing.
        const agentBox = page.getByRole('combobox', { name: 'Signer: Listing Agent' });
        await agentBox.click();
        const agentOption = page.getByRole('option').filter({ hasText: AGENT }).first();
        await agentOption.click();
        expect(await agentBox.inputValue()).not.toBe('');
        await agentBox.click();
        await page.getByRole('option', { name: 'Other (enter name and email)' }).click();
        const otherName = page.getByTestId('esign-signer-other-name-listing_agent');
        const otherEmail = page.getByTestId('esign-signer-other-email-listing_agent');
        expect(await otherName.inputValue()).toBe('');
        expect(await otherEmail.inputValue()).toBe('');
        await otherEmail.fill('not-an-email');
        await otherEmail.blur();
        await page.getByText('Please enter a valid email address').waitFor();
        // The remove button goes back to the dropdown; Other again.
        await page.getByTestId('esign-signer-remove-other-listing_agent').click();
        await agentBox.click();
        await page.getByRole('option', { name: 'Other (enter name and email)' }).click();
        await otherName.fill(other.name);
        await otherEmail.fill(other.email);

        // Sequential: an order per signer (at least 1); the listing agent signs first.
        await page.getByRole('radio', { name: 'Sequential (S)' }).check();
        const buyerOrder = page.getByTestId('esign-signer-order-buyer');
        const agentOrder = page.getByTestId('esign-signer-order-listing_agent');
        expect(await buyerOrder.inputValue()).toBe('1');
        expect(await agentOrder.inputValue()).toBe('2');
        await agentOrder.fill('0');
        await agentOrder.blur();
        await page.getByText('Order must be a whole number of 1 or more').waitFor();
        await agentOrder.fill('1');
        await buyerOrder.fill('2');
        await page.getByText('Order must be a whole number of 1 or more').waitFor({ state: 'detached' });

        // Signer-specific messages: the required subject moves from the default to each role.
        expect(await page.getByTestId('esign-subject-default').inputValue()).toBe(`Please sign: ${templateName}`);
        await page.getByTestId('esign-role-messages-toggle').check();
        await page.getByTestId('esign-subject-default').fill('');
        await page.getByTestId('esign-subject-buyer').fill(subjects.buyer);
        await page.getByTestId('esign-subject-listing_agent').focus();
        await page.getByTestId('esign-subject-listing_agent').blur();
        await page.getByText('This field is required').waitFor();
        await page.getByTestId('esign-subject-listing_agent').fill(subjects.agent);
        const step3Saved = savedWith(page, draftId, 'Please review the offer first.');
        await page.getByTestId('esign-body-listing_agent').fill('Please review the offer first.');
        await page.getByText('This field is required').waitFor({ state: 'detached' });
        await step3Saved;

        // On a phone (a page loaded at 390 px): step 3 as it was left, the stepper in its mobile layout.
        await page.setViewportSize({ width: 390, height: 844 });
        await page.reload({ waitUntil: 'domcontentloaded' });
        await page
          .locator('[data-testid="esign-send-page"][data-layout="mobile"] [data-testid="esign-step-3"][data-active="true"]')
          .waitFor();
        await otherEmail.waitFor();
        expect(await buyerBox.inputValue()).toBe(contact.name);
        expect(await otherName.inputValue()).toBe(other.name);
        expect(await otherEmail.inputValue()).toBe(other.email);
        expect([await buyerOrder.inputValue(), await agentOrder.inputValue()]).toEqual(['2', '1']);
        expect(await page.getByTestId('esign-subject-buyer').inputValue()).toBe(subjects.buyer);
        // The order box beside the signer dropdown leaves the dropdown room on a phone.
        expect((await page.getByTestId('esign-signer-select-buyer').boundingBox())!.width).toBeGreaterThan(150);
        expect((await buyerOrder.boundingBox())!.width).toBeLessThan(150);
        await shot(page, 'esign-send-step3-390.png');
        await page.setViewportSize({ width: 1366, height: 900 });

        // Preview: the filled PDF in a new tab (nothing is sent).
        const previewAnswer = page.waitForResponse(
          (response) => response.url().endsWith('/api/esign/requests') && response.request().method() === 'POST',
        );
        const popup = page.context().waitForEvent('page');
        await page.getByTestId('esign-preview').click();
        const preview = await previewAnswer;
        expect(preview.status()).toBe(201);
        expect(preview.request().postDataJSON()).toMatchObject({ draft_id: draftId, preview: true });
        expect(((await preview.json()) as { url: string }).url).toMatch(/^data:application\/pdf;base64,/);
        const tab = await popup;
        await tab.waitForURL(/^blob:/, { timeout: UI_TIMEOUT_MS });
        await tab.close();
        expect(mailsTo(other.email)).toEqual([]);

        // Send: 'Sent for signatures', back on the e-sign tab with the new row.
        const sendAnswer = page.waitForResponse(
          (response) => response.url().endsWith('/api/esign/requests') && response.request().method() === 'POST',
        );
        await page.getByTestId('esign-send').click();
        const sent = await sendAnswer;
        expect(sent.status()).toBe(201);
        const body = sent.request().postDataJSON() as Record<string, unknown>;
        expect(body).toMatchObject({
          draft_id: draftId,
          preview: false,
          signature_order: 'S',
          signers: [
            { role: 'Buyer', name: contact.name, email: contact.email, order: 2, contact_id: contact.contact_id },
            { role: 'Listing Agent', name: other.name, email: other.email, order: 1 },
          ],
          email_config: {
            useRoleConfig: true,
            roles: { Buyer: { subject: subjects.buyer }, 'Listing Agent': { subject: subjects.agent } },
          },
        });
        expect(body.fields).toEqual(
          expect.arrayContaining([
            { fieldId: titleCompany.uuid, value: newTitleCompany, readonly: true, update_transaction: true },
            { fieldId: phone.uuid, value: '5125550123', readonly: false, update_transaction: false },
            { fieldId: deposit.uuid, value: 2500.5, readonly: false, update_transaction: false },
            { fieldId: financing.uuid, value: 'Loan', readonly: false, update_transaction: false },
            { fieldId: waived.uuid, value: true, readonly: false, update_transaction: false },
            { fieldId: closing.uuid, value: '2026-12-15', readonly: false, update_transaction: false },
          ]),
        );
        const requestId = ((await sent.json()) as { esig_request_id: number }).esig_request_id;
        await page.getByText('Sent for signatures').waitFor();
        await page.waitForURL(`**/app/transactions/${clientId}/esign`);
        await page.getByTestId(`esign-request-row-${requestId}`).waitFor();
        expect(await page.getByTestId(`esign-request-row-${requestId}`).textContent()).toContain(templateName);
        expect(await page.getByTestId(`esign-request-status-${requestId}`).textContent()).toBe('Sent');
        // The tab's tiles: this transaction's requests as the server counts them, the new one among the sent.
        const counted = await api<{ status_totals: EsignStatusTotals }>(
          `/api/esign/requests?include_status_totals=true&client_id=${clientId}`,
          { token },
        );
        expect(counted.body!.status_totals.Sent).toBeGreaterThanOrEqual(1);
        for (const key of ['Sent', 'Completed', 'Total'] as const)
          expect(await page.getByTestId(`esign-status-total-${key}`).textContent()).toBe(String(counted.body!.status_totals[key]));

        // The mail: the listing agent (order 1) is invited with the role's subject; the buyer waits.
        const invitation = await until('the invitation to the Other signer', () =>
          mailsTo(other.email).find((mail) => /\/sign\//.test(mail.text)),
        );
        expect(invitation.subject).toBe(subjects.agent);
        expect(invitation.text).toContain('Please review the offer first.');
        expect(mailsTo(contact.email).filter((mail) => mail.subject === subjects.buyer)).toEqual([]);

        // Written back: the transaction's title company and its history entry from e-sign (custom fields are values.<key>).
        type History = { records: { field: string; old_value: unknown; new_value: unknown; source: string; agent_id: number | null }[] };
        const entry = await until('the e-sign history entry', async () => {
          const history = await api<History>(`/api/transaction/${clientId}/history`, { token });
          return history.body?.records.find((record) => record.field === 'values.title_company' && record.source === 'esign');
        });
        expect(entry).toMatchObject({ old_value: before, new_value: newTitleCompany });
        const after = await api<{ values: Record<string, { value: unknown }> }>(`/api/transaction/${clientId}`, { token });
        expect(after.body!.values.title_company.value).toBe(newTitleCompany);
        // And on the transaction page: the field and the history line.
        await page.getByTestId('transaction-esign-back').click();
        await page.getByTestId('field-title_company').locator('input').waitFor();
        expect(await page.getByTestId('field-title_company').locator('input').inputValue()).toBe(newTitleCompany);
        const line = page.locator('[data-testid="transaction-history-row"][data-field="values.title_company"]').first();
        await line.waitFor();
        expect(await line.getByTestId('history-new').textContent()).toBe(newTitleCompany);
        expect(errors).toEqual([]);
      } catch (error) {
        await shot(page, 'esign-send-failure.png');
        throw error;
      }
    },
    // A long journey (three steps, two reloads, a preview, the transaction page): about 15 s on a quiet machine.
    JOURNEY_TIMEOUT_MS * 3,
  );
});
