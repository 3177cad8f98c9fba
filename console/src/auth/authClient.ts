import { CONSOLE_CLIENT_HEADER, CONSOLE_CLIENT_VALUE, type ErrorResponse, type TokenResponse } from '@app/contracts';
import { AUTH_MESSAGES } from './messages';
import { LOGIN_PATH } from './routes';
import {
  browserStorage,
  clearSession,
  legacyRefreshToken,
  readSession,
  sessionFromTokenResponse,
  writeSession,
  type Session,
  type SessionStorage,
} from './session';

/** Thrown when the session is over (no session, or the refresh token was refused). */
export class SessionEndedError extends Error {
  readonly status = 401;
  constructor(message: string = AUTH_MESSAGES.sessionExpired) {
    super(message);
    this.name = 'SessionEndedError';
  }
}

/** Thrown by login(): `message` is the server's own words when it gave some. */
export class LoginError extends Error {
  constructor(
    message: string,
    /** HTTP status, 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

/** The subset of the Web Locks API used to share one refresh between tabs. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface AuthClientOptions {
  fetch?: typeof fetch;
  storage?: SessionStorage;
  now?: () => number;
  /** Prefix of every API path. */
  apiBase?: string;
  /** Refresh when the access token has less than this left. */
  refreshMarginMs?: number;
  /** Called once the session is over; the default sends the browser to the sign-in screen. */
  onSessionEnded?: () => void;
  /** Cross-tab lock; defaults to navigator.locks where the browser has it, null to disable. */
  locks?: LockManagerLike | null;
}

export interface AuthClient {
  login(email: string, password: string): Promise<Session>;
  logout(): Promise<void>;
  /** fetch() with the Bearer token, refreshing before expiry (or before the page's first call) and once after a 401. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Single-flight refresh. `failedAccessToken` is the token a request was refused with. */
  refresh(failedAccessToken?: string): Promise<Session>;
  /** The signed-in user and this page's access token ('' until the first refresh); null when signed out. */
  getSession(): Session | null;
}

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
const REFRESH_LOCK_NAME = 'realty.session.refresh';

function defaultLocks(): LockManagerLike | null {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    const locks = navigator.locks;
    // The lock is held until the callback's promise settles.
    return { request: <T,>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> };
  }
  return null;
}

function goToLogin(): void {
  if (typeof window === 'undefined') return;
  if (window.location.pathname !== LOGIN_PATH) window.location.assign(LOGIN_PATH);
}

async function readErrorBody(response: Response): Promise<Partial<ErrorResponse> | null> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Partial<ErrorResponse>) : null;
  } catch {
    return null;
  }
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };
/** The auth calls of the console: the refresh token travels only as the HttpOnly cookie, never in a body. */
const CONSOLE_AUTH_HEADERS = { ...JSON_HEADERS, [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT_VALUE };

export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? browserStorage();
  const now = options.now ?? Date.now;
  const apiBase = options.apiBase ?? '/api';
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const onSessionEnded = options.onSessionEnded ?? goToLogin;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;

  let inFlight: Promise<Session> | null = null;
  /** This page's access token: memory only. */
  let tokens: { access_token: string; expires_at: number } | null = null;

  const current = (): Session | null => {
    const stored = readSession(storage);
    return stored ? { user: stored.user, access_token: tokens?.access_token ?? '', expires_at: tokens?.expires_at ?? 0 } : null;
  };
  const isFresh = (session: Session) => !!session.access_token && session.expires_at - now() > margin;

  function endSession(): SessionEndedError {
    tokens = null;
    clearSession(storage);
    onSessionEnded();
    return new SessionEndedError();
  }

  function keep(response: TokenResponse): Session {
    const session = sessionFromTokenResponse(response, now());
    tokens = { access_token: session.access_token, expires_at: session.expires_at };
    writeSession(storage, session);
    return session;
  }

  async function rotate(failedAccessToken?: string): Promise<Session> {
    const mine = current();
    if (!mine) throw endSession();
    // Another request of this page already refreshed: use its token.
    if (isFresh(mine) && mine.access_token !== failedAccessToken) return mine;

    // The cookie carries the refresh token; a token an earlier console stored is presented once to move to it.
    const legacy = legacyRefreshToken(storage);
    const response = await fetchImpl(`${apiBase}/auth/refresh`, {
      method: 'POST',
      headers: CONSOLE_AUTH_HEADERS,
      credentials: 'same-origin',
      body: JSON.stringify(legacy ? { refresh_token: legacy } : {}),
    });
    if (response.ok) {
      const body = (await response.json()) as TokenResponse;
      // Signed out while the refresh was on its way: do not bring the session back.
      if (!readSession(storage)) throw new SessionEndedError();
      return keep(body);
    }
    if (response.status >= 500) {
      // The server is unwell, not the session: keep it so the next call can try again.
      const body = await readErrorBody(response);
      throw Object.assign(new Error(body?.message || AUTH_MESSAGES.serverError), { status: response.status });
    }
    throw endSession();
  }

  function refresh(failedAccessToken?: string): Promise<Session> {
    if (!inFlight) {
      const run = () => rotate(failedAccessToken);
      // One refresh at a time across the origin's tabs: each rotates the shared cookie in turn.
      inFlight = (locks ? locks.request(REFRESH_LOCK_NAME, run) : run()).finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  function send(url: string, init: RequestInit, accessToken: string | undefined): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    return fetchImpl(url, { ...init, headers });
  }

  async function authFetch(url: string, init: RequestInit = {}): Promise<Response> {
    let session = current();
    if (session && !isFresh(session)) session = await refresh();
    const response = await send(url, init, session?.access_token);
    if (response.status !== 401 || !session) return response;
    // One refresh, one retry: a second 401 goes back to the caller (react-admin's checkError).
    const renewed = await refresh(session.access_token);
    return send(url, init, renewed.access_token);
  }

  async function login(email: string, password: string): Promise<Session> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}/auth/login`, {
        method: 'POST',
        headers: CONSOLE_AUTH_HEADERS,
        credentials: 'same-origin',
        body: JSON.stringify({ email, password }),
      });
    } catch {
      throw new LoginError(AUTH_MESSAGES.serverUnreachable, 0);
    }
    if (!response.ok) {
      const body = await readErrorBody(response);
      const fallback = response.status >= 500 ? AUTH_MESSAGES.serverError : AUTH_MESSAGES.loginFailed;
      throw new LoginError(body?.message || fallback, response.status);
    }
    return keep((await response.json()) as TokenResponse);
  }

  async function logout(): Promise<void> {
    const session = current();
    const legacy = legacyRefreshToken(storage);
    tokens = null;
    clearSession(storage);
    if (!session) return;
    try {
      // The server ends the cookie's session (or a legacy token's) and clears the cookie.
      await fetchImpl(`${apiBase}/auth/logout`, {
        method: 'POST',
        headers: session.access_token ? { ...CONSOLE_AUTH_HEADERS, Authorization: `Bearer ${session.access_token}` } : CONSOLE_AUTH_HEADERS,
        credentials: 'same-origin',
        body: JSON.stringify(legacy ? { refresh_token: legacy } : {}),
      });
    } catch {
      // Signed out locally either way; the refresh token expires on its own.
    }
  }

  return {
    login,
    logout,
    fetch: authFetch,
    refresh,
    getSession: current,
  };
}
