import { plainFetch } from '../dataProvider/apiClient';
import { createVendorApi } from './api';

export const vendorApi = createVendorApi({ publicFetch: plainFetch });
