import { SESSION_STORAGE_KEY, type TokenResponse, type UserProfile } from '@app/contracts';

/**
 * What the console and Display Mode keep in localStorage[SESSION_STORAGE_KEY]: the signed-in user only.
 * The access token lives in each page's memory and the refresh token in the HttpOnly cookie, so no script
 * (nor an injected one) can read a token from storage.
 */
export interface StoredSession {
  user: UserProfile;
}

/** A signed-in page's session: the stored user and this page's access token (empty until the first refresh). */
export interface Session extends StoredSession {
  access_token: string;
  /** Epoch ms when the access token expires (0: none yet). */
  expires_at: number;
}

/** The part of the Web Storage API the session needs (tests pass an in-memory one). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function sessionFromTokenResponse(response: TokenResponse, now: number): Session {
  return {
    access_token: response.access_token,
    expires_at: now + response.expires_in * 1000,
    user: response.user,
  };
}

function parse(storage: SessionStorage): Record<string, unknown> | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function readSession(storage: SessionStorage): StoredSession | null {
  const stored = parse(storage);
  return stored && stored.user && typeof stored.user === 'object' ? { user: stored.user as UserProfile } : null;
}

/**
 * A refresh token an earlier console kept in storage (before the cookie): presented once, so that an open
 * session moves to the cookie without a new sign-in, then dropped by the next write.
 */
export function legacyRefreshToken(storage: SessionStorage): string | null {
  const token = parse(storage)?.refresh_token;
  return typeof token === 'string' && token ? token : null;
}

/** Stores the user only, whatever else the session holds. */
export function writeSession(storage: SessionStorage, session: StoredSession): void {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: session.user }));
}

export function clearSession(storage: SessionStorage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
}

/** An in-memory storage, for tests and for browsers that refuse localStorage. */
export function memoryStorage(): SessionStorage & { readonly size: number } {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key),
    get size() {
      return values.size;
    },
  };
}

/** window.localStorage when it can be used, else an in-memory fallback. */
export function browserStorage(): SessionStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // Storage disabled (privacy mode): keep the session for this page only.
  }
  return memoryStorage();
}
