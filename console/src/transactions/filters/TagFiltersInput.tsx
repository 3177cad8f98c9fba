import type { FilterOption } from '@app/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Autocomplete } from '../../shared/form-fields';
import { emptyTagEntry, emptyTagGroup } from './filterKeys';
import { FILTER_LABELS as L } from './messages';

interface Choices {
  modifiers: { id: string; name: string }[];
  tags: { id: number; name: string }[];
}

/** One entry: a type (exists or not), then its tag, hidden and cleared until the type is chosen, then required. */
const TagEntry = ({ path, choices, onRemove, testId }: { path: string; choices: Choices; onRemove: () => void; testId: string }) => {
  const { setValue, getValues } = useFormContext();
  const modifier = useWatch({ name: `${path}.tag_filter_modifier` }) as string | null | undefined;
  useEffect(() => {
    if (!modifier && getValues(`${path}.tag_filter_id`) != null) setValue(`${path}.tag_filter_id`, null, { shouldDirty: true });
  }, [modifier, path, getValues, setValue]);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid={testId}>
      <Box sx={{ flex: '1 1 120px', minWidth: 0 }}>
        <Autocomplete
          source={`${path}.tag_filter_modifier`}
          label={L.tagType}
          choices={choices.modifiers}
          helperText={false}
          data-testid={`${testId}-type`}
        />
      </Box>
      {modifier ? (
        <Box sx={{ flex: '2 1 160px', minWidth: 0 }}>
          <Autocomplete
            source={`${path}.tag_filter_id`}
            label={L.tagValue}
            choices={choices.tags}
            required
            helperText={false}
            data-testid={`${testId}-value`}
          />
        </Box>
      ) : null}
      <IconButton aria-label={L.removeTagEntry} onClick={onRemove} sx={{ mt: 1.5 }} size="small" data-testid={`${testId}-remove`}>
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
};

/** A group: every entry must hold. */
const TagGroup = ({ index, choices, onRemoveGroup }: { index: number; choices: Choices; onRemoveGroup: () => void }) => {
  const { fields, append, remove } = useFieldArray({ name: `tag_filters.${index}.entries` });
  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}
      role="group"
      aria-label={L.tagGroup.replace('{n}', String(index + 1))}
      data-testid={`tag-group-${index}`}
    >
      {fields.map((field, entry) => (
        <TagEntry
          key={field.id}
          path={`tag_filters.${index}.entries.${entry}`}
          choices={choices}
          testId={`tag-entry-${index}-${entry}`}
          // The last entry of a group takes the group with it.
          onRemove={() => (fields.length === 1 ? onRemoveGroup() : remove(entry))}
        />
      ))}
      <Button size="small" startIcon={<AddIcon />} onClick={() => append(emptyTagEntry())} data-testid={`tag-group-${index}-add`}>
        {L.addTagCondition}
      </Button>
    </Box>
  );
};

/** The tag filter: groups of entries (a group matches when every entry holds, the filter when any group does). */
export const TagFiltersInput = ({ tags, modifiers }: { tags: FilterOption<number>[]; modifiers: FilterOption<string>[] }) => {
  const { fields, append, remove, replace } = useFieldArray({ name: 'tag_filters' });
  const choices: Choices = {
    tags: tags.map((tag) => ({ id: tag.value, name: tag.label })),
    modifiers: modifiers.map((modifier) => ({ id: modifier.value, name: modifier.label })),
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, my: 1 }} data-testid="tag-filters">
      <Typography variant="subtitle2">{L.tagFilters}</Typography>
      {fields.map((field, index) => (
        <Box key={field.id}>
          {index > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', textAlign: 'center' }}>
              {L.orBetweenGroups}
            </Typography>
          )}
          {/* The only group is emptied rather than removed: the form always offers one. */}
          <TagGroup
            index={index}
            choices={choices}
            onRemoveGroup={() => (fields.length === 1 ? replace([emptyTagGroup()]) : remove(index))}
          />
        </Box>
      ))}
      <Button
        size="small"
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() => append(emptyTagGroup())}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="tag-group-add"
      >
        {L.addTagGroup}
      </Button>
    </Box>
  );
};
