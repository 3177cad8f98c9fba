import { authClient } from '../../auth';
import { createBuilderProviderApi } from './docusealApi';

/** The builder page's provider calls on the session's authenticated fetch. */
export const builderProviderApi = createBuilderProviderApi({ fetch: authClient.fetch });
