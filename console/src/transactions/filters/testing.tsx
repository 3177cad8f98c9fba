import type { FilterFormResponse, SavedFilter } from '@app/contracts';
import { filterFormFieldsOf } from '@app/contracts';

// Data of the filter sidebar's tests.

export function buildForm(overrides: Partial<FilterFormResponse> = {}): FilterFormResponse {
  return {
    fields: filterFormFieldsOf('transactions'),
    left_count: 14,
    options: {
      scopes: [
        { label: 'Team', items: [{ value: 't1', label: 'Demo Realty' }] },
        {
          label: 'Active Agents',
          items: [
            { value: 'a7', label: 'Avery Agent' },
            { value: 'a8', label: 'Blake Broker' },
          ],
        },
      ],
      stages: [
        { value: 1, label: 'Nurture' },
        { value: 2, label: 'Hot' },
        { value: 3, label: 'Warm' },
        { value: 4, label: 'Cold' },
      ],
      client_filters: [
        { value: 'under_contract', label: 'Under Contract' },
        { value: 'closed', label: 'Closed' },
      ],
      date_presets: [],
      cohort_date_fields: [{ value: 'created_ts', label: 'Created' }],
      amount_fields: [{ value: 'cf_price', label: 'List Price' }],
      number_fields: [],
      select_fields: [],
      string_fields: [],
      yn_fields: [],
      yn_values: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
        { value: '', label: 'Not set' },
      ],
      tags: [
        { value: 6, label: 'Luxury' },
        { value: 7, label: 'First Home' },
      ],
      tag_modifiers: [
        { value: 'exists', label: 'Has tag' },
        { value: 'not', label: 'Does not have tag' },
      ],
      lead_types: [],
      lead_type_groups: [],
      tcs: [{ value: 20, label: 'Taylor TC' }],
      isas: [],
      lanes: [],
      lost_reasons: [],
    },
    ...overrides,
  };
}

export function buildSavedFilter(overrides: Partial<SavedFilter> = {}): SavedFilter {
  return {
    filter_id: 1,
    filter_name: 'My Buyers',
    component: 'transactions',
    status: 'A',
    filters: { type_filter: 'b' },
    owner_type: 'personal',
    team_form_id: null,
    ...overrides,
  };
}
