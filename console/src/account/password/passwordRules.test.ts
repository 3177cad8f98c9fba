import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../messages';
import {
  hasErrors,
  isStrongPassword,
  passwordSuggestions,
  validateChangePassword,
  validateConfirmPassword,
  validateNewPassword,
  validateResetPassword,
} from './passwordRules';

describe('password rules', () => {
  it('requires the new password and at least 8 characters', () => {
    expect(validateNewPassword('')).toBe('This field is required');
    expect(validateNewPassword('Abc1!')).toBe('Minimum length is 8');
    expect(validateNewPassword('abcdefgh')).toBeUndefined();
  });

  it('requires a digit and a special character only where asked (reset and admin forms)', () => {
    expect(validateNewPassword('abcdefgh', { requireNumberAndSpecial: true })).toBe(
      'Password must contain at least one number and one special character.',
    );
    expect(validateNewPassword('abcdefg1', { requireNumberAndSpecial: true })).toBe(ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial);
    expect(validateNewPassword('abcdefg!', { requireNumberAndSpecial: true })).toBe(ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial);
    expect(validateNewPassword('abcdef1!', { requireNumberAndSpecial: true })).toBeUndefined();
  });

  it('checks the confirmation: required, min 8, equal to the new password', () => {
    expect(validateConfirmPassword('', 'DemoPass1!')).toBe('This field is required');
    expect(validateConfirmPassword('Demo', 'DemoPass1!')).toBe('Minimum length is 8');
    expect(validateConfirmPassword('DemoPass2!', 'DemoPass1!')).toBe('Passwords do not match');
    expect(validateConfirmPassword('DemoPass1!', 'DemoPass1!')).toBeUndefined();
  });

  it('lists the strength suggestions still unmet', () => {
    expect(passwordSuggestions('')).toEqual(['uppercase', 'numeric', 'special', 'minLength']);
    expect(passwordSuggestions('abcdefgh')).toEqual(['uppercase', 'numeric', 'special']);
    expect(passwordSuggestions('Abcdefg1')).toEqual(['special']);
    expect(passwordSuggestions('DemoPass1!')).toEqual([]);
  });

  it('uses the strength pattern: lowercase, uppercase, digit, 8+', () => {
    expect(isStrongPassword('DemoPass1')).toBe(true);
    expect(isStrongPassword('demopass1')).toBe(false);
    expect(isStrongPassword('DEMOPASS1')).toBe(false);
    expect(isStrongPassword('Demo1')).toBe(false);
  });

  it('validates the change password form as a whole (submit disabled while invalid)', () => {
    const empty = validateChangePassword({ current_password: '', new_password: '', confirm_new_password: '' });
    expect(empty).toEqual({
      current_password: 'This field is required',
      new_password: 'This field is required',
      confirm_new_password: 'This field is required',
    });
    expect(hasErrors(empty)).toBe(true);
    const valid = validateChangePassword({
      current_password: 'DemoPass1!',
      new_password: 'NewPass12',
      confirm_new_password: 'NewPass12',
    });
    expect(valid).toEqual({});
    expect(hasErrors(valid)).toBe(false);
  });

  it('validates the reset form with the stricter rule', () => {
    expect(validateResetPassword({ password: 'NewPass12', verify_password: 'NewPass12' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial,
    });
    expect(validateResetPassword({ password: 'NewPass1!', verify_password: 'NewPass2!' })).toEqual({
      verify_password: 'Passwords do not match',
    });
    expect(validateResetPassword({ password: 'NewPass1!', verify_password: 'NewPass1!' })).toEqual({});
  });
});
