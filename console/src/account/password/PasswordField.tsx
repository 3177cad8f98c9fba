import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { PasswordSuggestions } from './PasswordSuggestions';

interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  /** The message under the field (server error first, then the client rule once touched). */
  message?: string;
  autoComplete: string;
  autoFocus?: boolean;
  disabled: boolean;
  /** data-testid of the input is `${testIdPrefix}-${name}`, of its message `${testIdPrefix}-${name}-error`. */
  testIdPrefix: string;
  /** Shows the strength suggestions (uppercase, numeric, special character, min 8) under the field. */
  withSuggestions?: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** One password input of the change and reset forms. */
export const PasswordField = ({
  name,
  label,
  value,
  message,
  autoComplete,
  autoFocus,
  disabled,
  testIdPrefix,
  withSuggestions,
  onChange,
  onBlur,
}: PasswordFieldProps) => (
  <Box>
    <TextField
      label={label}
      type="password"
      name={name}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      fullWidth
      margin="normal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={!!message}
      helperText={message}
      disabled={disabled}
      slotProps={{
        htmlInput: { 'data-testid': `${testIdPrefix}-${name}` },
        formHelperText: { 'data-testid': `${testIdPrefix}-${name}-error` } as object,
      }}
    />
    {withSuggestions && <PasswordSuggestions password={value} />}
  </Box>
);
