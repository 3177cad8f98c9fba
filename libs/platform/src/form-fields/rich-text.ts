import sanitizeHtml from 'sanitize-html';
import { FORM_FIELD_MESSAGES, richTextTooLongMessage } from '@app/contracts';
import { formField, type FormFieldOptions } from './form-field';

/** Tags the rich-text editor may keep (spec 001 section 5); everything else is dropped, its text kept. */
export const RICH_TEXT_TAGS: readonly string[] = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'span'];
/** Task descriptions keep fewer: no strike-through and no mentions (spec 001 section 5). */
export const TASK_DESCRIPTION_TAGS: readonly string[] = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'a'];
/** The only attributes kept: a link's href (target and rel are set by the sanitiser) and a mention's id. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = { a: ['href', 'target', 'rel'], span: ['data-mention'] };
/** Link schemes kept in href; javascript:, vbscript:, data:, relative and protocol-relative links lose their href. */
export const RICH_TEXT_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];
/** What every link gets: a new tab that cannot reach back (opener), leaks no referrer and passes no rank. */
export const RICH_TEXT_LINK_TARGET = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

const ABSOLUTE_HREF = /^(?:https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // Elements whose content is code or markup, not text the user wrote: dropped whole.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'iframe',
    'object',
    'embed',
    'template',
    'xmp',
    'noembed',
    'noframes',
  ],
  transformTags: {
    // The parser has decoded entities by now, so 'jav&#x09;ascript:' is seen as what a browser would run.
    a: (_tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      return { tagName: 'a', attribs: { ...(ABSOLUTE_HREF.test(href) ? { href } : {}), ...RICH_TEXT_LINK_TARGET } };
    },
  },
};

// Text of sanitised HTML holds '&' only as &amp;, &lt; or &gt; (sanitize-html escapes every '&'),
// and never a raw '<' or '>'. A link stops at white space, a quote or an escaped angle bracket.
const URL_CHAR = '(?:[^\\s<>"&]|&amp;)';
const TAIL = `(?:[/?#]${URL_CHAR}*)?`;
const LABEL = '[a-z0-9-]+';
// Not after a word character, '@' (an email's domain), '.', '/' or '-' (the middle of a longer name or path).
const START = '(?<![\\w@./-])';
const LINK_IN_TEXT = new RegExp(
  [
    `${START}(https?:\\/\\/${URL_CHAR}+)`,
    `${START}(www\\.${LABEL}(?:\\.${LABEL})+${TAIL})`,
    // Words ending in .com, but not .company or .com.au.
    `${START}(${LABEL}(?:\\.${LABEL})*\\.com(?![\\w-]|\\.\\w)${TAIL})`,
  ].join('|'),
  'gi',
);

/** Drops punctuation that ends a sentence rather than the link ('see example.com.', '(www.x.com)'). */
function trimLinkEnd(link: string): string {
  let end = link;
  for (;;) {
    if (/[.,;:!?'*]$/.test(end)) end = end.slice(0, -1);
    else if (end.endsWith(')') && (end.match(/\)/g) ?? []).length > (end.match(/\(/g) ?? []).length) end = end.slice(0, -1);
    else if (end.endsWith('&amp;')) end = end.slice(0, -5);
    else return end;
  }
}

function linkifyText(text: string): string {
  return text.replace(LINK_IN_TEXT, (match: string, url?: string) => {
    const link = trimLinkEnd(match);
    const href = url ? link : `https://${link}`;
    try {
      new URL(href.replace(/&amp;/g, '&'));
    } catch {
      return match;
    }
    return `<a href="${href}">${link}</a>${match.slice(link.length)}`;
  });
}

/** Turns link-like text into links, outside existing links; `html` must already be sanitised (balanced, escaped). */
function linkify(html: string): string {
  let insideLink = 0;
  return html
    .split(/(<[^>]*>)/)
    .map((part) => {
      if (part.startsWith('<')) {
        if (/^<a[\s>]/i.test(part)) insideLink += 1;
        else if (/^<\/a\s*>/i.test(part)) insideLink = Math.max(0, insideLink - 1);
        return part;
      }
      return insideLink > 0 || part === '' ? part : linkifyText(part);
    })
    .join('');
}

/**
 * Sanitises rich text from the editor (spec 001 section 5): keeps p, br, strong, em, u, s, ul, ol, li,
 * a (href of http, https or mailto only) and span (data-mention only); drops every other tag (the
 * content of script, style, iframe, object, embed and the like with it), every other attribute (event
 * handlers, style, src), and javascript:/vbscript:/data: links. Text that looks like a link becomes
 * one: http(s) URLs, www.example.com and words ending in .com (both with https:// added), never inside
 * an existing link or an attribute. Every link gets target="_blank" rel="noopener noreferrer nofollow".
 * `tags` narrows the kept tags (never widens them), e.g. TASK_DESCRIPTION_TAGS.
 */
export function sanitizeRichText(html: string, tags: readonly string[] = RICH_TEXT_TAGS): string {
  if (typeof html !== 'string' || html === '') return '';
  const options = tags === RICH_TEXT_TAGS ? OPTIONS : { ...OPTIONS, allowedTags: RICH_TEXT_TAGS.filter((tag) => tags.includes(tag)) };
  // Sanitise, add links to the now well-formed text, then sanitise again so added links pass the same rules.
  return sanitizeHtml(linkify(sanitizeHtml(html, options)), options);
}

/** The text of rich text as the user sees it: no markup, entities decoded. */
export function richTextPlain(html: string): string {
  if (typeof html !== 'string') return '';
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags });
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/**
 * Length of rich text as the user sees it: the characters (UTF-16 units, like a browser's maxlength)
 * of richTextPlain, so '<p><strong>a&amp;b</strong></p>' counts 3. The task-description limit of
 * 1500 is counted this way on the sanitised HTML, so markup and added links do not use it up.
 */
export function richTextLength(html: string): number {
  return richTextPlain(html).length;
}

export interface RichTextOptions {
  /** Longest text (richTextLength) allowed, e.g. TASK_DESCRIPTION_MAX_LENGTH (1500) for task descriptions. */
  maxLength?: number;
}

/**
 * Rich text (spec 001 section 5): stored sanitised by sanitizeRichText. Empty when it has no text
 * after sanitising ('<p><br></p>'). Messages: 'This field is required', 'Please enter a valid value'
 * (not a string), 'Please enter at most {maxLength} characters'.
 */
export const IsRichTextField = (options: FormFieldOptions & RichTextOptions = {}) =>
  formField({
    name: 'isRichTextField',
    options,
    invalidMessage: FORM_FIELD_MESSAGES.invalidValue,
    // Markup without text ('<p><br></p>', '<script>x</script>') is as missing as ''.
    blank: (value) =>
      value === undefined || value === null || (typeof value === 'string' && richTextPlain(sanitizeRichText(value)).trim() === ''),
    normalize: (value) => (typeof value === 'string' ? sanitizeRichText(value) : value),
    check: (value) => {
      if (typeof value !== 'string') return FORM_FIELD_MESSAGES.invalidValue;
      return options.maxLength !== undefined && richTextLength(value) > options.maxLength
        ? richTextTooLongMessage(options.maxLength)
        : null;
    },
    api: { type: String, format: 'html', description: 'Sanitised HTML: p, br, strong, em, u, s, ul, ol, li, a, span[data-mention].' },
  });
