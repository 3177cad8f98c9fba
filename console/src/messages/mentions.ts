import { MENTION_GROUP_NAMES, mentionAttributeOf, type MentionGroup, type MentionOption } from '@app/contracts';

// @mentions in the editor (spec 001): the rich-text editor keeps plain text, so a chosen mention is typed
// in as '@Name' and remembered; when the message is sent, each remembered '@Name' becomes
// `<span data-mention="user:ID">@Name</span>` (groups `data-mention="group:all"`), the form the server
// reads. A message opened for editing gives back the mentions it already holds.

/** A mention the author picked: the text it shows ('@' + label) and what it stands for. */
export interface ChosenMention {
  label: string;
  /** 'user:12' or 'group:all' (the data-mention attribute). */
  attribute: string;
}

/** A picked option as a mention; a group's label may come as '@all': the '@' is the editor's to add. */
export const mentionOf = (option: MentionOption): ChosenMention => ({
  label: option.label.replace(/^@+/, ''),
  attribute:
    option.type === 'user' ? mentionAttributeOf({ type: 'user', id: option.id }) : mentionAttributeOf({ type: 'group', id: option.id }),
});

export const groupMention = (group: MentionGroup): ChosenMention => ({
  label: group,
  attribute: mentionAttributeOf({ type: 'group', id: group }),
});

/** The clickable groups of the direct message dialog: @all, @team, @agents, @isas, @tcs. */
export const GROUP_MENTIONS: readonly ChosenMention[] = MENTION_GROUP_NAMES.map(groupMention);

/**
 * The term being typed after '@' at the caret (the text of the block up to the caret), or null when the
 * caret is not in a mention: '@' at the start or after a space, then up to 30 characters without '@' or
 * a line break (names have spaces: 'Tina Co').
 */
export function mentionTermAt(textBeforeCaret: string): string | null {
  const match = /(?:^|\s)@([^@\n]{0,30})$/.exec(textBeforeCaret);
  if (!match) return null;
  const term = match[1];
  // Two spaces in a row, or a space first, end the mention: the author moved on.
  if (/^\s|\s\s/.test(term)) return null;
  return term;
}

const isWordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}_]/u.test(char);

/**
 * The message's HTML with each remembered '@Label' (not already inside a mention) wrapped as a mention
 * span; longer labels first, so '@Tina Cole' is not taken for '@Tina'. A label followed by a letter or
 * digit is someone else's name and stays text.
 */
export function applyMentions(html: string, chosen: readonly ChosenMention[]): string {
  if (!html || chosen.length === 0) return html;
  const unique = [...new Map(chosen.map((mention) => [mention.label, mention])).values()].sort((a, b) => b.label.length - a.label.length);
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('[data-mention]')) texts.push(node as Text);
  }
  for (const text of texts) wrapIn(text, unique, document);
  return document.body.innerHTML;
}

function wrapIn(text: Text, mentions: readonly ChosenMention[], document: Document): void {
  const value = text.data;
  for (let at = value.indexOf('@'); at >= 0; at = value.indexOf('@', at + 1)) {
    const mention = mentions.find(
      (candidate) => value.startsWith(`@${candidate.label}`, at) && !isWordChar(value[at + candidate.label.length + 1]),
    );
    if (!mention) continue;
    const matched = text.splitText(at);
    const rest = matched.splitText(mention.label.length + 1);
    const span = document.createElement('span');
    span.setAttribute('data-mention', mention.attribute);
    span.textContent = `@${mention.label}`;
    matched.replaceWith(span);
    wrapIn(rest, mentions, document);
    return;
  }
}

/** The mentions a message already holds (its data-mention spans), to keep them through an edit. */
export function mentionsIn(html: string): ChosenMention[] {
  if (!html) return [];
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return Array.from(document.body.querySelectorAll('span[data-mention]')).flatMap((span) => {
    const label = (span.textContent ?? '').replace(/^@/, '');
    const attribute = span.getAttribute('data-mention') ?? '';
    return label && attribute ? [{ label, attribute }] : [];
  });
}
