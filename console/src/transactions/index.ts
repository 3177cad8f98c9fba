import { authClient } from '../auth';
import { createTransactionsApi } from './api';

/** The console's transactions api on the session's authenticated fetch. */
export const transactionsApi = createTransactionsApi({ fetch: authClient.fetch });
