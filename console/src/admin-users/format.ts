import { UAParser } from 'ua-parser-js';
import { formatPhone } from '@app/contracts';

// How the server's table cells read (spec 000 section 9: dates mm/dd/yyyy; booleans Yes/No and phones
// (999) 999-9999 as the CSV has them). Pure: the tables and the tests share it.

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time zone Intl knows, else undefined (the browser's own). */
export function knownTimeZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

function partsOf(date: Date, timeZone: string | undefined, withTime: boolean): Record<string, string> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: knownTimeZone(timeZone),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
  });
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
}

/**
 * mm/dd/yyyy in the signed-in user's time zone (the one of their profile, as the CSV download uses),
 * else the browser's; '' for no date, the raw text for a value that is not one.
 */
export function formatDate(value: unknown, timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  const parts = partsOf(date, timeZone ?? undefined, false);
  return `${parts.month}/${parts.day}/${parts.year}`;
}

/** mm/dd/yyyy h:mm AM/PM (sign-in history: the time of day matters there). */
export function formatDateTime(value: unknown, timeZone?: string | null): string {
  const date = toDate(value);
  if (!date) return value === null || value === undefined ? '' : String(value);
  const parts = partsOf(date, timeZone ?? undefined, true);
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/**
 * A sign-in's device in words from its User-Agent: 'Chrome 131 on macOS', 'Safari 17 on iOS 17.5';
 * what cannot be read stays out ('Chrome 131', 'on Linux'); nothing readable gives the raw string.
 */
export function describeUserAgent(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const { browser, os } = new UAParser(value).getResult();
  const browserText = [browser.name, browser.major].filter(Boolean).join(' ');
  // Desktop systems read better without their build numbers (macOS 10.15.7 is what every Mac sends).
  const osVersion = os.name && /^(iOS|Android)$/.test(os.name) ? os.version : undefined;
  const osText = [os.name === 'Mac OS' ? 'macOS' : os.name, osVersion].filter(Boolean).join(' ');
  if (browserText && osText) return `${browserText} on ${osText}`;
  return browserText || osText || value;
}

export const DATE_FIELDS: ReadonlySet<string> = new Set(['created_ts', 'last_access_ts']);
export const PHONE_FIELDS: ReadonlySet<string> = new Set(['mobile_phone']);

export interface CellOptions {
  /** Dates with the time of day. */
  dateTime?: boolean;
  timeZone?: string | null;
}

/** A cell's text: booleans Yes/No, date columns mm/dd/yyyy, phones (999) 999-9999, devices in words, nothing for null. */
export function formatCell(field: string, value: unknown, options: CellOptions = {}): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (DATE_FIELDS.has(field)) return options.dateTime ? formatDateTime(value, options.timeZone) : formatDate(value, options.timeZone);
  if (PHONE_FIELDS.has(field)) return formatPhone(value);
  if (field === 'user_agent') return describeUserAgent(value);
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Initials of a name, for an avatar without an image. */
export function initialsOf(first: unknown, last: unknown, fallback?: unknown): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const initials = `${text(first).charAt(0)}${text(last).charAt(0)}`;
  if (initials) return initials.toUpperCase();
  const parts = text(fallback).split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0))
    .join('')
    .toUpperCase();
}

/** profile_image_path is a storage key unless the server gives a URL: only a URL can be shown. */
export function imageUrlOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  return /^(https?:|data:|blob:|\/)/i.test(value) ? value : undefined;
}
