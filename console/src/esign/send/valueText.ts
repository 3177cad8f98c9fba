import {
  ESIGN_DATE_PLACEHOLDER,
  ESIGN_SEND_FIELD_TYPES,
  type EsignField,
  type EsignSendField,
  type EsignTemplateSchema,
  formatEsignDate,
  parseEsignDate,
} from '@app/contracts';
import { formatCurrency, isCurrencyDraft, maskPhone, parseCurrency, phoneDigitsOrNull } from '../../shared/form-fields/rules';
import { isPhoneField, valueFromText, valueToText } from './formModel';

// How a value is typed and shown (spec 002 section 5), one rule per kind of field for step 1's controls and
// step 2's Fill Out: phones masked (999) 999-9999, amounts in USD, other numbers with 0 to 2 decimals, dates
// in the field's format. The value itself stays as stored (digits, a float, 'YYYY-MM-DD').

type ValueField = Pick<EsignSendField, 'fieldType' | 'platform_type' | 'preferences'>;

export interface ValueText<V = unknown> {
  /** Whether a typed text may stand (a refused keystroke leaves the text as it was). */
  accepts: (text: string) => boolean;
  /** The value a typed text means. */
  parse: (text: string) => V;
  /** The text shown for a value. */
  display: (value: unknown) => string;
  /** Numbers and dates show the text as typed while their input has focus; phones are masked at once. */
  keepsDraft: boolean;
}

const NUMBER_DRAFT = /^-?\d*(\.\d{0,2})?$/;
const parseNumberText = (text: string): number | null =>
  text === '' || text === '-' || text === '.' || text === '-.' ? null : parseFloat(text);
const numberOrText = (value: unknown, format: (value: number) => string) =>
  typeof value === 'number' && Number.isFinite(value) ? format(value) : value === null || value === undefined ? '' : String(value);

/** A number with 0 to 2 decimals (not an amount). */
export const NUMBER_TEXT: ValueText<number | null> = {
  accepts: (text) => NUMBER_DRAFT.test(text.trim()),
  parse: (text) => parseNumberText(text.trim()),
  display: (value) => numberOrText(value, String),
  keepsDraft: true,
};

/** An amount in USD: '$1,234.50' shown, '$' and ',' ignored while typing, at most 2 decimals (the shared currency input's rules). */
export const AMOUNT_TEXT: ValueText<number | null> = {
  accepts: isCurrencyDraft,
  parse: parseCurrency,
  display: (value) => numberOrText(value, formatCurrency),
  keepsDraft: true,
};

/** A US phone: masked as typed, its digits stored (the shared phone input's rules). */
export const PHONE_TEXT: ValueText<string | null> = {
  accepts: () => true,
  parse: phoneDigitsOrNull,
  display: maskPhone,
  keepsDraft: false,
};

/** A date typed and shown in the field's format; the value 'YYYY-MM-DD' once the text is a date, the text itself until then. */
export function dateText(format: string | null | undefined): ValueText {
  return {
    accepts: () => true,
    parse: (text) => (text.trim() === '' ? null : (parseEsignDate(text, format) ?? text)),
    display: (value) => (typeof value === 'string' ? formatEsignDate(value, format) : ''),
    keepsDraft: true,
  };
}

/** The typing and display rule of a field, or null for fields whose text is their value (text, select, ...). */
export function valueTextOf(field: ValueField): ValueText | null {
  if (isPhoneField(field)) return PHONE_TEXT;
  if (field.fieldType === 'number') return field.platform_type === 'amount' ? AMOUNT_TEXT : NUMBER_TEXT;
  if (field.fieldType === 'date') return dateText(field.preferences?.format);
  return null;
}

/** A template field seen as a send field (type, entry type, format), for the rules above; null for one that takes no value (a signature). */
function valueFieldOf(field: EsignField): ValueField | null {
  const fieldType = ESIGN_SEND_FIELD_TYPES.find((type) => type === field.type);
  return fieldType ? { fieldType, platform_type: field.platform_type, preferences: { format: field.preferences.format } } : null;
}

/**
 * What Fill Out shows on the page for a field's default_value (the stored text): as step 1 shows the value.
 * The signing-date placeholder and fields without a rule come back as they are.
 */
export function fillOutTextOf(field: EsignField): string | null {
  const text = field.default_value;
  const shape = valueFieldOf(field);
  const rule = shape && valueTextOf(shape);
  if (!shape || !rule || text === null || text === ESIGN_DATE_PLACEHOLDER) return text;
  return rule.display(valueFromText(shape, text)) || null;
}

/** A text typed in Fill Out: refused (the text stays as it was), or the default_value to store and the draft to show while typing. */
export type FillOutEdit = { refused: true } | { refused: false; stored: string | null; draft: string | null };

export function fillOutEditOf(field: EsignField, typed: string | null): FillOutEdit {
  const shape = valueFieldOf(field);
  const rule = shape && valueTextOf(shape);
  if (!shape || !rule) return { refused: false, stored: typed, draft: null };
  const text = typed ?? '';
  if (!rule.accepts(text)) return { refused: true };
  return { refused: false, stored: valueToText(shape, rule.parse(text)), draft: rule.keepsDraft ? text : null };
}

/** The schema as Fill Out shows it: each value as step 1 shows it, or the text being typed (drafts by field uuid). */
export function fillOutSchemaOf(schema: EsignTemplateSchema, drafts: Readonly<Record<string, string>>): EsignTemplateSchema {
  let changed = false;
  const fields = schema.fields.map((field) => {
    const draft = drafts[field.uuid];
    const text = draft === undefined ? fillOutTextOf(field) : draft || null;
    if (text === field.default_value) return field;
    changed = true;
    return { ...field, default_value: text };
  });
  return changed ? { ...schema, fields } : schema;
}
