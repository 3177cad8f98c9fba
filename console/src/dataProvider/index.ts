import { authClient } from '../auth';
import { createDataProvider } from './dataProvider';
import { RESOURCES } from './resources';

export const dataProvider = createDataProvider({ fetch: authClient.fetch, resources: RESOURCES });
export { SINGLETON_ID } from './resources';
