import { describe, expect, it } from 'vitest';
import { roleKeyOf, sendFieldsFromSchema } from './formModel';
import { EMPTY_FORM_STATE, sendFormReducer } from './sendFormReducer';
import { schemaOf, sendField, sendFields } from './testData';

const ROLES = [
  { uuid: 'r2', name: 'Second Party', order: 2 },
  { uuid: 'r1', name: 'Buyer', order: 1 },
];
const initialised = () => sendFormReducer(EMPTY_FORM_STATE, { type: 'initialise', fields: sendFields(), roles: ROLES });

describe('sendFormReducer', () => {
  it('keys signers by the role name lower-cased with underscores', () => {
    expect(roleKeyOf('Second Party')).toBe('second_party');
    expect(roleKeyOf('  Buyer  ')).toBe('buyer');
    expect(roleKeyOf('Co  Buyer Two')).toBe('co_buyer_two');
    expect(Object.keys(initialised().signers).sort()).toEqual(['buyer', 'second_party']);
  });

  it('initialises from roles: each role its order, signature order P, step 0, values from the draft', () => {
    const state = initialised();
    expect(state.signatureOrder).toBe('P');
    expect(state.activeStep).toBe(0);
    expect(state.signers.buyer).toEqual({
      selectedValue: null,
      name: '',
      email: '',
      contact_id: null,
      fields: ['f-name', 'f-email', 'f-site', 'f-code', 'f-price', 'f-rooms', 'f-phone', 'f-agree', 'f-kind', 'f-pay', 'f-extras'],
      role: 'Buyer',
      order: 1,
    });
    expect(state.signers.second_party).toMatchObject({ role: 'Second Party', order: 2, fields: ['f-close'] });
    expect(state.submitters).toEqual([
      { role: 'Second Party', uuid: 'r2', order: 2 },
      { role: 'Buyer', uuid: 'r1', order: 1 },
    ]);
    // The prefilled transaction value; mapped fields read-only; a checkbox starts false, a multiple empty.
    expect(state.formValues['f-price']).toEqual({ value: 250000, readonly: true, update_transaction: false });
    expect(state.formValues['f-agree'].value).toBe(false);
    expect(state.formValues['f-extras'].value).toEqual([]);
    expect(state.formValues['f-name']).toEqual({ value: null, readonly: false, update_transaction: false });
    expect(state.fieldMetadata).toEqual({});
    expect(state.emailConfig).toEqual({ default: { subject: '', body: '' }, roles: {}, useRoleConfig: false });
  });

  it('takes defaults by type when the draft has no value', () => {
    const fields = [
      sendField({ fieldId: 'n', fieldType: 'number', default_value: '12.5' }),
      sendField({ fieldId: 'c', fieldType: 'checkbox', default_value: 'true' }),
      sendField({ fieldId: 'm', fieldType: 'multiple', default_value: 'Pool, Shed' }),
      sendField({ fieldId: 'p', fieldType: 'phone', default_value: '(555) 123-4567' }),
      sendField({ fieldId: 'd', fieldType: 'date', default_value: '{{date}}' }),
    ];
    const state = sendFormReducer(EMPTY_FORM_STATE, { type: 'initialise', fields, roles: ROLES });
    expect(Object.fromEntries(Object.entries(state.formValues).map(([id, value]) => [id, value.value]))).toEqual({
      n: 12.5,
      c: true,
      m: ['Pool', 'Shed'],
      p: '5551234567',
      d: null,
    });
  });

  it('set replaces the given parts (a restore passes the whole saved state)', () => {
    const state = initialised();
    const restored = { ...state, activeStep: 2, signatureOrder: 'S' as const };
    expect(sendFormReducer(EMPTY_FORM_STATE, { type: 'set', state: restored })).toEqual(restored);
    expect(sendFormReducer(state, { type: 'set', state: { activeStep: 1 } })).toEqual({ ...state, activeStep: 1 });
  });

  it('reset goes back to the start with the same fields and roles; clear leaves nothing', () => {
    let state = initialised();
    state = sendFormReducer(state, { type: 'setValue', fieldId: 'f-name', value: 'Jo', edited: true });
    state = sendFormReducer(state, {
      type: 'setSigner',
      key: 'buyer',
      patch: { selectedValue: 'other', name: 'Jo', email: 'jo@example.com', order: 3 },
    });
    state = sendFormReducer(state, { type: 'setSignatureOrder', order: 'S' });
    state = sendFormReducer(state, { type: 'setStep', step: 2 });
    state = sendFormReducer(state, { type: 'touch', keys: ['f-name'] });
    const reset = sendFormReducer(state, { type: 'reset' });
    expect(reset).toEqual(initialised());
    expect(sendFormReducer(state, { type: 'clear' })).toEqual(EMPTY_FORM_STATE);
  });

  it('an edited value of a field that may update the transaction ticks Update Transaction and marks it dirty', () => {
    let state = initialised();
    state = sendFormReducer(state, { type: 'setValue', fieldId: 'f-price', value: 260000, edited: true });
    expect(state.formValues['f-price']).toMatchObject({ value: 260000, update_transaction: true });
    expect(state.fieldMetadata['f-price']).toEqual({ dirty: true });
    // can_update false: never ticked, not even by hand.
    state = sendFormReducer(state, { type: 'setValue', fieldId: 'f-name', value: 'Jo', edited: true });
    expect(state.formValues['f-name'].update_transaction).toBe(false);
    state = sendFormReducer(state, { type: 'setUpdateTransaction', fieldId: 'f-name', updateTransaction: true });
    expect(state.formValues['f-name'].update_transaction).toBe(false);
    // The sender may untick it again.
    state = sendFormReducer(state, { type: 'setUpdateTransaction', fieldId: 'f-price', updateTransaction: false });
    expect(state.formValues['f-price'].update_transaction).toBe(false);
  });

  it('keeps a mapped field read-only; others follow Read Only', () => {
    let state = initialised();
    state = sendFormReducer(state, { type: 'setReadonly', fieldId: 'f-price', readonly: false });
    expect(state.formValues['f-price'].readonly).toBe(true);
    state = sendFormReducer(state, { type: 'setReadonly', fieldId: 'f-name', readonly: true });
    expect(state.formValues['f-name'].readonly).toBe(true);
  });

  it('applies builder changes: submitters follow the roles, an edited default becomes the value, a rebuild follows the fields', () => {
    const fields = sendFields();
    const before = schemaOf(fields);
    let state = sendFormReducer(EMPTY_FORM_STATE, { type: 'initialise', fields, roles: [...ROLES].reverse() });
    const after = {
      ...before,
      roles: [...before.roles, { uuid: 'r3', name: 'Co Buyer' }],
      fields: before.fields.map((field) => (field.uuid === 'f-rooms' ? { ...field, default_value: '4' } : field)),
    };
    state = sendFormReducer(state, { type: 'applySchema', schema: after, previous: before });
    expect(state.submitters).toEqual([
      { role: 'Buyer', uuid: 'r1', order: 1 },
      { role: 'Second Party', uuid: 'r2', order: 2 },
      { role: 'Co Buyer', uuid: 'r3', order: 3 },
    ]);
    expect(state.formValues['f-rooms']).toEqual({ value: 4, readonly: true, update_transaction: true });

    // A refresh: a new field on the new role, a removed one; the form keeps what it had for the others.
    const rebuiltSchema = {
      ...after,
      fields: [
        ...after.fields.filter((field) => field.uuid !== 'f-code'),
        { ...after.fields[0], uuid: 'f-new', role_uuid: 'r3', title: 'Co buyer name', default_value: 'Sam' },
      ],
    };
    state = sendFormReducer(state, { type: 'applySchema', schema: rebuiltSchema, rebuild: true });
    expect(state.fields.map((field) => field.fieldId)).toEqual(sendFieldsFromSchema(rebuiltSchema, fields).map((field) => field.fieldId));
    expect(state.fields.map((field) => field.fieldId)).not.toContain('f-code');
    expect(state.formValues['f-code']).toBeUndefined();
    expect(state.formValues['f-new'].value).toBe('Sam');
    expect(state.formValues['f-price'].value).toBe(250000);
    expect(state.signers.co_buyer).toMatchObject({ role: 'Co Buyer', order: 3, fields: ['f-new'] });
    expect(state.fields.find((field) => field.fieldId === 'f-new')).toMatchObject({
      label: 'Co buyer name',
      signer: 'Co Buyer',
      document_name: 'Offer',
    });
    // Mapped in Edit Template: read-only; a field that may not update the transaction never says it will.
    const mappedSchema = {
      ...rebuiltSchema,
      fields: rebuiltSchema.fields.map((field) =>
        field.uuid === 'f-name'
          ? { ...field, mapped_entity: 'transaction', mapped_field: 'buyer_name', can_update: true }
          : field.uuid === 'f-rooms'
            ? { ...field, mapped_entity: null, mapped_field: null }
            : field,
      ),
    };
    state = sendFormReducer(state, { type: 'applySchema', schema: mappedSchema, rebuild: true });
    expect(state.formValues['f-name']).toMatchObject({ readonly: true });
    expect(state.fields.find((field) => field.fieldId === 'f-name')?.can_update).toBe(true);
    expect(state.fields.find((field) => field.fieldId === 'f-rooms')?.can_update).toBe(false);
    expect(state.formValues['f-rooms'].update_transaction).toBe(false);

    // The server's answer to the saved schema brings the transaction's value of the newly mapped field.
    state = sendFormReducer(state, {
      type: 'mergeDraftFields',
      fields: [{ ...state.fields.find((field) => field.fieldId === 'f-name')!, transaction_value: 'Jo Buyer', value: 'Jo Buyer' }],
    });
    expect(state.formValues['f-name'].value).toBe('Jo Buyer');
    expect(state.fields.find((field) => field.fieldId === 'f-name')?.transaction_value).toBe('Jo Buyer');
    // A value the sender typed stays.
    state = sendFormReducer(state, { type: 'setValue', fieldId: 'f-name', value: 'Joanna', edited: true });
    state = sendFormReducer(state, {
      type: 'mergeDraftFields',
      fields: [{ ...state.fields.find((field) => field.fieldId === 'f-name')!, transaction_value: 'Jo B.', value: 'Jo B.' }],
    });
    expect(state.formValues['f-name'].value).toBe('Joanna');
  });
});
