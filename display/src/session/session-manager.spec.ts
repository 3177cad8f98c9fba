import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, type TokenResponse, type UserProfile } from '@app/contracts';
import { RefreshFailedError, SessionExpiredError, SessionManager, SignInError, type FetchLike, type StorageLike } from './session-manager';

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

function tokenResponse(n: number, expiresIn = 900): TokenResponse {
  return { access_token: `access-${n}`, expires_in: expiresIn, user: makeUser() };
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

/** A Display Mode tab: the console's stored user (no token) unless `signedOut`; no access token in memory yet. */
function setup(options: { signedOut?: boolean; now?: () => number; retryAfterFailureMs?: number } = {}) {
  const storage = new MemoryStorage();
  if (!options.signedOut) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: makeUser() }));
  const fetchMock = vi.fn<FetchLike>();
  const sut = new SessionManager({
    storage,
    fetch: fetchMock,
    now: options.now ?? (() => NOW),
    retryAfterFailureMs: options.retryAfterFailureMs,
  });
  return { sut, storage, fetchMock };
}

/** The same, with an access token in memory that expires in `expiresInSeconds` (one refresh answered). */
async function signedIn(options: { expiresInSeconds?: number; now?: () => number } = {}) {
  const context = setup({ now: options.now });
  context.fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(1, options.expiresInSeconds ?? 900)));
  await context.sut.refresh();
  context.fetchMock.mockClear();
  return context;
}

function stored(storage: MemoryStorage): unknown {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  return raw ? JSON.parse(raw) : null;
}

/** Every auth call: the console header and the same-origin cookie, never a token in the body. */
function expectCookieCall(init: RequestInit | undefined) {
  expect(init?.method).toBe('POST');
  expect(init?.credentials).toBe('same-origin');
  expect(new Headers(init?.headers).get('X-Requested-With')).toBe('console');
}

describe(SessionManager.name, () => {
  describe('getSession', () => {
    it('returns null when nothing or something unreadable is stored', () => {
      const { sut, storage } = setup({ signedOut: true });
      expect(sut.getSession()).toBeNull();
      storage.setItem(SESSION_STORAGE_KEY, '{not json');
      expect(sut.getSession()).toBeNull();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ access_token: 'x' }));
      expect(sut.getSession()).toBeNull();
    });

    it('answers the stored user with no access token until the first refresh', () => {
      const { sut } = setup();
      expect(sut.getSession()).toEqual({ user: makeUser(), access_token: '', expires_at: 0 });
    });

    it('returns the same object until the stored user or the token changes', async () => {
      const { sut, storage, fetchMock } = setup();
      const first = sut.getSession();
      expect(sut.getSession()).toBe(first);
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: makeUser({ first_name: 'Other' }) }));
      const second = sut.getSession();
      expect(second).not.toBe(first);
      expect(second?.user.first_name).toBe('Other');
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));
      await sut.refresh();
      expect(sut.getSession()).not.toBe(second);
      expect(sut.getSession()?.access_token).toBe('access-2');
    });
  });

  describe('login', () => {
    it('posts the credentials as the console, keeps the token in memory and only the user in storage', async () => {
      const { sut, storage, fetchMock } = setup({ signedOut: true });
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(1)));
      const listener = vi.fn();
      sut.subscribe(listener);

      const session = await sut.login('admin@demo-realty.test', 'DemoPass1!');

      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/auth/login');
      expectCookieCall(init);
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });
      expect(session).toEqual({ access_token: 'access-1', expires_at: NOW + 900_000, user: makeUser() });
      expect(stored(storage)).toEqual({ user: makeUser() });
      expect(sut.getSession()?.access_token).toBe('access-1');
      expect(listener).toHaveBeenCalled();
    });

    it("rejects with the server's message and stores nothing", async () => {
      const { sut, storage, fetchMock } = setup({ signedOut: true });
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { status: 'error', message: 'Invalid email or password' }));

      const error = await sut.login('admin@demo-realty.test', 'wrong').catch((e: unknown) => e);

      expect(error).toBeInstanceOf(SignInError);
      expect((error as SignInError).message).toBe('Invalid email or password');
      expect((error as SignInError).status).toBe(401);
      expect(stored(storage)).toBeNull();
    });

    it('says the server cannot be reached when fetch throws', async () => {
      const { sut, fetchMock } = setup({ signedOut: true });
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.login('a@b.test', 'x')).rejects.toThrow(/Cannot reach the server/);
    });
  });

  describe('getAccessToken', () => {
    it('returns the token in memory without a request while it is not due', async () => {
      const { sut, fetchMock } = await signedIn();
      await expect(sut.getAccessToken()).resolves.toBe('access-1');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('gets one from the cookie first on a tab that has only the stored user', async () => {
      const { sut, fetchMock } = setup();
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));

      await expect(sut.getAccessToken()).resolves.toBe('access-2');
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/auth/refresh');
      expectCookieCall(init);
      expect(JSON.parse(String(init?.body))).toEqual({});
    });

    it('refreshes first when the token expires within the refresh window', async () => {
      const { sut, fetchMock } = await signedIn({ expiresInSeconds: 30 });
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));

      await expect(sut.getAccessToken()).resolves.toBe('access-2');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });

    it('falls back to the still-valid token when the refresh fails for a passing reason', async () => {
      const { sut, fetchMock } = await signedIn({ expiresInSeconds: 30 });
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.getAccessToken()).resolves.toBe('access-1');
    });

    it('rejects with SessionExpiredError when there is no session', async () => {
      const { sut } = setup({ signedOut: true });
      await expect(sut.getAccessToken()).rejects.toBeInstanceOf(SessionExpiredError);
    });
  });

  describe('refresh', () => {
    it('sends one request for concurrent callers, from the cookie, and keeps the new token in memory', async () => {
      const { sut, storage, fetchMock } = setup();
      const pending = deferred<Response>();
      fetchMock.mockReturnValueOnce(pending.promise);

      const calls = [sut.refresh(), sut.refresh(), sut.getAccessToken(), sut.refresh()];
      await Promise.resolve();
      pending.resolve(jsonResponse(200, tokenResponse(2)));
      const [a, b, token, d] = await Promise.all(calls);

      expect(fetchMock).toHaveBeenCalledTimes(1);
      const [url, init] = fetchMock.mock.calls[0];
      expect(url).toBe('/api/auth/refresh');
      expectCookieCall(init);
      expect(JSON.parse(String(init?.body))).toEqual({});
      expect(a).toBe(b);
      expect(d).toBe(a);
      expect(token).toBe('access-2');
      expect(stored(storage)).toEqual({ user: makeUser() });
    });

    it('moves a session an earlier version stored with its refresh token to the cookie, presenting the token once', async () => {
      const { sut, storage, fetchMock } = setup();
      storage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ access_token: 'old', refresh_token: 'refresh-legacy', expires_at: NOW, user: makeUser() }),
      );
      fetchMock.mockImplementation(async () => jsonResponse(200, tokenResponse(2, 1)));

      await sut.refresh();
      await sut.refresh('access-2');

      expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refresh_token: 'refresh-legacy' });
      expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({});
      expect(storage.getItem(SESSION_STORAGE_KEY)).not.toContain('refresh-legacy');
    });

    it('starts a new request once the previous one has settled', async () => {
      let now = NOW;
      const { sut, fetchMock } = setup({ now: () => now });
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2))).mockResolvedValueOnce(jsonResponse(200, tokenResponse(3)));

      await sut.refresh();
      now += 900_000; // the new token is due in its turn
      const second = await sut.refresh();

      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(second.access_token).toBe('access-3');
    });

    it("clears the session and notifies when the cookie's session is over (401)", async () => {
      const { sut, storage, fetchMock } = setup();
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
      const { sut, storage, fetchMock } = setup();
      fetchMock
        .mockResolvedValueOnce(jsonResponse(503, { status: 'error', message: 'Unavailable' }))
        .mockRejectedValueOnce(new TypeError('Failed to fetch'));

      await expect(sut.refresh()).rejects.toBeInstanceOf(RefreshFailedError);
      await expect(sut.refresh()).rejects.toBeInstanceOf(RefreshFailedError);
      expect(stored(storage)).toEqual({ user: makeUser() });
    });

    it('refreshes a token the server refused even though it is not due by our clock', async () => {
      const { sut, fetchMock } = await signedIn();
      fetchMock.mockResolvedValueOnce(jsonResponse(200, tokenResponse(2)));

      const session = await sut.refresh('access-1');

      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(session.access_token).toBe('access-2');
    });

    it('runs the request under the cross-tab lock (the tabs rotate the shared cookie in turn)', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: makeUser() }));
      const order: string[] = [];
      const fetchMock = vi.fn<FetchLike>(async () => {
        order.push('fetch');
        return jsonResponse(200, tokenResponse(2));
      });
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

    it('gets a token at once on a tab with only the stored user, then refreshes shortly before each expiry', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: makeUser() }));
      const fetchMock = vi
        .fn<FetchLike>()
        .mockImplementationOnce(async () => jsonResponse(200, tokenResponse(1, 5 * 60)))
        .mockImplementationOnce(async () => jsonResponse(200, tokenResponse(2)))
        .mockImplementationOnce(async () => jsonResponse(200, tokenResponse(3)));
      const sut = new SessionManager({ storage, fetch: fetchMock });

      const stop = sut.startAutoRefresh();
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(sut.getSession()?.access_token).toBe('access-1');
      await vi.advanceTimersByTimeAsync(4 * 60_000 - 1_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(sut.getSession()?.access_token).toBe('access-2');

      await vi.advanceTimersByTimeAsync(14 * 60_000);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(sut.getSession()?.access_token).toBe('access-3');
      stop();
    });

    it('retries after a passing failure and stops when the session is over', async () => {
      const storage = new MemoryStorage();
      storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: makeUser() }));
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
