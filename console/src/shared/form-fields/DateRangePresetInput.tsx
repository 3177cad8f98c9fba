import { DATE_PRESET_CHOICES, datePresetFromClassicKey, resolveDatePreset, toFilterDate, type DatePreset } from '@app/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { useInput } from 'react-admin';
import { DateInput } from './DateInput';
import { labelOf } from './fieldParts';
import { FORM_FIELD_LABELS as L, FORM_FIELD_MESSAGES as M } from './messages';

export interface DateRangePresetInputProps {
  /** Form field of the preset key (a classic key such as this_week is read as its new preset). */
  presetSource: string;
  startSource: string;
  endSource: string;
  /** The team's IANA time zone: "today" of the presets is the day there. */
  timeZone: string;
  presetLabel?: string;
  startLabel?: string;
  endLabel?: string;
  requiredMessage?: string;
  /** Both dates required (spec 001's filters, the default); false where an empty range means no filter. */
  required?: boolean;
  /** Overrides `new Date()` (tests). */
  now?: () => Date;
  disabled?: boolean;
}

/**
 * A date preset dropdown (300 px) with start and end dates kept in sync (spec 001 sections 4, 5 and 9):
 * choosing a preset sets both dates as MM-DD-YYYY (the filter parameters' format), editing a date
 * switches the preset to Custom. Both dates are required ('This field is required' once touched) unless
 * `required` is false.
 */
export const DateRangePresetInput = ({
  presetSource,
  startSource,
  endSource,
  timeZone,
  presetLabel = L.datePreset,
  startLabel = L.startDate,
  endLabel = L.endDate,
  requiredMessage = M.required,
  required = true,
  now = () => new Date(),
  disabled,
}: DateRangePresetInputProps) => {
  const { setValue } = useFormContext();
  const preset = useInput({
    source: presetSource,
    disabled,
    format: (value) => datePresetFromClassicKey(value) ?? '',
    parse: (value) => value || null,
  });

  const choose = (key: DatePreset) => {
    preset.field.onChange(key);
    const range = resolveDatePreset(key, timeZone, now());
    if (!range) return;
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
    setValue(startSource, toFilterDate(range.start), options);
    setValue(endSource, toFilterDate(range.end), options);
  };
  // A date the user types is their own range.
  const toCustom = () => {
    if (preset.field.value !== 'custom') setValue(presetSource, 'custom', { shouldDirty: true });
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <TextField
        select
        id={preset.id}
        name={preset.field.name}
        inputRef={preset.field.ref}
        value={preset.field.value}
        onChange={(event) => choose(event.target.value as DatePreset)}
        onBlur={preset.field.onBlur}
        label={labelOf({ label: presetLabel, source: presetSource, isRequired: false })}
        disabled={disabled}
        margin="dense"
        sx={{ width: 300, maxWidth: '100%' }}
      >
        {DATE_PRESET_CHOICES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {choice.name}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flex: '1 1 160px', minWidth: 160 }}>
        <DateInput
          source={startSource}
          label={startLabel}
          separator="-"
          required={required}
          requiredMessage={requiredMessage}
          disabled={disabled}
          onChange={toCustom}
        />
      </Box>
      <Box sx={{ flex: '1 1 160px', minWidth: 160 }}>
        <DateInput
          source={endSource}
          label={endLabel}
          separator="-"
          required={required}
          requiredMessage={requiredMessage}
          disabled={disabled}
          onChange={toCustom}
        />
      </Box>
    </Box>
  );
};
