import { authClient } from '../auth';
import { createSkySlopeApi } from './api';

/** The console's SkySlope api on the session's authenticated fetch. */
export const skyslopeApi = createSkySlopeApi({ fetch: authClient.fetch });
