import type { EsignBuilderToken, EsignProviderAnswer } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../../dataProvider/apiClient';

export type { EsignBuilderToken };

/** The builder page's calls about the provider (esign service, docs/esign-api.md "The provider"). */
export function createBuilderProviderApi(options: { fetch: FetchLike; apiBase?: string }) {
  const client = createJsonClient(options);
  return {
    provider: () => client.call<EsignProviderAnswer>('/esign/provider'),
    builderToken: (templateId: number) =>
      client.call<EsignBuilderToken>(`/esign/templates/${encodeURIComponent(templateId)}/builder-token`),
  };
}

export type BuilderProviderApi = ReturnType<typeof createBuilderProviderApi>;
