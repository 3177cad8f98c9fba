import {
  CONSOLE_CLIENT_HEADER,
  CONSOLE_CLIENT_VALUE,
  IDEMPOTENCY_KEY_HEADER,
  isIdempotentOperation,
  type ErrorResponse,
  type TokenResponse,
} from '@app/contracts';
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
  /** Pauses before each automatic retry of an idempotent POST (network error or 503); default 500 ms, then 1500 ms. */
  retryDelaysMs?: readonly number[];
  /** A new Idempotency-Key; default a random UUID. */
  newIdempotencyKey?: () => string;
}

export interface AuthClient {
  login(email: string, password: string): Promise<Session>;
  logout(): Promise<void>;
  /**
   * fetch() with the Bearer token, refreshing before expiry (or before the page's first call) and once after a 401.
   * A POST gets an Idempotency-Key of its own unless it has one; every send of that call reuses it.
   */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Single-flight refresh. `failedAccessToken` is the token a request was refused with. */
  refresh(failedAccessToken?: string): Promise<Session>;
  /** The signed-in user and this page's access token ('' until the first refresh); null when signed out. */
  getSession(): Session | null;
}

export const DEFAULT_REFRESH_MARGIN_MS = 60_000;
const REFRESH_LOCK_NAME = 'realty.session.refresh';
const DEFAULT_RETRY_DELAYS_MS = [500, 1500];
/** Longest Retry-After of a 503 the console waits for before a retry (a longer one is answered at once). */
const MAX_RETRY_AFTER_MS = 5000;

/** A random UUID (v4). crypto.randomUUID exists only in secure contexts; getRandomValues everywhere. */
export function randomIdempotencyKey(): string {
  const webCrypto = globalThis.crypto;
  if (typeof webCrypto?.randomUUID === 'function') return webCrypto.randomUUID();
  const bytes = webCrypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const wait = (ms: number, signal?: AbortSignal | null) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

function defaultLocks(): LockManagerLike | null {
  if (typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks) {
    const locks = navigator.locks;
    // The lock is held until the callback's promise settles.
    return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> };
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
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const newKey = options.newIdempotencyKey ?? randomIdempotencyKey;

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

  /** Whether a call may be sent again unchanged: a POST that holds its key, to an operation that honours it. */
  function retriable(url: string, init: RequestInit): boolean {
    if ((init.method ?? 'GET').toUpperCase() !== 'POST' || !new Headers(init.headers).has(IDEMPOTENCY_KEY_HEADER)) return false;
    const path = new URL(url, 'http://console.invalid').pathname;
    const prefix = new URL(apiBase, 'http://console.invalid').pathname.replace(/\/+$/, '');
    return path.startsWith(`${prefix}/`) && isIdempotentOperation('POST', path.slice(prefix.length));
  }

  /**
   * One send, and for an idempotent POST a few more after a network error or a 503 (the server answered
   * nothing stored, or the answer was lost): the same key makes the server run it once and replay its answer.
   */
  async function sendRetrying(url: string, init: RequestInit, accessToken: string | undefined): Promise<Response> {
    const mayRetry = retriable(url, init);
    for (let attempt = 0; ; attempt += 1) {
      const last = !mayRetry || attempt >= retryDelays.length;
      let response: Response;
      try {
        response = await send(url, init, accessToken);
      } catch (error) {
        if (last || (error as Error | null)?.name === 'AbortError') throw error;
        await wait(retryDelays[attempt], init.signal);
        continue;
      }
      if (response.status !== 503 || last) return response;
      const retryAfterMs = Number(response.headers.get('Retry-After')) * 1000;
      if (retryAfterMs > MAX_RETRY_AFTER_MS) return response;
      await wait(Math.max(retryDelays[attempt], retryAfterMs || 0), init.signal);
    }
  }

  async function authFetch(url: string, input: RequestInit = {}): Promise<Response> {
    // One key per call (a user's submit), made here once: the retries below and the one after a 401 send the same.
    let init = input;
    if ((init.method ?? 'GET').toUpperCase() === 'POST' && !new Headers(init.headers).has(IDEMPOTENCY_KEY_HEADER)) {
      const headers = new Headers(init.headers);
      headers.set(IDEMPOTENCY_KEY_HEADER, newKey());
      init = { ...init, headers };
    }
    let session = current();
    if (session && !isFresh(session)) session = await refresh();
    const response = await sendRetrying(url, init, session?.access_token);
    if (response.status !== 401 || !session) return response;
    // One refresh, one retry: a second 401 goes back to the caller (react-admin's checkError).
    const renewed = await refresh(session.access_token);
    return sendRetrying(url, init, renewed.access_token);
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
