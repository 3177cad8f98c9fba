import { authClient } from '../auth';
import { createTooltipsApi } from './api';

export const tooltipsApi = createTooltipsApi({ fetch: authClient.fetch });
