import { describe, expect, it } from 'vitest';
import {
  appendFilterParams,
  emptyFormValues,
  fromFilterKeys,
  parseFilterParams,
  parseStoredFilters,
  sameFilters,
  toFilterKeys,
  withoutKey,
  YN_NOT_SET,
} from './filterKeys';

const now = new Date('2023-03-15T16:00:00Z');

describe('filterKeys', () => {
  it('turns an empty form into no keys', () => {
    expect(toFilterKeys(emptyFormValues())).toEqual({});
  });

  it('drops tag entries without a tag and empty groups, and qualifiers without their key', () => {
    const values = {
      ...emptyFormValues(),
      tag_filters: [
        {
          entries: [
            { tag_filter_modifier: 'exists' as const, tag_filter_id: 6 },
            { tag_filter_modifier: 'not' as const, tag_filter_id: null },
          ],
        },
        { entries: [{ tag_filter_modifier: null, tag_filter_id: null }] },
      ],
      range_start: 100,
      yn_key: 'cf_pool',
      yn_value: YN_NOT_SET,
      exclude_lost: true,
    };
    expect(toFilterKeys(values)).toEqual({
      tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: 6 }]],
      yn_key: 'cf_pool',
      yn_value: '',
      exclude_lost: true,
    });
  });

  it('fills the dates of a preset without them, classic names read as new ones', () => {
    const values = fromFilterKeys({ client_filter: 'closed', status_date_preset: 'this_week' as never }, 'America/New_York', now);
    expect(values).toMatchObject({ status_date_preset: 'thisWeek', status_start_date: '03-12-2023', status_end_date: '03-18-2023' });
  });

  it('round-trips keys through the form and compares them regardless of list order', () => {
    const keys = { context: 'a7', client_stage_id: [2, 1], yn_key: 'cf_pool', yn_value: '' as const };
    expect(toFilterKeys(fromFilterKeys(keys, 'UTC', now))).toEqual(keys);
    expect(sameFilters({ client_stage_id: [1, 2] }, { client_stage_id: [2, 1] })).toBe(true);
    expect(sameFilters({ type_filter: 'b' }, { type_filter: 's' })).toBe(false);
  });

  it('puts lists repeated and tag groups as JSON on the query', () => {
    const query = appendFilterParams(new URLSearchParams('page=1'), {
      client_stage_id: [1, 2],
      tag_filters: [[{ tag_filter_modifier: 'not', tag_filter_id: 7 }]],
      exclude_lost: true,
    });
    expect(query.toString()).toBe(
      'page=1&client_stage_id=1&client_stage_id=2&tag_filters=%5B%5B%7B%22tag_filter_modifier%22%3A%22not%22%2C%22tag_filter_id%22%3A7%7D%5D%5D&exclude_lost=true',
    );
  });

  it("reads a dashboard link's keys, leaving out unknown ones and referrer_filter", () => {
    const params = new URLSearchParams(
      'context=a7&type_filter=b&client_filter=closed&status_date_preset=last_3_months&appt_set_by_filter=i4,12&client_stage_id=1&client_stage_id=2&dashboard_start_date=01-01-2023&referrer_filter=x&page=3&tag_filters=%5B%5B%7B%22tag_filter_modifier%22%3A%22exists%22%2C%22tag_filter_id%22%3A6%7D%5D%5D&range_start=10',
    );
    expect(parseFilterParams(params)).toEqual({
      context: 'a7',
      type_filter: 'b',
      client_filter: 'closed',
      status_date_preset: 'last6Months',
      appt_set_by_filter: ['i4', '12'],
      client_stage_id: [1, 2],
      dashboard_start_date: '01-01-2023',
      tag_filters: [[{ tag_filter_modifier: 'exists', tag_filter_id: 6 }]],
      range_start: 10,
    });
    expect(parseFilterParams(new URLSearchParams('tag_filters=nope&search=x'))).toEqual({});
  });

  it('keeps only known keys of a stored state', () => {
    expect(parseStoredFilters({ context: 'a7', evil: 1, client_stage_id: [1, { x: 1 }], exclude_lost: 'yes' })).toEqual({ context: 'a7' });
    expect(parseStoredFilters('nope')).toEqual({});
  });

  it('removes a key with the keys that qualify it', () => {
    expect(
      withoutKey(
        { client_filter: 'closed', status_start_date: '01-01-2023', status_end_date: '01-31-2023', context: 'a7' },
        'client_filter',
      ),
    ).toEqual({ context: 'a7' });
  });
});
