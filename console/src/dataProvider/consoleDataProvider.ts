import type { DataProvider } from 'react-admin';
import { createJsonClient, plainFetch, putFile, type FetchLike } from './apiClient';
import type { ApiHttp } from './areas/area';
import { consoleMethods, RESOURCES, type ConsoleMethods } from './areas';
import { createDataProvider } from './dataProvider';

/** fetch for a signer without an account: no Authorization header and no cookies. */
export const signerFetch: FetchLike = (url, init) => globalThis.fetch(url, { ...init, credentials: 'omit' });

export interface ConsoleDataProviderOptions {
  /** fetch with the session's Bearer token (authClient.fetch). */
  fetch: FetchLike;
  /** fetch for signed-out calls (vendor enrollment, password recovery). Default: plain fetch. */
  publicFetch?: FetchLike;
  /** fetch for a signer's link (no cookies either). Default: signerFetch. */
  signerFetch?: FetchLike;
  /** fetch for presigned upload URLs (no Authorization header). Default: plain fetch. */
  uploadFetch?: FetchLike;
  apiBase?: string;
}

/** react-admin's data provider with every area's named calls: the console's one way to the API. */
export type ConsoleDataProvider = DataProvider & ConsoleMethods;

/** The http the areas' custom methods are written on. */
export function createApiHttp(options: ConsoleDataProviderOptions): ApiHttp {
  const session = createJsonClient({ fetch: options.fetch, apiBase: options.apiBase });
  const uploadFetch = options.uploadFetch ?? plainFetch;
  return {
    call: session.call,
    send: session.send,
    publicCall: createJsonClient({ fetch: options.publicFetch ?? plainFetch, apiBase: options.apiBase }).call,
    signerCall: createJsonClient({ fetch: options.signerFetch ?? signerFetch, apiBase: options.apiBase }).call,
    putFile: (url, file) => putFile(uploadFetch, url, file),
  };
}

export function createConsoleDataProvider(options: ConsoleDataProviderOptions): ConsoleDataProvider {
  const crud = createDataProvider({ fetch: options.fetch, apiBase: options.apiBase, resources: RESOURCES });
  return { ...consoleMethods(createApiHttp(options)), ...crud } as ConsoleDataProvider;
}
