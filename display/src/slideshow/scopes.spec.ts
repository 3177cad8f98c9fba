import { describe, expect, it } from 'vitest';
import { filterScopeGroups, scopeLabelOf } from './scopes';

const groups = [
  { label: 'Team', items: [{ value: 't1', label: 'Team' }] },
  {
    label: 'ISAs',
    items: [
      { value: 'ig1', label: 'All ISAs' },
      { value: 'i9', label: 'Ivy Isa' },
    ],
  },
  {
    label: 'Active Agents',
    items: [
      { value: 'a2', label: 'Alex Agent' },
      { value: 'a3', label: 'Blake Broker' },
    ],
  },
];

describe(filterScopeGroups.name, () => {
  it('keeps the items matching the search in any case, and only the groups holding some', () => {
    expect(filterScopeGroups(groups, 'ALEX')).toEqual([{ label: 'Active Agents', items: [{ value: 'a2', label: 'Alex Agent' }] }]);
    expect(filterScopeGroups(groups, '  ')).toBe(groups);
    expect(filterScopeGroups(groups, 'nobody')).toEqual([]);
  });
});

describe(scopeLabelOf.name, () => {
  it('names a scope of the menu', () => {
    expect(scopeLabelOf(groups, 'i9')).toBe('Ivy Isa');
    expect(scopeLabelOf(groups, 'a99')).toBeNull();
  });
});
