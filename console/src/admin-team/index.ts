import { authClient } from '../auth';
import { createTeamAdminApi } from './api';

/** The console's team administration api on the session's authenticated fetch. */
export const teamAdminApi = createTeamAdminApi({ fetch: authClient.fetch });
