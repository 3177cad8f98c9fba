// The value rules of e-sign fields (spec 002 section 5), one copy for the server (sending and signing) and
// the console (the send stepper and the signing page), so both say the same words for the same value.
import type { EsignField } from './esign';
import { ESIGN_REQUEST_MESSAGES as M, ESIGN_SIGNATURE_IMAGE_MAX_LENGTH } from './esign-requests';

/** Longest value any field takes; longer input is refused before any pattern runs. */
export const ESIGN_VALUE_MAX_LENGTH = 2000;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** Whether a value counts as given: not null, not blank text, not an empty list; false is a value for a checkbox. */
export function isEsignValueEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Digits of a phone value; the stored value is unmasked (spec: mask (999) 999-9999, unmasked value stored). */
export const phoneDigitsOf = (value: string) => value.replace(/\D/g, '');

/** A pattern whose repetition nests (like (a+)+) can take exponential time on a crafted value: never run it. */
export function isSafeEsignPattern(pattern: string): boolean {
  if (pattern.length > 500) return false;
  // A group that holds a quantifier and is itself quantified.
  return !/\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,?\d*\})/.test(pattern);
}

function patternOf(field: EsignField): RegExp | null {
  const source = field.validation?.pattern;
  if (!source || !isSafeEsignPattern(source)) return null;
  try {
    return new RegExp(`^(?:${source})$`);
  } catch {
    return null;
  }
}

/** The spec's "text field with an email error": its pattern checks an address. */
const isEmailPattern = (pattern: string) => pattern.includes('@');

function hostOf(value: string): string | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const optionValues = (field: EsignField) => new Set(field.options.map((option) => option.value));

/**
 * The message for a field's value, or null when it is acceptable. Values: text, phone (digits), select and
 * radio strings; number a float (a numeric string is read as one); checkbox a boolean; multiple an array of
 * option values; date 'YYYY-MM-DD'; signature and initials { kind: 'drawn', image: PNG data URL } or
 * { kind: 'typed', text }. Strikethrough takes no value.
 */
export function esignValueError(field: EsignField, value: unknown): string | null {
  if (field.type === 'strikethrough') return null;
  if (isEsignValueEmpty(value) || (field.type === 'checkbox' && value === false && field.required)) {
    return field.required ? M.required : null;
  }
  if (typeof value === 'string' && value.length > ESIGN_VALUE_MAX_LENGTH) return M.invalidValue;
  switch (field.type) {
    case 'text': {
      if (typeof value !== 'string') return M.invalidValue;
      const host = field.validation?.host;
      if (field.platform_type === 'hyperlink' && host) {
        const actual = hostOf(value.trim());
        const wanted = host.toLowerCase();
        if (!actual || !(actual === wanted || actual.endsWith(`.${wanted}`))) return M.incorrectHost(host);
        return null;
      }
      const pattern = patternOf(field);
      if (pattern && !pattern.test(value)) return isEmailPattern(field.validation.pattern ?? '') ? M.invalidEmail : M.invalidValue;
      return null;
    }
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isFinite(number)) return M.invalidValue;
      // Amounts and other numbers allow 0 to 2 decimals.
      if (Math.abs(Math.round(number * 100) - number * 100) > 1e-6) return M.invalidValue;
      const pattern = patternOf(field);
      if (pattern && !pattern.test(String(number))) return M.invalidValue;
      return null;
    }
    case 'phone': {
      if (typeof value !== 'string' || phoneDigitsOf(value).length !== 10 || /[^\d\s()+.-]/.test(value)) return M.invalidPhone;
      const pattern = patternOf(field);
      if (pattern && !pattern.test(phoneDigitsOf(value))) return M.invalidPhone;
      return null;
    }
    case 'checkbox':
      return typeof value === 'boolean' ? null : M.invalidValue;
    case 'select':
    case 'radio':
      return typeof value === 'string' && optionValues(field).has(value) ? null : M.invalidValue;
    case 'multiple': {
      if (!Array.isArray(value)) return M.invalidValue;
      const allowed = optionValues(field);
      return value.every((item) => typeof item === 'string' && allowed.has(item)) && new Set(value).size === value.length
        ? null
        : M.invalidValue;
    }
    case 'date': {
      if (typeof value !== 'string' || !isValidIsoDate(value)) return M.incorrectFormat;
      const pattern = patternOf(field);
      if (pattern && !pattern.test(value)) return M.incorrectFormat;
      return null;
    }
    case 'signature':
    case 'initials': {
      if (typeof value !== 'object' || value === null) return M.invalidValue;
      const signature = value as { kind?: unknown; image?: unknown; text?: unknown };
      if (signature.kind === 'drawn') {
        return typeof signature.image === 'string' &&
          signature.image.length <= ESIGN_SIGNATURE_IMAGE_MAX_LENGTH &&
          PNG_DATA_URL.test(signature.image)
          ? null
          : M.invalidValue;
      }
      if (signature.kind === 'typed') {
        return typeof signature.text === 'string' && signature.text.trim() !== '' && signature.text.length <= 100 ? null : M.required;
      }
      return M.invalidValue;
    }
    default:
      return M.invalidValue;
  }
}

/** The value as stored: numbers as floats, phones unmasked, text trimmed; others as they are. */
export function normaliseEsignValue(field: EsignField, value: unknown): unknown {
  if (isEsignValueEmpty(value)) return field.type === 'checkbox' ? false : null;
  if (field.type === 'number') return typeof value === 'number' ? value : parseFloat(String(value));
  if (field.type === 'phone' && typeof value === 'string') return phoneDigitsOf(value);
  if (field.type === 'text' && typeof value === 'string') return value.trim();
  return value;
}
