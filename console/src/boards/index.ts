import { authClient } from '../auth';
import { createBoardsApi } from './api';

/** The console's boards api on the session's authenticated fetch. */
export const boardsApi = createBoardsApi({ fetch: authClient.fetch });
