// @vitest-environment jsdom
import type { EsignFormState, Permission } from '@app/contracts';
import { SESSION_STORAGE_KEY } from '@app/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../../test/factories';

// jsdom has no canvas: the builder's pages render as plain boxes.
vi.mock('../builder/PdfView', () => ({
  PdfDocument: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  PdfPageCanvas: () => <div />,
}));
vi.mock('./index', () => ({ esignSendApi: {} }));

import EsignSendPage, { formStateOf } from './EsignSendPage';
import { draftOf } from './testData';
import { fakeServer, openStepper, type FakeServer } from './testServer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const where = () => screen.getByTestId('where').textContent;
const field = (fieldId: string) => within(screen.getByTestId(`esign-field-${fieldId}`));
const inputOf = (fieldId: string) => screen.getByTestId(`esign-field-${fieldId}`).querySelector('input') as HTMLInputElement;
const type = (fieldId: string, value: string) => fireEvent.change(inputOf(fieldId), { target: { value } });
const blur = (fieldId: string) => fireEvent.blur(inputOf(fieldId));
const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const isDisabledStep = (step: number) => !!screen.getByTestId(`esign-step-${step}`).querySelector('.Mui-disabled');
const lastSaved = (server: FakeServer) => server.saves().at(-1)?.body as EsignFormState;

async function open(server = fakeServer(), entry?: string) {
  openStepper(server, entry);
  await screen.findByTestId('esign-signer-panel-buyer');
  return server;
}

/** Every required value of step 1 given. */
async function fillRequired() {
  type('f-name', 'Jo Buyer');
  type('f-phone', '5551234567');
  fireEvent.click(field('f-agree').getByRole('checkbox'));
  fireEvent.mouseDown(field('f-kind').getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: 'House' }));
}

describe('EsignSendPage: step 1, Verify Data', () => {
  it('groups the fields by signer role in collapsible panels, then by document', async () => {
    await open();
    const buyer = screen.getByTestId('esign-signer-panel-buyer');
    const second = screen.getByTestId('esign-signer-panel-second_party');
    expect(within(buyer).getByText('Buyer (11 fields)')).toBeTruthy();
    expect(within(buyer).getByRole('region', { name: 'Offer' })).toBeTruthy();
    expect(within(second).getByText('Second Party (1 field)')).toBeTruthy();
    expect(within(second).getByRole('region', { name: 'Addendum' })).toBeTruthy();
    expect(within(second).getByTestId('esign-field-f-close')).toBeTruthy();
    // Collapsible: the summary is a button that says whether it is open.
    const summary = within(second).getByRole('button', { name: /Second Party/ });
    expect(summary.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('false');
  });

  it('text fields say their messages once touched: required, email pattern, hyperlink host, other patterns', async () => {
    await open();
    blur('f-name');
    expect(await field('f-name').findByText('This field is required')).toBeTruthy();
    type('f-email', 'jo@');
    expect(field('f-email').queryByText('Please enter a valid email address')).toBeNull();
    blur('f-email');
    expect(await field('f-email').findByText('Please enter a valid email address')).toBeTruthy();
    type('f-site', 'https://example.com/home');
    blur('f-site');
    expect(await field('f-site').findByText('Incorrect format: zillow.com')).toBeTruthy();
    type('f-site', 'https://www.zillow.com/home');
    await waitFor(() => expect(field('f-site').queryByText(/Incorrect format/)).toBeNull());
    type('f-code', 'ab');
    blur('f-code');
    expect(await field('f-code').findByText('Please enter a valid value')).toBeTruthy();
  });

  it('amounts in USD (placeholder $0.00), numbers with at most 2 decimals, phones masked and stored unmasked', async () => {
    const server = await open();
    expect(inputOf('f-price').value).toBe('$250,000.00');
    type('f-price', '');
    blur('f-price');
    expect(inputOf('f-price').placeholder).toBe('$0.00');
    expect(await field('f-price').findByText('This field is required')).toBeTruthy();
    fireEvent.focus(inputOf('f-rooms'));
    type('f-rooms', '3.25');
    type('f-rooms', '3.251');
    expect(inputOf('f-rooms').value).toBe('3.25');
    type('f-phone', '555123');
    expect(inputOf('f-phone').value).toBe('(555) 123');
    blur('f-phone');
    expect(await field('f-phone').findByText('Please enter a valid phone number')).toBeTruthy();
    type('f-phone', '(555) 123-4567');
    await waitFor(() => expect(field('f-phone').queryByText('Please enter a valid phone number')).toBeNull());
    await waitFor(() => expect(lastSaved(server)?.formValues['f-phone'].value).toBe('5551234567'), { timeout: 3000 });
    expect(lastSaved(server).formValues['f-rooms'].value).toBe(3.25);
  });

  it('checkbox (boolean), select, radio, multiple (a list) and a date in the field format', async () => {
    const server = await open();
    const agree = field('f-agree').getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(agree);
    fireEvent.click(agree);
    expect(await field('f-agree').findByText('This field is required')).toBeTruthy();
    fireEvent.mouseDown(field('f-kind').getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Condo' }));
    fireEvent.click(field('f-pay').getByRole('radio', { name: 'Loan' }));
    fireEvent.click(field('f-extras').getByRole('checkbox', { name: 'Shed' }));
    fireEvent.click(field('f-extras').getByRole('checkbox', { name: 'Pool' }));
    // The date's format is DD.MM.YYYY: 'Incorrect format' as soon as it is dirty.
    expect(inputOf('f-close').placeholder).toBe('dd.mm.yyyy');
    type('f-close', '31.02.2026');
    expect(await field('f-close').findByText('Incorrect format')).toBeTruthy();
    type('f-close', '07.03.2026');
    await waitFor(() => expect(field('f-close').queryByText('Incorrect format')).toBeNull());
    blur('f-close');
    expect(inputOf('f-close').value).toBe('07.03.2026');
    await waitFor(() => expect(lastSaved(server)?.formValues['f-close'].value).toBe('2026-03-07'), { timeout: 3000 });
    const values = lastSaved(server).formValues;
    expect([values['f-agree'].value, values['f-kind'].value, values['f-pay'].value, values['f-extras'].value]).toEqual([
      false,
      'Condo',
      'Loan',
      ['Pool', 'Shed'],
    ]);
  });

  it('Read Only and Update Transaction: mapped fields read-only, Update Transaction only with can_update and ticked by an edit', async () => {
    const server = await open();
    expect(checkbox('esign-readonly-f-price').checked).toBe(true);
    expect(checkbox('esign-readonly-f-price').disabled).toBe(true);
    expect(checkbox('esign-readonly-f-name').checked).toBe(false);
    fireEvent.click(checkbox('esign-readonly-f-name'));
    expect(checkbox('esign-readonly-f-name').checked).toBe(true);
    expect(checkbox('esign-update-transaction-f-name').disabled).toBe(true);
    expect(checkbox('esign-update-transaction-f-rooms').disabled).toBe(false);
    expect(checkbox('esign-update-transaction-f-rooms').checked).toBe(false);
    fireEvent.focus(inputOf('f-rooms'));
    type('f-rooms', '4');
    await waitFor(() => expect(checkbox('esign-update-transaction-f-rooms').checked).toBe(true));
    fireEvent.click(checkbox('esign-update-transaction-f-rooms'));
    expect(checkbox('esign-update-transaction-f-rooms').checked).toBe(false);
    // The transaction's value shows beside a mapped field.
    expect(field('f-price').getByText('Transaction: 250000')).toBeTruthy();
    await waitFor(() => expect(lastSaved(server)?.formValues['f-name'].readonly).toBe(true), { timeout: 3000 });
  });
});

describe('EsignSendPage: navigation', () => {
  it('is linear: other steps disabled, Next blocked while a value is invalid (every message shown), then saved at once', async () => {
    const server = await open();
    expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=1');
    expect([isDisabledStep(1), isDisabledStep(2), isDisabledStep(3)]).toEqual([false, true, true]);
    expect(screen.queryByTestId('esign-previous')).toBeNull();
    fireEvent.click(screen.getByTestId('esign-next'));
    expect(await field('f-name').findByText('This field is required')).toBeTruthy();
    expect(field('f-phone').getByText('This field is required')).toBeTruthy();
    expect(field('f-kind').getByText('This field is required')).toBeTruthy();
    expect(screen.getByTestId('esign-step-1').getAttribute('data-active')).toBe('true');

    await fillRequired();
    const before = server.saves().length;
    fireEvent.click(screen.getByTestId('esign-next'));
    await screen.findByTestId('esign-start-over');
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=2'));
    expect([isDisabledStep(1), isDisabledStep(2), isDisabledStep(3)]).toEqual([true, false, true]);
    // Saved on Next, without the autosave's wait.
    await waitFor(() => expect(server.saves().length).toBeGreaterThan(before));
    const saved = lastSaved(server);
    expect(saved.activeStep).toBe(1);
    expect(saved.formValues['f-name'].value).toBe('Jo Buyer');
    // Next marks the signer controls touched.
    expect(saved.fieldMetadata['signers.buyer.selectedValue']).toEqual({ touched: true });

    fireEvent.click(screen.getByTestId('esign-previous'));
    await screen.findByTestId('esign-signer-panel-buyer');
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=1'));
    expect(inputOf('f-name').value).toBe('Jo Buyer');
  });

  it('goes to the last step only through the middle one, with no Next there', async () => {
    openStepper(
      fakeServer(draftOf({ form_state: { ...formStateOf(draftOf()), activeStep: 1 } })),
      '/app/transactions/42/esign/send/dr-1?step=3',
    );
    await screen.findByTestId('esign-start-over');
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=2'));
    fireEvent.click(screen.getByTestId('esign-next'));
    await screen.findByTestId('esign-send');
    expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=3');
    expect(screen.queryByTestId('esign-next')).toBeNull();
    expect(screen.getByTestId('esign-previous')).toBeTruthy();
  }, 30_000);

  it('lays out for phones at 960 px and less', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width:960px'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      await open();
      expect(screen.getByTestId('esign-send-page').getAttribute('data-layout')).toBe('mobile');
      expect(screen.getByText('Step 1 of 3: Verify Data')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('Cancel goes back two levels, to the e-sign tab', async () => {
    await open();
    fireEvent.click(screen.getByTestId('esign-cancel'));
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign'));
  });

  it('says so when the draft is not the user’s (404)', async () => {
    const server = fakeServer();
    openStepper(server, '/app/transactions/42/esign/send/someone-elses?step=1');
    expect((await screen.findByTestId('esign-send-load-error')).textContent).toContain('This signature request was not found.');
  });

  it('sends a user without both e-sign permissions to the root', () => {
    const storage = new Map<string, string>();
    const session = buildSession();
    storage.set(
      SESSION_STORAGE_KEY,
      JSON.stringify({ ...session, user: { ...session.user, permissions: ['team_esign'] as Permission[] } }),
    );
    render(
      <MemoryRouter initialEntries={['/app/transactions/42/esign/send/dr-1?step=1']}>
        <AdminContext store={memoryStore()}>
          <Routes>
            <Route path="/" element={<p data-testid="root" />} />
            <Route
              path="/app/transactions/:id/esign/send/:draftId"
              element={
                <EsignSendPage
                  api={fakeServer().api}
                  storage={{ getItem: (key) => storage.get(key) ?? null, setItem: () => undefined, removeItem: () => undefined }}
                />
              }
            />
          </Routes>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('root')).toBeTruthy();
  });
});

describe('EsignSendPage: autosave and restore', () => {
  it('saves the form to the draft 500 ms after the last change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = await open();
    const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Loading is no change.
    await wait(1000);
    expect(server.saves()).toHaveLength(0);
    type('f-name', 'J');
    await wait(300);
    type('f-name', 'Jo');
    await wait(300);
    expect(server.saves()).toHaveLength(0);
    expect(screen.getByTestId('esign-save-status').textContent).toBe('Saving…');
    await wait(250);
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(lastSaved(server).formValues['f-name'].value).toBe('Jo');
    expect(server.saves()[0].url).toBe('/api/esign/drafts/dr-1');
    await waitFor(() => expect(screen.getByTestId('esign-save-status').textContent).toBe('Saved'));
  });

  it('restores the saved form on reload: its step, values, signers and mail', async () => {
    const saved = formStateOf(draftOf());
    saved.activeStep = 2;
    saved.formValues['f-name'] = { value: 'Jo Buyer', readonly: true, update_transaction: false };
    saved.signers.buyer = { ...saved.signers.buyer, selectedValue: 'contact:5', name: 'Jo Buyer', email: 'jo@example.com', contact_id: 5 };
    saved.signatureOrder = 'S';
    saved.emailConfig = { default: { subject: 'Offer to sign', body: 'Hello' }, roles: {}, useRoleConfig: false };
    const server = fakeServer(draftOf({ form_state: saved }));
    openStepper(server);
    await screen.findByTestId('esign-send');
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=3'));
    const select = within(screen.getByTestId('esign-signer-select-buyer')).getByRole('combobox') as HTMLInputElement;
    expect(select.value).toBe('Jo Buyer');
    expect((screen.getByTestId('esign-signer-order-buyer') as HTMLInputElement).value).toBe('1');
    expect((screen.getByTestId('esign-subject-default') as HTMLInputElement).value).toBe('Offer to sign');
    fireEvent.click(screen.getByTestId('esign-previous'));
    await screen.findByTestId('esign-start-over');
    fireEvent.click(screen.getByTestId('esign-start-over'));
    await screen.findByTestId('esign-signer-panel-buyer');
    expect(inputOf('f-name').value).toBe('Jo Buyer');
    expect(checkbox('esign-readonly-f-name').checked).toBe(true);
  }, 30_000);
});
