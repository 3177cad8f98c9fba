import { REASSIGN_MESSAGES, type ReassignCountResponse, type ReassignType, type ScopeMenu } from '@app/contracts';

// Rules of the Reassign Transactions screen (spec 000 sections 2-4). Pure: the screen and the tests share them.

export interface ReassignTarget {
  agentId: number;
  label: string;
  /** 'Active Agents' or 'Disabled Agents'. */
  group: string;
}

const AGENT_SCOPE = /^a(\d+)$/;

/** An agent scope value ('a12') as its agent id, null for any other scope (team, ISA group, ISA). */
export function agentIdOfScope(value: string): number | null {
  const match = AGENT_SCOPE.exec(value);
  return match ? Number(match[1]) : null;
}

/**
 * The targets: the agent scope's groups Active Agents and Disabled Agents (in that order, as the server
 * lists their agents), the source user left out.
 */
export function reassignTargets(menu: ScopeMenu | null | undefined, fromAgentId: number | null): ReassignTarget[] {
  const groups = Array.isArray(menu?.groups) ? menu.groups : [];
  const targets: ReassignTarget[] = [];
  for (const label of REASSIGN_MESSAGES.targetGroups) {
    for (const group of groups.filter((item) => item.label === label)) {
      for (const item of group.items ?? []) {
        const agentId = agentIdOfScope(item.value);
        if (agentId === null || agentId === fromAgentId || targets.some((target) => target.agentId === agentId)) continue;
        targets.push({ agentId, label: item.label, group: label });
      }
    }
  }
  return targets;
}

/** The user's name in the screen's sentences: ?name=, else their name in the agent scope, else 'This user'. */
export function sourceName(queryName: string, menu: ScopeMenu | null | undefined, fromAgentId: number | null, fallback: string): string {
  const given = queryName.trim();
  if (given) return given;
  for (const group of menu?.groups ?? []) {
    const item = (group.items ?? []).find((entry) => agentIdOfScope(entry.value) === fromAgentId);
    if (item) return item.label;
  }
  return fallback;
}

/** How many transactions the chosen type moves. */
export function countOf(counts: ReassignCountResponse | null, type: ReassignType): number {
  if (!counts) return 0;
  return type === 'all' ? counts.total_trans_count : counts.active_trans_count;
}

/** Reassign stays disabled until a target is chosen and that type's count is above 0 (and while it runs). */
export function canReassign(state: {
  counts: ReassignCountResponse | null;
  type: ReassignType;
  targetId: number | null;
  busy: boolean;
}): boolean {
  return !state.busy && state.targetId !== null && countOf(state.counts, state.type) > 0;
}
