import {
  AMOUNT_MAX,
  FORM_FIELD_MESSAGES,
  PERCENT_CALCULATOR_MAX_DECIMALS,
  PERCENT_MAX_DECIMALS,
  WHOLE_NUMBER_MAX,
  percentRangeMessage,
  wholeNumberRangeMessage,
} from '@app/contracts';
import { formField, type FormFieldOptions } from './form-field';

/** Digits after the decimal point of a finite number, exponent notation included (1e-8 has 8). */
export function fractionDigits(value: number): number {
  const [mantissa, exponent] = String(Math.abs(value)).split('e');
  const fraction = (mantissa.split('.')[1] ?? '').length;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

/** A plain decimal written as text: optional sign, digits, optional '.' and digits (no ',', no exponent). */
const DECIMAL_TEXT = /^([+-]?)(\d{1,20})(?:\.(\d{1,20}))?$/;

/** A number from a JSON number or its decimal text, when it has at most `maxDecimals` decimals; else null. */
function readDecimal(value: unknown, maxDecimals: number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && fractionDigits(value) <= maxDecimals ? value : null;
  if (typeof value !== 'string') return null;
  const match = DECIMAL_TEXT.exec(value.trim());
  if (!match || (match[3] ?? '').length > maxDecimals) return null;
  return Number(value.trim());
}

// ------------------------------------------------------------------ whole numbers

export interface WholeNumberOptions {
  /** Default 0. */
  min?: number;
  /** Default 2147483647 (a Postgres integer). */
  max?: number;
}

/** An integer from a JSON integer or a string of digits; null for '1.5', '1,000', '1e3', true, ... */
export function parseWholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^[+-]?\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

/**
 * A whole number (spec 001 shared fields): a decimal point or comma is refused, strings of digits
 * become numbers. Messages: 'This field is required', 'Please enter a whole number',
 * 'Please enter a whole number from {min} to {max}'.
 */
export const IsWholeNumberField = (options: FormFieldOptions & WholeNumberOptions = {}) => {
  const min = options.min ?? 0;
  const max = options.max ?? WHOLE_NUMBER_MAX;
  return formField({
    name: 'isWholeNumberField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.wholeNumber,
    normalize: (value) => parseWholeNumber(value) ?? value,
    check: (value) => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) return FORM_FIELD_MESSAGES.wholeNumber;
      return value < min || value > max ? wholeNumberRangeMessage(min, max) : null;
    },
    api: { type: 'integer', minimum: min, maximum: max },
  });
};

// ------------------------------------------------------------------ amounts

export interface AmountOptions {
  /** Allow amounts below 0 (down to -max). Default false. */
  allowNegative?: boolean;
  /** Default 999999999999.99 (numeric(14,2)). */
  max?: number;
}

/**
 * A USD amount with at most 2 decimals from a JSON number or text ('1234.5', '$1,234.50',
 * '-$5'); null otherwise. Range is checked by the decorator.
 */
export function parseAmount(value: unknown): number | null {
  if (typeof value === 'string') {
    const match = /^([+-]?)\$?(\d{1,3}(?:,\d{3})+|\d{1,15})(?:\.(\d{1,2}))?$/.exec(value.trim());
    if (!match) return null;
    const [, sign, whole, cents] = match;
    return Number(`${sign}${whole.replace(/,/g, '')}${cents ? `.${cents}` : ''}`);
  }
  return readDecimal(value, 2);
}

/**
 * An amount in USD (spec 001 section 9, spec 002 section 5): at most 2 decimals, 0 or more unless
 * allowNegative, at most 999,999,999,999.99; becomes a number. Messages: 'This field is required',
 * 'Please enter a valid amount'.
 */
export const IsAmountField = (options: FormFieldOptions & AmountOptions = {}) => {
  const max = options.max ?? AMOUNT_MAX;
  const min = options.allowNegative ? -max : 0;
  return formField({
    name: 'isAmountField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.amount,
    // -0 would be stored as 0 anyway; normalising it keeps responses from showing "-0".
    normalize: (value) => {
      const amount = parseAmount(value);
      return amount === null ? value : amount + 0;
    },
    check: (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || fractionDigits(value) > 2) return FORM_FIELD_MESSAGES.amount;
      return value < min || value > max ? FORM_FIELD_MESSAGES.amount : null;
    },
    api: { type: 'number', minimum: min, maximum: max, example: 1250.5, description: 'USD, at most 2 decimals.' },
  });
};

// ------------------------------------------------------------------ percentages

export interface PercentOptions {
  /** The calculator's inputs allow 8 decimals instead of 4. */
  calculator?: boolean;
  /** Default 0. */
  min?: number;
  /** Default 100. */
  max?: number;
}

/** A percentage from a JSON number or decimal text with at most `maxDecimals` decimals; null otherwise. */
export function parsePercent(value: unknown, maxDecimals: number = PERCENT_MAX_DECIMALS): number | null {
  return readDecimal(value, maxDecimals);
}

/**
 * A percentage (spec 001 section 9): at most 4 decimals (calculator: 8), 0 to 100 by default; becomes
 * a number. Messages: 'This field is required', 'Please enter a valid percentage',
 * 'Please enter a percentage from {min} to {max}'.
 */
export const IsPercentField = (options: FormFieldOptions & PercentOptions = {}) => {
  const decimals = options.calculator ? PERCENT_CALCULATOR_MAX_DECIMALS : PERCENT_MAX_DECIMALS;
  const min = options.min ?? 0;
  const max = options.max ?? 100;
  return formField({
    name: 'isPercentField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.percent,
    normalize: (value) => parsePercent(value, decimals) ?? value,
    check: (value) => {
      if (typeof value !== 'number' || !Number.isFinite(value) || fractionDigits(value) > decimals) return FORM_FIELD_MESSAGES.percent;
      return value < min || value > max ? percentRangeMessage(min, max) : null;
    },
    api: { type: 'number', minimum: min, maximum: max, description: `At most ${decimals} decimals.` },
  });
};
