import { esignDateFormatOf, esignDatePlaceholderOf, formatEsignDate, parseEsignDate } from '@app/contracts';
import type { EsignFormState } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { groupFields, valueErrorOf } from './formModel';
import { EMPTY_FORM_STATE, sendFormReducer } from './sendFormReducer';
import { blobOfDataUrl, buildSendRequest, placeServerErrors, sendStepErrors, type SigningRole } from './sendRequest';
import { sendField, sendFields } from './testData';

const ROLES: SigningRole[] = [
  { key: 'buyer', name: 'Buyer' },
  { key: 'second_party', name: 'Second Party' },
];
const start = (): EsignFormState =>
  sendFormReducer(EMPTY_FORM_STATE, {
    type: 'initialise',
    fields: sendFields(),
    roles: [
      { uuid: 'r1', name: 'Buyer', order: 1 },
      { uuid: 'r2', name: 'Second Party', order: 2 },
    ],
    emailConfig: { default: { subject: 'Please sign', body: 'Thanks' }, roles: {}, useRoleConfig: false },
  });
const withSigners = (state: EsignFormState, signers: Record<string, Partial<EsignFormState['signers'][string]>>) =>
  Object.entries(signers).reduce((current, [key, patch]) => sendFormReducer(current, { type: 'setSigner', key, patch }), state);

describe('sendStepErrors', () => {
  it("asks each role for a signer: 'Signer name is required', then Other's 'Name is required' and 'Email is required'", () => {
    expect(sendStepErrors(start(), ROLES)).toEqual({
      'signers.buyer.selectedValue': 'Signer name is required',
      'signers.second_party.selectedValue': 'Signer name is required',
    });
    const state = withSigners(start(), {
      buyer: { selectedValue: 'other' },
      second_party: { selectedValue: 'other', name: 'Sam', email: 'sam@' },
    });
    expect(sendStepErrors(state, ROLES)).toEqual({
      'signers.buyer.name': 'Name is required',
      'signers.buyer.email': 'Email is required',
      'signers.second_party.email': 'Please enter a valid email address',
    });
  });

  it('takes a contact or agent with an email, and a saved signer with a name and an email', () => {
    const state = withSigners(start(), {
      buyer: { selectedValue: 'contact:5', name: 'Jo', email: 'jo@example.com', contact_id: 5 },
      second_party: { selectedValue: null, name: 'Sam', email: 'sam@example.com' },
    });
    expect(sendStepErrors(state, ROLES)).toEqual({});
    const noEmail = withSigners(state, { buyer: { email: '' } });
    expect(sendStepErrors(noEmail, ROLES)).toEqual({ 'signers.buyer.selectedValue': 'Email is required' });
  });

  it('asks for an order of 1 or more per signer when sequential', () => {
    let state = withSigners(start(), {
      buyer: { selectedValue: 'agent:3', name: 'Al', email: 'al@example.com', order: 0 },
      second_party: { selectedValue: 'agent:4', name: 'Bo', email: 'bo@example.com' },
    });
    expect(sendStepErrors(state, ROLES)).toEqual({});
    state = sendFormReducer(state, { type: 'setSignatureOrder', order: 'S' });
    expect(sendStepErrors(state, ROLES)).toEqual({ 'signers.buyer.order': 'Order must be a whole number of 1 or more' });
  });

  it('moves the required subject from the default to each role with signer-specific messages', () => {
    let state = withSigners(start(), {
      buyer: { selectedValue: 'agent:3', name: 'Al', email: 'al@example.com' },
      second_party: { selectedValue: 'agent:4', name: 'Bo', email: 'bo@example.com' },
    });
    state = sendFormReducer(state, {
      type: 'setEmailConfig',
      emailConfig: { default: { subject: '', body: '' }, roles: {}, useRoleConfig: false },
    });
    expect(sendStepErrors(state, ROLES)).toEqual({ 'email_config.default.subject': 'This field is required' });
    state = sendFormReducer(state, {
      type: 'setEmailConfig',
      emailConfig: { default: { subject: '', body: '' }, roles: { Buyer: { subject: 'Hi', body: '' } }, useRoleConfig: true },
    });
    expect(sendStepErrors(state, ROLES)).toEqual({ 'email_config.roles.second_party.subject': 'This field is required' });
  });
});

describe('buildSendRequest', () => {
  it('drops signers without a name or an email, removes an empty contact_id, leaves out unused role messages', () => {
    let state = withSigners(start(), {
      buyer: { selectedValue: 'contact:5', name: 'Jo', email: 'jo@example.com', contact_id: 5 },
      second_party: { selectedValue: null, name: 'Sam', email: '' },
    });
    state = sendFormReducer(state, {
      type: 'setEmailConfig',
      emailConfig: { ...state.emailConfig, roles: { Buyer: { subject: 'x', body: 'y' } } },
    });
    state = sendFormReducer(state, { type: 'setValue', fieldId: 'f-phone', value: '(555) 123-4567', edited: true });
    const built = buildSendRequest('dr-1', state, ROLES, false);
    expect(built.body.signers).toEqual([{ role: 'Buyer', name: 'Jo', email: 'jo@example.com', contact_id: 5, order: 1 }]);
    expect(built.body.email_config).toEqual({ default: { subject: 'Please sign', body: 'Thanks' }, useRoleConfig: false });
    expect(built.body).toMatchObject({ draft_id: 'dr-1', signature_order: 'P', preview: false });
    expect(built.body.fields?.find((field) => field.fieldId === 'f-phone')).toEqual({
      fieldId: 'f-phone',
      value: '5551234567',
      readonly: false,
      update_transaction: false,
    });
    expect(built.body.fields?.find((field) => field.fieldId === 'f-price')).toEqual({
      fieldId: 'f-price',
      value: 250000,
      readonly: true,
      update_transaction: false,
    });
    expect(built.signerKeys).toEqual(['buyer']);
  });

  it('keeps Other and agents (no contact_id), and the roles messages when used', () => {
    let state = withSigners(start(), {
      buyer: { selectedValue: 'other', name: ' Jo ', email: 'jo@example.com', order: 2 },
      second_party: { selectedValue: 'agent:4', name: 'Bo', email: 'bo@example.com', order: 1 },
    });
    state = sendFormReducer(state, { type: 'setSignatureOrder', order: 'S' });
    state = sendFormReducer(state, {
      type: 'setEmailConfig',
      emailConfig: { default: { subject: '', body: '' }, roles: { buyer: { subject: 'A', body: 'a' } }, useRoleConfig: true },
    });
    const { body } = buildSendRequest('dr-1', state, ROLES, true);
    expect(body.signers).toEqual([
      { role: 'Buyer', name: 'Jo', email: 'jo@example.com', order: 2 },
      { role: 'Second Party', name: 'Bo', email: 'bo@example.com', order: 1 },
    ]);
    expect(body.email_config).toEqual({
      default: { subject: '', body: '' },
      useRoleConfig: true,
      roles: { Buyer: { subject: 'A', body: 'a' }, 'Second Party': { subject: '', body: '' } },
    });
    expect(body).toMatchObject({ signature_order: 'S', preview: true });
  });

  it("places a 400's errors under their controls", () => {
    const state = withSigners(start(), {
      buyer: { selectedValue: 'other', name: 'Jo', email: 'jo@example.com' },
      second_party: { selectedValue: 'agent:4', name: 'Bo', email: 'bo@example.com' },
    });
    const built = buildSendRequest('dr-1', state, ROLES, false);
    const placed = placeServerErrors(
      {
        'signers.0.name': 'Signer name is required',
        'signers.1.email': 'Please enter a valid email address',
        'signers.Second Party': 'Signer name is required',
        'fields.3.value': 'Please enter a valid value',
        'email_config.default.subject': 'This field is required',
        'email_config.roles.Second Party.subject': 'This field is required',
        signature_order: 'Signature order must be P or S',
      },
      built,
      ROLES,
    );
    expect(placed.controls).toEqual({
      'signers.buyer.name': 'Signer name is required',
      'signers.second_party.email': 'Please enter a valid email address',
      'signers.second_party.selectedValue': 'Signer name is required',
      'f-code': 'Please enter a valid value',
      'email_config.default.subject': 'This field is required',
      'email_config.roles.second_party.subject': 'This field is required',
    });
    expect(placed.general).toEqual(['Signature order must be P or S']);
  });

  it('reads a data: URL into a blob', async () => {
    const blob = blobOfDataUrl(`data:application/pdf;base64,${btoa('%PDF-1.7')}`);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });
});

describe('step 1 model', () => {
  it('groups the fields by signer role (the roles order), then by document', () => {
    const groups = groupFields(sendFields(), [
      { name: 'Second Party', order: 1 },
      { name: 'Buyer', order: 2 },
    ]);
    expect(groups.map((group) => [group.key, group.count, group.documents.map((document) => document.name)])).toEqual([
      ['second_party', 1, ['Addendum']],
      ['buyer', 11, ['Offer']],
    ]);
  });

  it('says the spec messages through the shared rule', () => {
    const fields = Object.fromEntries(sendFields().map((field) => [field.fieldId, field]));
    expect(valueErrorOf(fields['f-name'], null)).toBe('This field is required');
    expect(valueErrorOf(fields['f-email'], 'jo@')).toBe('Please enter a valid email address');
    expect(valueErrorOf(fields['f-site'], 'https://example.com/x')).toBe('Incorrect format: zillow.com');
    expect(valueErrorOf(fields['f-code'], 'ab')).toBe('Please enter a valid value');
    expect(valueErrorOf(fields['f-rooms'], 1.234)).toBe('Please enter a valid value');
    expect(valueErrorOf(fields['f-phone'], '555')).toBe('Please enter a valid phone number');
    expect(valueErrorOf(fields['f-close'], '31.02.2026')).toBe('Incorrect format');
    expect(valueErrorOf(sendField({ fieldId: 'x', fieldType: 'date' }), '2026-03-07')).toBeNull();
  });

  it('converts date formats from MM/DD/YYYY tokens', () => {
    expect(esignDateFormatOf(null)).toBe('MM/DD/YYYY');
    expect(esignDateFormatOf('nonsense')).toBe('MM/DD/YYYY');
    expect(esignDatePlaceholderOf('DD.MM.YYYY')).toBe('dd.mm.yyyy');
    expect(esignDatePlaceholderOf(null)).toBe('mm/dd/yyyy');
    expect(formatEsignDate('2026-03-07', 'DD.MM.YYYY')).toBe('07.03.2026');
    expect(formatEsignDate('2026-03-07', 'MMMM D, YYYY')).toBe('March 7, 2026');
    expect(parseEsignDate('7.3.2026', 'DD.MM.YYYY')).toBe('2026-03-07');
    expect(parseEsignDate('03/07/2026', null)).toBe('2026-03-07');
    expect(parseEsignDate('mar 7, 2026', 'MMM D, YYYY')).toBe('2026-03-07');
    expect(parseEsignDate('02/30/2026', null)).toBeNull();
  });
});
