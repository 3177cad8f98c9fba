import type { ScopeMenu } from '@app/contracts';

/** The groups whose items match the search (any case), empty groups left out. */
export function filterScopeGroups(groups: ScopeMenu['groups'], search: string): ScopeMenu['groups'] {
  const needle = search.trim().toLowerCase();
  if (!needle) return groups;
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.label.toLowerCase().includes(needle)) }))
    .filter((group) => group.items.length > 0);
}

/** The label of a scope value in the menu, or null when the menu does not hold it. */
export function scopeLabelOf(groups: ScopeMenu['groups'], value: string): string | null {
  for (const group of groups) {
    const item = group.items.find((entry) => entry.value === value);
    if (item) return item.label;
  }
  return null;
}
