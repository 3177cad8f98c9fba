import { authClient } from '../auth';
import { createAdminUsersApi } from './api';

/** The console's user administration api on the session's authenticated fetch. */
export const adminUsersApi = createAdminUsersApi({ fetch: authClient.fetch });
