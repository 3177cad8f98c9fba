import { NOTIFICATION_MERGE_FIELDS, type NotificationMergeField } from '@app/contracts';
import { isoDateIn, toSlashedUsDate } from '@app/dates';
import { escapeHtml, paragraphsHtml } from '@app/mail';
import { richTextPlain } from '@app/platform';

/** The team default of a task without a template of its own (merge fields as written). */
export const DEFAULT_NOTIFICATION_TEMPLATE = {
  subject: 'Update on {{address}}',
  template:
    '<p>Hello {{client_first_name}} {{client_last_name}},</p>' +
    '<p>This is an update on {{address}}: {{task_name}} (due {{due_date}}).</p>' +
    '<p>Best regards,<br>{{agent_name}}</p>',
} as const;

/** The values of one task's merge fields. */
export type MergeValues = Record<NotificationMergeField, string>;

/** {{ name }} with optional spaces inside the braces. */
const MERGE_FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

const KNOWN = new Set<string>(NOTIFICATION_MERGE_FIELDS);

/** The merge fields a text uses that are not known (empty when every one is). */
export function unknownMergeFields(text: string): string[] {
  return [...text.matchAll(MERGE_FIELD)].map((m) => m[1]).filter((name) => !KNOWN.has(name));
}

/** Sanitised HTML with each known merge field replaced by its value, escaped (unknown ones stay as written). */
export function renderHtml(html: string, values: MergeValues): string {
  return html.replace(MERGE_FIELD, (whole, name: string) => (KNOWN.has(name) ? escapeHtml(values[name as NotificationMergeField]) : whole));
}

/** A subject with its merge fields replaced (plain text, on one line). */
export function renderSubject(subject: string, values: MergeValues): string {
  return subject
    .replace(MERGE_FIELD, (whole, name: string) => (KNOWN.has(name) ? values[name as NotificationMergeField] : whole))
    .replace(/[\r\n]+/g, ' ')
    .trim();
}

/**
 * The plain-text version of sanitised HTML: paragraphs and list items on lines of their own (a blank line
 * between paragraphs), <br> a new line, a link followed by its address when that differs from its text,
 * entities decoded.
 */
export function htmlToText(html: string): string {
  const marked = html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (whole, href: string, inner: string) => {
      const address = href.replace(/&amp;/g, '&');
      const label = richTextPlain(inner).trim();
      return label === address || `mailto:${label}` === address ? inner : `${inner} (${href})`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p\s*>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/li\s*>/gi, '\n');
  return richTextPlain(marked)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Plain text as HTML paragraphs (escaped): what a message sent as text only is mailed as. */
export function textToHtml(text: string): string {
  return paragraphsHtml(text.trim(), '');
}

/** MM/DD/YYYY of a date column ('2026-03-05' or a Date), or '' without one. */
export function formatDueDate(due: string | Date | null): string {
  if (!due) return '';
  // A date column read as a Date is its day at UTC midnight.
  return toSlashedUsDate(typeof due === 'string' ? due.slice(0, 10) : isoDateIn(due, 'UTC'));
}
