import { JSON_BODY_MESSAGES, MAX_JSON_DEPTH, parseJsonBody as sut } from './json-body.parser';

describe('parseJsonBody', () => {
  it('parses ordinary bodies, surrogate pairs and brackets inside strings included', () => {
    expect(sut('{"a":[1,{"b":"x"}],"emoji":"\\ud83d\\ude00","text":"[[[[{{{{"}')).toEqual({
      a: [1, { b: 'x' }],
      emoji: '😀',
      text: '[[[[{{{{',
    });
  });

  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more`, () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(() => sut(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(() => sut(nested(MAX_JSON_DEPTH + 1))).toThrow(JSON_BODY_MESSAGES.tooDeep);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(() => sut(`{"a":"\\"${'['.repeat(100)}"}`)).not.toThrow();
  });

  it.each([
    ['a lone high surrogate', '{"email":"\\ud800x"}'],
    ['a lone low surrogate', '{"name":"x\\udc00"}'],
    ['a lone surrogate in a key', '{"\\udbff":1}'],
    ['a reversed pair', '["\\ude00\\ud83d"]'],
  ])('refuses %s', (_name, body) => {
    expect(() => sut(body)).toThrow(JSON_BODY_MESSAGES.loneSurrogate);
  });

  it('refuses prototype poisoning keys', () => {
    expect(() => sut('{"__proto__":{"admin":true}}')).toThrow(JSON_BODY_MESSAGES.forbiddenKey);
    expect(() => sut('{"constructor":{"prototype":{"admin":true}}}')).toThrow(JSON_BODY_MESSAGES.forbiddenKey);
  });

  it('answers malformed and empty bodies with 400 errors', () => {
    expect(() => sut('{"email": ')).toThrow(JSON_BODY_MESSAGES.invalid);
    expect(() => sut('  ')).toThrow(expect.objectContaining({ statusCode: 400, code: 'FST_ERR_CTP_EMPTY_JSON_BODY' }));
  });
});
