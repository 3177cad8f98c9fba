import { FORM_FIELD_MESSAGES } from '@app/contracts';
import { formField, type FormFieldOptions } from './form-field';

// Digits with the usual formatting: spaces, dots, dashes, parentheses and one leading '+'.
const FORMATTED_PHONE = /^\+?[\d\s().-]{1,40}$/;

/**
 * A US phone number as its 10 digits ('(555) 123-4567', '555.123.4567', '+1 555 123 4567' ->
 * '5551234567'); an 11-digit number starting with country code 1 loses it. null when it is not one.
 */
export function normalizePhone(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!FORMATTED_PHONE.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

/**
 * A phone number (spec 001 shared fields, spec 002 phone pattern): any formatting on input, stored as
 * exactly 10 digits. Messages: 'This field is required', 'Please enter a valid phone number'.
 */
export const IsPhoneField = (options: FormFieldOptions = {}) =>
  formField({
    name: 'isPhoneField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.invalidPhone,
    normalize: (value) => normalizePhone(value) ?? value,
    check: (value) => (typeof value === 'string' && /^\d{10}$/.test(value) ? null : FORM_FIELD_MESSAGES.invalidPhone),
    api: {
      type: String,
      pattern: '^\\d{10}$',
      example: '(555) 123-4567',
      description: 'Any formatting; stored and returned as 10 digits.',
    },
  });
