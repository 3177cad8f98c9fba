import { parseMentions } from './mention-parser';

describe(parseMentions.name, () => {
  it('reads user and group spans', () => {
    const sut = parseMentions('<p><span data-mention="user:12">@Jo</span> and <span data-mention="group:tcs">@tcs</span></p>');
    expect(sut).toEqual({ userIds: [12], groups: ['tcs'] });
  });

  it('reads plain group words, not inside emails or longer words', () => {
    expect(parseMentions('<p>Hi @team, and @ISAS! mail me at x@all.com or @allies</p>')).toEqual({ userIds: [], groups: ['team', 'isas'] });
  });

  it('ignores unknown groups and malformed ids', () => {
    expect(
      parseMentions(
        '<span data-mention="group:everyone">x</span><span data-mention="user:0x1">y</span><span data-mention="user:99999999999">z</span>',
      ),
    ).toEqual({
      userIds: [],
      groups: [],
    });
  });

  it('counts each mention once', () => {
    expect(
      parseMentions(
        '<span data-mention="user:3">a</span><span data-mention="user:3">a</span> @all <span data-mention="group:all">@all</span>',
      ),
    ).toEqual({
      userIds: [3],
      groups: ['all'],
    });
  });
});
