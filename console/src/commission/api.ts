import type { CapsResponse, CommissionTemplatesResponse } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

export interface CommissionApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/**
 * The commission calls of the transactions service (spec 000 section 7): the cap card's figures and
 * the team's commission templates. Errors are react-admin HttpErrors (status, the server's message).
 */
export function createCommissionApi(options: CommissionApiOptions) {
  const { call } = createJsonClient(options);
  return {
    /** The cap card of a user (ADMIN and TRANC: any user of the team), or the caller's own without one. */
    getCaps: (agentId?: number | null) =>
      call<CapsResponse>(agentId === undefined || agentId === null ? '/caps' : `/caps?agent_id=${encodeURIComponent(String(agentId))}`),
    /** The team's templates per side, and whether the Default Commission Templates block shows. */
    getTemplates: () => call<CommissionTemplatesResponse>('/commission/templates'),
  };
}

export type CommissionApi = ReturnType<typeof createCommissionApi>;
