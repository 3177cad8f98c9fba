import InputAdornment from '@mui/material/InputAdornment';
import { useInput, type CommonInputProps } from 'react-admin';
import { rulesOf } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';
import { formatPercent, isPercentDraft, parsePercent, percentMaxFractionDigits } from './rules';
import { NumberTextField } from './NumberTextField';

export interface PercentInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  /** Calculator fields keep up to 8 fraction digits instead of 4. */
  calculator?: boolean;
  required?: boolean;
  requiredMessage?: string;
  placeholder?: string;
}

/**
 * A percentage (spec 001 section 9): shown with 1 to 4 fraction digits (up to 8 with `calculator`)
 * and a '%' sign; typing more decimals than that is refused. The form value is a number or null.
 */
export const PercentInput = ({
  calculator,
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
}: PercentInputProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    format: (value) => value,
    parse: (value) => value,
    validate: rulesOf({ required, requiredMessage, validate }),
  });
  const digits = percentMaxFractionDigits(calculator);
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
      inputMode="decimal"
      isDraft={(text) => isPercentDraft(text, digits)}
      parse={(text) => parsePercent(text, digits)}
      display={(value) => formatPercent(value, digits)}
      endAdornment={<InputAdornment position="end">%</InputAdornment>}
    />
  );
};
