import TextField from '@mui/material/TextField';
import { useInput, type CommonInputProps } from 'react-admin';
import { helperOf, labelOf, rulesOf, shownError, useValidateField } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';
import { maskPhone, phoneDigitsOrNull, phoneRule } from './rules';

export interface PhoneInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  required?: boolean;
  requiredMessage?: string;
  /** 'Please enter a valid phone number' (spec 001 and 002 word it the same). */
  invalidMessage?: string;
}

/**
 * A US phone number (spec 001 section 5, spec 002 section 5): masked as (999) 999-9999 while typing,
 * the form value its 10 digits (null when empty); a value with other characters is reduced to its
 * digits on blur.
 */
export const PhoneInput = ({
  required,
  requiredMessage = M.required,
  invalidMessage = M.invalidPhone,
  validate,
  label,
  helperText,
  disabled,
  readOnly,
  fullWidth = true,
  ...props
}: PhoneInputProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    format: (value) => value,
    parse: phoneDigitsOrNull,
    validate: rulesOf({ required, requiredMessage, own: [phoneRule(invalidMessage)], validate }),
  });
  const { id, field, isRequired } = input;
  const validateField = useValidateField();
  const error = shownError(input);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      type="tel"
      autoComplete="tel"
      value={maskPhone(field.value)}
      onChange={field.onChange}
      onBlur={() => {
        // A value loaded with punctuation ('(555) 123-4567') is stored as its digits.
        const digits = phoneDigitsOrNull(field.value);
        if (digits !== (field.value ?? null)) field.onChange(digits);
        field.onBlur();
        validateField(field.name);
      }}
      label={labelOf({ label, source: props.source, isRequired })}
      placeholder={L.phonePlaceholder}
      error={!!error}
      helperText={helperOf(error, helperText)}
      disabled={disabled}
      fullWidth={fullWidth}
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'tel', readOnly } }}
    />
  );
};
