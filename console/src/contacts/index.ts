import { authClient } from '../auth';
import { createContactsApi } from './api';

/** The console's contacts api on the session's authenticated fetch. */
export const contactsApi = createContactsApi({ fetch: authClient.fetch });
