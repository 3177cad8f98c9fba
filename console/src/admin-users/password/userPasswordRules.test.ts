import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../account/password/passwordRules';
import { validateUserPassword } from './userPasswordRules';

describe('validateUserPassword', () => {
  it('requires both fields', () => {
    expect(validateUserPassword({ new_password: '', confirm_new_password: '' })).toEqual({
      new_password: 'This field is required',
      confirm_new_password: 'This field is required',
    });
  });

  it('requires 8 characters, a number and a special character (the admin form rule)', () => {
    expect(validateUserPassword({ new_password: 'Ab1!', confirm_new_password: 'Ab1!' }).new_password).toBe('Minimum length is 8');
    expect(validateUserPassword({ new_password: 'Abcdefgh1', confirm_new_password: 'Abcdefgh1' })).toEqual({
      new_password: 'Password must contain at least one number and one special character.',
    });
  });

  it('requires the confirmation to match', () => {
    expect(validateUserPassword({ new_password: 'NewPass1!', confirm_new_password: 'NewPass2!' })).toEqual({
      confirm_new_password: 'Passwords do not match',
    });
    const valid = validateUserPassword({ new_password: 'NewPass1!', confirm_new_password: 'NewPass1!' });
    expect(hasErrors(valid)).toBe(false);
  });
});
