import { authClient } from '../../auth';
import { createFiltersApi } from './api';

/** The console's filters api on the session's authenticated fetch. */
export const filtersApi = createFiltersApi({ fetch: authClient.fetch });
