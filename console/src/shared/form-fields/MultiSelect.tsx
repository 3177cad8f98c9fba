import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useInput, type CommonInputProps } from 'react-admin';
import { helperOf, labelOf, rulesOf, shownError, useValidateField } from './fieldParts';
import { FORM_FIELD_MESSAGES as M } from './messages';
import { multiSelectSummary } from './rules';

export interface MultiSelectChoice {
  id: string | number;
  name: string;
}

export interface MultiSelectProps extends Omit<CommonInputProps, 'parse' | 'format'> {
  choices: readonly MultiSelectChoice[];
  /** How many labels show before '{0} items selected' (3; the task modal's tags 4). */
  maxLabels?: number;
  required?: boolean;
  requiredMessage?: string;
}

/**
 * A dropdown of many choices (spec 001 section 9): the box shows at most 3 selected labels, then
 * '{0} items selected'; with no choices the list says 'No results found'. The form value is the array of ids.
 */
export const MultiSelect = ({
  choices,
  maxLabels,
  required,
  requiredMessage = M.required,
  validate,
  label,
  helperText,
  disabled,
  readOnly,
  fullWidth = true,
  ...props
}: MultiSelectProps) => {
  const input = useInput({
    ...props,
    disabled,
    readOnly,
    format: (value) => (Array.isArray(value) ? value : []),
    parse: (value) => value,
    validate: rulesOf({ required, requiredMessage, own: [], validate }),
  });
  const { id, field, isRequired } = input;
  const validateField = useValidateField();
  const error = shownError(input);
  const selected: Array<string | number> = field.value;
  const nameOf = (value: string | number) => choices.find((choice) => choice.id === value)?.name ?? String(value);

  return (
    <TextField
      select
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={selected}
      onChange={(event) => field.onChange(event.target.value as unknown as Array<string | number>)}
      onBlur={() => {
        field.onBlur();
        validateField(field.name);
      }}
      label={labelOf({ label, source: props.source, isRequired })}
      error={!!error}
      helperText={helperOf(error, helperText)}
      disabled={disabled}
      fullWidth={fullWidth}
      margin="dense"
      slotProps={{
        select: {
          multiple: true,
          readOnly,
          renderValue: (value) => multiSelectSummary((value as Array<string | number>).map(nameOf), maxLabels),
        },
      }}
    >
      {choices.length === 0 ? (
        <MenuItem disabled value="">
          {M.noResults}
        </MenuItem>
      ) : (
        choices.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))
      )}
    </TextField>
  );
};
