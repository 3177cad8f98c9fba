import { ADMIN_MESSAGES } from '@app/contracts';
import { IsUsDate, toUsDate } from '@app/platform';
import type { ValidationOptions } from 'class-validator';

// The user form's dates are mm/dd/yyyy (spec 000 sections 5 and 9); Postgres keeps YYYY-MM-DD.
export { fromFormDate } from '@app/platform';

/** 'YYYY-MM-DD' (Postgres date) -> 'MM/DD/YYYY'. */
export function toFormDate(value: string | null): string | null {
  return value ? toUsDate(value, '/') : null;
}

/** A timestamp as MM/DD/YYYY in a time zone (the CSV's dates). */
export function formatDateIn(value: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(value);
}

/** A date of the user form, MM/DD/YYYY ('Invalid date'). */
export function IsFormDate(options?: ValidationOptions) {
  return IsUsDate('/', { message: ADMIN_MESSAGES.invalidDate, ...options });
}
