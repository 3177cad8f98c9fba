import { SESSION_STORAGE_KEY } from '@app/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProfile, buildTokenResponse, deferred, headersOf, jsonResponse } from '../test/factories';
import { createAuthClient, LoginError, SessionEndedError, type AuthClientOptions, type LockManagerLike } from './authClient';
import { AUTH_MESSAGES } from './messages';
import { memoryStorage, readSession, writeSession } from './session';

const NOW = 1_700_000_000_000;

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function setup(handler: Handler, options: Partial<AuthClientOptions> = {}) {
  const storage = memoryStorage();
  let now = NOW;
  const fetchMock = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>(async (url, init) => handler(String(url), init));
  const onSessionEnded = vi.fn();
  const sut = createAuthClient({
    fetch: fetchMock as unknown as typeof fetch,
    storage,
    now: () => now,
    onSessionEnded,
    locks: null,
    ...options,
  });
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url) === path);
  const advance = (ms: number) => void (now += ms);
  return { sut, storage, fetchMock, onSessionEnded, callsTo, advance };
}

const bodyOf = (init: RequestInit | undefined): unknown => JSON.parse(String(init?.body));

/** What every auth call of the console carries: the console header, the same-origin cookie. */
function expectConsoleAuthCall(init: RequestInit | undefined) {
  expect(init?.method).toBe('POST');
  expect(init?.credentials).toBe('same-origin');
  expect(headersOf(init).get('X-Requested-With')).toBe('console');
}

describe('createAuthClient', () => {
  const user = buildProfile();

  describe('login', () => {
    it('posts the credentials as the console, keeps the access token in memory and only the user in storage', async () => {
      const tokens = buildTokenResponse({ expires_in: 900, refresh_token: undefined });
      const { sut, storage, callsTo } = setup(() => jsonResponse(200, tokens));

      const session = await sut.login('admin@demo-realty.test', 'DemoPass1!');

      const [[, init]] = callsTo('/api/auth/login');
      expectConsoleAuthCall(init);
      expect(bodyOf(init)).toEqual({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });
      expect(session).toEqual({ access_token: tokens.access_token, expires_at: NOW + 900_000, user: tokens.user });
      expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ user: tokens.user });
      expect(storage.getItem(SESSION_STORAGE_KEY)).not.toContain(tokens.access_token);
      expect(sut.getSession()).toEqual(session);
    });

    it("rejects with the server's message on bad credentials and stores nothing", async () => {
      const { sut, storage } = setup(() => jsonResponse(401, { status: 'error', message: 'Invalid email or password' }));

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
      await expect(down.sut.login('a@b.test', 'x')).rejects.toMatchObject({ message: AUTH_MESSAGES.serverUnreachable, status: 0 });
    });
  });

  describe('fetch', () => {
    /** A page signed in (login answered), its access token fresh for 15 minutes. */
    async function signedIn(handler: Handler, options: Partial<AuthClientOptions> = {}) {
      const tokens = buildTokenResponse({ access_token: 'access-first', refresh_token: undefined });
      const context = setup((url, init) => (url === '/api/auth/login' ? jsonResponse(200, tokens) : handler(url, init)), options);
      await context.sut.login('tc@demo-realty.test', 'DemoPass1!');
      return context;
    }

    it('adds the Bearer token of this page', async () => {
      const { sut, fetchMock } = await signedIn(() => jsonResponse(200, { ok: true }));

      const response = await sut.fetch('/api/user/profile', { headers: { 'X-Trace': '1' } });

      expect(response.status).toBe(200);
      const headers = headersOf(fetchMock.mock.calls[1][1]);
      expect(headers.get('Authorization')).toBe('Bearer access-first');
      expect(headers.get('X-Trace')).toBe('1');
    });

    it('sends no Authorization header without a session', async () => {
      const { sut, fetchMock } = setup(() => jsonResponse(200, {}));

      await sut.fetch('/api/transactions/health');

      expect(headersOf(fetchMock.mock.calls[0][1]).has('Authorization')).toBe(false);
    });

    it('gets an access token from the cookie before the first call of a page that has only the stored user (a new tab, a reload)', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const { sut, storage, fetchMock, callsTo } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(200, { ok: true }),
      );
      writeSession(storage, { user });

      await sut.fetch('/api/user/profile');

      const [[, init]] = callsTo('/api/auth/refresh');
      expectConsoleAuthCall(init);
      expect(bodyOf(init)).toEqual({});
      const apiCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/profile')!;
      expect(headersOf(apiCall[1]).get('Authorization')).toBe(`Bearer ${rotated.access_token}`);
      expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ user: rotated.user });
    });

    it('moves a session an earlier console stored with its refresh token to the cookie: the token is sent once, then dropped', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const { sut, storage, callsTo } = setup((url) => (url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(200, {})));
      storage.setItem(
        SESSION_STORAGE_KEY,
        JSON.stringify({ access_token: 'old', refresh_token: 'refresh-legacy', expires_at: NOW + 900_000, user }),
      );

      await sut.fetch('/api/a');
      await sut.fetch('/api/b');

      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(bodyOf(callsTo('/api/auth/refresh')[0][1])).toEqual({ refresh_token: 'refresh-legacy' });
      expect(storage.getItem(SESSION_STORAGE_KEY)).not.toContain('refresh-legacy');
    });

    it('refreshes shortly before expiry and uses the new access token', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const { sut, fetchMock, callsTo, advance } = await signedIn((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, rotated) : jsonResponse(200, { ok: true }),
      );
      advance(15 * 60_000 - 30_000);

      await sut.fetch('/api/user/profile');

      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      const apiCall = fetchMock.mock.calls.find(([url]) => url === '/api/user/profile')!;
      expect(headersOf(apiCall[1]).get('Authorization')).toBe(`Bearer ${rotated.access_token}`);
      expect(sut.getSession()).toMatchObject({ access_token: rotated.access_token });
    });

    it('refreshes once after a 401 and retries the request once with the new token', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const { sut, callsTo } = await signedIn((url, init) => {
        if (url === '/api/auth/refresh') return jsonResponse(200, rotated);
        return headersOf(init).get('Authorization') === `Bearer ${rotated.access_token}`
          ? jsonResponse(200, { ok: true })
          : jsonResponse(401, {});
      });

      const response = await sut.fetch('/api/user/profile', { method: 'PATCH', body: '{"first_name":"D"}' });

      expect(response.status).toBe(200);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      const apiCalls = callsTo('/api/user/profile');
      expect(apiCalls).toHaveLength(2);
      expect(apiCalls[1][1]).toMatchObject({ method: 'PATCH', body: '{"first_name":"D"}' });
    });

    it('sends exactly one refresh when many requests get a 401 at once', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const refreshGate = deferred<Response>();
      const { sut, callsTo } = await signedIn((url, init) => {
        if (url === '/api/auth/refresh') return refreshGate.promise;
        return headersOf(init).get('Authorization') === `Bearer ${rotated.access_token}`
          ? jsonResponse(200, { url })
          : jsonResponse(401, {});
      });

      const requests = Array.from({ length: 5 }, (_, index) => sut.fetch(`/api/tasks/${index}`));
      await vi.waitFor(() => expect(callsTo('/api/auth/refresh')).toHaveLength(1));
      refreshGate.resolve(jsonResponse(200, rotated));
      const responses = await Promise.all(requests);

      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    });

    it('sends exactly one refresh when many requests start without a fresh token', async () => {
      const { sut, storage, callsTo } = setup((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, buildTokenResponse()) : jsonResponse(200, {}),
      );
      writeSession(storage, { user });

      await Promise.all([sut.fetch('/api/a'), sut.fetch('/api/b'), sut.fetch('/api/c')]);

      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    });

    it('does not refresh again for a 401 that arrives after the token was already renewed', async () => {
      const rotated = buildTokenResponse({ refresh_token: undefined });
      const slowGate = deferred<Response>();
      const { sut, callsTo } = await signedIn((url, init) => {
        if (url === '/api/auth/refresh') return jsonResponse(200, rotated);
        const auth = headersOf(init).get('Authorization');
        if (url === '/api/slow' && auth === 'Bearer access-first') return slowGate.promise;
        return auth === `Bearer ${rotated.access_token}` ? jsonResponse(200, {}) : jsonResponse(401, {});
      });

      const slow = sut.fetch('/api/slow');
      await sut.fetch('/api/fast'); // 401 -> refresh -> retry
      slowGate.resolve(jsonResponse(401, {}));
      const response = await slow;

      expect(response.status).toBe(200);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    });

    it('clears the session and ends it when the refresh is refused', async () => {
      const { sut, storage, onSessionEnded, callsTo } = await signedIn((url) =>
        url === '/api/auth/refresh' ? jsonResponse(401, { status: 'error', message: 'Unauthorized' }) : jsonResponse(401, {}),
      );

      const results = await Promise.allSettled([sut.fetch('/api/a'), sut.fetch('/api/b')]);

      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(SessionEndedError);
      }
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(sut.getSession()).toBeNull();
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(onSessionEnded).toHaveBeenCalledTimes(1);
    });

    it('returns a second 401 to the caller instead of looping', async () => {
      const { sut, callsTo } = await signedIn((url) =>
        url === '/api/auth/refresh' ? jsonResponse(200, buildTokenResponse()) : jsonResponse(401, {}),
      );

      const response = await sut.fetch('/api/admin/users');

      expect(response.status).toBe(401);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(callsTo('/api/admin/users')).toHaveLength(2);
    });

    it('keeps the session when the refresh fails on the server side (5xx)', async () => {
      const { sut, storage, onSessionEnded } = await signedIn((url) =>
        url === '/api/auth/refresh' ? jsonResponse(503, { status: 'error', message: 'Unavailable' }) : jsonResponse(401, {}),
      );

      await expect(sut.fetch('/api/a')).rejects.toMatchObject({ message: 'Unavailable', status: 503 });
      expect(readSession(storage)).toEqual({ user: expect.any(Object) });
      expect(onSessionEnded).not.toHaveBeenCalled();
    });

    it('does not bring the session back when the user signed out during a refresh', async () => {
      const refreshGate = deferred<Response>();
      const { sut, storage, callsTo } = await signedIn((url) => {
        if (url === '/api/auth/refresh') return refreshGate.promise;
        if (url === '/api/auth/logout') return jsonResponse(200, { status: 'ok' });
        return jsonResponse(401, {});
      });

      const request = sut.fetch('/api/a');
      await vi.waitFor(() => expect(callsTo('/api/auth/refresh')).toHaveLength(1));
      await sut.logout();
      refreshGate.resolve(jsonResponse(200, buildTokenResponse()));

      await expect(request).rejects.toBeInstanceOf(SessionEndedError);
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    });

    it('holds the cross-tab lock around the refresh when one is available (each tab rotates the shared cookie in turn)', async () => {
      const request = vi.fn((_name: string, callback: () => Promise<unknown>) => callback());
      const { sut, storage } = setup(
        (url) => (url === '/api/auth/refresh' ? jsonResponse(200, buildTokenResponse()) : jsonResponse(200, {})),
        {
          locks: { request: request as LockManagerLike['request'] },
        },
      );
      writeSession(storage, { user });

      await sut.fetch('/api/a');

      expect(request).toHaveBeenCalledTimes(1);
      expect(request.mock.calls[0][0]).toBe('realty.session.refresh');
    });

    describe('Idempotency-Key', () => {
      const keyOf = (init: RequestInit | undefined) => headersOf(init).get('Idempotency-Key');
      const noPause = { retryDelaysMs: [0, 0] };

      it('gives each POST a key of its own, keeps one the caller set, and none to other methods', async () => {
        const { sut, callsTo } = await signedIn(() => jsonResponse(201, {}), {
          newIdempotencyKey: (() => {
            let n = 0;
            return () => `key-${++n}`;
          })(),
        });

        await sut.fetch('/api/transactions', { method: 'POST', body: '{}' });
        await sut.fetch('/api/transactions', { method: 'POST', body: '{}' });
        await sut.fetch('/api/tasks', { method: 'POST', body: '{}', headers: { 'Idempotency-Key': 'mine' } });
        await sut.fetch('/api/user/profile', { method: 'PATCH', body: '{}' });
        await sut.fetch('/api/user/profile');

        expect(callsTo('/api/transactions').map(([, init]) => keyOf(init))).toEqual(['key-1', 'key-2']);
        expect(keyOf(callsTo('/api/tasks')[0][1])).toBe('mine');
        expect(callsTo('/api/user/profile').map(([, init]) => keyOf(init))).toEqual([null, null]);
      });

      it('retries an idempotent POST after a network error and after a 503 with the same key, then answers', async () => {
        let attempt = 0;
        const { sut, callsTo } = await signedIn(() => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          if (attempt === 2) return jsonResponse(503, { status: 'error', message: 'The service is busy. Try again.' });
          return jsonResponse(201, { client_id: 7 });
        }, noPause);

        const response = await sut.fetch('/api/transactions', { method: 'POST', body: '{"type":"b"}' });

        expect(response.status).toBe(201);
        const sends = callsTo('/api/transactions');
        expect(sends).toHaveLength(3);
        expect(new Set(sends.map(([, init]) => keyOf(init))).size).toBe(1);
        expect(keyOf(sends[0][1])).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(sends.map(([, init]) => init?.body)).toEqual(['{"type":"b"}', '{"type":"b"}', '{"type":"b"}']);
      });

      it('gives up after the last retry, and never retries a POST the server does not key', async () => {
        const busy = await signedIn(() => jsonResponse(503, { status: 'error', message: 'busy' }), noPause);
        expect((await busy.sut.fetch('/api/messages/dms', { method: 'POST', body: '{}' })).status).toBe(503);
        expect(busy.callsTo('/api/messages/dms')).toHaveLength(3);

        const down = await signedIn(() => {
          throw new TypeError('Failed to fetch');
        }, noPause);
        await expect(down.sut.fetch('/api/notifications/send', { method: 'POST', body: '{}' })).rejects.toThrow('Failed to fetch');
        expect(down.callsTo('/api/notifications/send')).toHaveLength(1);
      });

      it('sends the same key again after a 401 and its refresh', async () => {
        const rotated = buildTokenResponse({ refresh_token: undefined });
        const { sut, callsTo } = await signedIn((url, init) => {
          if (url === '/api/auth/refresh') return jsonResponse(200, rotated);
          return headersOf(init).get('Authorization') === `Bearer ${rotated.access_token}` ? jsonResponse(201, {}) : jsonResponse(401, {});
        });

        await sut.fetch('/api/esign/drafts', { method: 'POST', body: '{}' });

        const [first, second] = callsTo('/api/esign/drafts');
        expect(keyOf(second[1])).toBe(keyOf(first[1]));
        expect(keyOf(first[1])).toBeTruthy();
      });
    });
  });

  describe('logout', () => {
    beforeEach(() => vi.restoreAllMocks());

    it("posts to /auth/logout as the console (the server ends the cookie's session and clears it) and clears the session", async () => {
      const { sut, storage, callsTo } = setup((url) =>
        url === '/api/auth/login'
          ? jsonResponse(200, buildTokenResponse({ access_token: 'access-mine' }))
          : jsonResponse(200, { status: 'ok' }),
      );
      await sut.login('tc@demo-realty.test', 'DemoPass1!');

      await sut.logout();

      const [[, init]] = callsTo('/api/auth/logout');
      expectConsoleAuthCall(init);
      expect(headersOf(init).get('Authorization')).toBe('Bearer access-mine');
      expect(bodyOf(init)).toEqual({});
      expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(sut.getSession()).toBeNull();
    });

    it('clears the session even when the server cannot be reached', async () => {
      const { sut, storage } = setup(() => {
        throw new TypeError('Failed to fetch');
      });
      writeSession(storage, { user });

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
