import type { ErrorResponse, TokenResponse } from '@app/contracts';
import { AUTH_MESSAGES } from './messages';
import { LOGIN_PATH } from './routes';
import {
  browserStorage,
  clearSession,
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
  /** fetch() with the Bearer token, refreshing before expiry and once after a 401. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Single-flight refresh. `failedAccessToken` is the token a request was refused with. */
  refresh(failedAccessToken?: string): Promise<Session>;
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

export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const storage = options.storage ?? browserStorage();
  const now = options.now ?? Date.now;
  const apiBase = options.apiBase ?? '/api';
  const margin = options.refreshMarginMs ?? DEFAULT_REFRESH_MARGIN_MS;
  const onSessionEnded = options.onSessionEnded ?? goToLogin;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;

  let inFlight: Promise<Session> | null = null;

  const isFresh = (session: Session) => session.expires_at - now() > margin;

  function endSession(): SessionEndedError {
    clearSession(storage);
    onSessionEnded();
    return new SessionEndedError();
  }

  async function rotate(failedAccessToken?: string): Promise<Session> {
    const current = readSession(storage);
    if (!current) throw endSession();
    // Another request, tab or Display Mode already rotated the tokens: use theirs. Reusing a spent
    // refresh token would make the server revoke the whole family.
    if (isFresh(current) && current.access_token !== failedAccessToken) return current;

    const response = await fetchImpl(`${apiBase}/auth/refresh`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ refresh_token: current.refresh_token }),
    });
    if (response.ok) {
      const tokens = (await response.json()) as TokenResponse;
      // Signed out while the refresh was on its way: do not bring the session back.
      if (!readSession(storage)) throw new SessionEndedError();
      const next = sessionFromTokenResponse(tokens, now());
      writeSession(storage, next);
      return next;
    }
    if (response.status >= 500) {
      // The server is unwell, not the session: keep it so the next call can try again.
      const body = await readErrorBody(response);
      throw Object.assign(new Error(body?.message || AUTH_MESSAGES.serverError), { status: response.status });
    }
    const latest = readSession(storage);
    if (latest && latest.refresh_token !== current.refresh_token) return latest;
    throw endSession();
  }

  function refresh(failedAccessToken?: string): Promise<Session> {
    if (!inFlight) {
      const run = () => rotate(failedAccessToken);
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
    let session = readSession(storage);
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
        headers: JSON_HEADERS,
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
    const tokens = (await response.json()) as TokenResponse;
    const session = sessionFromTokenResponse(tokens, now());
    writeSession(storage, session);
    return session;
  }

  async function logout(): Promise<void> {
    const session = readSession(storage);
    clearSession(storage);
    if (!session) return;
    try {
      await fetchImpl(`${apiBase}/auth/logout`, {
        method: 'POST',
        headers: { ...JSON_HEADERS, Authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ refresh_token: session.refresh_token }),
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
    getSession: () => readSession(storage),
  };
}
