import { ACCOUNT_MESSAGES } from '../messages';

// Spec 000 section 5: password rules of the change, reset (and admin) password forms. Pure, so
// the screens and the unit tests share them; the server enforces the same rules.

export const PASSWORD_MIN_LENGTH = 8;

/** The strength pattern: a lowercase, an uppercase, a digit and 8 or more characters. */
export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
const HAS_DIGIT = /\d/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;

export type PasswordSuggestion = 'uppercase' | 'numeric' | 'special' | 'minLength';

/** The strength suggestions still unmet by `password` (uppercase, numeric, special character, min 8). */
export function passwordSuggestions(password: string): PasswordSuggestion[] {
  const missing: PasswordSuggestion[] = [];
  if (!/[A-Z]/.test(password)) missing.push('uppercase');
  if (!HAS_DIGIT.test(password)) missing.push('numeric');
  if (!HAS_SPECIAL.test(password)) missing.push('special');
  if (password.length < PASSWORD_MIN_LENGTH) missing.push('minLength');
  return missing;
}

export function isStrongPassword(password: string): boolean {
  return STRONG_PASSWORD.test(password);
}

/** Rule of the reset and admin forms: at least one digit and one special character. */
export function hasNumberAndSpecial(password: string): boolean {
  return HAS_DIGIT.test(password) && HAS_SPECIAL.test(password);
}

export interface PasswordRuleOptions {
  /** Reset and admin forms: also require a digit and a special character. */
  requireNumberAndSpecial?: boolean;
}

/** Error of a new password field, or undefined. */
export function validateNewPassword(value: string, options: PasswordRuleOptions = {}): string | undefined {
  if (!value) return ACCOUNT_MESSAGES.fieldRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.minLength8;
  if (options.requireNumberAndSpecial && !hasNumberAndSpecial(value)) {
    return ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial;
  }
  return undefined;
}

/** Error of a confirm field, or undefined. */
export function validateConfirmPassword(value: string, newPassword: string): string | undefined {
  if (!value) return ACCOUNT_MESSAGES.fieldRequired;
  if (value.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.minLength8;
  if (value !== newPassword) return ACCOUNT_MESSAGES.passwordsDoNotMatch;
  return undefined;
}

export interface ChangePasswordValues {
  current_password: string;
  new_password: string;
  confirm_new_password: string;
}

export type FormErrors<T> = Partial<Record<keyof T, string>>;

/** Change password form (account area): all required, min 8, confirm equals new. */
export function validateChangePassword(values: ChangePasswordValues): FormErrors<ChangePasswordValues> {
  const errors: FormErrors<ChangePasswordValues> = {};
  if (!values.current_password) errors.current_password = ACCOUNT_MESSAGES.fieldRequired;
  const newError = validateNewPassword(values.new_password);
  if (newError) errors.new_password = newError;
  const confirmError = validateConfirmPassword(values.confirm_new_password, values.new_password);
  if (confirmError) errors.confirm_new_password = confirmError;
  return errors;
}

export interface ResetPasswordValues {
  password: string;
  verify_password: string;
}

/** Reset password form: the change rules plus a digit and a special character. */
export function validateResetPassword(values: ResetPasswordValues): FormErrors<ResetPasswordValues> {
  const errors: FormErrors<ResetPasswordValues> = {};
  const newError = validateNewPassword(values.password, { requireNumberAndSpecial: true });
  if (newError) errors.password = newError;
  const confirmError = validateConfirmPassword(values.verify_password, values.password);
  if (confirmError) errors.verify_password = confirmError;
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some(Boolean);
}
