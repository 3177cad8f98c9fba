import type {
  SaveSkySlopeSettingsRequest,
  SkySlopeMatchedUsersResponse,
  SkySlopeOfficesResponse,
  SkySlopePingResponse,
  SkySlopePrimaryAgentsResponse,
  SkySlopeSettingsResponse,
  SkySlopeSyncActivityResponse,
} from '@app/contracts';
import { createJsonClient, jsonInit, readBody, type FetchLike } from '../dataProvider/apiClient';

/** POST /skyslope/matched-users: done (200), or still running after the server's wait (202). */
export interface RematchResult {
  running: boolean;
  status: string | null;
}

/** The SkySlope integration's calls (integrations-sync, libs/contracts/src/skyslope.ts). */
export function createSkySlopeApi(options: { fetch: FetchLike; apiBase?: string }) {
  const client = createJsonClient(options);
  return {
    getSettings: () => client.call<SkySlopeSettingsResponse>('/skyslope/settings'),
    saveSettings: (request: SaveSkySlopeSettingsRequest) => client.call<{ message?: string } | null>('/skyslope/settings', 'POST', request),
    ping: () => client.call<SkySlopePingResponse>('/skyslope/ping'),
    getOffices: (teamId?: number | null) =>
      client.call<SkySlopeOfficesResponse>(`/skyslope/offices${teamId ? `?team_id=${encodeURIComponent(teamId)}` : ''}`),
    saveOffice: (guid: string) => client.call<{ message?: string } | null>('/skyslope/offices', 'POST', { skyslope_guid: guid }),
    getPrimaryAgents: () => client.call<SkySlopePrimaryAgentsResponse>('/skyslope/primary-agent'),
    /** null: the transaction's own primary agent. */
    savePrimaryAgent: (guid: string | null) =>
      client.call<{ message?: string } | null>('/skyslope/primary-agent', 'POST', { selected_primary_agent_guid: guid }),
    getMatchedUsers: async () => (await client.call<SkySlopeMatchedUsersResponse | null>('/skyslope/matched-users'))?.matched_users ?? [],
    rematchUsers: async (): Promise<RematchResult> => {
      const response = await client.send('/skyslope/matched-users', jsonInit('POST', { match_skyslope_users: true }));
      const body = await readBody<{ status?: unknown } | null>(response);
      const status = body && typeof body === 'object' && typeof body.status === 'string' && body.status ? body.status : null;
      return { running: response.status === 202, status };
    },
    getSyncActivity: (page: number, perPage: number) =>
      client.call<SkySlopeSyncActivityResponse>(
        `/skyslope/sync-activity?page=${encodeURIComponent(page)}&per_page=${encodeURIComponent(perPage)}`,
      ),
    retrySync: (clientId: number) =>
      client.call<{ message?: string } | null>(`/skyslope/sync-activity/${encodeURIComponent(clientId)}/retry`, 'POST'),
  };
}

export type SkySlopeApi = ReturnType<typeof createSkySlopeApi>;
