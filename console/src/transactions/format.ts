import { formatPhone, type CustomFieldType, type FieldValue, type TransactionColumn, type TransactionRow } from '@app/contracts';
import { TRANSACTION_LIST_LABELS as L } from './messages';

// How the Transactions table's cells read (spec 001 sections 3 and 9). Pure: the table and the tests
// share it. The formatters are built once: a hundred rows of a dozen columns format fast.

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });
const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 8 });

function numberOf(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(/[$,%\s]/g, '');
  if (!text || !/^-?\d*\.?\d+$/.test(text)) return null;
  return Number(text);
}

/** A form field's value as its type reads: amount USD en-US, percent with '%', yn Yes/No, date as given. */
export function formatFieldValue(type: CustomFieldType | undefined, value: FieldValue['value'] | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'amount': {
      const amount = numberOf(value);
      return amount === null ? String(value) : usd.format(amount);
    }
    case 'percent': {
      const amount = numberOf(value);
      return amount === null ? String(value) : `${percent.format(amount)}%`;
    }
    case 'number': {
      const amount = numberOf(value);
      return amount === null ? String(value) : plainNumber.format(amount);
    }
    case 'yn': {
      const text = String(value).trim().toUpperCase();
      if (text === 'Y' || text === 'YES' || text === 'TRUE' || text === '1') return L.yes;
      if (text === 'N' || text === 'NO' || text === 'FALSE' || text === '0') return L.no;
      return String(value);
    }
    case 'phone':
      return formatPhone(value);
    // date: 'MM/DD/YYYY' as stored; text, select, email, link: as they are.
    default:
      return String(value);
  }
}

/** The text of a value column (kind 'value'): the row's values[field]. */
export function valueCellText(col: Pick<TransactionColumn, 'field' | 'type'>, row: Pick<TransactionRow, 'values'>): string {
  return formatFieldValue(col.type, row.values?.[col.field]?.value);
}

/** The Tasks column: 'completed/total'. */
export function taskCountText(row: Pick<TransactionRow, 'completed_task_count' | 'total_task_count'>): string {
  return `${row.completed_task_count ?? 0}/${row.total_task_count ?? 0}`;
}

const createdFormats = new Map<string, Intl.DateTimeFormat>();

function createdFormat(locale: string | undefined, timeZone: string | null | undefined): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone ?? ''}`;
  let format = createdFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? undefined });
    } catch {
      // An unknown zone or locale: the browser's own.
      format = new Intl.DateTimeFormat(undefined, options);
    }
    createdFormats.set(key, format);
  }
  return format;
}

/**
 * The Created column: the date in the user's locale (the browser's language; 'Mar 5, 2024' in en-US,
 * '5 Mar 2024' in en-GB), in the user's time zone when known; '' for none, the text for a non-date.
 */
export function formatCreated(value: string | null | undefined, locale?: string, timeZone?: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return createdFormat(locale, timeZone).format(date);
}
