// How every mail of the platform is written: its content once, as blocks, and from them the text part
// and the HTML part (escaped here and nowhere else, inside one layout), so the two parts always say the same.

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` safe inside HTML, as element text and as a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** One block of a mail's content. */
export type MailBlock =
  /** Plain text: a blank line starts a new paragraph, a single new line is a line break. */
  | string
  /** A link: its label linked in the HTML part (a button when `button`), `text` in the text part (default 'label: href'). */
  | { href: string; label: string; text?: string; button?: boolean }
  /** Sanitised HTML (rich text a user wrote) with its plain text; `quote` sets it apart as a quotation. */
  | { html: string; text: string; quote?: boolean };

/** The two parts of a mail. */
export interface MailParts {
  text: string;
  html: string;
}

const BUTTON_STYLE = 'display:inline-block;padding:10px 18px;background:#1976d2;color:#fff;border-radius:4px;text-decoration:none';

/** Plain text as escaped HTML paragraphs: a blank line parts two paragraphs, a single new line is a <br>. */
export function paragraphsHtml(text: string, separator = '\n'): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join(separator);
}

/** The one layout of every mail's HTML part: a whole document (charset, the house font) around `body`. */
export function mailLayout(body: string): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>',
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#212121">',
    body,
    '</body>',
    '</html>',
  ].join('\n');
}

const textOf = (block: MailBlock): string =>
  typeof block === 'string' ? block : 'href' in block ? (block.text ?? `${block.label}: ${block.href}`) : block.text;

function htmlOf(block: MailBlock): string {
  if (typeof block === 'string') return paragraphsHtml(block);
  if ('href' in block) {
    const style = block.button ? ` style="${BUTTON_STYLE}"` : '';
    return `<p><a href="${escapeHtml(block.href)}"${style}>${escapeHtml(block.label)}</a></p>`;
  }
  return block.quote ? `<blockquote>${block.html}</blockquote>` : block.html;
}

/** A mail's text and HTML parts from its blocks: a blank line between blocks in the text, the HTML in the layout. */
export function mailParts(blocks: readonly MailBlock[]): MailParts {
  return { text: blocks.map(textOf).join('\n\n'), html: mailLayout(blocks.map(htmlOf).join('\n')) };
}
