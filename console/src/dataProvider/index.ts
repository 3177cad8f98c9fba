import { useDataProvider } from 'react-admin';
import { authClient } from '../auth';
import { createConsoleDataProvider, type ConsoleDataProvider } from './consoleDataProvider';

export const dataProvider = createConsoleDataProvider({ fetch: authClient.fetch });
export type { ConsoleDataProvider } from './consoleDataProvider';
export { SINGLETON_ID } from './resources';

/**
 * The data provider with every area's named calls, as react-admin hands it out (a 401/403 signs the
 * user out). Reads go through React Query (useQuery with a key naming the resource) or useGetList/useGetOne,
 * writes through useMutation, so caches are shared and a write can invalidate what it changed.
 */
export const useConsoleData = (): ConsoleDataProvider => useDataProvider<ConsoleDataProvider>();
