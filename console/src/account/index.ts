import { authClient } from '../auth';
import { createAccountApi } from './api';

/** The console's account api on the session's authenticated fetch. */
export const accountApi = createAccountApi({ fetch: authClient.fetch });
