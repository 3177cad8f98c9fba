import { ESIGN_DATE_PLACEHOLDER, type EsignField, type EsignRole } from '@app/contracts';
import Box from '@mui/material/Box';
import type { BuilderAction } from './builderState';
import { FieldTypeIcon } from './FieldTypeIcon';
import { takesValue } from './fieldTypes';
import { roleColour } from './roles';

const inputSx = {
  width: '100%',
  height: '100%',
  border: 0,
  background: 'transparent',
  font: 'inherit',
  fontSize: 11,
  p: 0,
  m: 0,
  outline: 'none',
};

/**
 * A field in fill-out mode (the send stepper's Fill Out): its default value typed on the page; fields
 * without a value of their own (signature, initials, strikethrough) and the signing date show as boxes.
 */
export const FillField = ({
  field,
  roles,
  dispatch,
}: {
  field: EsignField;
  roles: readonly EsignRole[];
  dispatch: (action: BuilderAction) => void;
}) => {
  const area = field.areas[0];
  const colour = roleColour(roles, field.role_uuid);
  const set = (value: string | null) => dispatch({ type: 'updateField', uuid: field.uuid, patch: { default_value: value } });
  const label = field.title || field.name;
  const editable = takesValue(field.type) && !field.readonly && field.default_value !== ESIGN_DATE_PLACEHOLDER;
  let control;
  if (!editable) {
    control = (
      <>
        <FieldTypeIcon type={field.type} sx={{ fontSize: 12 }} />
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {field.default_value === ESIGN_DATE_PLACEHOLDER ? field.preferences.format : label}
        </Box>
      </>
    );
  } else if (field.type === 'checkbox') {
    control = (
      <input
        type="checkbox"
        aria-label={label}
        checked={field.default_value === 'true'}
        onChange={(e) => set(e.target.checked ? 'true' : null)}
      />
    );
  } else if (field.type === 'select' || field.type === 'radio') {
    control = (
      <Box
        component="select"
        aria-label={label}
        value={field.default_value ?? ''}
        onChange={(e) => set(e.target.value || null)}
        sx={inputSx}
      >
        <option value="" />
        {field.options.map((option) => (
          <option key={option.uuid} value={option.value}>
            {option.value}
          </option>
        ))}
      </Box>
    );
  } else {
    control = (
      <Box
        component="input"
        aria-label={label}
        placeholder={label}
        inputMode={field.type === 'number' ? 'decimal' : field.type === 'phone' ? 'tel' : undefined}
        value={field.default_value ?? ''}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => set(e.target.value || null)}
        sx={inputSx}
      />
    );
  }
  return (
    <Box
      data-testid={`builder-fill-${field.uuid}`}
      sx={{
        position: 'absolute',
        left: `${area.x * 100}%`,
        top: `${area.y * 100}%`,
        width: `${area.w * 100}%`,
        height: `${area.h * 100}%`,
        border: 1,
        borderColor: colour,
        bgcolor: `${colour}1a`,
        color: colour,
        display: 'flex',
        alignItems: 'center',
        gap: 0.25,
        overflow: 'hidden',
        fontSize: 11,
        zIndex: 2,
      }}
    >
      {control}
    </Box>
  );
};
