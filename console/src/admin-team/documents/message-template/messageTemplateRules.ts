import { MESSAGE_TEMPLATE_MAX_LENGTH } from '@app/contracts';
import { maxLength, required } from '../../common/rules';

// Rules of the send-document message template (docs/admin-api.md): required, at most 5000 characters.

export const MESSAGE_TEMPLATE_FIELDS = ['message_template'] as const;
export const messageTemplateRules = [required, maxLength(MESSAGE_TEMPLATE_MAX_LENGTH)];

/** The counter under the field: how much is used of the limit, and whether it is over. */
export function templateUsage(value: unknown): { count: number; max: number; over: boolean } {
  const count = typeof value === 'string' ? value.length : 0;
  return { count, max: MESSAGE_TEMPLATE_MAX_LENGTH, over: count > MESSAGE_TEMPLATE_MAX_LENGTH };
}

/**
 * The template as the text box shows it. The server stores it through the shared rich-text sanitiser
 * (stored input): '&' comes back as '&amp;' and link-like text as a link. The box shows the text those stand
 * for, paragraphs and line breaks as new lines; sending it again stores the same template.
 */
export function templateText(html: string | null | undefined): string {
  if (!html) return '';
  const lines = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p(\s[^>]*)?>/gi, '\n\n')
    .replace(/<\/?p(\s[^>]*)?>/gi, '');
  // Only ever a text box's value (never markup), so dropping the tags is enough.
  return lines.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, decodeEntity);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntity(entity: string, body: string): string {
  if (body[0] !== '#') return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
}
