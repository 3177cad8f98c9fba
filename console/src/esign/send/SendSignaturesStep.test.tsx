// @vitest-environment jsdom
import type { EsignFormState } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../builder/PdfView', () => ({
  PdfDocument: ({ children }: { children: React.ReactNode }) => <div>{children}</div>,
  PdfPageCanvas: () => <div />,
}));
vi.mock('./index', () => ({ esignSendApi: {} }));

import { formStateOf } from './EsignSendPage';
import type { EsignSendRequest } from './api';
import { SIGNER_SEARCH_DEBOUNCE_MS } from './SignerControl';
import { draftOf } from './testData';
import { fakeServer, openStepper, type FakeServer } from './testServer';

afterEach(cleanup);

/** The stepper opened on step 3 (a saved form at activeStep 2), step 1's values valid. */
async function openStep3(change: (state: EsignFormState) => void = () => undefined) {
  const state = formStateOf(draftOf());
  state.activeStep = 2;
  const values = state.formValues;
  values['f-name'].value = 'Jo Buyer';
  values['f-phone'].value = '5551234567';
  values['f-agree'].value = true;
  values['f-kind'].value = 'House';
  change(state);
  const server = fakeServer(draftOf({ form_state: state }));
  openStepper(server, '/app/transactions/42/esign/send/dr-1?step=3');
  await screen.findByTestId('esign-send');
  return server;
}

const where = () => screen.getByTestId('where').textContent;
const combobox = (roleKey: string) =>
  within(screen.getByTestId(`esign-signer-select-${roleKey}`)).getByRole('combobox') as HTMLInputElement;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const change = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

async function choose(roleKey: string, option: string | RegExp) {
  fireEvent.mouseDown(combobox(roleKey));
  // Once the options are in (Other is there before them, and the list is drawn again when they come).
  await screen.findByRole('option', { name: /Al Agent/ });
  fireEvent.click(screen.getByRole('option', { name: option }));
}
const sentBody = (server: FakeServer, index = -1) => server.sends().at(index)!.body as EsignSendRequest;

describe('EsignSendPage: step 3, Send for Signatures', () => {
  beforeEach(() => {
    vi.spyOn(window, 'open').mockImplementation(() => null);
  });

  it('offers Contacts, Agents and Other per role; a contact or an agent fills name, email and contact_id', async () => {
    const server = await openStep3();
    fireEvent.mouseDown(combobox('buyer'));
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByRole('option', { name: /Jo Buyer/ });
    expect([...listbox.querySelectorAll('.MuiAutocomplete-groupLabel')].map((label) => label.textContent)).toEqual([
      'Contacts',
      'Agents',
      'Other',
    ]);
    expect(server.calls.find((call) => call.url.startsWith('/api/esign/signer-options'))?.url).toBe(
      '/api/esign/signer-options?client_id=42&term=',
    );
    fireEvent.click(within(listbox).getByRole('option', { name: /Jo Buyer/ }));
    expect(combobox('buyer').value).toBe('Jo Buyer');
    await choose('second_party', /Al Agent/);
    expect(combobox('second_party').value).toBe('Al Agent');
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(server.sends()).toHaveLength(1));
    expect(sentBody(server).signers).toEqual([
      { role: 'Buyer', name: 'Jo Buyer', email: 'jo@example.com', contact_id: 5, order: 1 },
      { role: 'Second Party', name: 'Al Agent', email: 'al@demo-realty.test', order: 2 },
    ]);
  });

  it('searches the options as the sender types', async () => {
    const server = await openStep3();
    fireEvent.mouseDown(combobox('buyer'));
    await screen.findByRole('option', { name: /Jo Buyer/ });
    fireEvent.change(combobox('buyer'), { target: { value: 'kim' } });
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/esign/signer-options?client_id=42&term=kim')).toBe(true), {
      timeout: SIGNER_SEARCH_DEBOUNCE_MS + 2000,
    });
    await waitFor(() => expect(screen.queryByRole('option', { name: /Jo Buyer/ })).toBeNull());
    expect(screen.getByRole('option', { name: /Kim Neighbour/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Other/ })).toBeTruthy();
  });

  it('Other shows name and email (clearing them), with its messages; remove goes back to the dropdown', async () => {
    const server = await openStep3((state) => {
      state.signers.buyer = {
        ...state.signers.buyer,
        selectedValue: 'contact:5',
        name: 'Jo Buyer',
        email: 'jo@example.com',
        contact_id: 5,
      };
    });
    await choose('buyer', /Other/);
    expect(input('esign-signer-other-name-buyer').value).toBe('');
    expect(input('esign-signer-other-email-buyer').value).toBe('');
    expect(screen.queryByTestId('esign-signer-order-buyer')).toBeNull();
    fireEvent.blur(input('esign-signer-other-name-buyer'));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    fireEvent.blur(input('esign-signer-other-email-buyer'));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    change('esign-signer-other-email-buyer', 'pat@');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    change('esign-signer-other-name-buyer', 'Pat Custom');
    change('esign-signer-other-email-buyer', 'pat@example.com');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());

    fireEvent.click(screen.getByTestId('esign-signer-remove-other-buyer'));
    expect(screen.queryByTestId('esign-signer-other-name-buyer')).toBeNull();
    expect(combobox('buyer').value).toBe('');
    // Touched and nobody chosen.
    fireEvent.blur(combobox('buyer'));
    expect((await screen.findAllByText('Signer name is required')).length).toBeGreaterThan(0);
    await choose('buyer', /Other/);
    change('esign-signer-other-name-buyer', 'Pat Custom');
    change('esign-signer-other-email-buyer', 'pat@example.com');
    await choose('second_party', /Kim Neighbour/);
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(server.sends()).toHaveLength(1));
    expect(sentBody(server).signers[0]).toEqual({ role: 'Buyer', name: 'Pat Custom', email: 'pat@example.com', order: 1 });
  });

  it('P or S: sequential shows an order (at least 1) per signer', async () => {
    const server = await openStep3();
    const order = within(screen.getByTestId('esign-signature-order'));
    expect((order.getByRole('radio', { name: 'Simultaneous (P)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('esign-signer-order-buyer')).toBeNull();
    fireEvent.click(order.getByRole('radio', { name: 'Sequential (S)' }));
    expect(input('esign-signer-order-buyer').value).toBe('1');
    expect(input('esign-signer-order-second_party').value).toBe('2');
    expect(input('esign-signer-order-buyer').min).toBe('1');
    await choose('buyer', /Jo Buyer/);
    await choose('second_party', /Other/);
    expect(input('esign-signer-order-second_party')).toBeTruthy();
    change('esign-signer-other-name-second_party', 'Sam Seller');
    change('esign-signer-other-email-second_party', 'sam@example.com');
    change('esign-signer-order-buyer', '0');
    fireEvent.blur(input('esign-signer-order-buyer'));
    expect(await screen.findByText('Order must be a whole number of 1 or more')).toBeTruthy();
    fireEvent.click(screen.getByTestId('esign-send'));
    expect(server.sends()).toHaveLength(0);
    change('esign-signer-order-buyer', '2');
    change('esign-signer-order-second_party', '1');
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(server.sends()).toHaveLength(1));
    expect(sentBody(server)).toMatchObject({
      signature_order: 'S',
      signers: [
        { role: 'Buyer', order: 2 },
        { role: 'Second Party', order: 1 },
      ],
    });
  });

  it('signer-specific messages move the required subject from the default to each role, and only then go out', async () => {
    const server = await openStep3();
    await choose('buyer', /Jo Buyer/);
    await choose('second_party', /Al Agent/);
    change('esign-subject-default', '');
    fireEvent.blur(input('esign-subject-default'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    fireEvent.click(input('esign-role-messages-toggle'));
    await waitFor(() => expect(screen.queryByText('This field is required')).toBeNull());
    expect(input('esign-subject-buyer').value).toBe('');
    fireEvent.click(screen.getByTestId('esign-send'));
    // Send touches every control: each role's subject is required now.
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(server.sends()).toHaveLength(0);
    change('esign-subject-buyer', 'For the buyer');
    change('esign-subject-second_party', 'For the agent');
    fireEvent.change(input('esign-body-second_party'), { target: { value: 'Hello agent' } });
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(server.sends()).toHaveLength(1));
    expect(sentBody(server).email_config).toEqual({
      default: { subject: '', body: '' },
      useRoleConfig: true,
      roles: { Buyer: { subject: 'For the buyer', body: '' }, 'Second Party': { subject: 'For the agent', body: 'Hello agent' } },
    });

    // Switched off again: the roles' messages stay in the form but do not go out.
    cleanup();
    const again = await openStep3((state) => {
      state.emailConfig = {
        default: { subject: 'Sign please', body: '' },
        roles: { Buyer: { subject: 'x', body: 'y' } },
        useRoleConfig: false,
      };
      state.signers.buyer = {
        ...state.signers.buyer,
        selectedValue: 'contact:5',
        name: 'Jo Buyer',
        email: 'jo@example.com',
        contact_id: 5,
      };
      state.signers.second_party = {
        ...state.signers.second_party,
        selectedValue: 'agent:3',
        name: 'Al Agent',
        email: 'al@demo-realty.test',
      };
    });
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(again.sends()).toHaveLength(1));
    expect(sentBody(again).email_config).toEqual({ default: { subject: 'Sign please', body: '' }, useRoleConfig: false });
  }, 30_000);

  it('submits only when valid: every message shows, nothing is sent', async () => {
    const server = await openStep3();
    fireEvent.click(screen.getByTestId('esign-send'));
    expect(await screen.findAllByText('Signer name is required')).toHaveLength(2);
    expect(server.sends()).toHaveLength(0);
  });

  it('on submit drops a signer without name or email and leaves out the contact_id it does not have', async () => {
    // A saved signer with both is kept; one with a name only stands for no signer (the server says so).
    const server = await openStep3((state) => {
      state.signers.buyer = {
        ...state.signers.buyer,
        selectedValue: null,
        name: 'Saved Person',
        email: 'saved@example.com',
        contact_id: null,
      };
      state.signers.second_party = {
        ...state.signers.second_party,
        selectedValue: 'agent:3',
        name: 'Al Agent',
        email: 'al@demo-realty.test',
      };
    });
    fireEvent.click(screen.getByTestId('esign-send'));
    await waitFor(() => expect(server.sends()).toHaveLength(1));
    const body = sentBody(server);
    expect(body.signers).toEqual([
      { role: 'Buyer', name: 'Saved Person', email: 'saved@example.com', order: 1 },
      { role: 'Second Party', name: 'Al Agent', email: 'al@demo-realty.test', order: 2 },
    ]);
    expect(body).toMatchObject({ draft_id: 'dr-1', signature_order: 'P', preview: false });
    expect(body.fields?.find((field) => field.fieldId === 'f-phone')).toEqual({
      fieldId: 'f-phone',
      value: '5551234567',
      readonly: false,
      update_transaction: false,
    });
    expect(body.fields?.find((field) => field.fieldId === 'f-agree')?.value).toBe(true);
  });

  it("success: 'Sent for signatures' and back to the e-sign tab", async () => {
    const server = await openStep3((state) => {
      state.signers.buyer = {
        ...state.signers.buyer,
        selectedValue: 'contact:5',
        name: 'Jo Buyer',
        email: 'jo@example.com',
        contact_id: 5,
      };
      state.signers.second_party = {
        ...state.signers.second_party,
        selectedValue: 'agent:3',
        name: 'Al Agent',
        email: 'al@demo-realty.test',
      };
    });
    fireEvent.click(screen.getByTestId('esign-send'));
    expect(await screen.findByText('Sent for signatures')).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign'));
    expect(server.sends()).toHaveLength(1);
  });

  it('shows a 400 under the controls it names (step 1 values listed, and under their control on step 1)', async () => {
    const server = await openStep3((state) => {
      state.signers.buyer = { ...state.signers.buyer, selectedValue: 'other', name: 'Pat', email: 'pat@example.com' };
      state.signers.second_party = {
        ...state.signers.second_party,
        selectedValue: 'agent:3',
        name: 'Al Agent',
        email: 'al@demo-realty.test',
      };
    });
    server.send = () => [
      400,
      {
        status: 'error',
        message: 'Validation failed',
        errors: [
          { field: 'signers.0.email', error: 'Please enter a valid email address' },
          { field: 'signers.1.name', error: 'Signer name is required' },
          { field: 'email_config.default.subject', error: 'This field is required' },
          { field: 'fields.0.value', error: 'This field is required' },
        ],
      },
    ];
    fireEvent.click(screen.getByTestId('esign-send'));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(within(screen.getByTestId('esign-signer-select-second_party')).getByText('Signer name is required')).toBeTruthy();
    expect(input('esign-subject-default').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('esign-send-errors').textContent).toContain('Buyer name: This field is required');
    expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=3');
    // Editing the email takes its message away.
    change('esign-signer-other-email-buyer', 'pat@example.org');
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    // Step 1 shows the field's message under its control.
    fireEvent.click(screen.getByTestId('esign-previous'));
    fireEvent.click(await screen.findByTestId('esign-start-over'));
    const name = within(await screen.findByTestId('esign-field-f-name'));
    expect(await name.findByText('This field is required')).toBeTruthy();
  }, 30_000);

  it('Preview opens the filled PDF in a new tab through a blob URL', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.type).toBe('application/pdf');
      return 'blob:http://localhost/preview-1';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const server = await openStep3();
    // Checked as a send first: nobody chosen, nothing asked.
    fireEvent.click(screen.getByTestId('esign-preview'));
    expect(await screen.findAllByText('Signer name is required')).toHaveLength(2);
    expect(open).not.toHaveBeenCalled();
    await choose('buyer', /Jo Buyer/);
    await choose('second_party', /Al Agent/);
    fireEvent.click(screen.getByTestId('esign-preview'));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/preview-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(sentBody(server)).toMatchObject({ draft_id: 'dr-1', preview: true });
    expect(tab.close).not.toHaveBeenCalled();
    // Nothing was sent: the stepper stays.
    expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=3');
  });

  it('Back to Document goes to step 2', async () => {
    await openStep3();
    fireEvent.click(screen.getByTestId('esign-back-to-document'));
    await screen.findByTestId('esign-start-over');
    await waitFor(() => expect(where()).toBe('/app/transactions/42/esign/send/dr-1?step=2'));
  });
});
