// Every word of the shared form fields in one place, so that the spec's messages are easy to check.
// Spec 001 sections 5 and 9 (work area) give the defaults; spec 002 section 5 (e-sign) words some of
// the same rules differently: ESIGN_FIELD_MESSAGES holds those, for the inputs' message props.
import { ESIGN_FIELD_MESSAGES as ESIGN, FORM_FIELD_MESSAGES as SHARED } from '@app/contracts';

/**
 * Spec 001 sections 5 and 9: the default messages of the shared inputs. The words the server says too
 * come from @app/contracts (one place for both sides); the rest are the console's own.
 */
export const FORM_FIELD_MESSAGES = {
  required: SHARED.required,
  invalidEmail: SHARED.invalidEmail,
  urlScheme: SHARED.urlScheme,
  urlHttpsOnly: SHARED.urlHttpsOnly,
  urlFormat: SHARED.urlFormat,
  invalidPhone: SHARED.invalidPhone,
  // The odd spelling is the contract (spec README).
  embeddedImagesNotAllowed: SHARED.embeddedImages,
  // Our own words: the spec names the year range 2000:2030 and the format, not the message.
  invalidDate: 'Please enter a valid date (MM/DD/YYYY)',
  invalidFilterDate: 'Please enter a valid date (MM-DD-YYYY)',
  dateOutOfRange: 'Please enter a date between 2000 and 2030',
  noResults: 'No results found',
  // {0} is the number of selected items.
  itemsSelected: '{0} items selected',
} as const;

/** Spec 002 section 5: the e-sign forms' words for the same rules (pass them to the inputs' message props). */
export const ESIGN_FIELD_MESSAGES = ESIGN;

/** Labels and placeholders of the shared inputs. */
export const FORM_FIELD_LABELS = {
  phonePlaceholder: '(999) 999-9999',
  currencyPlaceholder: '$0.00',
  datePlaceholder: 'mm/dd/yyyy',
  openCalendar: 'Choose date from calendar',
  chooseDate: 'Choose date',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  month: 'Month',
  year: 'Year',
  filterDatePlaceholder: 'mm-dd-yyyy',
  openLink: 'Open link in a new tab',
  datePreset: 'Date range',
  startDate: 'Start date',
  endDate: 'End date',
  previous: 'Previous',
  next: 'Next',
  submit: 'Submit',
} as const;

/** '{0} items selected' with the count in place of {0}. */
export const itemsSelectedText = (count: number): string => FORM_FIELD_MESSAGES.itemsSelected.replace('{0}', String(count));
