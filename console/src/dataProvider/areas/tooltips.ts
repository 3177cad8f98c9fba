import { defineArea } from './area';

/** Tooltips (docs/tooltips-api.md). */
export const tooltipsArea = defineArea({
  resources: {
    // Back office: GET /tooltips/list {records}; GET and PATCH /tooltips/{id}. A row is one market's copy
    // of an id: the market goes in meta.query (GET) or the body (PATCH).
    tooltips: { path: 'tooltips/list', itemPath: 'tooltips', listParams: 'none' },
  },
  methods: () => ({}),
});
