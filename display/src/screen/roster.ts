import type { DisplayAgent } from '@app/contracts';

/** Roster order on screen: active agents first, then by name. */
export function sortAgents(agents: readonly DisplayAgent[]): DisplayAgent[] {
  return [...agents].sort((a, b) => {
    if (a.status !== b.status) return a.status === 'active' ? -1 : 1;
    return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.agent_id - b.agent_id;
  });
}

/** Up to two initials for the avatar ('Ada Lovelace' -> 'AL'). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0].charAt(0);
  const last = words.length > 1 ? words[words.length - 1].charAt(0) : '';
  return (first + last).toUpperCase();
}
