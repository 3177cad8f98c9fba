import {
  AMOUNT_MAX,
  FORM_FIELD_MESSAGES,
  PERCENT_CALCULATOR_MAX_DECIMALS,
  PERCENT_MAX_DECIMALS,
  dateFormatMessage,
  type TransactionFieldDefinition,
} from '@app/contracts';
import {
  isFormEmail,
  isMissingValue,
  normalizePhone,
  parseAmount,
  parsePercent,
  parseWholeNumber,
  usDateToIso,
  webLinkProblem,
} from '@app/platform';

/** What a form field's value becomes once checked: the stored value, or the field error. */
export type CheckedValue = { value: string | number | null } | { error: string };

/** Most text a text field keeps. */
export const TEXT_FIELD_MAX_LENGTH = 500;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The calculator's percentage field (up to 8 decimals); other percent fields take 4. */
const CALCULATOR_PERCENT_FIELDS = new Set(['gci_pct']);

/**
 * Checks one value of a form field with the shared form-field rules (spec 001 section 5, the
 * libs/platform functions): dates MM/DD/YYYY stored as 'YYYY-MM-DD', phones as 10 digits, whole numbers
 * refusing '.' and ',', amounts with 2 decimals, percents with 4 (gci_pct 8). Select fields are checked
 * against `choices` (their option values; ids as text for id selects).
 */
export function checkFieldValue(field: TransactionFieldDefinition, raw: unknown, choices?: readonly string[]): CheckedValue {
  if (isMissingValue(raw)) return field.required ? { error: FORM_FIELD_MESSAGES.required } : { value: null };
  switch (field.type) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: FORM_FIELD_MESSAGES.invalidValue };
      const text = String(raw).trim();
      if (text.length > TEXT_FIELD_MAX_LENGTH || LONE_SURROGATE.test(text)) return { error: FORM_FIELD_MESSAGES.invalidValue };
      return { value: text };
    }
    case 'number': {
      const n = parseWholeNumber(raw);
      return n === null || n < 0 || n > 2_147_483_647 ? { error: FORM_FIELD_MESSAGES.wholeNumber } : { value: n };
    }
    case 'amount': {
      const n = parseAmount(raw);
      return n === null || n < 0 || n > AMOUNT_MAX ? { error: FORM_FIELD_MESSAGES.amount } : { value: n };
    }
    case 'percent': {
      const n = parsePercent(raw, CALCULATOR_PERCENT_FIELDS.has(field.field_key) ? PERCENT_CALCULATOR_MAX_DECIMALS : PERCENT_MAX_DECIMALS);
      return n === null || n < 0 || n > 100 ? { error: FORM_FIELD_MESSAGES.percent } : { value: n };
    }
    case 'date': {
      const iso = usDateToIso(raw, ['/']);
      return iso ? { value: iso } : { error: dateFormatMessage(['MM/DD/YYYY']) };
    }
    case 'phone': {
      const digits = normalizePhone(raw);
      return digits ? { value: digits } : { error: FORM_FIELD_MESSAGES.invalidPhone };
    }
    case 'email': {
      const email = typeof raw === 'string' ? raw.trim() : raw;
      return isFormEmail(email) ? { value: email } : { error: FORM_FIELD_MESSAGES.invalidEmail };
    }
    case 'link': {
      const link = typeof raw === 'string' ? raw.trim() : raw;
      const problem = webLinkProblem(link);
      return problem ? { error: problem } : { value: link as string };
    }
    case 'yn':
      return raw === 'Y' || raw === 'N' ? { value: raw } : { error: FORM_FIELD_MESSAGES.invalidValue };
    case 'select': {
      const value = typeof raw === 'number' ? String(raw) : raw;
      if (typeof value !== 'string') return { error: FORM_FIELD_MESSAGES.invalidValue };
      const options = choices ?? field.options;
      return options.includes(value)
        ? { value: /^\d+$/.test(value) && choices ? Number(value) : value }
        : { error: FORM_FIELD_MESSAGES.invalidValue };
    }
  }
}
