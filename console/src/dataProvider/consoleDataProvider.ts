import type { DataProvider } from 'react-admin';
import { createJsonClient, type FetchLike } from './apiClient';
import { consoleMethods, RESOURCES, type ConsoleMethods } from './areas';
import { createDataProvider } from './dataProvider';

export interface ConsoleDataProviderOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  apiBase?: string;
}

/** react-admin's data provider with every area's named calls: the console's one way to the API. */
export type ConsoleDataProvider = DataProvider & ConsoleMethods;

export function createConsoleDataProvider(options: ConsoleDataProviderOptions): ConsoleDataProvider {
  const crud = createDataProvider({ fetch: options.fetch, apiBase: options.apiBase, resources: RESOURCES });
  const { call } = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  return { ...consoleMethods({ call }), ...crud } as ConsoleDataProvider;
}
