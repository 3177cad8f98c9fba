import {
  CONSOLE_CLIENT_HEADER,
  CONSOLE_CLIENT_VALUE,
  SESSION_STORAGE_KEY,
  type ErrorResponse,
  type TokenResponse,
  type UserProfile,
} from '@app/contracts';
import { messages } from '../messages';

/**
 * The signed-in session: the user, which the console and Display Mode keep in localStorage[SESSION_STORAGE_KEY]
 * (same origin, shared), and this page's access token, kept in memory only ('' and 0 until the first refresh).
 * The refresh token is the HttpOnly cookie: no script reads it.
 */
export interface StoredSession {
  access_token: string;
  /** Epoch ms when the access token expires (0: none yet). */
  expires_at: number;
  user: UserProfile;
}

/** Display Mode's auth calls: the refresh token travels only as the HttpOnly cookie. */
const AUTH_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json', [CONSOLE_CLIENT_HEADER]: CONSOLE_CLIENT_VALUE };

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Runs `fn` while holding a lock shared with other tabs (the console refreshes the same tokens). */
export type LockRunner = <T>(fn: () => Promise<T>) => Promise<T>;

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionManagerOptions {
  storage: StorageLike;
  fetch: FetchLike;
  now?: () => number;
  withLock?: LockRunner;
  timers?: TimerApi;
  apiBase?: string;
  /** Refresh this long before the access token expires. */
  refreshAheadMs?: number;
  /** Wait this long before trying again after a refresh that failed for a passing reason. */
  retryAfterFailureMs?: number;
}

/** The refresh token was refused (or there is no session): the user has to sign in again. */
export class SessionExpiredError extends Error {
  constructor() {
    super('Session expired');
    this.name = 'SessionExpiredError';
  }
}

/** A refresh that may work later (network down, server error): the session is kept. */
export class RefreshFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefreshFailedError';
  }
}

/** Sign-in refused; `message` is the server's own words when it sent some. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

export const DEFAULT_REFRESH_AHEAD_MS = 60_000;
// A timer may fire a little early; within this slack the token still counts as due.
const DUE_SLACK_MS = 5_000;
const LOCK_NAME = 'realty.session.refresh';

/** Statuses of POST /auth/refresh that mean the refresh token is dead for good. */
const SESSION_OVER_STATUSES = new Set([400, 401, 403]);

/** The stored user, or null when signed out (tokens an earlier version stored are ignored). */
export function parseStoredUser(raw: string | null): UserProfile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { user?: unknown } | null;
    if (value && value.user && typeof value.user === 'object') return value.user as UserProfile;
  } catch {
    // not ours or corrupted: treat as signed out
  }
  return null;
}

/** A refresh token an earlier version stored (before the cookie): presented once to move to the cookie. */
function legacyRefreshToken(raw: string | null): string | null {
  try {
    const token = raw ? (JSON.parse(raw) as { refresh_token?: unknown } | null)?.refresh_token : null;
    return typeof token === 'string' && token ? token : null;
  } catch {
    return null;
  }
}

export function sessionFromTokenResponse(body: TokenResponse, now: number): StoredSession {
  return {
    access_token: body.access_token,
    expires_at: now + body.expires_in * 1000,
    user: body.user,
  };
}

/** Web Locks when the browser has them, so two tabs never spend the same refresh token. */
export function defaultLockRunner(): LockRunner {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return <T>(fn: () => Promise<T>) => locks.request(LOCK_NAME, () => fn()) as Promise<T>;
  }
  return <T>(fn: () => Promise<T>) => fn();
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function serverMessage(body: unknown): string | null {
  const message = (body as Partial<ErrorResponse> | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * The browser session: sign-in, the stored tokens, and access-token refresh with a single
 * request in flight at a time.
 */
export class SessionManager {
  private readonly storage: StorageLike;
  private readonly fetchFn: FetchLike;
  private readonly now: () => number;
  private readonly withLock: LockRunner;
  private readonly timers: TimerApi;
  private readonly apiBase: string;
  private readonly refreshAheadMs: number;
  private readonly retryAfterFailureMs: number;
  private readonly listeners = new Set<() => void>();
  private inflight: Promise<StoredSession> | null = null;
  private cachedRaw: string | null = null;
  private cachedTokens: { access_token: string; expires_at: number } | null = null;
  private cachedSession: StoredSession | null = null;
  /** This page's access token: memory only. */
  private tokens: { access_token: string; expires_at: number } | null = null;

  constructor(options: SessionManagerOptions) {
    this.storage = options.storage;
    this.fetchFn = options.fetch;
    this.now = options.now ?? (() => Date.now());
    this.withLock = options.withLock ?? ((fn) => fn());
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    this.apiBase = options.apiBase ?? '/api';
    this.refreshAheadMs = options.refreshAheadMs ?? DEFAULT_REFRESH_AHEAD_MS;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 15_000;
  }

  /** The session; the same object until the stored user or this page's token changes (for useSyncExternalStore). */
  getSession = (): StoredSession | null => {
    const raw = this.storage.getItem(SESSION_STORAGE_KEY);
    if (raw !== this.cachedRaw || this.tokens !== this.cachedTokens) {
      this.cachedRaw = raw;
      this.cachedTokens = this.tokens;
      const user = parseStoredUser(raw);
      this.cachedSession = user ? { user, access_token: this.tokens?.access_token ?? '', expires_at: this.tokens?.expires_at ?? 0 } : null;
    }
    return this.cachedSession;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Another tab (the console) wrote or removed the session. */
  notifyExternalChange(): void {
    const before = this.cachedSession;
    if (this.getSession() !== before) this.emit();
  }

  async login(email: string, password: string): Promise<StoredSession> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.apiBase}/auth/login`, {
        method: 'POST',
        headers: AUTH_HEADERS,
        credentials: 'same-origin',
        body: JSON.stringify({ email, password }),
      });
    } catch {
      throw new SignInError(messages.signIn.unreachable, null);
    }
    const body = await readJson(response);
    if (!response.ok) {
      throw new SignInError(serverMessage(body) ?? messages.signIn.failed, response.status);
    }
    const session = sessionFromTokenResponse(body as TokenResponse, this.now());
    this.save(session);
    return session;
  }

  clear(): void {
    this.tokens = null;
    this.storage.removeItem(SESSION_STORAGE_KEY);
    this.emit();
  }

  /** True when the access token is due for a refresh (or this page has none yet). */
  isDue(session: StoredSession): boolean {
    return !session.access_token || session.expires_at - this.now() <= this.refreshAheadMs + DUE_SLACK_MS;
  }

  /**
   * An access token good for a while: the stored one, or a refreshed one when it is due. When a
   * refresh fails for a passing reason the stored token is returned while it has not expired yet.
   */
  async getAccessToken(): Promise<string> {
    const session = this.getSession();
    if (!session) throw new SessionExpiredError();
    if (!this.isDue(session)) return session.access_token;
    try {
      return (await this.refresh()).access_token;
    } catch (error) {
      if (error instanceof RefreshFailedError && session.expires_at > this.now()) {
        return session.access_token;
      }
      throw error;
    }
  }

  /**
   * Refreshes the tokens; concurrent callers share one request. `rejectedAccessToken` forces a
   * refresh when the server refused that token even though it has not expired by our clock.
   * Rejects with SessionExpiredError (session cleared) or RefreshFailedError (session kept).
   */
  refresh(rejectedAccessToken?: string): Promise<StoredSession> {
    if (this.inflight) return this.inflight;
    const request = this.withLock(() => this.refreshNow(rejectedAccessToken)).finally(() => {
      if (this.inflight === request) this.inflight = null;
    });
    this.inflight = request;
    return request;
  }

  /**
   * Keeps the access token fresh in the background: refreshes shortly before expiry, retries
   * after passing failures, follows changes made by other tabs. Returns the stop function.
   */
  startAutoRefresh(): () => void {
    let handle: unknown = null;
    let stopped = false;
    const cancel = () => {
      if (handle !== null) this.timers.clearTimeout(handle);
      handle = null;
    };
    const schedule = (delayMs?: number) => {
      cancel();
      if (stopped) return;
      const session = this.getSession();
      if (!session) return;
      const wait = delayMs ?? Math.max(0, session.expires_at - this.refreshAheadMs - this.now());
      handle = this.timers.setTimeout(() => {
        handle = null;
        this.refresh().then(
          () => schedule(),
          (error) => {
            if (error instanceof RefreshFailedError) schedule(this.retryAfterFailureMs);
          },
        );
      }, wait);
    };
    const unsubscribe = this.subscribe(() => schedule());
    schedule();
    return () => {
      stopped = true;
      cancel();
      unsubscribe();
    };
  }

  private async refreshNow(rejectedAccessToken?: string): Promise<StoredSession> {
    // Read again under the lock: this page may have refreshed meanwhile.
    const current = this.getSession();
    if (!current) throw new SessionExpiredError();
    const refusedToken = rejectedAccessToken !== undefined && current.access_token === rejectedAccessToken;
    if (!refusedToken && !this.isDue(current)) return current;

    // The cookie carries the refresh token (the lock makes the origin's tabs rotate it in turn); a token an
    // earlier version stored is presented once to move to the cookie.
    const legacy = legacyRefreshToken(this.storage.getItem(SESSION_STORAGE_KEY));
    let response: Response;
    try {
      response = await this.fetchFn(`${this.apiBase}/auth/refresh`, {
        method: 'POST',
        headers: AUTH_HEADERS,
        credentials: 'same-origin',
        body: JSON.stringify(legacy ? { refresh_token: legacy } : {}),
      });
    } catch (error) {
      throw new RefreshFailedError(error instanceof Error ? error.message : 'Network error');
    }

    if (SESSION_OVER_STATUSES.has(response.status)) {
      this.clear();
      throw new SessionExpiredError();
    }
    if (!response.ok) {
      throw new RefreshFailedError(`Refresh failed with status ${response.status}`);
    }
    const body = (await readJson(response)) as TokenResponse | null;
    if (!body || typeof body.access_token !== 'string') {
      throw new RefreshFailedError('Malformed refresh response');
    }
    const session = sessionFromTokenResponse(body, this.now());
    this.save(session);
    return session;
  }

  /** The user goes to storage (shared with the console), the access token to this page's memory. */
  private save(session: StoredSession): void {
    this.tokens = { access_token: session.access_token, expires_at: session.expires_at };
    this.storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: session.user }));
    this.emit();
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
