import { describe, expect, it } from 'vitest';
import { filterChipItems } from './FilterChips';
import { buildForm } from './testing';

describe(filterChipItems.name, () => {
  const options = buildForm().options;

  it('names each key and its values from the form options, qualifiers inside their key', () => {
    const items = filterChipItems(
      {
        context: 'a7',
        client_stage_id: [1, 3],
        cohort_date_field: 'created_ts',
        date_preset: 'lastMonth',
        amount_filter_key: 'cf_price',
        range_start: 100,
        tag_filters: [
          [
            { tag_filter_modifier: 'exists', tag_filter_id: 6 },
            { tag_filter_modifier: 'not', tag_filter_id: 7 },
          ],
          [{ tag_filter_modifier: 'exists', tag_filter_id: 7 }],
        ],
        tc_filter: [20],
        exclude_lost: true,
      },
      options,
    );
    expect(items.map((item) => item.label)).toEqual([
      'Scope: Avery Agent',
      'Stage: Nurture, Warm',
      'Cohort date: Created (Last Month)',
      'Amount field: List Price (100 – …)',
      'Tags: Has tag Luxury and Does not have tag First Home or Has tag First Home',
      'TC: Taylor TC',
      'Exclude lost',
    ]);
  });

  it('shows raw values before the options load, and a qualifier alone as its own chip', () => {
    expect(
      filterChipItems({ context: 'a7', dashboard_start_date: '01-01-2023', status_start_date: '02-01-2023' }, null).map(
        (item) => item.label,
      ),
    ).toEqual(['Scope: a7', 'Status start date: 02-01-2023', 'Dashboard start date: 01-01-2023']);
  });
});
