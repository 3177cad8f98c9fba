import { authClient } from '../auth';
import { createCommentsApi } from './api';

/** The console's comments api on the session's authenticated fetch. */
export const commentsApi = createCommentsApi({ fetch: authClient.fetch });
