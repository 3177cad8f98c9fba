import { authClient } from '../auth';
import { createTasksApi } from './api';

/** The console's tasks api on the session's authenticated fetch. */
export const tasksApi = createTasksApi({ fetch: authClient.fetch });
