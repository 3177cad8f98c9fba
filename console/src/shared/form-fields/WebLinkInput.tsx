import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useInput, type CommonInputProps } from 'react-admin';
import { helperOf, labelOf, rulesOf, useValidateField } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';
import { trimmedOrNull, WEB_LINK_CHECK_DELAY_MS, webLinkError } from './rules';

export interface WebLinkInputProps extends Omit<CommonInputProps, 'parse'> {
  /** Only https:// links ('The URL must start with "https://".'). */
  httpsOnly?: boolean;
  required?: boolean;
  requiredMessage?: string;
  placeholder?: string;
}

/**
 * A web link (spec 001 section 5): http:// or https:// (https:// only with `httpsOnly`), then a valid URL.
 * The check shows 2 seconds after the last keystroke; the form itself never accepts an invalid link.
 * The Link button opens the URL in a new tab; it is disabled while the value is empty, unchecked or wrong.
 */
export const WebLinkInput = ({
  httpsOnly,
  required,
  requiredMessage = M.required,
  validate,
  label,
  helperText,
  placeholder,
  disabled,
  readOnly,
  fullWidth = true,
  ...props
}: WebLinkInputProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    parse: trimmedOrNull,
    validate: rulesOf({ required, requiredMessage, own: [(value: unknown) => webLinkError(value, { httpsOnly })], validate }),
  });
  const { id, field, fieldState, formState, isRequired } = input;
  const validateField = useValidateField();
  const value: string = field.value ?? '';
  // The value the delayed check last ran on: a record's own link counts as checked.
  const [checked, setChecked] = useState(value);
  useEffect(() => {
    if (value === checked) return undefined;
    const timer = setTimeout(() => {
      setChecked(value);
      validateField(field.name);
    }, WEB_LINK_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value, checked, validateField, field.name]);
  const pending = value !== checked;
  const wrong = !!webLinkError(value, { httpsOnly }) || fieldState.invalid;
  const error =
    !pending && fieldState.invalid && (fieldState.isDirty || fieldState.isTouched || formState.isSubmitted)
      ? fieldState.error?.message
      : undefined;

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      onChange={field.onChange}
      onBlur={field.onBlur}
      value={value}
      type="url"
      label={labelOf({ label, source: props.source, isRequired })}
      placeholder={placeholder}
      error={!!error}
      helperText={helperOf(error, helperText)}
      disabled={disabled}
      fullWidth={fullWidth}
      margin="dense"
      slotProps={{
        htmlInput: { readOnly, inputMode: 'url' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={L.openLink}
                title={L.openLink}
                edge="end"
                disabled={value === '' || pending || wrong}
                onClick={() => window.open(value, '_blank', 'noopener,noreferrer')}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
