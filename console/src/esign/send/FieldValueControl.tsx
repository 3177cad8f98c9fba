import { ESIGN_REQUEST_MESSAGES, type EsignSendField, esignDatePlaceholderOf, parseEsignDate } from '@app/contracts';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { useInput, type UseInputValue, type Validator } from 'react-admin';
import { formatUsDate, parseUsDate } from '@app/contracts';
import { CurrencyInput, PhoneInput } from '../../shared/form-fields';
import { DateCalendar } from '../../shared/form-fields/DateCalendar';
import { helperOf } from '../../shared/form-fields/fieldParts';
import { FORM_FIELD_LABELS } from '../../shared/form-fields/messages';
import { NumberTextField } from '../../shared/form-fields/NumberTextField';
import { isPhoneField, valueErrorOf } from './formModel';
import { dateText, NUMBER_TEXT } from './valueText';

// Step 1's value controls (spec 002 sections 2.2 and 5): one input per field type, each a react-admin input
// of step 1's form, checked by the shared value rule (esignValueError) and showing its message once touched.

const RA_PREFIX = '@@react-admin@@';

/** A react-admin validation message as its plain text. */
export function plainMessage(error: string | undefined): string | undefined {
  if (!error || !error.startsWith(RA_PREFIX)) return error;
  try {
    const parsed: unknown = JSON.parse(error.slice(RA_PREFIX.length));
    return typeof parsed === 'string' ? parsed : ((parsed as { message?: string } | null)?.message ?? error);
  } catch {
    return error;
  }
}

/** The form's value as the field's value: blank text is no value. */
export const fromFormValue = (value: unknown): unknown => (value === '' || value === undefined ? null : value);

/** The field's one rule (esignValueError) as a react-admin validator; `isRequired` marks the label. */
export function validatorOf(field: EsignSendField): Validator {
  const rule: Validator & { isRequired?: boolean } = (value: unknown) => valueErrorOf(field, fromFormValue(value)) ?? undefined;
  rule.isRequired = field.required;
  return rule;
}

/** The message to show: once touched (or after a submit); a date's 'Incorrect format' as soon as it is dirty. */
function shownMessage(input: Pick<UseInputValue, 'fieldState' | 'formState'>): string | undefined {
  const { fieldState, formState } = input;
  if (!fieldState.invalid) return undefined;
  const message = fieldState.error?.message;
  if (fieldState.isTouched || formState.isSubmitted) return message;
  return fieldState.isDirty && plainMessage(message) === ESIGN_REQUEST_MESSAGES.incorrectFormat ? message : undefined;
}

export interface FieldValueControlProps {
  field: EsignSendField;
  /** The field's name in step 1's form. */
  source: string;
  helperText?: string;
}

const labelOf = (field: EsignSendField) => field.label || field.external_service_field_name;

const TextControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  return (
    <TextField
      id={input.id}
      name={input.field.name}
      inputRef={input.field.ref}
      value={input.field.value ?? ''}
      onChange={(event) => input.field.onChange(event.target.value)}
      onBlur={input.field.onBlur}
      label={labelOf(field)}
      required={field.required}
      placeholder={field.placeholder ?? undefined}
      disabled={field.disabled}
      error={!!error}
      helperText={helperOf(error, helperText)}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { inputMode: field.platform_type === 'hyperlink' ? 'url' : undefined } }}
    />
  );
};

/** A number with 0 to 2 decimals (the shared number box, the value a float; NUMBER_TEXT, as Fill Out shows it). */
const NumberControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  return (
    <NumberTextField
      input={input}
      source={source}
      label={labelOf(field)}
      helperText={helperText}
      placeholder={field.placeholder ?? undefined}
      disabled={field.disabled}
      inputMode="decimal"
      isDraft={NUMBER_TEXT.accepts}
      parse={NUMBER_TEXT.parse}
      display={NUMBER_TEXT.display}
      parsePaste={(text) => (NUMBER_TEXT.accepts(text) ? NUMBER_TEXT.parse(text) : undefined)}
    />
  );
};

const CheckboxControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  return (
    <FormControl error={!!error} margin="dense" disabled={field.disabled}>
      <FormControlLabel
        label={`${labelOf(field)}${field.required ? ' *' : ''}`}
        control={
          <Checkbox
            id={input.id}
            name={input.field.name}
            inputRef={input.field.ref}
            checked={input.field.value === true}
            onChange={(event) => {
              input.field.onChange(event.target.checked);
              input.field.onBlur();
            }}
          />
        }
      />
      <FormHelperText>{helperOf(error, helperText)}</FormHelperText>
    </FormControl>
  );
};

const SelectControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  return (
    <TextField
      select
      id={input.id}
      name={input.field.name}
      inputRef={input.field.ref}
      value={input.field.value ?? ''}
      onChange={(event) => input.field.onChange(event.target.value)}
      onBlur={input.field.onBlur}
      label={labelOf(field)}
      required={field.required}
      disabled={field.disabled}
      error={!!error}
      helperText={helperOf(error, helperText)}
      fullWidth
      margin="dense"
      slotProps={{ select: { onClose: () => input.field.onBlur() } }}
    >
      {!field.required && (
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
      )}
      {field.options.map((option) => (
        <MenuItem key={option.uuid} value={option.value}>
          {option.value}
        </MenuItem>
      ))}
    </TextField>
  );
};

const RadioControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  const labelId = `${input.id}-label`;
  return (
    <FormControl error={!!error} margin="dense" disabled={field.disabled} required={field.required}>
      <FormLabel id={labelId}>{labelOf(field)}</FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        name={input.field.name}
        value={input.field.value ?? ''}
        onChange={(event) => {
          input.field.onChange(event.target.value);
          input.field.onBlur();
        }}
      >
        {field.options.map((option) => (
          <FormControlLabel key={option.uuid} value={option.value} control={<Radio />} label={option.value} />
        ))}
      </RadioGroup>
      <FormHelperText>{helperOf(error, helperText)}</FormHelperText>
    </FormControl>
  );
};

/** Multiple: a group of checkboxes, the value the list of ticked options. */
const MultipleControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  const selected: string[] = Array.isArray(input.field.value) ? (input.field.value as string[]) : [];
  const labelId = `${input.id}-label`;
  const toggle = (value: string, checked: boolean) => {
    const next = checked ? [...selected.filter((item) => item !== value), value] : selected.filter((item) => item !== value);
    // The options' order, whatever the order of the clicks.
    input.field.onChange(field.options.map((option) => option.value).filter((item) => next.includes(item)));
    input.field.onBlur();
  };
  return (
    <FormControl error={!!error} margin="dense" disabled={field.disabled} required={field.required} component="fieldset">
      <FormLabel id={labelId} component="legend">
        {labelOf(field)}
      </FormLabel>
      <FormGroup row aria-labelledby={labelId}>
        {field.options.map((option) => (
          <FormControlLabel
            key={option.uuid}
            label={option.value}
            control={
              <Checkbox
                name={input.field.name}
                checked={selected.includes(option.value)}
                onChange={(event) => toggle(option.value, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{helperOf(error, helperText)}</FormHelperText>
    </FormControl>
  );
};

/**
 * A date typed in the field's format (converted from its MM/DD/YYYY tokens, MM/DD/YYYY by default) or picked
 * from the shared calendar; the value is 'YYYY-MM-DD' once the text is a date, the text itself until then
 * (so the rule says 'Incorrect format').
 */
const DateControl = ({ field, source, helperText }: FieldValueControlProps) => {
  const input = useInput({ source, validate: validatorOf(field) });
  const error = shownMessage(input);
  const format = field.preferences?.format;
  const rule = dateText(format);
  const value = typeof input.field.value === 'string' ? input.field.value : '';
  const [draft, setDraft] = useState<string | null>(null);
  const anchor = useRef<HTMLDivElement>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);
  const text = draft ?? rule.display(value);
  const change = (next: string) => {
    setDraft(next);
    input.field.onChange(rule.parse(next));
  };
  return (
    <>
      <TextField
        ref={anchor}
        id={input.id}
        name={input.field.name}
        inputRef={input.field.ref}
        value={text}
        onChange={(event) => change(event.target.value)}
        onBlur={() => {
          setDraft(null);
          input.field.onBlur();
        }}
        label={labelOf(field)}
        required={field.required}
        placeholder={esignDatePlaceholderOf(format)}
        disabled={field.disabled}
        error={!!error}
        helperText={helperOf(error, helperText)}
        fullWidth
        margin="dense"
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            endAdornment: field.disabled ? undefined : (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={FORM_FIELD_LABELS.openCalendar} onClick={() => setCalendarOpen(true)}>
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
        value={parseEsignDate(text, format) ? formatUsDate(parseEsignDate(text, format)!, '/') : ''}
        separator="/"
        onPick={(picked) => {
          const iso = parseUsDate(picked);
          setDraft(null);
          input.field.onChange(iso ?? picked);
          input.field.onBlur();
          setCalendarOpen(false);
        }}
        onClose={() => {
          setCalendarOpen(false);
          input.field.onBlur();
        }}
      />
    </>
  );
};

/** The value control of a field, by its type (amounts in USD, phones masked, the rest as the spec lists). */
export const FieldValueControl = (props: FieldValueControlProps) => {
  const { field, source, helperText } = props;
  if (isPhoneField(field)) {
    return (
      <PhoneInput source={source} label={labelOf(field)} helperText={helperText} validate={validatorOf(field)} disabled={field.disabled} />
    );
  }
  switch (field.fieldType) {
    case 'number':
      return field.platform_type === 'amount' ? (
        <CurrencyInput
          source={source}
          label={labelOf(field)}
          helperText={helperText}
          validate={validatorOf(field)}
          disabled={field.disabled}
          fullWidth
        />
      ) : (
        <NumberControl {...props} />
      );
    case 'checkbox':
      return <CheckboxControl {...props} />;
    case 'select':
      return <SelectControl {...props} />;
    case 'radio':
      return <RadioControl {...props} />;
    case 'multiple':
      return <MultipleControl {...props} />;
    case 'date':
      return <DateControl {...props} />;
    default:
      return <TextControl {...props} />;
  }
};
