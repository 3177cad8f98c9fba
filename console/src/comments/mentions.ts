import { mentionAttributeOf, type MentionOption } from '@app/contracts';

/**
 * @ mentions in the editor (issue 15): the editor's schema keeps text only, so a chosen mention is typed
 * into the text as '@Label' and remembered; before the HTML is sent, each remembered '@Label' becomes
 * `<span data-mention="user:ID">@Label</span>` (or `group:all`), the markup the server reads.
 */
export interface ChosenMention {
  /** The text after '@' in the editor: the user's name, or the group's name (all, team, ...). */
  label: string;
  /** 'user:12' or 'group:all'. */
  attribute: string;
}

/** The longest text after '@' the suggestions search for. */
const TERM_MAX = 40;
const QUERY = new RegExp(`(?:^|[\\s(])@([^\\s@<>]{0,${TERM_MAX}})$`);

/** The term of an '@' being typed just before the cursor (text of the paragraph up to it), else null. */
export function mentionQueryOf(textBeforeCursor: string): string | null {
  const match = QUERY.exec(textBeforeCursor);
  return match ? match[1] : null;
}

/** What a chosen option puts in the text and remembers. */
export function chosenMentionOf(option: MentionOption): ChosenMention {
  const label = option.type === 'group' ? String(option.id) : option.label;
  return { label, attribute: option.type === 'group' ? mentionAttributeOf({ type: 'group', id: option.id }) : mentionAttributeOf({ type: 'user', id: option.id }) };
}

/** The mentions already in stored HTML (editing a comment keeps them). */
export function mentionsIn(html: string): ChosenMention[] {
  if (!html) return [];
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.querySelectorAll('span[data-mention]')).flatMap((span) => {
    const label = (span.textContent ?? '').replace(/^@/, '').trim();
    const attribute = span.getAttribute('data-mention') ?? '';
    return label && attribute ? [{ label, attribute }] : [];
  });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The HTML with each remembered '@Label' (not already a mention) wrapped in its mention span. The
 * longest labels are tried first ('@Ann Lee' before '@Ann'); a label must end at a word boundary.
 */
export function applyMentions(html: string, chosen: readonly ChosenMention[]): string {
  if (!html || chosen.length === 0) return html;
  const byLabel = new Map<string, string>();
  for (const mention of chosen) if (!byLabel.has(mention.label)) byLabel.set(mention.label, mention.attribute);
  const labels = [...byLabel.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`@(${labels.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
  const document = new DOMParser().parseFromString(html, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!(node.parentElement?.closest('[data-mention]'))) texts.push(node as Text);
  }
  for (const text of texts) {
    const value = text.data;
    pattern.lastIndex = 0;
    if (!pattern.test(value)) continue;
    pattern.lastIndex = 0;
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
      if (match.index > last) fragment.append(value.slice(last, match.index));
      const span = document.createElement('span');
      span.setAttribute('data-mention', byLabel.get(match[1])!);
      span.textContent = match[0];
      fragment.append(span);
      last = match.index + match[0].length;
    }
    if (last < value.length) fragment.append(value.slice(last));
    text.replaceWith(fragment);
  }
  return document.body.innerHTML;
}
