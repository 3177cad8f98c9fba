import { containsPattern, escapeLike } from './like';

describe(escapeLike.name, () => {
  it("takes LIKE's wildcards and its escape character literally", () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe(containsPattern.name, () => {
  it('matches the text anywhere, its wildcards escaped', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
  });
});
