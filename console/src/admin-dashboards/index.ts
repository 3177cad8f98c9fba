import { authClient } from '../auth';
import { createDashboardsApi } from './api';

/** The console's dashboard administration api on the session's authenticated fetch. */
export const dashboardsApi = createDashboardsApi({ fetch: authClient.fetch });
