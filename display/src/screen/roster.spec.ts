import { describe, expect, it } from 'vitest';
import type { DisplayAgent } from '@app/contracts';
import { initialsOf, sortAgents } from './roster';

function agent(agent_id: number, name: string, status: DisplayAgent['status'] = 'active'): DisplayAgent {
  return { agent_id, name, status, roles: ['AGENT'], profile_image_path: null };
}

describe(sortAgents.name, () => {
  it('puts active agents first, then sorts by name without changing the input', () => {
    const input = [agent(1, 'zoe Z'), agent(2, 'Bob B', 'inactive'), agent(3, 'Amy A'), agent(4, 'amy a')];
    expect(sortAgents(input).map((a) => a.agent_id)).toEqual([3, 4, 1, 2]);
    expect(input.map((a) => a.agent_id)).toEqual([1, 2, 3, 4]);
  });
});

describe(initialsOf.name, () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  mary ann  smith ')).toBe('MS');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('')).toBe('?');
  });
});
