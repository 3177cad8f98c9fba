// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyMentions, GROUP_MENTIONS, mentionOf, mentionsIn, mentionTermAt } from './mentions';

describe(mentionTermAt.name, () => {
  it('finds the term typed after @ at the caret', () => {
    expect(mentionTermAt('@')).toBe('');
    expect(mentionTermAt('Hello @ti')).toBe('ti');
    expect(mentionTermAt('Hello @Tina Co')).toBe('Tina Co');
    expect(mentionTermAt('mail me at a@b')).toBeNull();
    expect(mentionTermAt('Hello')).toBeNull();
    expect(mentionTermAt('@Tina  and')).toBeNull();
    expect(mentionTermAt('@ x')).toBeNull();
  });
});

describe(applyMentions.name, () => {
  const tina = mentionOf({ type: 'user', id: 12, label: 'Tina Coordinator', profile_image: null });
  const tcs = mentionOf({ type: 'group', id: 'tcs', label: '@tcs', profile_image: null });

  it('turns each chosen @Name into a data-mention span, users and groups', () => {
    expect(applyMentions('<p>Hi @Tina Coordinator and @tcs, see this</p>', [tina, tcs])).toBe(
      '<p>Hi <span data-mention="user:12">@Tina Coordinator</span> and <span data-mention="group:tcs">@tcs</span>, see this</p>',
    );
  });

  it('wraps every occurrence, prefers the longer label, and leaves other names and existing spans alone', () => {
    const tin = mentionOf({ type: 'user', id: 5, label: 'Tina', profile_image: null });
    expect(applyMentions('<p>@Tina Coordinator @Tina @Tinaa</p>', [tin, tina])).toBe(
      '<p><span data-mention="user:12">@Tina Coordinator</span> <span data-mention="user:5">@Tina</span> @Tinaa</p>',
    );
    const kept = '<p><span data-mention="user:12">@Tina Coordinator</span></p>';
    expect(applyMentions(kept, [tina])).toBe(kept);
    expect(applyMentions('<p>nobody</p>', [])).toBe('<p>nobody</p>');
  });

  it('offers the five groups and gives back the mentions a message holds (for edits)', () => {
    expect(GROUP_MENTIONS.map((group) => group.attribute)).toEqual(['group:all', 'group:team', 'group:agents', 'group:isas', 'group:tcs']);
    expect(mentionsIn('<p><span data-mention="user:12">@Tina Coordinator</span> <span data-mention="group:all">@all</span></p>')).toEqual([
      { label: 'Tina Coordinator', attribute: 'user:12' },
      { label: 'all', attribute: 'group:all' },
    ]);
  });
});
