import { passwordRuleErrors } from './password-rules';

const fields = { password: 'password', confirm: 'verify_password' };
const reset = { requireNumberAndSpecial: true };
const change = { requireNumberAndSpecial: false };

describe(passwordRuleErrors.name, () => {
  const sut = passwordRuleErrors;

  it.each([
    [
      'both missing',
      undefined,
      undefined,
      [
        ['password', 'This field is required'],
        ['verify_password', 'This field is required'],
      ],
    ],
    [
      'too short',
      'Ab1!xyz',
      'Ab1!xyz',
      [
        ['password', 'Minimum length is 8'],
        ['verify_password', 'Minimum length is 8'],
      ],
    ],
    ['no digit', 'Abcdefgh!', 'Abcdefgh!', [['password', 'Password must contain at least one number and one special character.']]],
    [
      'no special character',
      'Abcdefg1',
      'Abcdefg1',
      [['password', 'Password must contain at least one number and one special character.']],
    ],
    [
      'no uppercase',
      'abcdefg1!',
      'abcdefg1!',
      [['password', 'Password must contain an uppercase letter, a lowercase letter and a number.']],
    ],
    [
      'no lowercase',
      'ABCDEFG1!',
      'ABCDEFG1!',
      [['password', 'Password must contain an uppercase letter, a lowercase letter and a number.']],
    ],
    ['a different confirmation', 'Abcdefg1!', 'Abcdefg1?', [['verify_password', 'Passwords do not match']]],
    ['a good pair', 'Abcdefg1!', 'Abcdefg1!', []],
  ])('reset and admin forms: %s', (_case, password, confirm, expected) => {
    expect(sut({ password, confirm }, fields, reset)).toEqual(expected.map(([field, error]) => ({ field, error })));
  });

  it('change form: needs the strength pattern but no special character', () => {
    expect(sut({ password: 'Abcdefg1', confirm: 'Abcdefg1' }, fields, change)).toEqual([]);
    expect(sut({ password: 'abcdefgh', confirm: 'abcdefgh' }, fields, change)).toEqual([
      { field: 'password', error: 'Password must contain an uppercase letter, a lowercase letter and a number.' },
    ]);
  });

  it('treats a value that is not text as missing', () => {
    expect(sut({ password: 12345678, confirm: null }, fields, change)).toEqual([
      { field: 'password', error: 'This field is required' },
      { field: 'verify_password', error: 'This field is required' },
    ]);
  });
});
