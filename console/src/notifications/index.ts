import { authClient } from '../auth';
import { createNotificationsApi } from './api';

/** The console's notifications api on the session's authenticated fetch. */
export const notificationsApi = createNotificationsApi({ fetch: authClient.fetch });
