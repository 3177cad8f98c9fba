import { SESSION_STORAGE_KEY } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildSession,
  buildTokenResponse,
  deferred,
  headersOf,
  jsonResponse,
} from '../test/factories';
import {
  createAuthClient,
  LoginError,
  SessionEndedError,
  type AuthClientOptions,
  type LockManagerLike,
} from './authClient';
import { AUTH_MESSAGES } from './messages';
import { memoryStorage, readSession, writeSession, type Session } from './session';

const NOW = 1_700_000_000_000;

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function setup(handler: Handler, options: Partial<AuthClientOptions> = {}) {
  const storage = memoryStorage();
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) =>
    handler(String(url), init),
  );
  const onSessionEnded = vi.fn();
  const sut = createAuthClient({
    fetch: fetchMock as unknown as typeof fetch,
    storage,
    now: () => NOW,
    onSessionEnded,
    locks: null,
    ...options,
  });
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);
  return { sut, storage, fetchMock, onSessionEnded, callsTo };
}

function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

describe('createAuthClient', () => {
  let current: Session;

  beforeEach(() => {
    current = buildSession({ expires_at: NOW + 10 * 60_000 });
  });

  describe('login', () => {
    it('posts the credentials and stores the session with expires_at in epoch ms', async () => {
      const tokens = buildTokenResponse({ expires_in: 900 });
      const { sut, storage, callsTo } = setup(() => jsonResponse(200, tokens));

      const session = await sut.login('admin@demo-realty.test', 'DemoPass1!');

      const [[, init]] = callsTo('/api/auth/login');
      expect(init?.method).toBe('POST');
      expect(bodyOf(init)).toEqual({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });
      expect(session).toEqual({
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at: NOW + 900_000,
        user: tokens.user,
      });
      expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    });

    it("rejects with the server's message on bad credentials and stores nothing", async () => {
      const { sut, storage } = setup(() =>
        jsonResponse(401, { status: 'error', message: 'Invalid email or password' }),
      );

      const error = await sut.login('admin@demo-realty.test', 'wrong').catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(LoginError);
      expect(error).toMatchObject({ message: 'Invalid email or password', status: 401 });
      expect(storage.size).toBe(0);
    });

    it("passes the rate limit's message through (429)", async () => {
      const message = 'Too many sign-in attempts. Try again in 15 minutes.';
      const { sut } = setup(() => jsonResponse(429, { status: 'error', message }));

      await expect(sut.login('a@b.test', 'x')).rejects.toMatchObject({ message, status: 429 });
    });

    it('falls back to its own words when the server gives none or cannot be reached', async () => {
      const silent = setup(() => new Response('oops', { status: 401 }));
      await expect(silent.sut.login('a@b.test', 'x')).rejects.toMatchObject({ message: AUTH_MESSAGES.loginFailed });

      const down = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      await expect(down.sut.login('a@b.test', 'x')).rejects.toMatchObject({
        message: AUTH_MESSAGES.serverUnreachable,
        status: 0,
      });
    });
  });

  describe('fetch', () => {
    it('adds the Bearer token of the stored session', async () => {
      const { sut, storage, fetchMock } = setup(() => jsonResponse(200, { ok: true }));
      writeSession(storage, current);

      const response = await sut.fetch('/api/user/profile', { headers: { 'X-Trace': '1' } });

      expect(response.status).toBe(200);
      const headers = headersOf(fetchMock.mock.calls[0][1]);
      expect(headers.get('Authorization')).toBe(`Bearer ${current.access_token}`);
      expect(headers.get('X-Trace')).toBe('1');
    });

    it('sends no Authorization header without a session', async () => {
      const { sut, fetchMock } = setup(() => jsonResponse(200, {}));

      await sut.fetch('/api/transactions/health');

      expect(headersOf(fetchMock.mock.calls[0][1]).has('Authorization')).toBe(false);
    });

    it('refreshes shortly before expiry, stores the rotated tokens and uses the new access token', async () => {
      const rotated = buildTokenResponse();
      const { sut, storage, fetchMock, callsTo } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(200, { ok: true }),
      );
      writeSession(storage, { ...current, expires_at: NOW + 30_000 });

      await sut.fetch('/api/user/profile');

      const refreshCalls = callsTo('/api/auth/refresh');
      expect(refreshCalls).toHaveLength(1);
      expect(bodyOf(refreshCalls[0][1])).toEqual({ refresh_token: current.refresh_token });
      expect(readSession(storage)).toMatchObject({
        access_token: rotated.access_token,
        refresh_token: rotated.refresh_token,
        expires_at: NOW + rotated.expires_in * 1000,
      });
      const apiCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/profile')!;
      expect(headersOf(apiCall[1]).get('Authorization')).toBe(`Bearer ${rotated.access_token}`);
    });

    it('refreshes once after a 401 and retries the request once with the new token', async () => {
      const rotated = buildTokenResponse();
      const { sut, storage, fetchMock, callsTo } = setup((url, init) => {
        if (url === '/api/auth/refresh') return jsonResponse(200, rotated);
        const auth = headersOf(init).get('Authorization');
        return auth === `Bearer ${rotated.access_token}` ? jsonResponse(200, { ok: true }) : jsonResponse(401, {});
      });
      writeSession(storage, current);

      const response = await sut.fetch('/api/user/profile', { method: 'PATCH', body: '{"first_name":"D"}' });

      expect(response.status).toBe(200);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      const apiCalls = callsTo('/api/user/profile');
      expect(apiCalls).toHaveLength(2);
      expect(apiCalls[1][1]).toMatchObject({ method: 'PATCH', body: '{"first_name":"D"}' });
      expect(readSession(storage)?.refresh_token).toBe(rotated.refresh_token);
      expect(fetchMock).toHaveBeenCalledTimes(3);
    });

    it('sends exactly one refresh when many requests get a 401 at once', async () => {
      const rotated = buildTokenResponse();
      const refreshGate = deferred<Response>();
      const { sut, storage, callsTo } = setup((url, init) => {
        if (url === '/api/auth/refresh') return refreshGate.promise;
        const auth = headersOf(init).get('Authorization');
        return auth === `Bearer ${rotated.access_token}` ? jsonResponse(200, { url }) : jsonResponse(401, {});
      });
      writeSession(storage, current);

      const requests = Array.from({ length: 5 }, (_, index) => sut.fetch(`/api/tasks/${index}`));
      await vi.waitFor(() => expect(callsTo('/api/auth/refresh')).toHaveLength(1));
      refreshGate.resolve(jsonResponse(200, rotated));
      const responses = await Promise.all(requests);

      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(readSession(storage)?.access_token).toBe(rotated.access_token);
    });

    it('sends exactly one refresh when many requests start with an expiring token', async () => {
      const rotated = buildTokenResponse();
      const { sut, storage, callsTo } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(200, {}),
      );
      writeSession(storage, { ...current, expires_at: NOW + 1_000 });

      await Promise.all([sut.fetch('/api/a'), sut.fetch('/api/b'), sut.fetch('/api/c')]);

      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    });

    it('does not refresh again for a 401 that arrives after the tokens were already rotated', async () => {
      const rotated = buildTokenResponse();
      const slowGate = deferred<Response>();
      const { sut, storage, callsTo } = setup((url, init) => {
        if (url === '/api/auth/refresh') return jsonResponse(200, rotated);
        const auth = headersOf(init).get('Authorization');
        if (url === '/api/slow' && auth === `Bearer ${current.access_token}`) return slowGate.promise;
        return auth === `Bearer ${rotated.access_token}` ? jsonResponse(200, {}) : jsonResponse(401, {});
      });
      writeSession(storage, current);

      const slow = sut.fetch('/api/slow');
      await sut.fetch('/api/fast'); // 401 -> refresh -> retry
      slowGate.resolve(jsonResponse(401, {}));
      const response = await slow;

      expect(response.status).toBe(200);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    });

    it('clears the session and ends it when the refresh is refused', async () => {
      const { sut, storage, onSessionEnded, callsTo } = setup((url) =>
        url === '/api/auth/refresh'
          ? jsonResponse(401, { status: 'error', message: 'Unauthorized' })
          : jsonResponse(401, {}),
      );
      writeSession(storage, current);

      const results = await Promise.allSettled([sut.fetch('/api/a'), sut.fetch('/api/b')]);

      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
      }
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('returns a second 401 to the caller instead of looping', async () => {
      const rotated = buildTokenResponse();
      const { sut, storage, callsTo } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(401, {}),
      );
      writeSession(storage, current);

      const response = await sut.fetch('/api/admin/users');

      expect(response.status).toBe(401);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(callsTo('/api/admin/users')).toHaveLength(2);
    });

    it('keeps the session when the refresh fails on the server side (5xx)', async () => {
      const { sut, storage, onSessionEnded } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(503, { status: 'error', message: 'Unavailable' }) : jsonResponse(401, {}),
      );
      writeSession(storage, current);

      await expect(sut.fetch('/api/a')).rejects.toMatchObject({ message: 'Unavailable', status: 503 });
      expect(readSession(storage)).toEqual(current);
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it("uses another tab's rotation instead of signing out when its own refresh token was spent", async () => {
      const fromOtherTab = buildSession({ access_token: 'access-tab2', refresh_token: 'refresh-tab2', expires_at: NOW + 900_000 });
      let storageRef: ReturnType<typeof memoryStorage> | undefined;
      const { sut, storage, onSessionEnded } = setup((url, init) => {
        if (url === '/api/auth/refresh') {
          // The other tab rotated while this refresh was in flight: ours is refused as spent.
          writeSession(storageRef!, fromOtherTab);
          return jsonResponse(401, {});
        }
        return headersOf(init).get('Authorization') === 'Bearer access-tab2' ? jsonResponse(200, {}) : jsonResponse(401, {});
      });
      storageRef = storage as ReturnType<typeof memoryStorage>;
      writeSession(storage, current);

      const response = await sut.fetch('/api/a');

      expect(response.status).toBe(200);
      expect(readSession(storage)).toEqual(fromOtherTab);
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it('does not bring the session back when the user signed out during a refresh', async () => {
      const refreshGate = deferred<Response>();
      const { sut, storage, callsTo } = setup((url) => {
        if (url === '/api/auth/refresh') return refreshGate.promise;
        if (url === '/api/auth/logout') return jsonResponse(200, { status: 'ok' });
        return jsonResponse(401, {});
      });
      writeSession(storage, current);

      const request = sut.fetch('/api/a');
      await vi.waitFor(() => expect(callsTo('/api/auth/refresh')).toHaveLength(1));
      await sut.logout();
      refreshGate.resolve(jsonResponse(200, buildTokenResponse()));

      await expect(request).rejects.toBeInstanceOf(SessionEndedError);
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });

    it('holds the cross-tab lock around the refresh when one is available', async () => {
      const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
      const { sut, storage } = setup(
        (url) => (url === '/api/auth/refresh' ? jsonResponse(200, buildTokenResponse()) : jsonResponse(200, {})),
        { locks: { request: request as LockManagerLike['request'] } },
      );
      writeSession(storage, { ...current, expires_at: NOW });

      await sut.fetch('/api/a');

      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.calls[0][0]).toBe('realty.session.refresh');
    });
  });

  describe('logout', () => {
    it('posts the refresh token and clears the session', async () => {
      const { sut, storage, callsTo } = setup(() => jsonResponse(200, { status: 'ok' }));
      writeSession(storage, current);

      await sut.logout();

      const [[, init]] = callsTo('/api/auth/logout');
      expect(init?.method).toBe('POST');
      expect(bodyOf(init)).toEqual({ refresh_token: current.refresh_token });
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });

    it('clears the session even when the server cannot be reached', async () => {
      const { sut, storage } = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      writeSession(storage, current);

      await expect(sut.logout()).resolves.toBeUndefined();
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });

    it('calls nothing without a session', async () => {
      const { sut, fetchMock } = setup(() => jsonResponse(200, {}));

      await sut.logout();

      expect(fetchMock).not.toHaveBeenCalled();
    });
  });
});
