// Date fields of e-sign (spec 002 section 5), one copy for the send stepper, the signing page and the sealed PDF:
// the value is 'YYYY-MM-DD' (the value rules read it so); people see and type it in the field's format, written
// in MM/DD/YYYY tokens (YYYY, YY, MMMM, MMM, MM, M, DD, D), default MM/DD/YYYY.
import { ESIGN_DEFAULT_DATE_FORMAT } from './esign';
import { isValidIsoDate } from './esign-values';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TOKEN = /YYYY|YY|MMMM|MMM|MM|M|DD|D/g;

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

/** The field's format when it names a day, a month and a year; else MM/DD/YYYY. */
export function esignDateFormatOf(format: string | null | undefined): string {
  if (!format) return ESIGN_DEFAULT_DATE_FORMAT;
  const tokens = partsOf(format).flatMap((part) => ('token' in part ? [part.token[0]] : []));
  return tokens.includes('Y') && tokens.includes('M') && tokens.includes('D') ? format : ESIGN_DEFAULT_DATE_FORMAT;
}

/** The input's placeholder for a format: 'MM/DD/YYYY' -> 'mm/dd/yyyy', month names as 'month'. */
export function esignDatePlaceholderOf(format: string | null | undefined): string {
  return partsOf(esignDateFormatOf(format))
    .map((part) => ('literal' in part ? part.literal : part.token === 'MMMM' || part.token === 'MMM' ? 'month' : part.token.toLowerCase()))
    .join('');
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** '2025-03-07' in 'MMMM D, YYYY' -> 'March 7, 2025'; anything that is not an ISO date comes back as it is. */
export function formatEsignDate(iso: string, format?: string | null): string {
  if (!isValidIsoDate(iso)) return iso;
  const [year, month, day] = iso.split('-').map(Number);
  return partsOf(esignDateFormatOf(format))
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

function monthOfName(name: string): number | null {
  const wanted = name.toLowerCase();
  const index = MONTHS.findIndex(
    (month) => month.toLowerCase() === wanted || (wanted.length >= 3 && month.toLowerCase().slice(0, 3) === wanted),
  );
  return index < 0 ? null : index + 1;
}

/**
 * Text typed in the field's format -> 'YYYY-MM-DD', or null when it is not a date in that format. Lenient
 * where a person is: one or two digits for MM and DD, any case, spaces around separators.
 */
export function parseEsignDate(text: string, format?: string | null): string | null {
  const tokens: string[] = [];
  const source = partsOf(esignDateFormatOf(format))
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

/** Today as 'YYYY-MM-DD' in the local calendar of whoever runs it (a signer's signing date). */
export function todayIsoDate(now: Date = new Date()): string {
  return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
