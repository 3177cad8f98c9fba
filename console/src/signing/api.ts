import type { CompleteSigningRequest, DeclineSigningRequest, EsignSigningResult, EsignSigningSession } from '@app/contracts';
import { createJsonClient, type FetchLike } from '../dataProvider/apiClient';

/** fetch for a signer without an account: no Authorization header and no cookies. */
export const signerFetch: FetchLike = (url, init) => globalThis.fetch(url, { ...init, credentials: 'omit' });

/**
 * The public signer calls (spec 002): a signer link's session, Finish and Decline. Failures are
 * react-admin HttpErrors carrying the server's message and its field errors (404 for an unknown link,
 * 429 when throttled, 400 with `errors`, 409 when the request closed meanwhile).
 */
export function createSigningApi(options: { fetch?: FetchLike; apiBase?: string } = {}) {
  const client = createJsonClient({ fetch: options.fetch ?? signerFetch, apiBase: options.apiBase });
  const path = (token: string, suffix = '') => `/esign/sign/${encodeURIComponent(token)}${suffix}`;
  return {
    session: (token: string) => client.call<EsignSigningSession>(path(token)),
    complete: (token: string, body: CompleteSigningRequest) => client.call<EsignSigningResult>(path(token, '/complete'), 'POST', body),
    decline: (token: string, body: DeclineSigningRequest) => client.call<EsignSigningResult>(path(token, '/decline'), 'POST', body),
  };
}

export type SigningApi = ReturnType<typeof createSigningApi>;

export const signingApi = createSigningApi();
