import { authClient } from '../../auth';
import { createEsignSendApi } from './api';

/** The send stepper's api on the session's authenticated fetch. */
export const esignSendApi = createEsignSendApi({ fetch: authClient.fetch });
