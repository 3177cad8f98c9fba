import { formatPhone, type AdminUserRow } from '@app/contracts';
import { csvLine } from '@app/platform';
import { USER_TABLE_COLS } from './admin-user.mapper';
import { usDateIn } from '@app/dates';

/** One CSV field as the product writes it (libs/platform's csv-stringify path, formula guard included), without the record end. */
export function csvField(value: string): string {
  return csvLine([value]).slice(0, -2);
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export { csvLine };

/** The table's columns without the image, as the CSV carries them. */
export const CSV_COLUMNS = USER_TABLE_COLS.filter((col) => col.field !== 'profile_image_path');

export const csvHeaders = (): string[] => CSV_COLUMNS.map((col) => col.header);

export function csvHeader(): string {
  return csvLine(csvHeaders());
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A table row as CSV: dates MM/DD/YYYY in the given time zone, booleans Yes/No, phones (999) 999-9999. */
export function csvRow(row: AdminUserRow, timeZone: string): string {
  return csvLine(csvCells(row, timeZone));
}

/** A table row's CSV cells in column order. */
export function csvCells(row: AdminUserRow, timeZone: string): string[] {
  const cell: Record<string, string> = {
    agent_full_name: row.agent_full_name,
    mobile_phone: formatPhone(row.mobile_phone),
    created_ts: usDateIn(new Date(row.created_ts), timeZone),
    last_access_ts: row.last_access_ts ? usDateIn(new Date(row.last_access_ts), timeZone) : '',
    status: row.status,
    excluded: yesNo(row.excluded),
    download: yesNo(row.download),
    client_count: String(row.client_count),
  };
  return CSV_COLUMNS.map((col) => cell[col.field]);
}
