import type {
  EsignDraftRole,
  EsignEmailConfig,
  EsignFormState,
  EsignFormValue,
  EsignSendField,
  EsignSignatureOrder,
  EsignSignerEntry,
  EsignTemplateSchema,
} from '@app/contracts';
import { isEsignValueEmpty } from '@app/contracts';
import { emptySignerOf, initialFormValueOf, isMapped, roleKeyOf, sendFieldsFromSchema, valueFromText } from './formModel';

// The send stepper's form (spec 002 sections 3 and 4) as one reducer: what the stepper autosaves to its
// draft. Set, reset, initialise from roles (each role its order, signatureOrder P, step 0) and clear, plus
// the edits of the three steps. Plain and tested on its own; the page only dispatches.

export const EMPTY_EMAIL_CONFIG: EsignEmailConfig = { default: { subject: '', body: '' }, roles: {}, useRoleConfig: false };

export const EMPTY_FORM_STATE: EsignFormState = {
  fields: [],
  formValues: {},
  fieldMetadata: {},
  signers: {},
  signatureOrder: 'P',
  activeStep: 0,
  emailConfig: EMPTY_EMAIL_CONFIG,
  submitters: [],
};

/** fieldMetadata keys of step 3's controls (step 1's are the fieldIds). */
export const signerControlKey = (roleKey: string, control: 'selectedValue' | 'name' | 'email' | 'order') => `signers.${roleKey}.${control}`;
export const subjectControlKey = (roleKey: string | null) =>
  roleKey === null ? 'email_config.default.subject' : `email_config.roles.${roleKey}.subject`;

export type SignerPatch = Partial<Omit<EsignSignerEntry, 'role' | 'fields'>>;

export type SendFormAction =
  /** Replaces the given parts (a restore passes the whole saved state). */
  | { type: 'set'; state: Partial<EsignFormState> }
  /** Back to the start with the same fields and roles: values, signers, order, step and mail as initialised. */
  | { type: 'reset' }
  /** A new form from the draft's fields and roles: each role its order, signatureOrder P, step 0. */
  | { type: 'initialise'; fields: EsignSendField[]; roles: EsignDraftRole[]; emailConfig?: EsignEmailConfig }
  /** Nothing left (leaving the stepper). */
  | { type: 'clear' }
  /** A value control changed; `edited` (the sender typed it) marks it dirty and ticks Update Transaction where allowed. */
  | { type: 'setValue'; fieldId: string; value: unknown; edited?: boolean }
  | { type: 'setReadonly'; fieldId: string; readonly: boolean }
  | { type: 'setUpdateTransaction'; fieldId: string; updateTransaction: boolean }
  | { type: 'touch'; keys: readonly string[] }
  | { type: 'setStep'; step: number }
  | { type: 'setSigner'; key: string; patch: SignerPatch }
  | { type: 'setSignatureOrder'; order: EsignSignatureOrder }
  | { type: 'setEmailConfig'; emailConfig: EsignEmailConfig }
  /**
   * The builder's schema changed (step 2): submitters follow its roles and a default value edited in Fill
   * Out (changed from `previous`) becomes the field's value; `rebuild` (a refresh, Edit Template's changes)
   * also rebuilds step 1's fields and the signers from the schema, keeping what the form already holds.
   */
  | { type: 'applySchema'; schema: EsignTemplateSchema; previous?: EsignTemplateSchema | null; rebuild?: boolean }
  /**
   * The server's step 1 fields for the saved schema (PUT .../schema answers them): what only it knows, the
   * transaction's values, goes into the form; a value the sender has not touched takes the prefilled one.
   */
  | { type: 'mergeDraftFields'; fields: readonly EsignSendField[] };

function signersOf(
  roles: readonly Pick<EsignDraftRole, 'name' | 'order'>[],
  fields: readonly EsignSendField[],
  previous: Record<string, EsignSignerEntry> = {},
) {
  const signers: Record<string, EsignSignerEntry> = {};
  for (const role of roles) {
    const key = roleKeyOf(role.name);
    const empty = emptySignerOf(role, fields);
    const before = previous[key];
    signers[key] = before ? { ...before, role: role.name, fields: empty.fields } : empty;
  }
  return signers;
}

function initialised(
  fields: EsignSendField[],
  roles: readonly EsignDraftRole[],
  emailConfig: EsignEmailConfig = EMPTY_EMAIL_CONFIG,
): EsignFormState {
  const formValues: Record<string, EsignFormValue> = {};
  for (const field of fields) formValues[field.fieldId] = initialFormValueOf(field);
  return {
    fields,
    formValues,
    fieldMetadata: {},
    signers: signersOf(roles, fields),
    signatureOrder: 'P',
    activeStep: 0,
    emailConfig: {
      default: { ...emailConfig.default },
      roles: { ...(emailConfig.roles ?? {}) },
      useRoleConfig: emailConfig.useRoleConfig ?? false,
    },
    submitters: roles.map((role) => ({ role: role.name, uuid: role.uuid, order: role.order })),
  };
}

function withFormValue(
  state: EsignFormState,
  fieldId: string,
  update: (value: EsignFormValue, field: EsignSendField) => EsignFormValue,
): EsignFormState {
  const field = state.fields.find((candidate) => candidate.fieldId === fieldId);
  if (!field) return state;
  const current = state.formValues[fieldId] ?? initialFormValueOf(field);
  return { ...state, formValues: { ...state.formValues, [fieldId]: update(current, field) } };
}

function withMetadata(state: EsignFormState, keys: readonly string[], flag: 'touched' | 'dirty'): EsignFormState {
  const missing = keys.filter((key) => !state.fieldMetadata[key]?.[flag]);
  if (missing.length === 0) return state;
  const fieldMetadata = { ...state.fieldMetadata };
  for (const key of missing) fieldMetadata[key] = { ...fieldMetadata[key], [flag]: true };
  return { ...state, fieldMetadata };
}

function applySchema(
  state: EsignFormState,
  schema: EsignTemplateSchema,
  previous: EsignTemplateSchema | null | undefined,
  rebuild: boolean,
): EsignFormState {
  const submitters = schema.roles.map((role, index) => {
    const before =
      state.submitters.find((submitter) => submitter.uuid === role.uuid) ??
      state.submitters.find((submitter) => roleKeyOf(submitter.role) === roleKeyOf(role.name));
    return { role: role.name, uuid: role.uuid, order: before?.order ?? index + 1 };
  });
  let next: EsignFormState = { ...state, submitters };
  if (rebuild) {
    const fields = sendFieldsFromSchema(schema, state.fields);
    const formValues: Record<string, EsignFormValue> = {};
    for (const field of fields) {
      const before = state.formValues[field.fieldId];
      formValues[field.fieldId] = before
        ? // A field mapped since is read-only now; one that may no longer update the transaction does not.
          { ...before, readonly: before.readonly || isMapped(field), update_transaction: field.can_update && before.update_transaction }
        : initialFormValueOf(field);
    }
    const signers = signersOf(
      submitters.map((submitter) => ({ name: submitter.role, order: state.signers[roleKeyOf(submitter.role)]?.order ?? submitter.order })),
      fields,
      state.signers,
    );
    next = { ...next, fields, formValues, signers };
  }
  if (!previous) return next;
  // Fill Out edits: a default value that changed in the builder is the field's new value.
  for (const field of schema.fields) {
    const before = previous.fields.find((candidate) => candidate.uuid === field.uuid);
    if (!before || before.default_value === field.default_value) continue;
    const sendField = next.fields.find((candidate) => candidate.fieldId === field.uuid);
    if (!sendField) continue;
    next = sendFormReducer(next, {
      type: 'setValue',
      fieldId: field.uuid,
      value: valueFromText(sendField, field.default_value),
      edited: true,
    });
  }
  return next;
}

function mergeDraftFields(state: EsignFormState, answered: readonly EsignSendField[]): EsignFormState {
  let changed = false;
  const formValues = { ...state.formValues };
  const fields = state.fields.map((field) => {
    const server = answered.find((candidate) => candidate.fieldId === field.fieldId);
    if (!server || (server.transaction_value === field.transaction_value && server.can_update === field.can_update)) return field;
    changed = true;
    const current = formValues[field.fieldId];
    if (current && isEsignValueEmpty(current.value) && !state.fieldMetadata[field.fieldId]?.dirty && !isEsignValueEmpty(server.value)) {
      formValues[field.fieldId] = { ...current, value: server.value };
    }
    return { ...field, transaction_value: server.transaction_value, value: server.value, can_update: server.can_update };
  });
  return changed ? { ...state, fields, formValues } : state;
}

export function sendFormReducer(state: EsignFormState, action: SendFormAction): EsignFormState {
  switch (action.type) {
    case 'set':
      return { ...state, ...action.state };
    case 'reset':
      return initialised(
        state.fields,
        state.submitters.map((submitter) => ({ uuid: submitter.uuid, name: submitter.role, order: submitter.order })),
      );
    case 'initialise':
      return initialised(action.fields, action.roles, action.emailConfig);
    case 'clear':
      return EMPTY_FORM_STATE;
    case 'setValue': {
      const next = withFormValue(state, action.fieldId, (current, field) => ({
        ...current,
        value: action.value,
        // Editing a value the transaction takes back ticks Update Transaction.
        update_transaction: action.edited && field.can_update ? true : current.update_transaction,
      }));
      return action.edited ? withMetadata(next, [action.fieldId], 'dirty') : next;
    }
    case 'setReadonly':
      // A mapped field stays read-only: its signer cannot change a value taken from the transaction.
      return withFormValue(state, action.fieldId, (current, field) => ({
        ...current,
        readonly: field.mapped_entity ? true : action.readonly,
      }));
    case 'setUpdateTransaction':
      return withFormValue(state, action.fieldId, (current, field) => ({
        ...current,
        update_transaction: field.can_update ? action.updateTransaction : false,
      }));
    case 'touch':
      return withMetadata(state, action.keys, 'touched');
    case 'setStep':
      return action.step === state.activeStep ? state : { ...state, activeStep: action.step };
    case 'setSigner': {
      const current = state.signers[action.key];
      if (!current) return state;
      return { ...state, signers: { ...state.signers, [action.key]: { ...current, ...action.patch } } };
    }
    case 'setSignatureOrder':
      return action.order === state.signatureOrder ? state : { ...state, signatureOrder: action.order };
    case 'setEmailConfig':
      return { ...state, emailConfig: action.emailConfig };
    case 'applySchema':
      return applySchema(state, action.schema, action.previous, action.rebuild ?? false);
    case 'mergeDraftFields':
      return mergeDraftFields(state, action.fields);
    default:
      return state;
  }
}
