import type { TransactionDetail, TransactionFieldDefinition } from '@app/contracts';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../dataProvider/httpError';
import {
  buildChanges,
  formSections,
  formValueOf,
  grossCommission,
  pageFormValues,
  placeFieldErrors,
  presetKeys,
  sameValue,
} from './pageForm';

const field = (
  field_key: string,
  type: TransactionFieldDefinition['type'],
  extra: Partial<TransactionFieldDefinition> = {},
): TransactionFieldDefinition => ({
  field_key,
  label: field_key,
  type,
  options: [],
  client_type: null,
  required: false,
  vendor_visible: true,
  can_update: true,
  system: false,
  ...extra,
});

describe('grossCommission', () => {
  it('is trans_amt x gci_pct / 100 to the cent', () => {
    expect(grossCommission(450000, 3)).toBe(13500);
    expect(grossCommission(333333.33, 2.5)).toBe(8333.33);
    expect(grossCommission(100, 2.12345678)).toBe(2.12);
    // Half a cent rounds up, exactly (floating point would give 0.01 x 100.5 = 1.0049999...).
    expect(grossCommission(100.5, 1)).toBe(1.01);
    expect(grossCommission(1.5, 1)).toBe(0.02);
  });

  it('takes the texts of the inputs and is null while either is empty', () => {
    expect(grossCommission('$1,000.00', '2.5%')).toBe(25);
    expect(grossCommission(null, 3)).toBeNull();
    expect(grossCommission(450000, '')).toBeNull();
    expect(grossCommission('abc', 3)).toBeNull();
  });
});

describe('formValueOf', () => {
  it('holds numbers, digits, Y/N and dates as the inputs do', () => {
    expect(formValueOf(field('trans_amt', 'amount', { system: true }), '450000.00')).toBe(450000);
    expect(formValueOf(field('gci_pct', 'percent', { system: true }), 2.5)).toBe(2.5);
    expect(formValueOf(field('square_feet', 'number'), null)).toBeNull();
    expect(formValueOf(field('mobile_phone', 'phone', { system: true }), '(512) 555-0123')).toBe('5125550123');
    expect(formValueOf(field('mobile_phone', 'phone', { system: true }), '15125550123')).toBe('5125550123');
    expect(formValueOf(field('financing_contingency', 'yn'), 'y')).toBe('Y');
    expect(formValueOf(field('inspection_dt', 'date'), '03/05/2024')).toBe('03/05/2024');
    expect(formValueOf(field('mls_number', 'text'), '')).toBeNull();
  });

  it('turns the label a system select shows into its id', () => {
    const leadType = field('lead_type_id', 'select', { system: true });
    const choices = [
      { value: 4, label: 'Zillow' },
      { value: 5, label: 'Website' },
    ];
    expect(formValueOf(leadType, 'Website', choices)).toBe(5);
    expect(formValueOf(leadType, 4, choices)).toBe(4);
    expect(formValueOf(leadType, 'Gone', choices)).toBeNull();
    // A custom select keeps its option text.
    expect(formValueOf(field('loan_type', 'select', { options: ['FHA'] }), 'FHA')).toBe('FHA');
  });
});

describe('pageFormValues', () => {
  it('holds every field of the form and the page keys', () => {
    const detail = {
      side: 's',
      stage: { id: 3 },
      primary_agent_id: 7,
      tc_agent_id: null,
      tag_ids: [2, 1],
      fields: [field('email', 'email', { system: true }), field('trans_amt', 'amount', { system: true })],
      values: { email: { label: 'Email', value: 'a@b.co' }, trans_amt: { label: 'Price', value: '1000.5' } },
    } as unknown as TransactionDetail;
    expect(pageFormValues(detail)).toEqual({
      type: 's',
      client_stage_id: 3,
      agent_id: 7,
      tc_agent_id: null,
      tags: [2, 1],
      email: 'a@b.co',
      trans_amt: 1000.5,
    });
  });
});

describe('buildChanges', () => {
  const initial = {
    client_stage_id: 1,
    agent_id: 7,
    tc_agent_id: null,
    tags: [1, 2],
    type: 'b',
    email: 'a@b.co',
    cf_text: null,
    trans_amt: 100,
  };

  it('sends only what changed, among the keys of the preset', () => {
    const current = { ...initial, client_stage_id: 2, agent_id: 8, tc_agent_id: 5, tags: [2, 1], email: 'x@y.co' };
    expect(buildChanges('transaction_modal', initial, current)).toEqual({ client_stage_id: 2, agent_id: 8 });
    expect(buildChanges('board', initial, current)).toEqual({ client_stage_id: 2 });
    // Tags in another order are the same tags.
    expect(buildChanges('task_modal', initial, current)).toEqual({ client_stage_id: 2, tc_agent_id: 5 });
    expect(buildChanges('page', initial, current, { pageFieldKeys: ['email'] })).toEqual({
      client_stage_id: 2,
      agent_id: 8,
      tc_agent_id: 5,
      email: 'x@y.co',
    });
  });

  it('takes the page form fields on the page preset only', () => {
    const current = { ...initial, cf_text: 'New' };
    expect(buildChanges('page', initial, current, { pageFieldKeys: ['cf_text'] })).toEqual({ cf_text: 'New' });
    expect(buildChanges('page', initial, current, { pageFieldKeys: [] })).toEqual({});
    expect(buildChanges('transaction_modal', initial, current)).toEqual({});
    expect(presetKeys('board')).toEqual(new Set(['client_stage_id']));
  });

  it('never sends the agent without the right to change it', () => {
    const current = { ...initial, agent_id: 8, client_stage_id: 3 };
    expect(buildChanges('transaction_modal', initial, current, { canEdit: 'except_agent' })).toEqual({ client_stage_id: 3 });
    expect(buildChanges('transaction_modal', initial, current, { canEdit: 'all' })).toEqual({ client_stage_id: 3, agent_id: 8 });
  });

  it('sends a cleared value as null and ids as numbers; empty text is no change from null', () => {
    expect(buildChanges('page', initial, { ...initial, email: '' }, { pageFieldKeys: ['email'] })).toEqual({ email: null });
    expect(buildChanges('page', initial, { ...initial, cf_text: '' }, { pageFieldKeys: ['cf_text'] })).toEqual({});
    expect(buildChanges('page', initial, { ...initial, tags: ['3'] })).toEqual({ tags: [3] });
    expect(buildChanges('page', initial, { ...initial, trans_amt: 250.5 })).toEqual({ trans_amt: 250.5 });
    expect(sameValue(undefined, '')).toBe(true);
  });
});

describe('placeFieldErrors', () => {
  const refused = toHttpError(400, 'Bad Request', {
    status: 'error',
    message: 'Invalid input',
    errors: [
      { field: 'changes.email', error: 'This is an invalid email address' },
      { field: 'changes.email', error: 'second message' },
      { field: 'changes.zz_other', error: 'Not allowed here' },
    ],
  });

  it("puts each message under its field without the 'changes.' prefix, the first per field", () => {
    expect(placeFieldErrors(refused, { prefix: 'changes.' }).fields).toEqual({
      email: 'This is an invalid email address',
      zz_other: 'Not allowed here',
    });
  });

  it('lists the fields the form does not show, with their labels', () => {
    expect(
      placeFieldErrors(refused, { prefix: 'changes.', known: (name) => name === 'email', labelOf: (name) => name.toUpperCase() }),
    ).toEqual({
      fields: { email: 'This is an invalid email address' },
      unplaced: ['ZZ_OTHER: Not allowed here'],
    });
  });

  it("reads the status dialog's 'dates.' errors and nothing from an error without fields", () => {
    const dates = toHttpError(400, '', {
      status: 'error',
      message: 'x',
      errors: [{ field: 'dates.closed_dt', error: 'This field is required' }],
    });
    expect(placeFieldErrors(dates, { prefix: 'dates.' }).fields).toEqual({ closed_dt: 'This field is required' });
    expect(placeFieldErrors(new HttpError('Forbidden', 403, { message: 'Forbidden' }))).toEqual({ fields: {}, unplaced: [] });
  });
});

describe('formSections', () => {
  it('groups the fields section by section in the order they come, leaving out the other side', () => {
    const fields = [
      field('first_name', 'text', { system: true }),
      field('trans_amt', 'amount', { system: true }),
      field('mls_number', 'text'),
      field('email', 'email', { system: true }),
      field('loan_type', 'select', { client_type: 'b' }),
      field('listing_link', 'link', { client_type: 's' }),
      field('est_close_dt', 'date', { system: true }),
    ];
    expect(formSections(fields, 'b').map((section) => [section.key, section.fields.map((item) => item.field_key)])).toEqual([
      ['contact', ['first_name', 'email']],
      ['commission', ['trans_amt']],
      ['details', ['mls_number', 'loan_type']],
      ['dates', ['est_close_dt']],
    ]);
  });
});
