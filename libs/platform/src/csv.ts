import { Readable, pipeline } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/** A spreadsheet runs a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell of a CSV record: text (guarded), a number, or nothing (an empty cell). */
export type CsvCell = string | number | null | undefined;

/** A text cell that starts with = + - @ (or a tab or carriage return) gets a leading ' so that no spreadsheet runs it. */
export function csvSafe(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * The product's one way to write CSV (csv-stringify): RFC 4180 quoting, CRLF records, line breaks
 * inside a cell quoted, and the formula guard on every text cell.
 */
export const CSV_OPTIONS: Options = {
  record_delimiter: '\r\n',
  quoted_match: /[\r\n]/,
  cast: { string: csvSafe },
};

/** One CSV record (CRLF-terminated), for small, in-memory writes. */
export function csvLine(values: readonly CsvCell[]): string {
  return stringifySync([values.map((value) => value ?? null)], CSV_OPTIONS);
}

/**
 * A CSV stream: the header record, then every record the source yields (read as the client reads:
 * the source is pulled, never loaded whole). Destroying the stream (the client went away) returns the
 * source generator, so its `finally` releases what it holds.
 */
export function csvStream(header: readonly string[], records: AsyncIterable<readonly CsvCell[]>): Readable {
  async function* all() {
    yield header;
    for await (const record of records) yield record.map((value) => value ?? null);
  }
  return pipeline(Readable.from(all()), stringify(CSV_OPTIONS), () => undefined);
}
