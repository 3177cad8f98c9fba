import { EMAIL_MAX_LENGTH, FORM_FIELD_MESSAGES } from '@app/contracts';
import { formField, type FormFieldOptions } from './form-field';

// Written here rather than class-validator's isEmail, which throws URIError on a lone surrogate.
// Local part: dot-separated atoms of RFC 5322 atext (so no leading, trailing or doubled dot);
// domain: LDH labels that neither start nor end with '-', then a TLD of 2 or more letters.
// Atoms contain no dot and labels end at one, so the pattern cannot backtrack badly.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);
const LOCAL_PART_MAX = 64;

/** Whether the value is an email address by spec 001's rule (already trimmed); false for any non-string. */
export function isFormEmail(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  return at > 0 && at <= LOCAL_PART_MAX && EMAIL.test(value);
}

/**
 * An email address (spec 001 section 5): trimmed, then the standard pattern without consecutive dots,
 * at most 254 characters. Messages: 'This field is required', 'This is an invalid email address'
 * (e-sign: pass `message: ESIGN_FIELD_MESSAGES.invalidEmail`).
 */
export const IsEmailField = (options: FormFieldOptions = {}) =>
  formField({
    name: 'isEmailField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.invalidEmail,
    normalize: (value) => (typeof value === 'string' ? value.trim() : value),
    check: (value) => (isFormEmail(value) ? null : FORM_FIELD_MESSAGES.invalidEmail),
    api: { type: String, format: 'email', maxLength: EMAIL_MAX_LENGTH, example: 'jane.doe@example.com' },
  });
