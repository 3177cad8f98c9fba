import { parseUsDate, type UsDateSeparator } from '@app/contracts';
import type { Validator } from 'react-admin';
import { FORM_FIELD_MESSAGES as M, itemsSelectedText } from './messages';

// The rules of the shared form fields (spec 001 sections 4, 5 and 9), as plain functions: the inputs
// stay thin and the tests check the rules without rendering anything.

export const isBlank = (value: unknown): boolean => value === undefined || value === null || String(value).trim() === '';

/** A "required" validator with the given message; react-admin reads `isRequired` to mark the label. */
export function requiredRule(message: string = M.required): Validator {
  const rule: Validator & { isRequired?: boolean } = (value: unknown) => (isBlank(value) ? message : undefined);
  rule.isRequired = true;
  return rule;
}

// ---------------------------------------------------------------------------------------------- email

// Local part: dot-separated atoms (so no leading, trailing or consecutive dots); domain: labels that
// neither start nor end with '-', then a top-level domain of 2 or more letters.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const isEmail = (value: string): boolean => EMAIL.test(value.trim());

/** The email check: blank passes (pair it with requiredRule), a bad address gets `message`. */
export function emailRule(message: string = M.invalidEmail): Validator {
  return (value: unknown) => (isBlank(value) || isEmail(String(value)) ? undefined : message);
}

/** Emails are kept trimmed; an empty text is null, as react-admin's inputs store it. */
export const trimmedOrNull = (value: unknown): string | null => {
  const text = value === null || value === undefined ? '' : String(value).trim();
  return text === '' ? null : text;
};

// ------------------------------------------------------------------------------------------- web link

/** How long the web link waits after the last keystroke before it checks the URL (spec 001 section 5). */
export const WEB_LINK_CHECK_DELAY_MS = 2000;

const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/i;

/** A URL with a host of dot-separated labels ending in a 2+ letter TLD (or localhost), no spaces. */
export function isWebLinkFormat(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hostname === 'localhost') return true;
  const labels = url.hostname.split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[a-z]{2,}$/i.test(labels[labels.length - 1]);
}

/**
 * The web link's message for a value, or undefined when it passes (blank passes: pair it with
 * requiredRule). The scheme is checked first, then the format.
 */
export function webLinkError(value: unknown, options: { httpsOnly?: boolean } = {}): string | undefined {
  if (isBlank(value)) return undefined;
  const text = String(value).trim();
  if (options.httpsOnly ? !/^https:\/\//i.test(text) : !/^https?:\/\//i.test(text)) {
    return options.httpsOnly ? M.urlHttpsOnly : M.urlScheme;
  }
  return isWebLinkFormat(text) ? undefined : M.urlFormat;
}

// --------------------------------------------------------------------------------------- whole number

/** The keys a whole-number input swallows: a decimal point and a comma. */
export const isDecimalKey = (key: string): boolean => key === '.' || key === ',';

/**
 * The number a whole-number input holds for a typed or pasted text: null for blank, a pasted decimal
 * rounded (Math.round; commas read as thousands separators), undefined for text that is no number.
 */
export function parseWholeNumber(text: string): number | null | undefined {
  const cleaned = text.trim().replace(/,/g, '');
  if (cleaned === '') return null;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned));
}

// ---------------------------------------------------------------------------------------------- phone

export const onlyDigits = (value: unknown): string => (value === null || value === undefined ? '' : String(value).replace(/\D/g, ''));

/** Up to 10 digits masked as (999) 999-9999, as far as they go: '55512' -> '(555) 12'. */
export function maskPhone(value: unknown): string {
  const digits = onlyDigits(value).slice(0, 10);
  if (digits === '') return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The phone's form value: its digits (at most 10), null when there are none. */
export const phoneDigitsOrNull = (value: unknown): string | null => {
  const digits = onlyDigits(value).slice(0, 10);
  return digits === '' ? null : digits;
};

/** A phone number is 10 digits; blank passes (pair it with requiredRule). */
export function phoneRule(message: string = M.invalidPhone): Validator {
  return (value: unknown) => (isBlank(value) || onlyDigits(value).length === 10 ? undefined : message);
}

// ------------------------------------------------------------------------------- currency and percent

const currencyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 -> '$1,234.50' (USD, en-US). */
export const formatCurrency = (value: number): string => currencyFormat.format(value);

/** What a currency input accepts while typing: digits with at most 2 decimals ('$' and ',' ignored). */
export const isCurrencyDraft = (text: string): boolean => /^\d*(\.\d{0,2})?$/.test(text.replace(/[$,\s]/g, ''));

/** '$1,234.5' -> 1234.5 (rounded to cents); null for blank or no number. */
export function parseCurrency(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || cleaned === '.' || !/^\d*(\.\d*)?$/.test(cleaned)) return null;
  return Number(Number(cleaned).toFixed(2));
}

/** Most fraction digits a percent input keeps: 4, or 8 for calculator fields (spec 001 section 9). */
export const percentMaxFractionDigits = (calculator?: boolean): number => (calculator ? 8 : 4);

/** 12.5 -> '12.5', 12 -> '12.0', 1234.56789 -> '1,234.5679': 1 to 4 (or 8) fraction digits. */
export function formatPercent(value: number, maxFractionDigits: number): string {
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: maxFractionDigits }).format(value);
}

/** What a percent input accepts while typing: digits with at most `maxFractionDigits` decimals. */
export const isPercentDraft = (text: string, maxFractionDigits: number): boolean =>
  new RegExp(`^\\d*(\\.\\d{0,${maxFractionDigits}})?$`).test(text.replace(/[,%\s]/g, ''));

/** '12.5%' -> 12.5; null for blank or no number. */
export function parsePercent(text: string, maxFractionDigits: number): number | null {
  const cleaned = text.replace(/[,%\s]/g, '');
  if (cleaned === '' || cleaned === '.' || !/^\d*(\.\d*)?$/.test(cleaned)) return null;
  return Number(Number(cleaned).toFixed(maxFractionDigits));
}

// ----------------------------------------------------------------------------------------------- dates

/** The year range of the date inputs (spec 001 section 9: 2000:2030). */
export const DATE_YEAR_RANGE = { min: 2000, max: 2030 } as const;

/** Digits typed into a date input masked as MM/DD/YYYY (or MM-DD-YYYY) as far as they go. */
export function maskDate(text: string, separator: UsDateSeparator): string {
  const digits = onlyDigits(text).slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}${separator}${digits.slice(2)}`;
  return `${digits.slice(0, 2)}${separator}${digits.slice(2, 4)}${separator}${digits.slice(4)}`;
}

/** A date in MM/DD/YYYY (or MM-DD-YYYY) between 2000 and 2030; blank passes (pair it with requiredRule). */
export function dateRule(separator: UsDateSeparator = '/'): Validator {
  return (value: unknown) => {
    if (isBlank(value)) return undefined;
    const text = String(value).trim();
    const iso = text.includes(separator) ? parseUsDate(text) : null;
    if (!iso) return separator === '/' ? M.invalidDate : M.invalidFilterDate;
    const year = Number(iso.slice(0, 4));
    return year < DATE_YEAR_RANGE.min || year > DATE_YEAR_RANGE.max ? M.dateOutOfRange : undefined;
  };
}

// ------------------------------------------------------------------------------------------ rich text

/** How long the 'Embeded images not allowed' notification stays (spec 001 section 5). */
export const EMBEDDED_IMAGE_NOTICE_MS = 3000;

/** The parts of a paste or drop the editor looks at. */
export interface TransferContent {
  files: ReadonlyArray<{ type: string }>;
  html: string;
}

const EMBEDDED_IMG = /<img\b[^>]*\bsrc\s*=\s*["']?\s*(data:|blob:)/i;

/** A paste or drop that would embed an image: an image file, or HTML with a data: or blob: <img>. */
export function isEmbeddedImageTransfer(content: TransferContent): boolean {
  return content.files.some((file) => file.type.startsWith('image/')) || EMBEDDED_IMG.test(content.html);
}

const DROPPED_ELEMENTS = 'script, style, iframe, object, embed, link, meta, base, form';
const UNSAFE_URL = /^(javascript|vbscript|data):/i;
const EMBEDDED_SRC = /^(data|blob):/i;

/**
 * The rich-text value without scripts, styles, inline event handlers, javascript: links and data: or
 * blob: images. Defence in depth: the editor's schema already drops unknown nodes and the server
 * sanitises again. Needs a DOM (DOMParser).
 */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  const document = new DOMParser().parseFromString(html, 'text/html');
  document.body.querySelectorAll(DROPPED_ELEMENTS).forEach((element) => element.remove());
  document.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      // Browsers ignore control characters and spaces inside a scheme ('java\tscript:'): so do we.
      // eslint-disable-next-line no-control-regex -- control characters are what this strips
      const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '');
      if (name.startsWith('on')) element.removeAttribute(attribute.name);
      else if ((name === 'href' || name === 'xlink:href' || name === 'action' || name === 'formaction') && UNSAFE_URL.test(value)) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'IMG' && EMBEDDED_SRC.test((element.getAttribute('src') ?? '').trim())) element.remove();
  });
  return document.body.innerHTML;
}

// ---------------------------------------------------------------------------------------- multi-select

/** How many selected labels a multi-select shows before it counts them (spec 001 section 9). */
export const MULTI_SELECT_MAX_LABELS = 3;

/** Up to 3 labels (or `maxLabels`) joined by ', ', else '{0} items selected'. */
export function multiSelectSummary(labels: readonly string[], maxLabels = MULTI_SELECT_MAX_LABELS): string {
  return labels.length > maxLabels ? itemsSelectedText(labels.length) : labels.join(', ');
}

// ---------------------------------------------------------------------------------- multi-step tabs

/** The tab after `index`, wrapping from the last to the first. */
export const nextTab = (index: number, count: number): number => (index + 1) % count;

/** The tab before `index`, wrapping from the first to the last. */
export const previousTab = (index: number, count: number): number => (index - 1 + count) % count;

/** A tab is enabled only when every tab before it is valid (the first always is). */
export const isTabEnabled = (index: number, validity: readonly boolean[]): boolean => validity.slice(0, index).every(Boolean);

/** Which buttons a multi-step form shows on a tab (spec 001 section 4). */
export function tabButtons(
  index: number,
  validity: readonly boolean[],
): { next: boolean; submit: boolean; submitDisabled: boolean; previousDisabled: boolean } {
  const count = validity.length;
  const last = index === count - 1;
  return {
    next: validity[index] === true && !last,
    submit: last,
    submitDisabled: !validity.every(Boolean),
    previousDisabled: count < 2 || !isTabEnabled(previousTab(index, count), validity),
  };
}
