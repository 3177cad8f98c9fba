import { authClient } from '../../auth';
import { createTemplateBuilderApi } from './api';

/** The builder's api on the session's authenticated fetch. */
export const templateBuilderApi = createTemplateBuilderApi({ fetch: authClient.fetch });
