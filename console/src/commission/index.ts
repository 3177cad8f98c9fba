import { authClient } from '../auth';
import { createCommissionApi } from './api';

/** The console's commission api on the session's authenticated fetch. */
export const commissionApi = createCommissionApi({ fetch: authClient.fetch });

/** The market of the signed-in user's team (0 when unknown): the cap panel shows on market 0 only. */
export const sessionMarketId = (): number => authClient.getSession()?.user.team?.market_id ?? 0;
