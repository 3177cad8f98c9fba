import { describe, expect, it } from 'vitest';
import { historyChange, historyValueText } from './history';

describe('history rows', () => {
  const lookups = {
    stages: new Map([
      ['3', 'Nurture'],
      ['4', 'Active'],
    ]),
    agents: new Map([['7', 'Avery Agent']]),
    tags: new Map([
      ['1', 'Hot'],
      ['2', 'VIP'],
    ]),
    types: new Map([
      ['trans_amt', 'amount'],
      ['inspection_dt', 'date'],
      ['gci_pct', 'percent'],
      ['referral_pct', 'percent'],
    ]),
  };

  it('names ids, shows dates as MM/DD/YYYY and amounts in USD', () => {
    expect(historyChange({ field: 'stage_id', label: 'Stage', old_value: '3', new_value: '4' }, lookups)).toEqual({
      label: 'Stage',
      from: 'Nurture',
      to: 'Active',
    });
    expect(historyValueText('tag_ids', '1,2', lookups)).toBe('Hot, VIP');
    expect(historyValueText('primary_agent_id', '99', lookups)).toBe('99');
    expect(historyValueText('values.inspection_dt', '2024-03-05', lookups)).toBe('03/05/2024');
    expect(historyValueText('trans_amt', '450000', lookups)).toBe('$450,000.00');
    expect(historyValueText('email', null, lookups)).toBe('(empty)');
    expect(historyValueText('gci_pct', '2.12345678', lookups)).toBe('2.12345678%');
    expect(historyValueText('values.referral_pct', '2.5', lookups)).toBe('2.5%');
  });

  it('reads the creation row as such', () => {
    expect(historyChange({ field: 'created', label: 'Created', old_value: null, new_value: null })).toEqual({
      label: 'Transaction created',
      from: null,
      to: null,
    });
  });
});
