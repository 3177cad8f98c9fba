import { authClient } from '../auth';
import { plainFetch } from '../dataProvider/apiClient';
import { createVendorApi } from './api';

export const vendorApi = createVendorApi({ fetch: authClient.fetch, publicFetch: plainFetch });
