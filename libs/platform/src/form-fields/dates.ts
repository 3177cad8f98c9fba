import { dateFormatMessage } from '@app/contracts';
import { fromUsDate, usDateToIso } from '@app/dates';
import type { UsDateSeparator } from '../validation-rules';
import { formField, UnreadableFieldValue, type FormFieldOptions } from './form-field';

export interface DateFieldOptions {
  /** Which of MM/DD/YYYY ('/') and MM-DD-YYYY ('-') are accepted. Default both. */
  separators?: readonly UsDateSeparator[];
  /** Store the date as 'YYYY-MM-DD' (a Postgres date) instead of as typed. Default false. */
  toIso?: boolean;
}

const FORMAT_NAME: Record<UsDateSeparator, string> = { '/': 'MM/DD/YYYY', '-': 'MM-DD-YYYY' };
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'MM/DD/YYYY' or 'MM-DD-YYYY' (as allowed) -> 'YYYY-MM-DD' when it is a real calendar date; else null. */
export { usDateToIso };

/**
 * A US date (spec 001 sections 5 and 9): MM/DD/YYYY and MM-DD-YYYY, a real calendar date; trimmed,
 * and with `toIso` stored as 'YYYY-MM-DD'. Messages: 'This field is required',
 * 'Please enter a valid date (MM/DD/YYYY or MM-DD-YYYY)' (the formats allowed).
 */
export const IsDateField = (options: FormFieldOptions & DateFieldOptions = {}) => {
  const separators = options.separators ?? ['/', '-'];
  const message = dateFormatMessage(separators.map((s) => FORMAT_NAME[s]));
  return formField({
    name: 'isDateField',
    options,
    invalidMessage: message,
    normalize: (value) => {
      if (typeof value !== 'string') return value;
      if (!options.toIso) return value.trim();
      // Anything but a valid US date is marked unreadable, so an ISO date sent as-is cannot pass as converted.
      return usDateToIso(value, separators) ?? new UnreadableFieldValue(value);
    },
    check: (value) => {
      if (!options.toIso) return usDateToIso(value, separators) ? null : message;
      const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
      return match && fromUsDate(`${match[2]}/${match[3]}/${match[1]}`, '/') ? null : message;
    },
    api: {
      type: String,
      example: separators[0] === '-' ? '01-31-2025' : '01/31/2025',
      description: `${separators.map((s) => FORMAT_NAME[s]).join(' or ')}${options.toIso ? '; stored as YYYY-MM-DD' : ''}.`,
    },
  });
};
