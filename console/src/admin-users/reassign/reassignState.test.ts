import type { ScopeMenu } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { agentIdOfScope, canReassign, countOf, reassignTargets, sourceName } from './reassignState';

const MENU: ScopeMenu = {
  groups: [
    {
      label: 'ISAs',
      items: [
        { value: 'ig1', label: 'All ISAs' },
        { value: 'i4', label: 'Ivy Isa' },
      ],
    },
    { label: 'Disabled Agents', items: [{ value: 'a8', label: 'Dan Gone' }] },
    {
      label: 'Active Agents',
      items: [
        { value: 'a12', label: 'Ann Lee' },
        { value: 'a9', label: 'Bo Chen' },
        { value: 'i5', label: 'odd' },
      ],
    },
  ],
};

describe('reassignTargets', () => {
  it('keeps Active Agents then Disabled Agents, leaving out the source user and every other scope', () => {
    expect(reassignTargets(MENU, 12)).toEqual([
      { agentId: 9, label: 'Bo Chen', group: 'Active Agents' },
      { agentId: 8, label: 'Dan Gone', group: 'Disabled Agents' },
    ]);
  });

  it('is empty without a menu', () => {
    expect(reassignTargets(null, 12)).toEqual([]);
    expect(reassignTargets({ groups: [] }, 12)).toEqual([]);
  });

  it('reads only agent scope values', () => {
    expect(agentIdOfScope('a12')).toBe(12);
    expect(agentIdOfScope('t1')).toBeNull();
    expect(agentIdOfScope('i4')).toBeNull();
    expect(agentIdOfScope('a')).toBeNull();
  });
});

describe('sourceName', () => {
  it("is ?name=, else the user's name in the scope menu, else the fallback", () => {
    expect(sourceName(' Ann Lee ', MENU, 12, 'This user')).toBe('Ann Lee');
    expect(sourceName('', MENU, 12, 'This user')).toBe('Ann Lee');
    expect(sourceName('', MENU, 77, 'This user')).toBe('This user');
  });
});

describe('canReassign', () => {
  const counts = { total_trans_count: 5, active_trans_count: 0 };

  it("needs a target and that type's count above 0", () => {
    expect(countOf(counts, 'all')).toBe(5);
    expect(countOf(counts, 'active_only')).toBe(0);
    expect(countOf(null, 'all')).toBe(0);
    expect(canReassign({ counts, type: 'all', targetId: null, busy: false })).toBe(false);
    expect(canReassign({ counts, type: 'all', targetId: 9, busy: false })).toBe(true);
    expect(canReassign({ counts, type: 'active_only', targetId: 9, busy: false })).toBe(false);
    expect(canReassign({ counts: null, type: 'all', targetId: 9, busy: false })).toBe(false);
    expect(canReassign({ counts, type: 'all', targetId: 9, busy: true })).toBe(false);
  });
});
