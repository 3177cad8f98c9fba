import type {
  EsignTemplate,
  EsignTemplateDetail,
  EsignTemplateListResponse,
  MappableField,
  SaveEsignTemplateSchemaRequest,
} from '@app/contracts';
import { createJsonClient, type FetchLike } from '../../dataProvider/apiClient';

/** How many templates the builder's dropdown lists (it filters on the server as the user types). */
export const TEMPLATE_DROPDOWN_SIZE = 100;

/** The template builder's calls (esign service, libs/contracts/src/esign.ts). */
export function createTemplateBuilderApi(options: { fetch: FetchLike; apiBase?: string }) {
  const client = createJsonClient(options);
  const id = (templateId: number) => encodeURIComponent(templateId);
  return {
    getTemplate: (templateId: number) => client.call<EsignTemplateDetail>(`/esign/templates/${id(templateId)}`),
    /** Autosave: answers the template with its new updated_ts (409 when another save came first). */
    saveSchema: (templateId: number, request: SaveEsignTemplateSchemaRequest) =>
      client.call<EsignTemplateDetail>(`/esign/templates/${id(templateId)}/schema`, 'PUT', request),
    rename: (templateId: number, name: string) =>
      client.call<EsignTemplate | null>(`/esign/templates/${id(templateId)}`, 'PATCH', { name }),
    /** The dropdown: active templates by name, filtered by `search` (name and type). */
    listTemplates: (search = '') => {
      const query = new URLSearchParams({
        status: 'N',
        page: '1',
        per_page: String(TEMPLATE_DROPDOWN_SIZE),
        order_by: 'name',
        order_dir: 'asc',
      });
      if (search.trim()) query.set('quick_search_filter', search.trim());
      return client.call<EsignTemplateListResponse>(`/esign/templates?${query.toString()}`);
    },
    mappableFields: () => client.call<MappableField[]>('/esign/mappable-fields'),
  };
}

export type TemplateBuilderApi = ReturnType<typeof createTemplateBuilderApi>;
