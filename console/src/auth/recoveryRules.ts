import { ACCOUNT_MESSAGES } from '../account/messages';

export interface RecoveryErrors {
  email?: string;
  code?: string;
}

// A pragmatic address check (the server has the final word).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Password Recovery form: email required and well formed; captcha code required (spec 000 section 5). */
export function validateRecovery(email: string, code: string): RecoveryErrors {
  const errors: RecoveryErrors = {};
  if (!EMAIL.test(email.trim())) errors.email = ACCOUNT_MESSAGES.invalidEmail;
  if (code.trim() === '') errors.code = ACCOUNT_MESSAGES.invalidCaptcha;
  return errors;
}
