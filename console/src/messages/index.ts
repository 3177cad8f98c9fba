import { authClient } from '../auth';
import { createMessagesApi } from './api';

/** The console's messaging api on the session's authenticated fetch. */
export const messagesApi = createMessagesApi({ fetch: authClient.fetch });
