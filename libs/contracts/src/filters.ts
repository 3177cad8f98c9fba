// Filter keys, saved filters, the filter form and the scope menu (spec 001 sections 3, 4, 5, 7, 9).
// Types and names only: the transactions service parses and applies the keys, the console's filter
// sidebar edits them.
import type { DatePreset } from './date-presets';

/** The screens a saved filter belongs to. */
export const FILTER_COMPONENTS = ['snapshot', 'dashboard', 'transactions', 'report', 'stages-board', 'status-board'] as const;
export type FilterComponent = (typeof FILTER_COMPONENTS)[number];

/** How many fields of the filter form go in its left column (spec 001 section 9). */
export const FILTER_FORM_LEFT_COUNT: Readonly<Record<FilterComponent, number>> = {
  snapshot: 14,
  dashboard: 13,
  transactions: 14,
  report: 13,
  'stages-board': 15,
  'status-board': 15,
};

/** client_filter: a status key and the date column it reads. */
export const CLIENT_FILTER_DATE_FIELDS = {
  appt_set: 'appt_set_dt',
  appt_met: 'appt_met_dt',
  signed: 'signed_dt',
  under_contract: 'under_contract_dt',
  closed: 'closed_dt',
  lost: 'lost_dt',
} as const;
export type ClientFilterKey = keyof typeof CLIENT_FILTER_DATE_FIELDS;
export const CLIENT_FILTER_LABELS: Readonly<Record<ClientFilterKey, string>> = {
  appt_set: 'Appointment Set',
  appt_met: 'Appointment Met',
  signed: 'Signed',
  under_contract: 'Under Contract',
  closed: 'Closed',
  lost: 'Lost',
};

export const TAG_FILTER_MODIFIERS = ['exists', 'not'] as const;
export type TagFilterModifier = (typeof TAG_FILTER_MODIFIERS)[number];
/** One entry of a tag group: has the tag (exists) or lacks it (not). */
export interface TagFilterEntry {
  tag_filter_modifier: TagFilterModifier;
  tag_filter_id: number;
}

/** yn_value: yes, no, or '' for not set. */
export const YN_FILTER_VALUES = ['yes', 'no', ''] as const;
export type YnFilterValue = (typeof YN_FILTER_VALUES)[number];

/**
 * The filter keys (spec 001 section 3), normalised: dates MM-DD-YYYY, presets in the shared preset table,
 * lists as arrays, tag groups without empty entries. A key left out does not filter.
 */
export interface TransactionFilterKeys {
  /** t{team_id} the team, a{id} that primary agent, i{id} appointments set by that ISA, ig{team_id} by any ISA. */
  context?: string;
  type_filter?: 'b' | 's';
  client_stage_id?: number[];
  client_filter?: ClientFilterKey;
  status_date_preset?: DatePreset;
  status_start_date?: string;
  status_end_date?: string;
  /** created_ts or a date field's key. */
  cohort_date_field?: string;
  date_preset?: DatePreset;
  cohort_start_date?: string;
  cohort_end_date?: string;
  amount_filter_key?: string;
  range_start?: number;
  range_end?: number;
  number_filter_key?: string;
  number_range_start?: number;
  number_range_end?: number;
  select_filter_key?: string;
  select_filter_value?: string;
  string_filter_key?: string;
  string_filter_value?: string;
  yn_key?: string;
  yn_value?: YnFilterValue;
  /** Groups of entries: a group matches when every entry holds, the filter when any group does. */
  tag_filters?: TagFilterEntry[][];
  lead_type_filter?: number[];
  /** Lead type group names. */
  lead_type_group_filter?: string[];
  tc_filter?: number[];
  /** Agent ids, or i{id}. */
  appt_set_by_filter?: string[];
  lost_reason_filters?: string[];
  exclude_lost?: boolean;
  /** The board columns to show (boards only). */
  lane_keys?: string[];
  /** Fill a status or cohort range left empty (dashboard links). */
  dashboard_start_date?: string;
  dashboard_end_date?: string;
  /**
   * Pending on that day (the Stats dashboard's Pending Units link): under contract on or before it, and
   * neither closed nor lost by then.
   */
  pending_date?: string;
}

/** Every filter key a request or a saved filter may carry (referrer_filter is taken and ignored). */
export const FILTER_KEYS = [
  'context',
  'type_filter',
  'client_stage_id',
  'client_filter',
  'status_date_preset',
  'status_start_date',
  'status_end_date',
  'cohort_date_field',
  'date_preset',
  'cohort_start_date',
  'cohort_end_date',
  'amount_filter_key',
  'range_start',
  'range_end',
  'number_filter_key',
  'number_range_start',
  'number_range_end',
  'select_filter_key',
  'select_filter_value',
  'string_filter_key',
  'string_filter_value',
  'yn_key',
  'yn_value',
  'tag_filters',
  'lead_type_filter',
  'lead_type_group_filter',
  'tc_filter',
  'appt_set_by_filter',
  'lost_reason_filters',
  'exclude_lost',
  'lane_keys',
  'dashboard_start_date',
  'dashboard_end_date',
  'pending_date',
] as const satisfies ReadonlyArray<keyof TransactionFilterKeys>;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The fields of the filter form in order (the tag filters as one field), before each component's additions. */
export const FILTER_FORM_FIELDS = [
  'context',
  'type_filter',
  'client_stage_id',
  'client_filter',
  'status_date_preset',
  'status_start_date',
  'status_end_date',
  'cohort_date_field',
  'date_preset',
  'cohort_start_date',
  'cohort_end_date',
  'lead_type_filter',
  'lead_type_group_filter',
  'appt_set_by_filter',
  'tc_filter',
  'amount_filter_key',
  'range_start',
  'range_end',
  'number_filter_key',
  'number_range_start',
  'number_range_end',
  'select_filter_key',
  'select_filter_value',
  'string_filter_key',
  'string_filter_value',
  'yn_key',
  'yn_value',
  'tag_filters',
  'exclude_lost',
  'lost_reason_filters',
] as const;
export type FilterFormField = (typeof FILTER_FORM_FIELDS)[number] | 'dashboard_start_date' | 'dashboard_end_date' | 'lane_keys';

/** The form's fields for a component: snapshot and dashboard add the dashboard dates after context, the boards add lane_keys. */
export function filterFormFieldsOf(component: FilterComponent): FilterFormField[] {
  const fields: FilterFormField[] = [...FILTER_FORM_FIELDS];
  if (component === 'snapshot' || component === 'dashboard') fields.splice(1, 0, 'dashboard_start_date', 'dashboard_end_date');
  if (component === 'stages-board' || component === 'status-board') fields.push('lane_keys');
  return fields;
}

export type FilterOwnerType = 'team' | 'personal';

/** A saved filter (GET /transaction/filters). */
export interface SavedFilter {
  filter_id: number;
  filter_name: string;
  component: FilterComponent;
  /** 'A': active (a removed filter is deleted). */
  status: 'A';
  filters: TransactionFilterKeys;
  owner_type: FilterOwnerType;
  team_form_id: number | null;
}

/** POST /transaction/filters. */
export interface CreateFilterRequest {
  name: string;
  filters: TransactionFilterKeys;
  component: FilterComponent;
  owner_type?: FilterOwnerType;
}

/** PATCH /transaction/filters: updateSelected true saves the filters and the name, false renames only. */
export interface UpdateFilterRequest {
  filter_id: number;
  filter_name: string;
  filters?: TransactionFilterKeys;
  component: FilterComponent;
  updateSelected: boolean;
}

/** An entry of a dropdown. */
export interface FilterOption<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** GET /dashboard/scopes: the scope menu (Team, ISAs, Active Agents, Disabled Agents). */
export interface ScopeMenu {
  groups: { label: string; items: FilterOption<string>[] }[];
}

/** The lists the filter form's fields pick from. */
export interface FilterFormOptions {
  scopes: ScopeMenu['groups'];
  stages: FilterOption<number>[];
  client_filters: FilterOption<ClientFilterKey>[];
  date_presets: FilterOption<DatePreset>[];
  /** created_ts and the team's date fields. */
  cohort_date_fields: FilterOption<string>[];
  amount_fields: FilterOption<string>[];
  number_fields: FilterOption<string>[];
  select_fields: FilterOption<string>[];
  string_fields: FilterOption<string>[];
  yn_fields: FilterOption<string>[];
  yn_values: FilterOption<YnFilterValue>[];
  tags: FilterOption<number>[];
  tag_modifiers: FilterOption<TagFilterModifier>[];
  lead_types: FilterOption<number>[];
  lead_type_groups: FilterOption<string>[];
  tcs: FilterOption<number>[];
  /** ISAs as i{id}. */
  isas: FilterOption<string>[];
  lanes: FilterOption<string>[];
  lost_reasons: FilterOption<string>[];
}

/** GET /transaction/filter/form. */
export interface FilterFormResponse {
  fields: FilterFormField[];
  left_count: number;
  options: FilterFormOptions;
}

export const FILTER_MESSAGES = {
  nameRequired: 'This field is required',
  nameTooLong: 'At most 100 characters',
  nameTaken: 'A filter with this name already exists',
  saved: 'Successfully Saved Filter',
  removed: 'Successfully Removed Filter',
  updated: (name: string) => `${name} Filter has been updated.`,
  nowUsing: (name: string) => `Now using ${name} Filter`,
} as const;
