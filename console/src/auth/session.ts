import { SESSION_STORAGE_KEY, type TokenResponse, type UserProfile } from '@app/contracts';

/** What the console and Display Mode keep in localStorage[SESSION_STORAGE_KEY]. */
export interface Session {
  access_token: string;
  refresh_token: string;
  /** Epoch ms when the access token expires. */
  expires_at: number;
  user: UserProfile;
}

/** The part of the Web Storage API the session needs (tests pass an in-memory one). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function sessionFromTokenResponse(response: TokenResponse, now: number): Session {
  return {
    access_token: response.access_token,
    refresh_token: response.refresh_token,
    expires_at: now + response.expires_in * 1000,
    user: response.user,
  };
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Partial<Session>;
  return (
    typeof candidate.access_token === 'string' &&
    typeof candidate.refresh_token === 'string' &&
    typeof candidate.expires_at === 'number' &&
    !!candidate.user &&
    typeof candidate.user === 'object'
  );
}

export function readSession(storage: SessionStorage): Session | null {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeSession(storage: SessionStorage, session: Session): void {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
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
