import type { TooltipRecord, TooltipsResponse, TooltipUpdate } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

/** The tooltip calls of team-admin (docs/tooltips-api.md). */
export function createTooltipsApi(options: { fetch: FetchLike; apiBase?: string }) {
  const { call } = createJsonClient(options);
  const market = (marketId?: number | null) => (marketId === undefined || marketId === null ? '' : `?market_id=${marketId}`);
  return {
    forMarket: (marketId: number) => call<TooltipsResponse>(`/tooltips${market(marketId)}`),
    list: async () => (await call<{ records: TooltipRecord[] }>('/tooltips/list')).records ?? [],
    get: (id: number, marketId?: number | null) => call<TooltipRecord>(`/tooltips/${id}${market(marketId)}`),
    update: (id: number, update: TooltipUpdate) => call<{ status: string; message: string; record: TooltipRecord }>(`/tooltips/${id}`, 'PATCH', update),
  };
}

export type TooltipsApi = ReturnType<typeof createTooltipsApi>;
