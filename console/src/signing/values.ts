import {
  ESIGN_DATE_PLACEHOLDER,
  esignValueError,
  isEsignValueEmpty,
  isValidIsoDate,
  normaliseEsignValue,
  phoneDigitsOf,
  type EsignField,
  type EsignSignatureValue,
  type EsignSigningSession,
  formatEsignDate,
  parseEsignDate,
} from '@app/contracts';
import { formatCurrency, maskPhone } from '../shared/form-fields/rules';

// The signing page's model, kept apart from the screen so that the rules are tested without rendering:
// what the signer fills, what each input holds while typing (a draft), the value it stands for, the
// message for it (esignValueError, the one copy of spec 002 section 5) and the body of Finish.

/**
 * What an input holds: text, phone digits, the number as typed, the chosen option and the date as typed
 * in the field's format are strings; a checkbox a boolean; multiple the chosen values; a signature or
 * initials the drawn or typed value (null until applied).
 */
export type Draft = string | boolean | string[] | EsignSignatureValue | null;
export type Drafts = Record<string, Draft>;

/** A date field that takes the signing date ('{{date}}'): filled in, never typed. */
export const isSigningDateField = (field: EsignField) => field.type === 'date' && field.default_value === ESIGN_DATE_PLACEHOLDER;

export const isSignatureField = (field: EsignField) => field.type === 'signature' || field.type === 'initials';

export const isAmountField = (field: EsignField) => field.type === 'number' && field.platform_type === 'amount';

/** The words of a field: its title, else its name. */
export const labelOf = (field: EsignField) => field.title?.trim() || field.name;

const ownIds = (session: EsignSigningSession) => new Set(session.own_field_ids);

/** This signer's field that they fill in: not read-only, not the signing date, not a strikethrough. */
export function isFillable(session: EsignSigningSession, field: EsignField): boolean {
  return ownIds(session).has(field.uuid) && !field.readonly && !isSigningDateField(field) && field.type !== 'strikethrough';
}

/** The fields this signer fills in. */
export const fillableFields = (session: EsignSigningSession) => session.fields.filter((field) => isFillable(session, field));

/** The fields Finish sends: those the signer fills in and their signing-date fields. */
export function submittedFields(session: EsignSigningSession): EsignField[] {
  const own = ownIds(session);
  return session.fields.filter((field) => isFillable(session, field) || (own.has(field.uuid) && isSigningDateField(field)));
}

/** The input's starting state from a value already set (or the field's default). */
export function draftOf(field: EsignField, value: unknown): Draft {
  const given =
    value === undefined || value === null ? (field.default_value === ESIGN_DATE_PLACEHOLDER ? null : field.default_value) : value;
  switch (field.type) {
    case 'checkbox':
      return given === true || given === 'true';
    case 'multiple':
      return Array.isArray(given) ? given.filter((item): item is string => typeof item === 'string') : [];
    case 'signature':
    case 'initials': {
      const signature = given as Partial<EsignSignatureValue> | null;
      if (signature && typeof signature === 'object' && (signature.kind === 'drawn' || signature.kind === 'typed'))
        return signature as EsignSignatureValue;
      return null;
    }
    case 'number':
      if (typeof given === 'number') return isAmountField(field) ? given.toFixed(2) : String(given);
      return typeof given === 'string' ? given : '';
    case 'phone':
      return typeof given === 'string' || typeof given === 'number' ? phoneDigitsOf(String(given)).slice(0, 10) : '';
    case 'date':
      return typeof given === 'string' ? formatEsignDate(given, field.preferences?.format) : '';
    default:
      return typeof given === 'string' ? given : given === undefined || given === null ? '' : String(given);
  }
}

/** Every submitted field's starting draft; a signing-date field holds `today` ('YYYY-MM-DD'). */
export function initialDrafts(session: EsignSigningSession, today: string): Drafts {
  const drafts: Drafts = {};
  for (const field of submittedFields(session)) {
    drafts[field.uuid] = isSigningDateField(field)
      ? formatEsignDate(today, field.preferences?.format)
      : draftOf(field, session.values[field.uuid]);
  }
  return drafts;
}

/**
 * The value a draft stands for, as esignValueError reads it: a date typed in its format becomes
 * 'YYYY-MM-DD' (text that is not a date stays as typed, so that it is refused), an amount loses '$'
 * and ',', a phone its mask.
 */
export function valueOfDraft(field: EsignField, draft: Draft): unknown {
  if (typeof draft !== 'string') return draft;
  switch (field.type) {
    case 'date':
      return draft.trim() === '' ? '' : (parseEsignDate(draft, field.preferences?.format) ?? draft);
    case 'number':
      return (isAmountField(field) ? draft.replace(/[$,\s]/g, '') : draft).trim();
    case 'phone':
      return phoneDigitsOf(draft);
    default:
      return draft;
  }
}

/** The message for a draft (spec 002 section 5), or null when it is acceptable. */
export const draftError = (field: EsignField, draft: Draft): string | null => esignValueError(field, valueOfDraft(field, draft));

export const isDraftEmpty = (field: EsignField, draft: Draft) =>
  isEsignValueEmpty(valueOfDraft(field, draft)) || (field.type === 'checkbox' && draft === false);

/** The value as stored (numbers as floats, phones unmasked, dates 'YYYY-MM-DD'). */
export const storedValueOf = (field: EsignField, draft: Draft): unknown => normaliseEsignValue(field, valueOfDraft(field, draft));

/** Finish's `values`: every submitted field's stored value (null or false when left empty). */
export function submissionValues(session: EsignSigningSession, drafts: Drafts): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of submittedFields(session)) values[field.uuid] = storedValueOf(field, drafts[field.uuid] ?? null);
  return values;
}

/** The messages of the fields the signer fills in, by uuid (valid ones left out). */
export function draftErrors(fields: readonly EsignField[], drafts: Drafts): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = draftError(field, drafts[field.uuid] ?? null);
    if (error) errors[field.uuid] = error;
  }
  return errors;
}

/** Fields in reading order: by the page of their first area, then top to bottom, then left to right. */
export function inReadingOrder(fields: readonly EsignField[]): EsignField[] {
  const key = (field: EsignField) => field.areas[0] ?? { page: Number.MAX_SAFE_INTEGER, x: 0, y: 0 };
  return [...fields].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka.page !== kb.page) return ka.page - kb.page;
    // Fields on one line (tops within a hair of each other) read left to right.
    if (Math.abs(ka.y - kb.y) > 0.005) return ka.y - kb.y;
    return ka.x - kb.x;
  });
}

/**
 * Where Next field goes from `fromUuid` (or from the start): the next empty required field in reading
 * order, going round; once none is left, the next invalid one; null when every field is acceptable.
 */
export function nextGuideField(ordered: readonly EsignField[], drafts: Drafts, fromUuid: string | null): EsignField | null {
  const start = fromUuid === null ? -1 : ordered.findIndex((field) => field.uuid === fromUuid);
  const after = (wanted: (field: EsignField) => boolean) => {
    for (let step = 1; step <= ordered.length; step += 1) {
      const field = ordered[(start + step + ordered.length) % ordered.length];
      if (wanted(field)) return field;
    }
    return null;
  };
  return (
    after((field) => field.required && isDraftEmpty(field, drafts[field.uuid] ?? null)) ??
    after((field) => draftError(field, drafts[field.uuid] ?? null) !== null)
  );
}

/**
 * The progress count: required fields with an acceptable value of all required fields; a signer with
 * only optional fields counts the filled ones of all of them.
 */
export function progressOf(fields: readonly EsignField[], drafts: Drafts): { done: number; total: number } {
  const required = fields.filter((field) => field.required);
  const counted = required.length > 0 ? required : fields;
  const done = counted.filter((field) => {
    const draft = drafts[field.uuid] ?? null;
    return !isDraftEmpty(field, draft) && draftError(field, draft) === null;
  }).length;
  return { done, total: counted.length };
}

/** How a value shows on the page (read-only, or a mirror of the signer's own input). */
export type ValueDisplay =
  { kind: 'text'; text: string } | { kind: 'check' } | { kind: 'signature'; value: EsignSignatureValue } | { kind: 'strike' };

/** A stored value as the page shows it, or null for nothing to show. */
export function displayOf(field: EsignField, value: unknown): ValueDisplay | null {
  if (field.type === 'strikethrough') return { kind: 'strike' };
  if (value === null || value === undefined || value === ESIGN_DATE_PLACEHOLDER) return null;
  switch (field.type) {
    case 'checkbox':
      return value === true || value === 'true' ? { kind: 'check' } : null;
    case 'signature':
    case 'initials': {
      const signature = draftOf(field, value) as EsignSignatureValue | null;
      return signature ? { kind: 'signature', value: signature } : null;
    }
    case 'multiple':
      return Array.isArray(value) && value.length > 0 ? { kind: 'text', text: value.map(String).join(', ') } : null;
    case 'number': {
      const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
      if (String(value).trim() === '' || !Number.isFinite(number))
        return String(value).trim() === '' ? null : { kind: 'text', text: String(value) };
      return { kind: 'text', text: isAmountField(field) ? formatCurrency(number) : String(number) };
    }
    case 'phone': {
      const text = String(value);
      return text.trim() === '' ? null : { kind: 'text', text: phoneDigitsOf(text).length === 10 ? maskPhone(text) : text };
    }
    case 'date': {
      const text = String(value);
      if (text.trim() === '') return null;
      return { kind: 'text', text: isValidIsoDate(text) ? formatEsignDate(text, field.preferences?.format) : text };
    }
    default: {
      const text = typeof value === 'string' ? value : String(value);
      return text.trim() === '' ? null : { kind: 'text', text };
    }
  }
}

/** The initials of a name: 'Jane Q. Doe' -> 'JQD'. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}]/gu, '').charAt(0))
    .join('')
    .toUpperCase();
