import type { DisplayConfig, DisplaySubscription, ScopeMenu } from '@app/contracts';
import { SessionExpiredError, type FetchLike, type SessionManager } from '../session/session-manager';
import type { SlidePayload } from '../slideshow/slide-data';
import { requestPathOf } from '../slideshow/slides';

/** A call that did not answer 2xx (status 0: the server could not be reached or did not answer in time). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// A TV on a dead link should not wait forever for an answer: the slide falls back to its last figures.
export const REQUEST_TIMEOUT_MS = 15_000;

type TokenSession = Pick<SessionManager, 'getAccessToken' | 'refresh'>;

/**
 * Display Mode's HTTP calls (transactions service, behind /api) with the session's token; a refused
 * token is refreshed once and the call made again.
 */
export function createDisplayApi(session: TokenSession, fetchFn: FetchLike, apiBase = '/api') {
  async function once(path: string, token: string, signal?: AbortSignal): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort);
    try {
      return await fetchFn(`${apiBase}${path}`, {
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function get<T>(path: string, signal?: AbortSignal): Promise<T> {
    const token = await session.getAccessToken();
    let response = await once(path, token, signal);
    if (response.status === 401) {
      // Session over: SessionExpiredError propagates and the app goes back to sign-in.
      const refreshed = await session.refresh(token).catch((error: unknown) => {
        if (error instanceof SessionExpiredError) throw error;
        return null;
      });
      if (refreshed) response = await once(path, refreshed.access_token, signal);
    }
    const text = await response.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const message = (body as { message?: unknown } | null)?.message;
      throw new ApiError(typeof message === 'string' ? message : `HTTP ${response.status}`, response.status);
    }
    return body as T;
  }

  return {
    getConfig: (signal?: AbortSignal) => get<DisplayConfig>('/dashboard/display/config', signal),
    getScopes: (signal?: AbortSignal) => get<ScopeMenu>('/dashboard/scopes?include_team=true', signal),
    /** GET /dashboards?id&context&dashboard_start_date&dashboard_end_date or GET /leaderboard?id=4&... */
    getSlide: (subscription: DisplaySubscription, signal?: AbortSignal) => get<SlidePayload>(requestPathOf(subscription), signal),
  };
}

export type DisplayApi = ReturnType<typeof createDisplayApi>;
