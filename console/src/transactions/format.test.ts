import { describe, expect, it } from 'vitest';
import { formatCreated, formatFieldValue, taskCountText, valueCellText } from './format';

describe('formatFieldValue', () => {
  it('shows amounts as USD en-US', () => {
    expect(formatFieldValue('amount', 450000)).toBe('$450,000.00');
    expect(formatFieldValue('amount', '1234.5')).toBe('$1,234.50');
  });

  it('shows percents with a % sign', () => {
    expect(formatFieldValue('percent', 3)).toBe('3%');
    expect(formatFieldValue('percent', '2.75')).toBe('2.75%');
  });

  it('shows dates as given and yes/no in words', () => {
    expect(formatFieldValue('date', '03/05/2024')).toBe('03/05/2024');
    expect(formatFieldValue('yn', 'Y')).toBe('Yes');
    expect(formatFieldValue('yn', 'N')).toBe('No');
  });

  it('shows phones masked and text as it is, nothing for no value', () => {
    expect(formatFieldValue('phone', '5125550123')).toBe('(512) 555-0123');
    expect(formatFieldValue('text', 'Pool')).toBe('Pool');
    expect(formatFieldValue('amount', null)).toBe('');
    expect(formatFieldValue('amount', 'n/a')).toBe('n/a');
  });

  it('reads a value column from row.values', () => {
    const row = { values: { cf_price: { label: 'Price', value: 99.5 } } };
    expect(valueCellText({ field: 'cf_price', type: 'amount' }, row)).toBe('$99.50');
    expect(valueCellText({ field: 'cf_missing', type: 'amount' }, row)).toBe('');
  });
});

describe('taskCountText', () => {
  it('shows completed/total', () => {
    expect(taskCountText({ completed_task_count: 3, total_task_count: 8 })).toBe('3/8');
  });
});

describe('formatCreated', () => {
  it("shows the date in the user's locale and zone", () => {
    expect(formatCreated('2024-03-05T15:00:00Z', 'en-US', 'America/New_York')).toBe('Mar 5, 2024');
    expect(formatCreated('2024-03-05T15:00:00Z', 'en-GB', 'Europe/London')).toBe('5 Mar 2024');
    // Late evening UTC is the next day in Tokyo.
    expect(formatCreated('2024-03-05T20:00:00Z', 'en-US', 'Asia/Tokyo')).toBe('Mar 6, 2024');
  });

  it('shows nothing for no date, and a non-date as it is', () => {
    expect(formatCreated(null)).toBe('');
    expect(formatCreated('soon')).toBe('soon');
    expect(formatCreated('2024-03-05T15:00:00Z', 'en-US', 'Not/AZone')).not.toBe('');
  });
});
