import { ACCOUNT_MESSAGES } from '@app/contracts';
import { ValidateBy, type ValidationOptions } from 'class-validator';

// The spec forbids these characters in profile text fields.
export const SAFE_TEXT = /^[^<>*!(){}]*$/;
export const SAFE_TEXT_MESSAGE = { message: ACCOUNT_MESSAGES.forbiddenCharacters };

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

/** A date in the spec's MM-DD-YYYY wire format. */
export function IsWireDate(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isWireDate',
      validator: { validate: (value) => typeof value === 'string' && fromWireDate(value) !== null },
    },
    { message: 'Use the date format MM-DD-YYYY', ...options },
  );
}

/** An IANA time zone name (America/New_York). */
export function IsTimeZone(options?: ValidationOptions) {
  return ValidateBy(
    {
      name: 'isTimeZone',
      validator: {
        validate: (value) => {
          if (typeof value !== 'string' || !value) return false;
          try {
            new Intl.DateTimeFormat('en-US', { timeZone: value });
            return true;
          } catch {
            return false;
          }
        },
      },
    },
    { message: 'Unknown time zone', ...options },
  );
}

export const PERCENT_MESSAGE = { message: 'Enter a percent from 0 to 100 with at most 2 decimals' };
export const AMOUNT_MESSAGE = { message: 'Enter an amount of 0 or more with at most 2 decimals' };
