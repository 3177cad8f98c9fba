import {
  CLIENT_FILTER_LABELS,
  DATE_PRESET_LABELS,
  FILTER_KEYS,
  isDatePreset,
  type FilterComponent,
  type FilterFormOptions,
  type FilterKey,
  type FilterOption,
  type TransactionFilterKeys,
} from '@app/contracts';
import ClearIcon from '@mui/icons-material/Clear';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { DEPENDENT_KEYS, tagGroupsOf } from './filterKeys';
import { FILTER_FIELD_LABELS as F, FILTER_LABELS as L, TYPE_FILTER_CHOICES } from './messages';
import { useFilterForm } from './useFilterForm';

/** Keys shown inside the chip of the key they qualify. */
const QUALIFIERS = new Set<string>(Object.values(DEPENDENT_KEYS).flat());

/** The option list a key's values come from. */
const OPTIONS_OF: Partial<Record<FilterKey, keyof FilterFormOptions>> = {
  client_stage_id: 'stages',
  cohort_date_field: 'cohort_date_fields',
  amount_filter_key: 'amount_fields',
  number_filter_key: 'number_fields',
  select_filter_key: 'select_fields',
  string_filter_key: 'string_fields',
  yn_key: 'yn_fields',
  lead_type_filter: 'lead_types',
  lead_type_group_filter: 'lead_type_groups',
  tc_filter: 'tcs',
  appt_set_by_filter: 'isas',
  lost_reason_filters: 'lost_reasons',
  lane_keys: 'lanes',
};

export interface ChipItem {
  key: FilterKey;
  label: string;
}

/** The chips of the filters in use: one per key, its qualifiers (dates, bounds, values) in its text. */
export function filterChipItems(filters: TransactionFilterKeys, options?: FilterFormOptions | null): ChipItem[] {
  const record = filters as Record<string, unknown>;
  const nameIn = (list: readonly FilterOption[] | undefined, value: unknown) =>
    list?.find((option) => String(option.value) === String(value))?.label ?? String(value);
  const valueText = (key: FilterKey, value: unknown): string => {
    if (key === 'context')
      return nameIn(
        options?.scopes.flatMap((group) => group.items),
        value,
      );
    if (key === 'type_filter') return TYPE_FILTER_CHOICES.find((choice) => choice.id === value)?.name ?? String(value);
    if (key === 'client_filter') return CLIENT_FILTER_LABELS[value as keyof typeof CLIENT_FILTER_LABELS] ?? String(value);
    if (key === 'tag_filters') {
      const tags = options?.tags;
      const modifiers = options?.tag_modifiers;
      return tagGroupsOf(value)
        .map((group) =>
          group.map((entry) => `${nameIn(modifiers, entry.tag_filter_modifier)} ${nameIn(tags, entry.tag_filter_id)}`).join(' and '),
        )
        .join(' or ');
    }
    const list = OPTIONS_OF[key] ? (options?.[OPTIONS_OF[key]!] as FilterOption[] | undefined) : undefined;
    return Array.isArray(value) ? value.map((item) => nameIn(list, item)).join(', ') : nameIn(list, value);
  };
  const range = (start: unknown, end: unknown, preset?: unknown) => {
    if (preset && isDatePreset(preset) && preset !== 'custom') return DATE_PRESET_LABELS[preset];
    if (start === undefined && end === undefined) return '';
    return `${start ?? '…'} – ${end ?? '…'}`;
  };
  const items: ChipItem[] = [];
  for (const key of FILTER_KEYS) {
    const value = record[key];
    if (
      value === undefined ||
      (QUALIFIERS.has(key) && record[Object.entries(DEPENDENT_KEYS).find(([, list]) => list?.includes(key))?.[0] ?? ''] !== undefined)
    )
      continue;
    let text = key === 'exclude_lost' ? F.exclude_lost : `${F[key as keyof typeof F] ?? key}: ${valueText(key, value)}`;
    const extra =
      key === 'client_filter'
        ? range(record.status_start_date, record.status_end_date, record.status_date_preset)
        : key === 'cohort_date_field'
          ? range(record.cohort_start_date, record.cohort_end_date, record.date_preset)
          : key === 'amount_filter_key'
            ? range(record.range_start, record.range_end)
            : key === 'number_filter_key'
              ? range(record.number_range_start, record.number_range_end)
              : key === 'select_filter_key' || key === 'string_filter_key'
                ? String(record[key === 'select_filter_key' ? 'select_filter_value' : 'string_filter_value'] ?? '')
                : key === 'yn_key' && record.yn_value !== undefined
                  ? nameIn(options?.yn_values, record.yn_value)
                  : '';
    if (extra) text += ` (${extra})`;
    items.push({ key, label: text });
  }
  return items;
}

export interface FilterChipsProps {
  component: FilterComponent;
  filters: TransactionFilterKeys;
  onRemove: (key: FilterKey) => void;
  onClear: () => void;
}

/** The filters in use as removable chips, with Clear (a dashboard link's keys, spec 001 section 2). */
export const FilterChips = ({ component, filters, onRemove, onClear }: FilterChipsProps) => {
  const { form } = useFilterForm(component);
  const items = filterChipItems(filters, form?.options);
  if (items.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5, minWidth: 0 }}
      role="group"
      aria-label={L.chipsLabel}
      data-testid="filter-chips"
    >
      {items.map((item) => (
        <Chip
          key={item.key}
          label={item.label}
          onDelete={() => onRemove(item.key)}
          size="small"
          data-testid="filter-chip"
          data-key={item.key}
          sx={{ maxWidth: '100%' }}
          title={item.label}
        />
      ))}
      <Button size="small" startIcon={<ClearIcon />} onClick={onClear} data-testid="filter-chips-clear">
        {L.clearChips}
      </Button>
    </Box>
  );
};
