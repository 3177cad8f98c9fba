import { MENTION_GROUP_NAMES, type MentionGroup } from '@app/contracts';
import { richTextPlain } from '@app/platform';

export interface ParsedMentions {
  userIds: number[];
  groups: MentionGroup[];
}

const MENTION_ATTRIBUTE = /data-mention="(user|group):([^"]*)"/g;
// Plain @all, @team, @agents, @isas, @tcs: not inside a word or an email address, not followed by a word character.
const PLAIN_GROUP = new RegExp(`(?<![\\w@.])@(${MENTION_GROUP_NAMES.join('|')})(?![\\w-])`, 'gi');

/**
 * The mentions of sanitised editor HTML: `<span data-mention="user:ID">` and `data-mention="group:NAME"`,
 * plus plain @all, @team, @agents, @isas, @tcs in its text. Unknown groups and malformed ids are ignored.
 */
export function parseMentions(html: string): ParsedMentions {
  const userIds = new Set<number>();
  const groups = new Set<MentionGroup>();
  for (const [, kind, value] of html.matchAll(MENTION_ATTRIBUTE)) {
    if (kind === 'user') {
      if (/^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647) userIds.add(Number(value));
    } else if ((MENTION_GROUP_NAMES as string[]).includes(value)) groups.add(value as MentionGroup);
  }
  for (const [, name] of richTextPlain(html).matchAll(PLAIN_GROUP)) groups.add(name.toLowerCase() as MentionGroup);
  return { userIds: [...userIds], groups: [...groups] };
}
