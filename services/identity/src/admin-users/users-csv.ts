import type { AdminUserRow } from '@app/contracts';
import { normalizePhone } from '@app/platform';
import { USER_TABLE_COLS } from './admin-user.mapper';
import { formatDateIn } from './form-date';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV field: formula starts neutralised with a leading ', then quoted per RFC 4180 when needed. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The table's columns without the image, as the CSV carries them. */
export const CSV_COLUMNS = USER_TABLE_COLS.filter((col) => col.field !== 'profile_image_path');

export function csvHeader(): string {
  return csvLine(CSV_COLUMNS.map((col) => col.header));
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A US number as (999) 999-9999, as the console shows it; anything else (an old, odd value) as stored. */
export function csvPhone(value: string | null): string {
  if (!value) return '';
  const digits = normalizePhone(value);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value;
}

/** A table row as CSV: dates MM/DD/YYYY in the given time zone, booleans Yes/No, phones (999) 999-9999. */
export function csvRow(row: AdminUserRow, timeZone: string): string {
  const cell: Record<string, string> = {
    agent_full_name: row.agent_full_name,
    mobile_phone: csvPhone(row.mobile_phone),
    created_ts: formatDateIn(new Date(row.created_ts), timeZone),
    last_access_ts: row.last_access_ts ? formatDateIn(new Date(row.last_access_ts), timeZone) : '',
    status: row.status,
    excluded: yesNo(row.excluded),
    download: yesNo(row.download),
    client_count: String(row.client_count),
  };
  return csvLine(CSV_COLUMNS.map((col) => cell[col.field]));
}
