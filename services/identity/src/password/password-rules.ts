import type { FieldError } from '@app/contracts';
import { ACCOUNT_MESSAGES } from '@app/contracts';

/** Messages of the password flows that the spec does not word; kept here next to the rules. */
export const PASSWORD_MESSAGES = {
  strength: 'Password must contain an uppercase letter, a lowercase letter and a number.',
  currentIncorrect: 'Current password is incorrect',
  maxLength: 'Maximum length is 200',
  resetLinkInvalid: ACCOUNT_MESSAGES.resetLinkInvalid,
  forgotAccepted: 'If an account exists for this email address, a password reset link has been sent to it.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

// Spec 000 section 5: a lowercase, an uppercase, a digit and 8 or more characters.
const STRENGTH = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/s;
const HAS_DIGIT = /\d/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;

export interface PasswordRuleOptions {
  /** Reset and admin change also need a digit and a special character (spec 000 section 5). */
  requireNumberAndSpecial: boolean;
}

/**
 * The section 5 rules of a new password and its confirmation, as field errors (at most one per
 * field, the first rule broken). Used by reset, change and the admin change.
 */
export function passwordRuleErrors(
  values: { password: unknown; confirm: unknown },
  fields: { password: string; confirm: string },
  options: PasswordRuleOptions,
): FieldError[] {
  const errors: FieldError[] = [];
  const password = typeof values.password === 'string' ? values.password : '';
  const confirm = typeof values.confirm === 'string' ? values.confirm : '';

  const passwordError = !password
    ? ACCOUNT_MESSAGES.fieldRequired
    : password.length < PASSWORD_MIN_LENGTH
      ? ACCOUNT_MESSAGES.minLength8
      : password.length > PASSWORD_MAX_LENGTH
        ? PASSWORD_MESSAGES.maxLength
        : options.requireNumberAndSpecial && !(HAS_DIGIT.test(password) && HAS_SPECIAL.test(password))
          ? ACCOUNT_MESSAGES.passwordNeedsNumberAndSpecial
          : !STRENGTH.test(password)
            ? PASSWORD_MESSAGES.strength
            : null;
  if (passwordError) errors.push({ field: fields.password, error: passwordError });

  const confirmError = !confirm
    ? ACCOUNT_MESSAGES.fieldRequired
    : confirm.length < PASSWORD_MIN_LENGTH
      ? ACCOUNT_MESSAGES.minLength8
      : confirm !== password
        ? ACCOUNT_MESSAGES.passwordsDoNotMatch
        : null;
  if (confirmError) errors.push({ field: fields.confirm, error: confirmError });
  return errors;
}
