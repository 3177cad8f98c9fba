import { ESIGN_DATE_PLACEHOLDER, type EsignField, type EsignPlatformType, type EsignRole, type MappableField } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { BuilderAction, FieldPatch } from './builderState';
import { hasOptions, platformTypesOf, takesPattern, takesValue } from './fieldTypes';
import { BUILDER_LABELS as L, BUILDER_MESSAGES as M, FIELD_TYPE_LABELS, PLATFORM_TYPE_LABELS } from './messages';
import { newUuid } from './uuid';

/** Date formats offered for a date field (MM/DD/YYYY tokens, spec section 5; the first is the default). */
export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'MM-DD-YYYY', 'MMMM D, YYYY', 'D MMMM YYYY'];

const orNull = (value: string) => (value === '' ? null : value);
const mappedKey = (entity: string | null, field: string | null) => (entity && field ? `${entity}.${field}` : '');

/** The selected field's properties; every change goes to the builder at once (autosave follows). */
export const FieldProperties = memo(function FieldProperties({
  field,
  roles,
  mappableFields,
  mappableError,
  dispatch,
}: {
  field: EsignField;
  roles: readonly EsignRole[];
  mappableFields: readonly MappableField[] | null;
  mappableError: string | null;
  dispatch: (action: BuilderAction) => void;
}) {
  const update = (patch: FieldPatch) => dispatch({ type: 'updateField', uuid: field.uuid, patch });
  const isDate = field.type === 'date';
  const signingDate = isDate && field.default_value === ESIGN_DATE_PLACEHOLDER;
  const platformTypes = platformTypesOf(field.type);
  const mapped =
    mappableFields?.find(
      (option) => mappedKey(option.mapped_entity, option.mapped_field) === mappedKey(field.mapped_entity, field.mapped_field),
    ) ?? null;
  const nameEmpty = !field.name.trim();

  return (
    <Box
      data-testid="builder-properties"
      component="section"
      aria-label={L.properties}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {L.properties}: {FIELD_TYPE_LABELS[field.type]}
        </Typography>
        <Tooltip title={L.copyField}>
          <IconButton aria-label={L.copyField} size="small" onClick={() => dispatch({ type: 'copy', uuid: field.uuid })}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={L.deleteField}>
          <IconButton aria-label={L.deleteField} size="small" onClick={() => dispatch({ type: 'delete', uuid: field.uuid })}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <TextField select size="small" label={L.fieldRole} value={field.role_uuid} onChange={(e) => update({ role_uuid: e.target.value })}>
        {roles.map((role) => (
          <MenuItem key={role.uuid} value={role.uuid}>
            {role.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={L.fieldName}
        value={field.name}
        required
        error={nameEmpty}
        helperText={nameEmpty ? M.required : undefined}
        onChange={(e) => update({ name: e.target.value })}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField size="small" label={L.fieldTitle} value={field.title ?? ''} onChange={(e) => update({ title: orNull(e.target.value) })} />
      <TextField
        size="small"
        label={L.fieldDescription}
        value={field.description ?? ''}
        multiline
        minRows={2}
        onChange={(e) => update({ description: orNull(e.target.value) })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Checkbox size="small" checked={field.required} onChange={(e) => update({ required: e.target.checked })} />}
          label={L.fieldRequired}
        />
        <FormControlLabel
          control={<Checkbox size="small" checked={field.readonly} onChange={(e) => update({ readonly: e.target.checked })} />}
          label={L.fieldReadonly}
        />
      </Box>

      {hasOptions(field.type) && (
        <Box data-testid="builder-options" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Typography variant="body2" component="h3">
            {L.options}
          </Typography>
          {field.options.map((option, index) => (
            <Box key={option.uuid} sx={{ display: 'flex', gap: 0.5, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                label={L.option(index + 1)}
                value={option.value}
                error={!option.value.trim()}
                helperText={!option.value.trim() ? M.required : undefined}
                onChange={(e) =>
                  update({ options: field.options.map((o) => (o.uuid === option.uuid ? { ...o, value: e.target.value } : o)) })
                }
                sx={{ flex: 1 }}
              />
              <IconButton
                aria-label={`${L.removeOption} ${index + 1}`}
                size="small"
                // At least one option stays (the server refuses a select without).
                disabled={field.options.length <= 1}
                onClick={() => update({ options: field.options.filter((o) => o.uuid !== option.uuid) })}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
          <Button
            size="small"
            startIcon={<AddIcon />}
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => update({ options: [...field.options, { value: L.option(field.options.length + 1), uuid: newUuid() }] })}
          >
            {L.addOption}
          </Button>
        </Box>
      )}

      {takesValue(field.type) && (
        <>
          {field.type === 'checkbox' ? (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={field.default_value === 'true'}
                  onChange={(e) => update({ default_value: e.target.checked ? 'true' : null })}
                />
              }
              label={L.defaultValue}
            />
          ) : field.type === 'select' || field.type === 'radio' ? (
            <TextField
              select
              size="small"
              label={L.defaultValue}
              value={field.default_value ?? ''}
              onChange={(e) => update({ default_value: orNull(e.target.value) })}
            >
              <MenuItem value="">
                <em>—</em>
              </MenuItem>
              {field.options.map((option) => (
                <MenuItem key={option.uuid} value={option.value}>
                  {option.value}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <TextField
              size="small"
              label={L.defaultValue}
              value={signingDate ? '' : (field.default_value ?? '')}
              disabled={signingDate}
              onChange={(e) => update({ default_value: orNull(e.target.value) })}
            />
          )}
          {isDate && (
            <>
              <FormControlLabel
                control={
                  <Checkbox
                    size="small"
                    checked={signingDate}
                    onChange={(e) => update({ default_value: e.target.checked ? ESIGN_DATE_PLACEHOLDER : null })}
                  />
                }
                label={L.signingDate}
              />
              <TextField
                select
                size="small"
                label={L.dateFormat}
                value={field.preferences.format ?? DATE_FORMATS[0]}
                onChange={(e) => update({ preferences: { ...field.preferences, format: e.target.value } })}
              >
                {DATE_FORMATS.map((format) => (
                  <MenuItem key={format} value={format}>
                    {format}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
        </>
      )}

      {platformTypes.length > 0 && (
        <TextField
          select
          size="small"
          label={L.platformType}
          value={field.platform_type ?? ''}
          onChange={(e) => {
            const platform_type = (orNull(e.target.value) as EsignPlatformType | null) ?? null;
            update({
              platform_type,
              validation: { ...field.validation, host: platform_type === 'hyperlink' ? field.validation.host : null },
            });
          }}
        >
          <MenuItem value="">{L.platformNone}</MenuItem>
          {platformTypes.map((type) => (
            <MenuItem key={type} value={type}>
              {PLATFORM_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {field.platform_type === 'hyperlink' && (
        <TextField
          size="small"
          label={L.host}
          placeholder="example.com"
          value={field.validation.host ?? ''}
          onChange={(e) => update({ validation: { ...field.validation, host: orNull(e.target.value.trim()) } })}
        />
      )}
      {takesPattern(field.type) && (
        <TextField
          size="small"
          label={L.pattern}
          value={field.validation.pattern ?? ''}
          onChange={(e) => update({ validation: { ...field.validation, pattern: orNull(e.target.value) } })}
        />
      )}

      {takesValue(field.type) && (
        <>
          <Autocomplete
            size="small"
            options={mappableFields ?? []}
            value={mapped}
            disabled={!mappableFields}
            getOptionLabel={(option) => option.label}
            isOptionEqualToValue={(a, b) => mappedKey(a.mapped_entity, a.mapped_field) === mappedKey(b.mapped_entity, b.mapped_field)}
            noOptionsText={M.noResults}
            onChange={(_event, option) =>
              update(
                option
                  ? { mapped_entity: option.mapped_entity, mapped_field: option.mapped_field, can_update: option.can_update }
                  : { mapped_entity: null, mapped_field: null, can_update: false },
              )
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={L.mappedField}
                placeholder={L.mappedNone}
                error={!!mappableError}
                helperText={mappableError ?? undefined}
              />
            )}
          />
          <FormControlLabel
            control={
              <Checkbox
                size="small"
                checked={field.can_update}
                // Only a mapped field whose transaction column may be written can update it.
                disabled={!mapped?.can_update}
                onChange={(e) => update({ can_update: e.target.checked })}
              />
            }
            label={L.canUpdate}
          />
        </>
      )}
    </Box>
  );
});
