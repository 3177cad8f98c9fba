import { useInput, type CommonInputProps } from 'react-admin';
import { rulesOf } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';
import { formatCurrency, isCurrencyDraft, parseCurrency } from './rules';
import { NumberTextField } from './NumberTextField';

export interface CurrencyInputProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  required?: boolean;
  requiredMessage?: string;
}

/**
 * An amount in US dollars (spec 001 section 9): en-US formatting ($1,234.50) when not focused,
 * placeholder '$0.00', at most 2 decimals. The form value is a number or null.
 */
export const CurrencyInput = ({
  required,
  requiredMessage = M.required,
  validate,
  label,
  helperText,
  disabled,
  readOnly,
  fullWidth,
  ...props
}: CurrencyInputProps) => {
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
      placeholder={L.currencyPlaceholder}
      disabled={disabled}
      readOnly={readOnly}
      fullWidth={fullWidth}
      inputMode="decimal"
      isDraft={isCurrencyDraft}
      parse={parseCurrency}
      display={formatCurrency}
      parsePaste={(text) => (isCurrencyDraft(text.trim()) ? parseCurrency(text) : undefined)}
    />
  );
};
