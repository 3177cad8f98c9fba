import { ADMIN_MESSAGES } from '@app/contracts';
import { IsUsDate } from '@app/platform';
import type { ValidationOptions } from 'class-validator';

// The user form's dates are mm/dd/yyyy (spec 000 sections 5 and 9); Postgres keeps YYYY-MM-DD. @app/dates
// reads and writes them (fromSlashedUsDate, toSlashedUsDate; usDateIn for the CSV's days in a zone).

/** A date of the user form, MM/DD/YYYY ('Invalid date'). */
export function IsFormDate(options?: ValidationOptions) {
  return IsUsDate('/', { message: ADMIN_MESSAGES.invalidDate, ...options });
}
