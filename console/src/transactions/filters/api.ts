import type { CreateFilterRequest, FilterComponent, FilterFormResponse, SavedFilter, UpdateFilterRequest } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../../dataProvider/apiClient';

export interface FiltersApiOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

const q = (value: string | number) => encodeURIComponent(String(value));

/**
 * The filter sidebar's calls (spec 001 section 7; the transactions service). Errors are react-admin
 * HttpErrors (a 400 carries the field errors: name, filter_name, filters.<key>).
 */
export function createFiltersApi(options: FiltersApiOptions) {
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return {
    /** The team's filters, then the caller's own, each by name. */
    listFilters: async (component: FilterComponent): Promise<SavedFilter[]> => {
      const body = await call<{ records?: SavedFilter[] | null }>(`/transaction/filters?component=${q(component)}`);
      return Array.isArray(body?.records) ? body.records : [];
    },
    createFilter: (request: CreateFilterRequest) => call<{ filter_id: number }>('/transaction/filters', 'POST', request),
    updateFilter: (request: UpdateFilterRequest) => call<unknown>('/transaction/filters', 'PATCH', request),
    removeFilter: (filterId: number, component: FilterComponent) =>
      call<unknown>(`/transaction/filters?filter_id=${q(filterId)}&component=${q(component)}`, 'DELETE'),
    /** The form's fields, its left column's size and every option list. */
    getForm: (component: FilterComponent) => call<FilterFormResponse>(`/transaction/filter/form?component=${q(component)}`),
  };
}

export type FiltersApi = ReturnType<typeof createFiltersApi>;
