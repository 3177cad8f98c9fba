import { ESIGN_DEFAULT_DATE_FORMAT, isValidIsoDate } from '@app/contracts';

// Date fields (spec 002 section 5): the value is 'YYYY-MM-DD'; the signer sees and types it in the
// field's format, written in MM/DD/YYYY tokens (YYYY, YY, MMMM, MMM, MM, M, DD, D), default MM/DD/YYYY.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TOKEN = /YYYY|YY|MMMM|MMM|MM|M|DD|D/g;
const HAS_TOKEN = /YYYY|YY|MMMM|MMM|MM|M|DD|D/;

type Part = { token: string } | { literal: string };

function partsOf(format: string): Part[] {
  const parts: Part[] = [];
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    if (match.index > last) parts.push({ literal: format.slice(last, match.index) });
    parts.push({ token: match[0] });
    last = match.index + match[0].length;
  }
  if (last < format.length) parts.push({ literal: format.slice(last) });
  return parts;
}

/** The field's format, or the default one. */
export const dateFormatOf = (format: string | null | undefined): string => (format && HAS_TOKEN.test(format) ? format : ESIGN_DEFAULT_DATE_FORMAT);

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** '2025-03-07' in 'MMMM D, YYYY' -> 'March 7, 2025'; anything that is not an ISO date comes back as it is. */
export function formatIsoDate(iso: string, format?: string | null): string {
  if (!isValidIsoDate(iso)) return iso;
  const [year, month, day] = iso.split('-').map(Number);
  return partsOf(dateFormatOf(format))
    .map((part) => {
      if ('literal' in part) return part.literal;
      switch (part.token) {
        case 'YYYY':
          return pad(year, 4);
        case 'YY':
          return pad(year % 100);
        case 'MMMM':
          return MONTHS[month - 1];
        case 'MMM':
          return MONTHS[month - 1].slice(0, 3);
        case 'MM':
          return pad(month);
        case 'M':
          return String(month);
        case 'DD':
          return pad(day);
        default:
          return String(day);
      }
    })
    .join('');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A month's name or its first three letters (any case) -> 1..12, else null. */
function monthOfName(name: string): number | null {
  const wanted = name.toLowerCase();
  const index = MONTHS.findIndex((month) => month.toLowerCase() === wanted || (wanted.length >= 3 && month.toLowerCase().slice(0, 3) === wanted));
  return index < 0 ? null : index + 1;
}

/**
 * Text typed in the field's format -> 'YYYY-MM-DD', or null when it is not a date in that format.
 * Lenient where a person would be: one or two digits for MM and DD, any case and extra spaces.
 */
export function parseDateText(text: string, format?: string | null): string | null {
  const parts = partsOf(dateFormatOf(format));
  const tokens: string[] = [];
  const source = parts
    .map((part) => {
      if ('literal' in part) return part.literal.trim() === '' ? '\\s*' : `\\s*${escape(part.literal.trim())}\\s*`;
      tokens.push(part.token);
      if (part.token === 'YYYY') return '(\\d{4})';
      if (part.token === 'YY') return '(\\d{2})';
      if (part.token === 'MMMM' || part.token === 'MMM') return '([A-Za-z]+)\\.?';
      return '(\\d{1,2})';
    })
    .join('');
  const match = new RegExp(`^\\s*${source}\\s*$`, 'i').exec(text);
  if (!match) return null;
  let year: number | null = null;
  let month: number | null = null;
  let day: number | null = null;
  for (const [index, token] of tokens.entries()) {
    const value = match[index + 1];
    if (token === 'YYYY') year = Number(value);
    else if (token === 'YY') year = 2000 + Number(value);
    else if (token === 'MMMM' || token === 'MMM') month = monthOfName(value);
    else if (token === 'MM' || token === 'M') month = Number(value);
    else day = Number(value);
  }
  if (year === null || month === null || day === null) return null;
  const iso = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** The signer's today as 'YYYY-MM-DD' (their own calendar day: the signing date). */
export function todayIso(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
