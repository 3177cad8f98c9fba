import TextField from '@mui/material/TextField';
import type { UsDateSeparator } from '@app/contracts';
import { useInput, type CommonInputProps } from 'react-admin';
import { helperOf, labelOf, rulesOf, shownError, useValidateField } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';
import { dateRule, maskDate } from './rules';

export interface DateInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  /** '/' (default): MM/DD/YYYY as task calls carry dates; '-': MM-DD-YYYY as filter parameters do. */
  separator?: UsDateSeparator;
  required?: boolean;
  requiredMessage?: string;
}

/**
 * A calendar date typed as mm/dd/yyyy (spec 001 section 9): the separators come by themselves, the form
 * value is the 'MM/DD/YYYY' (or 'MM-DD-YYYY') string or null, and only years 2000 to 2030 are accepted.
 */
export const DateInput = ({ separator = '/', required, requiredMessage = M.required, validate, label, helperText, disabled, readOnly, fullWidth = true, ...props }: DateInputProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    parse: (text: string) => {
      const masked = maskDate(text, separator);
      return masked === '' ? null : masked;
    },
    validate: rulesOf({ required, requiredMessage, own: [dateRule(separator)], validate }),
  });
  const { id, field, isRequired } = input;
  const validateField = useValidateField();
  const error = shownError(input);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={() => {
        field.onBlur();
        validateField(field.name);
      }}
      label={labelOf({ label, source: props.source, isRequired })}
      placeholder={separator === '/' ? L.datePlaceholder : L.filterDatePlaceholder}
      error={!!error}
      helperText={helperOf(error, helperText)}
      disabled={disabled}
      fullWidth={fullWidth}
      margin="dense"
      slotProps={{ htmlInput: { inputMode: 'numeric', readOnly, maxLength: 10 }, inputLabel: { shrink: true } }}
    />
  );
};
