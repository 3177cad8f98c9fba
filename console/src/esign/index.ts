import { authClient } from '../auth';
import { createEsignApi } from './api';

/** The console's e-sign templates api on the session's authenticated fetch. */
export const esignApi = createEsignApi({ fetch: authClient.fetch });
