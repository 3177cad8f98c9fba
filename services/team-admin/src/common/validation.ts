import { ACCOUNT_MESSAGES, ADMIN_MESSAGES } from '@app/contracts';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';

// The spec forbids these characters in text fields (same rule as identity's profile; services share no code).
export const SAFE_TEXT = /^[^<>*!(){}]*$/;
export const SAFE_TEXT_MESSAGE = { message: ACCOUNT_MESSAGES.forbiddenCharacters };
export const REQUIRED = { message: ADMIN_MESSAGES.required };

const WIRE_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

/** 'MM-DD-YYYY' -> 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function fromWireDate(value: string): string | null {
  const match = WIRE_DATE.exec(value);
  if (!match) return null;
  const [, mm, dd, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** 'YYYY-MM-DD' (Postgres date as text) -> 'MM-DD-YYYY'. */
export function toWireDate(isoDate: string): string {
  const [yyyy, mm, dd] = isoDate.split('-');
  return `${mm}-${dd}-${yyyy}`;
}

let zones: Set<string> | undefined;

/** IANA zone names this runtime knows, plus 'UTC' (which supportedValuesOf leaves out). */
export function isKnownTimeZone(value: unknown): value is string {
  zones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return typeof value === 'string' && zones.has(value);
}

/** An IANA time zone name (America/New_York). */
export function IsTimeZone(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isTimeZone', validator: { validate: (value) => isKnownTimeZone(value) } },
    { message: ADMIN_MESSAGES.invalidTimezone, ...options },
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
export const EmptyAsUndefined = () => Transform(({ value, obj, key }) => ((obj as Record<string, unknown>)[key] === '' ? undefined : value));
/** '' in a nullable body field means null. */
export const EmptyAsNull = () => Transform(({ value, obj, key }) => ((obj as Record<string, unknown>)[key] === '' ? null : value));
