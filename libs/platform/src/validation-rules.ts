import { ACCOUNT_MESSAGES, SYSTEM_FOLDER_IDS, type UsDateSeparator } from '@app/contracts';
import { fromUsDate } from '@app/dates';
import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IsInt, Max, Min, NotEquals, ValidateBy, type ValidationOptions } from 'class-validator';

/** Rules every service's DTOs share (spec 000 section 5 and the wire formats of ARCHITECTURE.md section 3). */

// The spec forbids these characters in free-text fields.
export const SAFE_TEXT = /^[^<>*!(){}]*$/;
export const SAFE_TEXT_MESSAGE = { message: ACCOUNT_MESSAGES.forbiddenCharacters };

/** The spec writes dates US-style with '-' (MM-DD-YYYY: caps, blackout days) or '/' (mm/dd/yyyy: the user form). */
export type { UsDateSeparator };

// The days themselves are read and written by @app/dates (date-fns); the validators below use it.
export { fromDashedUsDate, fromSlashedUsDate, fromUsDate, isoToUsDate, toDashedUsDate, toSlashedUsDate } from '@app/dates';

/** A date in the spec's US format with the given separator. */
export function IsUsDate(separator: UsDateSeparator, options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isUsDate',
      validator: { validate: (value) => typeof value === 'string' && fromUsDate(value, separator) !== null },
    },
    { message: `Use the date format ${separator === '-' ? 'MM-DD-YYYY' : 'MM/DD/YYYY'}`, ...options },
  );
}

let zones: Set<string> | undefined;

/** IANA zone names this runtime knows, plus 'UTC' (which supportedValuesOf leaves out). */
export function isKnownTimeZone(value: unknown): value is string {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return typeof value === 'string' && zones.has(value);
}

/** An IANA time zone name (America/New_York), as the console's time zone lists offer them. */
export function IsTimeZone(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isTimeZone', validator: { validate: (value) => isKnownTimeZone(value) } },
    { message: ACCOUNT_MESSAGES.unknownTimeZone, ...options },
  );
}

/** Trims strings, so that '   ' is as missing as ''. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Query booleans: 'true'/'1' and 'false'/'0'; anything else stays as sent (and fails IsBoolean). */
export const QueryBoolean = () =>
  Transform(({ obj, key }) => {
    const raw = (obj as Record<string, unknown>)[key];
    if (raw === 'true' || raw === '1' || raw === true) return true;
    if (raw === 'false' || raw === '0' || raw === false || raw === '') return false;
    return raw;
  });

// The raw value is read (obj[key]): @Type(() => Number) has already turned '' into 0 by now.
/** '' in a query means "not given". */
export const EmptyAsUndefined = () =>
  Transform(({ value, obj, key }) => ((obj as Record<string, unknown>)[key] === '' ? undefined : value));
/** '' in a nullable body field means null. */
export const EmptyAsNull = () => Transform(({ value, obj, key }) => ((obj as Record<string, unknown>)[key] === '' ? null : value));

/** Largest value of a Postgres integer: ids beyond it cannot exist, and must not reach SQL (a 500). */
export const MAX_DATABASE_ID = 2_147_483_647;
/** Pages beyond this are refused rather than turned into an absurd OFFSET. */
export const MAX_PAGE = 1_000_000;

const ID_MESSAGE = { message: 'Must be an id (a whole number from 1)' };

/**
 * An id of a row (serial/integer column) in a JSON body: a JSON integer from 1 to MAX_DATABASE_ID, taken as
 * sent. A boolean or a string ('14', '0xe', ' 14 ') is refused: never pair it with @Type(() => Number),
 * which would turn `true` into 1 and '0xe' into 14. Query strings and path params use IsQueryId.
 */
export const IsDatabaseId = (options?: ValidationOptions) =>
  applyDecorators(
    IsInt({ ...ID_MESSAGE, ...options }),
    Min(1, { ...ID_MESSAGE, ...options }),
    Max(MAX_DATABASE_ID, { ...ID_MESSAGE, ...options }),
  );

/** Whole-number text as a query string or path writes it: optional '-', digits only (no spaces, hex, exponent or sign '+'). */
const INTEGER_TEXT = /^-?[0-9]{1,10}$/;

/**
 * A query-string or path integer read from its text strictly: '14' becomes 14; '0xe', '14e0', ' 14 ', '1.0'
 * stay as sent (and fail the validator). Reads the raw parameter, so an earlier coercion cannot slip through;
 * a value an earlier transform made undefined ('' as "not given") stays undefined.
 */
export const QueryInteger = () =>
  Transform(({ value, obj, key }) => {
    if (value === undefined || value === null) return value;
    const raw = (obj as Record<string, unknown>)[key];
    return typeof raw === 'string' && INTEGER_TEXT.test(raw) ? Number(raw) : raw;
  });

/**
 * A query string's number for @Transform: an empty parameter means the default (undefined); digits as
 * written become a number; anything else (' 14 ', '0xe', '14e0', '+14', '1.5') stays raw, so the
 * validator names it.
 */
export const numberOrRaw = ({ value }: { value: unknown }) => {
  if (value === '' || value === undefined) return undefined;
  // Any number of digits: a page past the range then reads as too large ('Must be at most ...'), not as text.
  if (typeof value !== 'string' || !/^-?[0-9]+$/.test(value)) return value;
  return Number(value);
};

/** An id in a query string or path: digits only, then the same range as IsDatabaseId. */
export const IsQueryId = (options?: ValidationOptions) => applyDecorators(QueryInteger(), IsDatabaseId(options));

const FOLDER_ID_MESSAGE = { message: 'Must be a folder id' };
const LOWEST_FOLDER_ID = Math.min(...SYSTEM_FOLDER_IDS);

/**
 * A document folder id: a row id (1..MAX_DATABASE_ID) or a system folder (-1 General, -2 Signed Documents).
 * Anything else, 0 included, is not an id. Strict like IsDatabaseId; with QueryInteger in a query string.
 */
export const IsFolderId = (options?: ValidationOptions) => {
  const message = { ...FOLDER_ID_MESSAGE, ...options };
  return applyDecorators(IsInt(message), Min(LOWEST_FOLDER_ID, message), Max(MAX_DATABASE_ID, message), NotEquals(0, message));
};

/** A 1-based page number, at most MAX_PAGE. */
export const IsPageNumber = () =>
  applyDecorators(
    IsInt({ message: 'Must be a whole number from 1' }),
    Min(1, { message: 'Must be a whole number from 1' }),
    Max(MAX_PAGE, { message: `Must be at most ${MAX_PAGE}` }),
  );
