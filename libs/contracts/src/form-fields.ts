/**
 * Shared form-field rules of the work area and e-sign (spec 001 sections 5 and 9, spec 002 section 5):
 * the messages word for word, and the limits both the server (libs/platform/src/form-fields) and the
 * console check. docs/form-fields.md lists which decorator gives which message.
 */

/** Longest task description, counted on the text of the sanitised HTML (spec 001 sections 5 and 9). */
export const TASK_DESCRIPTION_MAX_LENGTH = 1500;
/** Longest email address (RFC 5321 path limit); longer input is refused before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254;
/** Longest web link the server accepts. */
export const WEB_LINK_MAX_LENGTH = 2048;
/** Largest amount a numeric(14,2) column holds. */
export const AMOUNT_MAX = 999_999_999_999.99;
/** Largest whole number by default: a Postgres integer. */
export const WHOLE_NUMBER_MAX = 2_147_483_647;
/** Fraction digits of a percentage input; the calculator's inputs allow more. */
export const PERCENT_MAX_DECIMALS = 4;
export const PERCENT_CALCULATOR_MAX_DECIMALS = 8;

/** The words of the shared form fields. Spec wording is kept exactly, odd spellings included. */
export const FORM_FIELD_MESSAGES = {
  /** Spec 001 and 002: a required field that is missing, null, empty or only spaces. */
  required: 'This field is required',
  /** Spec 001 email field. */
  invalidEmail: 'This is an invalid email address',
  /** Spec 001 shared phone input and spec 002 phone pattern. */
  invalidPhone: 'Please enter a valid phone number',
  /** Spec 001 web link. */
  urlScheme: 'The URL must start with "http://" or "https://".',
  /** Spec 001 web link, https-only variant. */
  urlHttpsOnly: 'The URL must start with "https://".',
  /** Spec 001 web link format check. */
  urlFormat: 'The URL format is invalid.',
  /** Not worded by the spec: whole-number inputs refuse '.' and ','. */
  wholeNumber: 'Please enter a whole number',
  /** Not worded by the spec: USD amounts with at most 2 decimals. */
  amount: 'Please enter a valid amount',
  /** Not worded by the spec: percentages with at most 4 (calculator: 8) decimals. */
  percent: 'Please enter a valid percentage',
  /** Not worded by the spec: a US date that is not a real calendar date or not in the format. */
  date: 'Please enter a valid date',
  /** Spec 001 rich-text editor on pasted embedded or base64 images (console; the server strips them). */
  embeddedImages: 'Embeded images not allowed',
  /** Spec 002 pattern error on text or number fields. */
  invalidValue: 'Please enter a valid value',
  /** Spec 002 email error on a text field (e-sign). */
  invalidEmailAddress: 'Please enter a valid email address',
} as const;

/** Spec 002 (e-sign) wording of the same checks, for `message` options of the decorators. */
export const ESIGN_FIELD_MESSAGES = {
  required: FORM_FIELD_MESSAGES.required,
  invalidValue: FORM_FIELD_MESSAGES.invalidValue,
  invalidEmail: FORM_FIELD_MESSAGES.invalidEmailAddress,
  invalidPhone: FORM_FIELD_MESSAGES.invalidPhone,
} as const;

/** Not worded by the spec: a whole number outside its allowed range. */
export const wholeNumberRangeMessage = (min: number, max: number) => `Please enter a whole number from ${min} to ${max}`;
/** Not worded by the spec: a percentage outside its allowed range. */
export const percentRangeMessage = (min: number, max: number) => `Please enter a percentage from ${min} to ${max}`;
/** Not worded by the spec: the date format a date field expects. */
export const dateFormatMessage = (formats: readonly string[]) => `${FORM_FIELD_MESSAGES.date} (${formats.join(' or ')})`;
/** Not worded by the spec: rich text over its limit (counted on its text, not its markup). */
export const richTextTooLongMessage = (max: number) => `Please enter at most ${max} characters`;

/** How a phone number may be written: digits, spaces, dots, dashes, parentheses and one leading '+'. */
const WRITTEN_PHONE = /^\+?[\d\s().-]+$/;

/**
 * A US phone number as (999) 999-9999, the mask of spec 001's phone input and spec 002's phone field (stored
 * as 10 digits; a number kept as typed, '+1 512.555.0123' included, shows the same). Anything else (a
 * foreign number, text) shows as it is; null and undefined as ''. The one formatter of the
 * tables, the users CSV, the profile and the sealed e-sign PDF.
 */
export function formatPhone(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Returned untouched when it is not a US number: the profile's phone input shows what is typed through it.
  const text = String(value);
  const digits = text.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 && WRITTEN_PHONE.test(text.trim())
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : text;
}
