import type { TooltipsResponse } from '@app/contracts';
import { defineArea } from './area';

/** Tooltips (docs/tooltips-api.md). */
export const tooltipsArea = defineArea({
  resources: {
    // Back office: GET /tooltips/list {records}; GET and PATCH /tooltips/{id}. A row is one market's copy
    // of an id: the market goes in meta.query (GET) or the body (PATCH).
    tooltips: { path: 'tooltips/list', itemPath: 'tooltips', listParams: 'none' },
  },
  methods: (http) => ({
    /** GET /tooltips?market_id=: the market's copy of every tooltip, for the ? icons. */
    tooltipsOfMarket: (marketId: number) => http.call<TooltipsResponse>(`/tooltips?market_id=${marketId}`),
  }),
});
