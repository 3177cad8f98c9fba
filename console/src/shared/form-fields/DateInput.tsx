import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import type { UsDateSeparator } from '@app/contracts';
import { useInput, type CommonInputProps } from 'react-admin';
import { helperOf, labelOf, rulesOf, shownError, useValidateField } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';
import { DateCalendar } from './DateCalendar';
import { dateRule, maskDate } from './rules';

export interface DateInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  /** '/' (default): MM/DD/YYYY as task calls carry dates; '-': MM-DD-YYYY as filter parameters do. */
  separator?: UsDateSeparator;
  required?: boolean;
  requiredMessage?: string;
}

/**
 * A calendar date typed as mm/dd/yyyy, or picked from the calendar button's DateCalendar (spec 001 section
 * 9): the separators come by themselves, the form value is the 'MM/DD/YYYY' (or 'MM-DD-YYYY') string or
 * null, and only years 2000 to 2030 are accepted.
 */
export const DateInput = ({
  separator = '/',
  required,
  requiredMessage = M.required,
  validate,
  label,
  helperText,
  disabled,
  readOnly,
  fullWidth = true,
  ...props
}: DateInputProps) => {
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
  const anchor = useRef<HTMLDivElement>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const closeCalendar = () => {
    setCalendarOpen(false);
    field.onBlur();
    validateField(field.name);
  };
  return (
    <>
      <TextField
        ref={anchor}
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
        slotProps={{
          htmlInput: { inputMode: 'numeric', readOnly, maxLength: 10 },
          inputLabel: { shrink: true },
          input: {
            endAdornment:
              disabled || readOnly ? undefined : (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={L.openCalendar}
                    onClick={() => setCalendarOpen(true)}
                    data-testid={`${field.name}-calendar`}
                  >
                    <CalendarMonthIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ),
          },
        }}
      />
      <DateCalendar
        anchorEl={anchor.current}
        open={calendarOpen}
        value={field.value}
        separator={separator}
        onPick={(text) => {
          field.onChange(text);
          closeCalendar();
        }}
        onClose={closeCalendar}
      />
    </>
  );
};
