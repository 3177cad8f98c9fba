import { format, isValid, parse } from 'date-fns';
import type { UsDateSeparator } from '@app/contracts';

// The spec's US calendar dates (spec 000 sections 5 and 9, spec 001 section 9), two wire forms of one day:
// dashed MM-DD-YYYY (cap anniversaries, blackout days, filter parameters) and slashed MM/DD/YYYY (the user
// form, task due dates, transaction values, what people read). Postgres keeps the day as 'YYYY-MM-DD'.

export type { UsDateSeparator };

const ISO = 'yyyy-MM-dd';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const US_DATE = /^\d{2}([-/])\d{2}\1\d{4}$/;
const PATTERN: Record<UsDateSeparator, string> = { '-': 'MM-dd-yyyy', '/': 'MM/dd/yyyy' };
// parse() needs a reference date only for the parts a pattern leaves out; ours name them all.
const REFERENCE = new Date(2000, 0, 1);

/** A day in `pattern` as a Date at local midnight, when the text is exactly that real calendar day; else null. */
function dayOf(text: string, pattern: string): Date | null {
  const day = parse(text, pattern, REFERENCE);
  // date-fns rejects 02/30 and 13/01; the round trip also refuses what it would read leniently (1/2/2026).
  return isValid(day) && format(day, pattern) === text ? day : null;
}

/** 'MM-DD-YYYY' (separator '-') or 'MM/DD/YYYY' ('/') -> 'YYYY-MM-DD', or null when it is not a real calendar date in exactly that shape. */
export function fromUsDate(text: string, separator: UsDateSeparator): string | null {
  if (!US_DATE.test(text) || text[2] !== separator) return null;
  const day = dayOf(text, PATTERN[separator]);
  return day && format(day, ISO);
}

/** A US date in the forms allowed (both by default), as a person may type it -> 'YYYY-MM-DD', or null. Trimmed. */
export function usDateToIso(text: unknown, separators: readonly UsDateSeparator[] = ['/', '-']): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  for (const separator of separators) {
    const iso = fromUsDate(trimmed, separator);
    if (iso) return iso;
  }
  return null;
}

/** 'YYYY-MM-DD' (a Postgres date as text) -> 'MM-DD-YYYY' or 'MM/DD/YYYY'. Text that is not a real ISO day comes back as it is. */
export function isoToUsDate(iso: string, separator: UsDateSeparator): string {
  const day = ISO_DATE.test(iso) ? dayOf(iso, ISO) : null;
  return day ? format(day, PATTERN[separator]) : iso;
}

/** 'YYYY-MM-DD' -> 'MM-DD-YYYY' (cap anniversaries, blackout days); null stays null. */
export function toDashedUsDate(iso: string): string;
export function toDashedUsDate(iso: string | null): string | null;
export function toDashedUsDate(iso: string | null): string | null {
  return iso ? isoToUsDate(iso, '-') : null;
}

/** 'YYYY-MM-DD' -> 'MM/DD/YYYY' (the user form, tasks, transaction values, displays); null stays null. */
export function toSlashedUsDate(iso: string): string;
export function toSlashedUsDate(iso: string | null): string | null;
export function toSlashedUsDate(iso: string | null): string | null {
  return iso ? isoToUsDate(iso, '/') : null;
}

/** 'MM-DD-YYYY' -> 'YYYY-MM-DD', or null. */
export const fromDashedUsDate = (text: string): string | null => fromUsDate(text, '-');

/** 'MM/DD/YYYY' -> 'YYYY-MM-DD', or null. */
export const fromSlashedUsDate = (text: string): string | null => fromUsDate(text, '/');
