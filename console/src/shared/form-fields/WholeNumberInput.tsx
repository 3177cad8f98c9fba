import { useInput, type CommonInputProps } from 'react-admin';
import { rulesOf } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';
import { isDecimalKey, parseWholeNumber } from './rules';
import { NumberTextField } from './NumberTextField';

export interface WholeNumberInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  required?: boolean;
  requiredMessage?: string;
  placeholder?: string;
}

/**
 * A whole number (spec 001 section 5): the '.' and ',' keys do nothing, a pasted decimal is rounded
 * (Math.round). The form value is a number or null.
 */
export const WholeNumberInput = ({
  required,
  requiredMessage = M.required,
  validate,
  label,
  helperText,
  placeholder,
  disabled,
  readOnly,
  fullWidth,
  ...props
}: WholeNumberInputProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    format: (value) => value,
    parse: (value) => value,
    validate: rulesOf({ required, requiredMessage, validate }),
  });
  return (
    <NumberTextField
      input={input}
      source={props.source}
      label={label}
      helperText={helperText}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      fullWidth={fullWidth}
      inputMode="numeric"
      isDraft={(text) => /^-?\d*$/.test(text)}
      parse={(text) => parseWholeNumber(text) ?? null}
      display={String}
      onKeyDown={(event) => {
        if (isDecimalKey(event.key)) event.preventDefault();
      }}
      parsePaste={parseWholeNumber}
    />
  );
};
