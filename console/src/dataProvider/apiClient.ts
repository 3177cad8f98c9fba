import { HttpError } from 'react-admin';
import { httpErrorFromResponse } from './httpError';
import { DATA_MESSAGES } from './messages';

export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export interface JsonClientOptions {
  /** fetch with the session's Bearer token (authClient.fetch), or a plain one for signed-out calls. */
  fetch: FetchLike;
  /** Prefix of every API path. Default '/api'; trailing slashes are dropped. */
  apiBase?: string;
}

/** The API prefix without trailing slashes ('/api' when none is given). */
export function normalizeApiBase(apiBase?: string): string {
  return (apiBase ?? '/api').replace(/\/+$/, '');
}

/** A request with a JSON body when there is one (no body, no Content-Type). */
export function jsonInit(method: string, body?: unknown): RequestInit {
  return body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

function unreachable(): HttpError {
  return new HttpError(DATA_MESSAGES.serverUnreachable, 0, { message: DATA_MESSAGES.serverUnreachable });
}

/**
 * One call of the API. Its failures are react-admin HttpErrors: the server's answer to a non-OK
 * status (httpErrorFromResponse), status 0 when the server cannot be reached, the status of an ended
 * session (AuthClient's error carries it, so react-admin signs the user out). A cancelled call rejects
 * as the abort it is.
 */
export async function send(fetchImpl: FetchLike, url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    if ((error as Error | null)?.name === 'AbortError') throw error;
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number') {
      throw new HttpError((error as Error).message || DATA_MESSAGES.serverError, status, {
        message: (error as Error).message,
      });
    }
    throw unreachable();
  }
  if (!response.ok) throw await httpErrorFromResponse(response);
  return response;
}

/** A body as JSON; null when empty (or 204), the text itself when it is not JSON. */
export async function readBody<T = unknown>(response: Response): Promise<T> {
  const text = response.status === 204 ? '' : await response.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/** The JSON calls of one API on one fetch: `call(path, method, body)` answers the parsed body. */
export function createJsonClient(options: JsonClientOptions) {
  const apiBase = normalizeApiBase(options.apiBase);
  return {
    apiBase,
    /** The raw response (downloads), with the same errors as `call`. */
    send: (path: string, init: RequestInit = {}) => send(options.fetch, `${apiBase}${path}`, init),
    call: async <T>(path: string, method = 'GET', body?: unknown): Promise<T> =>
      readBody<T>(await send(options.fetch, `${apiBase}${path}`, jsonInit(method, body))),
  };
}

export type JsonClient = ReturnType<typeof createJsonClient>;

/** fetch without the session: for presigned upload URLs, where no Authorization header may go. */
export const plainFetch: FetchLike = (url, init) => globalThis.fetch(url, init);

/** PUTs the file to a presigned url; throws an HttpError with the storage's status (0 unreachable). */
export async function putFile(uploadFetch: FetchLike, url: string, file: Blob): Promise<void> {
  let response: Response;
  try {
    response = await uploadFetch(url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  } catch {
    throw unreachable();
  }
  if (!response.ok) throw new HttpError(response.statusText || String(response.status), response.status, {});
}
