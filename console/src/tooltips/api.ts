import type { TooltipsResponse } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

/** The tooltips of a market for the ? icons (docs/tooltips-api.md); the back office is the data provider's `tooltips`. */
export function createTooltipsApi(options: { fetch: FetchLike; apiBase?: string }) {
  const { call } = createJsonClient(options);
  const market = (marketId?: number | null) => (marketId === undefined || marketId === null ? '' : `?market_id=${marketId}`);
  return {
    forMarket: (marketId: number) => call<TooltipsResponse>(`/tooltips${market(marketId)}`),
  };
}

export type TooltipsApi = ReturnType<typeof createTooltipsApi>;
