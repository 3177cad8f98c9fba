import { ADMIN_MESSAGES } from '@app/contracts';
import { ValidateBy, type ValidationOptions } from 'class-validator';

// The user form's dates are mm/dd/yyyy (spec 000 sections 5 and 9); Postgres keeps YYYY-MM-DD.
const FORM_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** 'MM/DD/YYYY' -> 'YYYY-MM-DD', or null when it is not a real calendar date. */
export function fromFormDate(value: string): string | null {
  const match = FORM_DATE.exec(value);
  if (!match) return null;
  const [, mm, dd, yyyy] = match;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

/** 'YYYY-MM-DD' (Postgres date) -> 'MM/DD/YYYY'. */
export function toFormDate(value: string | null): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-');
  return `${m}/${d}/${y}`;
}

/** A timestamp as MM/DD/YYYY in a time zone (the CSV's dates). */
export function formatDateIn(value: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(value);
}

/** A date of the user form, MM/DD/YYYY ('Invalid date'). */
export function IsFormDate(options?: ValidationOptions) {
  return ValidateBy(
    { name: 'isFormDate', validator: { validate: (value) => typeof value === 'string' && fromFormDate(value) !== null } },
    { message: ADMIN_MESSAGES.invalidDate, ...options },
  );
}
