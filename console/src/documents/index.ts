import { authClient } from '../auth';
import { createDocumentsApi } from './api';

/** The console's documents api on the session's authenticated fetch. */
export const documentsApi = createDocumentsApi({ fetch: authClient.fetch });
