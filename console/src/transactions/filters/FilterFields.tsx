import type { FilterFormField, FilterFormResponse, FilterOption } from '@app/contracts';
import Box from '@mui/material/Box';
import { useEffect, useState, type ReactNode } from 'react';
import { BooleanInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Autocomplete, CurrencyInput, DateInput, DateRangePresetInput, MultiSelect, WholeNumberInput } from '../../shared/form-fields';
import { transactionsApi } from '../index';
import { YN_NOT_SET } from './filterKeys';
import { FILTER_FIELD_LABELS as F, TYPE_FILTER_CHOICES } from './messages';

const toChoices = <V extends string | number>(options: readonly FilterOption<V>[] | undefined) =>
  (options ?? []).map((option) => ({ id: option.value, name: option.label }));

/** Fields drawn by the one before them (a date range's dates by its preset). */
const DRAWN_WITH_PRESET: readonly FilterFormField[] = ['status_start_date', 'status_end_date', 'cohort_start_date', 'cohort_end_date'];

/** Keys that show once the key they qualify is chosen. */
const SHOWN_WITH: Partial<Record<FilterFormField, FilterFormField>> = {
  status_date_preset: 'client_filter',
  date_preset: 'cohort_date_field',
  range_start: 'amount_filter_key',
  range_end: 'amount_filter_key',
  number_range_start: 'number_filter_key',
  number_range_end: 'number_filter_key',
  select_filter_value: 'select_filter_key',
  string_filter_value: 'string_filter_key',
  yn_value: 'yn_key',
};

/** select_filter_value's choices: the chosen select field's (GET /transaction/form/select-options). */
const SelectValueInput = ({ fieldKey }: { fieldKey: string }) => {
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let cancelled = false;
    transactionsApi.getChoices(fieldKey).then(
      (list) => !cancelled && setChoices(list.map((choice) => ({ id: String(choice.value), name: choice.label }))),
      () => !cancelled && setChoices([]),
    );
    return () => {
      cancelled = true;
    };
  }, [fieldKey]);
  return <Autocomplete source="select_filter_value" label={F.select_filter_value} choices={choices} />;
};

export interface FilterFieldsProps {
  form: FilterFormResponse;
  timeZone: string;
  now?: () => Date;
  /** The tag filter (its own component: groups of entries). */
  renderTags: () => ReactNode;
}

/** The filter form in two columns: the first left_count fields on the left (spec 001 section 9). */
export const FilterFields = ({ form, timeZone, now, renderTags }: FilterFieldsProps) => {
  const values = useWatch() as Record<string, unknown>;
  const { options } = form;
  const scopes = (options.scopes ?? []).flatMap((group) =>
    group.items.map((item) => ({ id: item.value, name: item.label, group: group.label })),
  );
  const ynValues = (options.yn_values ?? []).map((option) => ({ id: option.value === '' ? YN_NOT_SET : option.value, name: option.label }));

  const input = (field: FilterFormField): ReactNode => {
    if (DRAWN_WITH_PRESET.includes(field)) return null;
    const qualifies = SHOWN_WITH[field];
    const chosen = qualifies ? values[qualifies] : undefined;
    if (qualifies && (chosen === null || chosen === undefined || chosen === '')) return null;
    switch (field) {
      case 'context':
        return <Autocomplete source={field} label={F.context} choices={scopes} groupBy={(choice) => String(choice.group)} />;
      case 'dashboard_start_date':
      case 'dashboard_end_date':
        return <DateInput source={field} label={F[field]} separator="-" />;
      case 'type_filter':
        return <Autocomplete source={field} label={F.type_filter} choices={[...TYPE_FILTER_CHOICES]} />;
      case 'client_stage_id':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.stages)} />;
      case 'client_filter':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.client_filters)} />;
      case 'status_date_preset':
        return (
          <DateRangePresetInput
            presetSource="status_date_preset"
            startSource="status_start_date"
            endSource="status_end_date"
            timeZone={timeZone}
            now={now}
            presetLabel={F.status_date_preset}
            startLabel={F.status_start_date}
            endLabel={F.status_end_date}
          />
        );
      case 'cohort_date_field':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.cohort_date_fields)} />;
      case 'date_preset':
        return (
          <DateRangePresetInput
            presetSource="date_preset"
            startSource="cohort_start_date"
            endSource="cohort_end_date"
            timeZone={timeZone}
            now={now}
            presetLabel={F.date_preset}
            startLabel={F.cohort_start_date}
            endLabel={F.cohort_end_date}
          />
        );
      case 'lead_type_filter':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.lead_types)} />;
      case 'lead_type_group_filter':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.lead_type_groups)} />;
      case 'appt_set_by_filter':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.isas)} />;
      case 'tc_filter':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.tcs)} />;
      case 'amount_filter_key':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.amount_fields)} />;
      case 'range_start':
      case 'range_end':
        return <CurrencyInput source={field} label={F[field]} />;
      case 'number_filter_key':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.number_fields)} />;
      case 'number_range_start':
      case 'number_range_end':
        return <WholeNumberInput source={field} label={F[field]} />;
      case 'select_filter_key':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.select_fields)} />;
      case 'select_filter_value':
        return <SelectValueInput fieldKey={String(chosen)} />;
      case 'string_filter_key':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.string_fields)} />;
      case 'string_filter_value':
        // No shared input for plain text: react-admin's own, as every console form uses it.
        return <TextInput source={field} label={F[field]} fullWidth margin="dense" helperText={false} />;
      case 'yn_key':
        return <Autocomplete source={field} label={F[field]} choices={toChoices(options.yn_fields)} />;
      case 'yn_value':
        return <Autocomplete source={field} label={F[field]} choices={ynValues} />;
      case 'tag_filters':
        return renderTags();
      case 'exclude_lost':
        return <BooleanInput source={field} label={F[field]} helperText={false} />;
      case 'lost_reason_filters':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.lost_reasons)} />;
      case 'lane_keys':
        return <MultiSelect source={field} label={F[field]} choices={toChoices(options.lanes)} />;
      default:
        return null;
    }
  };

  const leftCount = Math.max(0, Math.min(form.left_count, form.fields.length));
  const column = (fields: FilterFormField[], testId: string) => (
    <Box sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      {fields.map((field) => {
        const node = input(field);
        return node ? (
          <Box key={field} data-field={field}>
            {node}
          </Box>
        ) : null;
      })}
    </Box>
  );
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, columnGap: 2 }}
      data-testid="filter-form-columns"
    >
      {column(form.fields.slice(0, leftCount), 'filter-form-left')}
      {column(form.fields.slice(leftCount), 'filter-form-right')}
    </Box>
  );
};
