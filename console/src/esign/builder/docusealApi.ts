import { createJsonClient, type FetchLike } from '../../dataProvider/apiClient';

/** GET /esign/provider: the engine behind the e-sign service (ESIGN_PROVIDER). */
export interface EsignProviderInfo {
  provider: 'own' | 'docuseal';
}

/** GET /esign/templates/{id}/builder-token: what DocusealBuilder opens with (a fresh token each time). */
export interface EsignBuilderToken {
  token: string;
  esig_template_id: number;
  /** DocuSeal's id and external id of the template, chosen by the server. */
  template_id: number;
  external_id: string;
  provider: 'docuseal';
  /** DocuSeal's host: DocusealBuilder loads its script from there. */
  host: string;
  expires_at: string;
}

/** The builder page's calls about the provider (esign service, docs/esign-api.md "The provider"). */
export function createBuilderProviderApi(options: { fetch: FetchLike; apiBase?: string }) {
  const client = createJsonClient(options);
  return {
    provider: () => client.call<EsignProviderInfo>('/esign/provider'),
    builderToken: (templateId: number) =>
      client.call<EsignBuilderToken>(`/esign/templates/${encodeURIComponent(templateId)}/builder-token`),
  };
}

export type BuilderProviderApi = ReturnType<typeof createBuilderProviderApi>;
