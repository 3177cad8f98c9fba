import {
  ESIGN_DRAFT_MESSAGES,
  ESIGN_FORM_STATE_MAX_LENGTH,
  ESIGN_REQUEST_MESSAGES as M,
  ESIGN_STEPS,
  type EsignFormState,
  type FieldError,
} from '@app/contracts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isObjectOf = (value: unknown) => isObject(value) && Object.values(value).every(isObject);

/** The outcome of checking a form state: what is stored, or the field errors. */
export type FormStateCheck = { state: EsignFormState; errors: [] } | { state: null; errors: FieldError[] };

/**
 * The stepper's form state as a draft keeps it (spec section 3 "Form state"), checked loosely: an object of at most
 * ESIGN_FORM_STATE_MAX_LENGTH characters whose known keys have the right kinds (lists, objects keyed by field or role,
 * signatureOrder P or S, activeStep 0 to 2). Missing keys take their empty values; other keys are not kept. What is
 * inside the fields, values and signers is the stepper's own and is checked again when the request is sent.
 */
export function checkFormState(body: unknown): FormStateCheck {
  if (!isObject(body)) return { state: null, errors: [{ field: 'form_state', error: M.invalidValue }] };
  if (JSON.stringify(body).length > ESIGN_FORM_STATE_MAX_LENGTH)
    return { state: null, errors: [{ field: 'form_state', error: ESIGN_DRAFT_MESSAGES.formTooLarge }] };
  const errors: FieldError[] = [];
  const take = <T>(key: keyof EsignFormState, ok: (value: unknown) => boolean, empty: T, error: string = M.invalidValue): T => {
    const value = body[key];
    if (value === undefined || value === null) return empty;
    if (!ok(value)) errors.push({ field: key, error });
    return value as T;
  };
  const state: EsignFormState = {
    fields: take('fields', (value) => Array.isArray(value) && value.every(isObject), []),
    formValues: take('formValues', isObjectOf, {}),
    fieldMetadata: take('fieldMetadata', isObjectOf, {}),
    signers: take('signers', isObjectOf, {}),
    signatureOrder: take('signatureOrder', (value) => value === 'P' || value === 'S', 'P', M.signatureOrder),
    activeStep: take(
      'activeStep',
      (value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < ESIGN_STEPS.length,
      0,
    ),
    emailConfig: take('emailConfig', isObject, { default: { subject: '', body: '' } }),
    submitters: take('submitters', (value) => Array.isArray(value) && value.every(isObject), []),
  };
  return errors.length ? { state: null, errors } : { state, errors: [] };
}
