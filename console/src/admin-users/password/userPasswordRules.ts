import { validateConfirmPassword, validateNewPassword, type FormErrors } from '../../account/password/passwordRules';

// Spec 000 section 5: the admin's change password form has the account rules plus "at least one
// number and one special character" (like the reset form).

export interface UserPasswordValues {
  new_password: string;
  confirm_new_password: string;
}

export function validateUserPassword(values: UserPasswordValues): FormErrors<UserPasswordValues> {
  const errors: FormErrors<UserPasswordValues> = {};
  const newError = validateNewPassword(values.new_password, { requireNumberAndSpecial: true });
  if (newError) errors.new_password = newError;
  const confirmError = validateConfirmPassword(values.confirm_new_password, values.new_password);
  if (confirmError) errors.confirm_new_password = confirmError;
  return errors;
}
