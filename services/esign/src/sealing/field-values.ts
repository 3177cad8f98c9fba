import { formatEsignDate, formatPhone, type EsignField, type EsignSignatureValue } from '@app/contracts';

// How a signer's value prints on the sealed PDF (spec section 5: USD amounts, the phone mask
// (999) 999-9999, dates in MM/DD/YYYY tokens, multiple values as arrays, checkbox booleans).

/** What to draw in each area of a field. */
export type FieldMark =
  | { kind: 'text'; text: string }
  | { kind: 'check' }
  | { kind: 'strike' }
  | { kind: 'signature-image'; image: Uint8Array; format: 'png' | 'jpg' }
  | { kind: 'signature-text'; text: string };

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 1234.5 or '1,234.5' -> '$1,234.50'; anything that is not a number prints as it was entered. */
export function formatAmount(value: unknown): string {
  const number = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(number) && String(value).trim() !== '' ? usd.format(number) : String(value).trim();
}

/** An ISO date ('2024-03-07', a time part is ignored) in the field's format (the e-sign date rules of contracts). */
export function formatDate(value: unknown, format: string | null | undefined): string {
  const iso = value instanceof Date ? value.toISOString() : String(value).trim();
  const match = /^(\d{4}-\d{2}-\d{2})(?:$|T)/.exec(iso);
  // Not an ISO date: print what was entered rather than lose it.
  return match ? formatEsignDate(match[1], format) : iso;
}

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

// Single-line fields: a pasted newline or tab must not push text out of the area.
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function plainText(field: EsignField, value: unknown): string {
  if (field.platform_type === 'amount') return formatAmount(value);
  if (field.type === 'phone' || field.platform_type === 'phone') return formatPhone(value);
  if (Array.isArray(value)) return value.map((item) => String(item)).join(', ');
  return String(value);
}

const DATA_URL = /^data:image\/(png|jpe?g);base64,(.*)$/is;

function signatureMark(field: EsignField, value: unknown): FieldMark | null {
  const signature: EsignSignatureValue | null =
    typeof value === 'string'
      ? DATA_URL.test(value.trim())
        ? { kind: 'drawn', image: value.trim() }
        : { kind: 'typed', text: value }
      : (value as EsignSignatureValue);
  if (signature?.kind === 'typed') {
    const text = oneLine(String(signature.text ?? ''));
    return text ? { kind: 'signature-text', text } : null;
  }
  if (signature?.kind === 'drawn') {
    const match = DATA_URL.exec(String(signature.image ?? '').trim());
    if (!match) throw new Error(`${field.name}: the drawn ${field.type} is not a PNG or JPEG data URL`);
    return { kind: 'signature-image', image: Buffer.from(match[2], 'base64'), format: match[1].toLowerCase() === 'png' ? 'png' : 'jpg' };
  }
  throw new Error(`${field.name}: a ${field.type} must be drawn or typed`);
}

/** The mark a field's value leaves in each of its areas, or null for nothing (empty values, an unticked checkbox). */
export function fieldMark(field: EsignField, value: unknown): FieldMark | null {
  // A strikethrough crosses out whatever lies under it; it has no value of its own.
  if (field.type === 'strikethrough') return { kind: 'strike' };
  if (isEmpty(value)) return null;
  switch (field.type) {
    case 'checkbox':
      return value === true || value === 'true' ? { kind: 'check' } : null;
    case 'signature':
    case 'initials':
      return signatureMark(field, value);
    case 'date': {
      const text = oneLine(formatDate(value, field.preferences?.format));
      return text ? { kind: 'text', text } : null;
    }
    default: {
      const text = oneLine(plainText(field, value));
      return text ? { kind: 'text', text } : null;
    }
  }
}
