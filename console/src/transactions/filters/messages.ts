import { FILTER_MESSAGES, type FilterFormField } from '@app/contracts';

// Words of the filter sidebar. The spec's words (toasts, name rules) come from the contracts
// (FILTER_MESSAGES, shared with the server); the sidebar's own labels below.
export { FILTER_MESSAGES };

export const FILTER_LABELS = {
  filters: 'Filters',
  openFilters: 'Open the filter sidebar',
  closeFilters: 'Close the filter sidebar',
  clearAll: 'Clear All',
  saveAsNew: 'Save as New',
  savedFilters: 'Saved Filters',
  updateSelected: 'Update Selected',
  applyFilter: 'Apply Filter',
  team: 'Team',
  /** Follows a team filter's name. */
  teamSuffix: ' (Team)',
  /** {name}: the filter's name. */
  removeFilter: 'Remove filter {name}',
  /** {name}: the filter's name. */
  removeQuestion: "Remove the saved filter '{name}'?",
  remove: 'Remove',
  cancel: 'Cancel',
  save: 'Save',
  update: 'Update',
  name: 'Name',
  filterToUpdate: 'Filter to update',
  saveTitle: 'Save as New Filter',
  updateTitle: 'Update Selected Filter',
  teamHelp: 'Everyone on the team sees a team filter',
  noSavedFilters: 'No saved filters yet',
  savedFiltersFailed: 'The saved filters could not be loaded.',
  formFailed: 'The filter form could not be loaded.',
  retry: 'Retry',
  loading: 'Loading…',
  selected: 'Selected',
  nothingToUpdate: 'Apply or save a filter of yours first',
  tagFilters: 'Tags',
  tagType: 'Tag type',
  tagValue: 'Tag',
  addTagCondition: 'And',
  addTagGroup: 'Or (add a group)',
  removeTagEntry: 'Remove this tag condition',
  /** {n}: the group's number. */
  tagGroup: 'Tag group {n}',
  orBetweenGroups: 'or',
  chipsLabel: 'Filters in use',
  clearChips: 'Clear',
  formInvalid: 'Correct the highlighted fields of the filter first.',
  yes: 'Yes',
  no: 'No',
} as const;

/** The form's field labels (their order is the server's). */
export const FILTER_FIELD_LABELS: Readonly<Record<FilterFormField | 'status_date_preset' | 'date_preset', string>> = {
  context: 'Scope',
  dashboard_start_date: 'Dashboard start date',
  dashboard_end_date: 'Dashboard end date',
  type_filter: 'Type',
  client_stage_id: 'Stage',
  client_filter: 'Status',
  status_date_preset: 'Status date range',
  status_start_date: 'Status start date',
  status_end_date: 'Status end date',
  cohort_date_field: 'Cohort date',
  date_preset: 'Cohort date range',
  cohort_start_date: 'Cohort start date',
  cohort_end_date: 'Cohort end date',
  lead_type_filter: 'Lead type',
  lead_type_group_filter: 'Lead type group',
  appt_set_by_filter: 'Appointment set by',
  tc_filter: 'TC',
  amount_filter_key: 'Amount field',
  range_start: 'Amount from',
  range_end: 'Amount to',
  number_filter_key: 'Number field',
  number_range_start: 'Number from',
  number_range_end: 'Number to',
  select_filter_key: 'Select field',
  select_filter_value: 'Select value',
  string_filter_key: 'Text field',
  string_filter_value: 'Text contains',
  yn_key: 'Yes/No field',
  yn_value: 'Yes/No value',
  tag_filters: 'Tags',
  exclude_lost: 'Exclude lost',
  lost_reason_filters: 'Lost reason',
  lane_keys: 'Columns',
};

/** type_filter's choices (the form's options do not list them). */
export const TYPE_FILTER_CHOICES = [
  { id: 'b', name: 'Buyer' },
  { id: 's', name: 'Seller' },
] as const;
