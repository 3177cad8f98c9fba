import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, type TokenResponse, type UserProfile } from '@app/contracts';
import {
  RefreshFailedError,
  SessionExpiredError,
  SessionManager,
  SignInError,
  type FetchLike,
  type StorageLike,
  type StoredSession,
} from './session-manager';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

function makeUser(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    agent_id: 7,
    status: 'active',
    roles: ['ADMIN'],
    permissions: [],
    team: { team_id: 1, name: 'Demo Realty', market_id: 1 },
    first_name: 'Ada',
    last_name: 'Admin',
    mobile_phone: null,
    email: 'admin@demo-realty.test',
    alternate_email: null,
    address_1: null,
    address_2: null,
    city: null,
    state: null,
    postal_code: null,
    timezone: null,
    default_landing_page: 'SNAPSHOT',
    business_entity: null,
    brokerage_cap_amt: null,
    royalty_cap_amt: null,
    brokerage_cap_anniversary_dt: null,
    royalty_cap_anniversary_dt: null,
    brokerage_pct: null,
    agent_pct: null,
    profile_image_path: null,
    ...overrides,
  };
}

function makeSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    access_token: 'access-1',
    refresh_token: 'refresh-1',
    expires_at: NOW + 15 * 60_000,
    user: makeUser(),
    ...overrides,
  };
}

function tokenResponse(n: number): TokenResponse {
  return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 900, user: makeUser() };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(options: { session?: StoredSession | null; now?: () => number } = {}) {
  const storage = new MemoryStorage();
  if (options.session !== null) {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(options.session ?? makeSession()));
  }
  const fetchMock = vi.fn<FetchLike>();
  const sut = new SessionManager({ storage, fetch: fetchMock, now: options.now ?? (() => NOW) });
  return { sut, storage, fetchMock };
}

function stored(storage: MemoryStorage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as StoredSession) : null;
}

describe(SessionManager.name, () => {
  describe('getSession', () => {
    it('returns null when nothing or something unreadable is stored', () => {
      const { sut, storage } = setup({ session: null });
      expect(sut.getSession()).toBeNull();
      storage.setItem(SESSION_STORAGE_KEY, '{not json');
      expect(sut.getSession()).toBeNull();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'x' }));
      expect(sut.getSession()).toBeNull();
    });

    it('returns the same object until the stored value changes', () => {
      const { sut, storage } = setup();
      const first = sut.getSession();
      expect(sut.getSession()).toBe(first);
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ access_token: 'other' })));
      expect(sut.getSession()).not.toBe(first);
      expect(sut.getSession()?.access_token).toBe('other');
    });
  });

  describe('login', () => {
    it('posts the credentials and stores the session with expires_at in epoch ms', async () => {
      const { sut, storage, fetchMock } = setup({ session: null });
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(1)));
      const listener = vi.fn();
      sut.subscribe(listener);

      const session = await sut.login('admin@demo-realty.test', 'DemoPass1!');

      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/auth/login');
      expect(init?.method).toBe('POST');
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });
      expect(session.expires_at).toBe(NOW + 900_000);
      expect(stored(storage)).toEqual({
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        expires_at: NOW + 900_000,
        user: makeUser(),
      });
      expect(listener).toHaveBeenCalled();
    });

    it("rejects with the server's message and stores nothing", async () => {
      const { sut, storage, fetchMock } = setup({ session: null });
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { status: 'error', message: 'Invalid email or password' }));

      const error = await sut.login('admin@demo-realty.test', 'wrong').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(SignInError);
      expect((error as SignInError).message).toBe('Invalid email or password');
      expect((error as SignInError).status).toBe(401);
      expect(stored(storage)).toBeNull();
    });

    it('says the server cannot be reached when fetch throws', async () => {
      const { sut, fetchMock } = setup({ session: null });
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.login('a@b.test', 'x')).rejects.toThrow(/Cannot reach the server/);
    });
  });

  describe('getAccessToken', () => {
    it('returns the stored token without a request while it is not due', async () => {
      const { sut, fetchMock } = setup();
      await expect(sut.getAccessToken()).resolves.toBe('access-1');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('refreshes first when the token expires within the refresh window', async () => {
      const { sut, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 30_000 }) });
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));

      await expect(sut.getAccessToken()).resolves.toBe('access-2');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('falls back to the still-valid stored token when the refresh fails for a passing reason', async () => {
      const { sut, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 30_000 }) });
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.getAccessToken()).resolves.toBe('access-1');
    });

    it('rejects with SessionExpiredError when there is no session', async () => {
      const { sut } = setup({ session: null });
      await expect(sut.getAccessToken()).rejects.toBeInstanceOf(SessionExpiredError);
    });
  });

  describe('refresh', () => {
    it('sends one request for concurrent callers and stores the rotated tokens', async () => {
      const { sut, storage, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 10_000 }) });
      const pending = deferred<Response>();
      fetchMock.mockReturnValueOnce(pending.promise);

      const calls = [sut.refresh(), sut.refresh(), sut.getAccessToken(), sut.refresh()];
      await Promise.resolve();
      pending.resolve(jsonResponse(200, tokenResponse(2)));
      const [a, b, token, d] = await Promise.all(calls);

      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/auth/refresh');
      expect(JSON.parse(String(init?.body))).toEqual({ refresh_token: 'refresh-1' });
      expect(a).toBe(b);
      expect(d).toBe(a);
      expect(token).toBe('access-2');
      expect(stored(storage)?.refresh_token).toBe('refresh-2');
    });

    it('starts a new request once the previous one has settled', async () => {
      let now = NOW;
      const { sut, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 10_000 }), now: () => now });
      fetchMock
        .mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)))
        .mockResolvedValueOnce(jsonResponse(200, tokenResponse(3)));

      await sut.refresh();
      now += 900_000; // the new token is due in its turn
      const second = await sut.refresh();

      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ refresh_token: 'refresh-2' });
      expect(second.access_token).toBe('access-3');
    });

    it('clears the session and notifies when the refresh token is refused (401)', async () => {
      const { sut, storage, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 10_000 }) });
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { status: 'error', message: 'Unauthorized' }));
      const listener = vi.fn();
      sut.subscribe(listener);

      const results = await Promise.allSettled([sut.refresh(), sut.refresh()]);

      expect(fetchMock).toHaveBeenCalledTimes(1);
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionExpiredError);
      }
      expect(stored(storage)).toBeNull();
      expect(sut.getSession()).toBeNull();
      expect(listener).toHaveBeenCalled();
    });

    it('keeps the session when the server fails (5xx) or cannot be reached', async () => {
      const { sut, storage, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 10_000 }) });
      fetchMock
        .mockResolvedValueOnce(jsonResponse(503, { status: 'error', message: 'Unavailable' }))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.refresh()).rejects.toBeInstanceOf(RefreshFailedError);
      await expect(sut.refresh()).rejects.toBeInstanceOf(RefreshFailedError);
      expect(stored(storage)?.refresh_token).toBe('refresh-1');
    });

    it('uses tokens another tab already rotated instead of spending the old refresh token', async () => {
      const { sut, storage, fetchMock } = setup({ session: makeSession({ expires_at: NOW + 10_000 }) });
      sut.getSession();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ access_token: 'from-console', refresh_token: 'r-console' })));

      const session = await sut.refresh();

      expect(fetchMock).not.toHaveBeenCalled();
      expect(session.access_token).toBe('from-console');
    });

    it('refreshes a token the server refused even though it is not due by our clock', async () => {
      const { sut, fetchMock } = setup();
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));

      const session = await sut.refresh('access-1');

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(session.access_token).toBe('access-2');
    });

    it('runs the request under the cross-tab lock', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ expires_at: NOW + 10_000 })));
      const fetchMock = vi.fn<FetchLike>().mockResolvedValue(jsonResponse(200, tokenResponse(2)));
      const order: string[] = [];
      const sut = new SessionManager({
        storage,
        fetch: fetchMock,
        now: () => NOW,
        withLock: async (fn) => {
          order.push('lock');
          const result = await fn();
          order.push('unlock');
          return result;
        },
      });
      fetchMock.mockImplementation(async () => {
        order.push('fetch');
        return jsonResponse(200, tokenResponse(2));
      });

      await sut.refresh();

      expect(order).toEqual(['lock', 'fetch', 'unlock']);
    });
  });

  describe('startAutoRefresh', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      vi.setSystemTime(NOW);
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refreshes shortly before expiry and again before the next expiry', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ expires_at: NOW + 5 * 60_000 })));
      const fetchMock = vi
        .fn<FetchLike>()
        .mockImplementationOnce(async () => jsonResponse(200, tokenResponse(2)))
        .mockImplementationOnce(async () => jsonResponse(200, tokenResponse(3)));
      const sut = new SessionManager({ storage, fetch: fetchMock });

      const stop = sut.startAutoRefresh();
      await vi.advanceTimersByTimeAsync(4 * 60_000 - 1_000);
      expect(fetchMock).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sut.getSession()?.access_token).toBe('access-2');

      await vi.advanceTimersByTimeAsync(14 * 60_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(sut.getSession()?.access_token).toBe('access-3');
      stop();
    });

    it('retries after a passing failure and stops when the session is over', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeSession({ expires_at: NOW + 60_000 })));
      const fetchMock = vi
        .fn<FetchLike>()
        .mockImplementationOnce(async () => {
          throw new TypeError('Failed to fetch');
        })
        .mockImplementationOnce(async () => jsonResponse(401, { status: 'error', message: 'Unauthorized' }));
      const sut = new SessionManager({ storage, fetch: fetchMock, retryAfterFailureMs: 10_000 });

      const stop = sut.startAutoRefresh();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(sut.getSession()).toBeNull();

      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      stop();
    });
  });
});
