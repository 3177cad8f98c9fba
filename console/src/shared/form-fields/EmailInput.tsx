import { TextInput, type TextInputProps } from 'react-admin';
import { rulesOf, useValidateField } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';
import { emailRule, trimmedOrNull } from './rules';

export interface EmailInputProps extends Omit<TextInputProps, 'type' | 'parse'> {
  /** Adds the required rule ('This field is required'). */
  required?: boolean;
  requiredMessage?: string;
  /** 'This is an invalid email address' by default; e-sign forms pass ESIGN_FIELD_MESSAGES.invalidEmail. */
  invalidMessage?: string;
  /** false: no format check here (the Vendor Enrollment Form leaves it to the server, spec 001 section 5). */
  checkFormat?: boolean;
}

/** An email address, kept trimmed, checked against the standard pattern without consecutive dots (spec 001 section 5). */
export const EmailInput = ({
  required,
  requiredMessage = M.required,
  invalidMessage = M.invalidEmail,
  checkFormat = true,
  validate,
  onBlur,
  ...props
}: EmailInputProps) => {
  const validateField = useValidateField();
  return (
    <TextInput
      type="email"
      autoComplete="email"
      parse={trimmedOrNull}
      validate={rulesOf({ required, requiredMessage, own: checkFormat ? [emailRule(invalidMessage)] : [], validate })}
      onBlur={(event: React.FocusEvent<HTMLInputElement>) => {
        onBlur?.(event);
        validateField(event.target.name);
      }}
      {...props}
    />
  );
};
