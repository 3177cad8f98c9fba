import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffMs, OutboundHttpClient, OutboundTransportError, retryAfterMs, type OutboundHttpOptions } from './outbound-http';

type Answer = { status: number; body?: string; headers?: Record<string, string> } | Error;

const POLICY: OutboundHttpOptions = {
  timeoutMs: 1_000,
  tries: 3,
  baseDelayMs: 100,
  maxDelayMs: 1_000,
  jitter: 'none',
  retryStatus: (status) => status === 429 || status >= 500,
  retryTransportFor: ['GET'],
  longRetryAfter: 'cap',
};

function scripted(answers: Answer[], options: Partial<OutboundHttpOptions> = {}) {
  const calls: { url: string; method: string }[] = [];
  const waits: number[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), method: String(init.method) });
    const answer = answers.shift() ?? { status: 200 };
    if (answer instanceof Error) throw answer;
    return new Response(answer.body ?? '', { status: answer.status, headers: answer.headers });
  }) as unknown as typeof fetch;
  const client = new OutboundHttpClient({
    ...POLICY,
    fetch: fetchImpl,
    sleep: async (ms) => void waits.push(ms),
    random: () => 0.5,
    now: () => Date.parse('2026-11-20T10:00:00Z'),
    ...options,
  });
  return { client, calls, waits };
}

describe(OutboundHttpClient.name, () => {
  it('answers the first answer that is not retried, with its body and the tries made', async () => {
    const { client, calls, waits } = scripted([{ status: 503 }, { status: 404, body: 'missing' }]);
    const answer = await client.send(() => ({ method: 'GET', url: 'https://x.test/a' }));
    expect(answer).toMatchObject({ status: 404, attempts: 2, exhausted: false });
    expect(answer.body.toString()).toBe('missing');
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([100]);
  });

  it('doubles the wait up to the cap, and answers the last retried status as exhausted', async () => {
    const { client, waits } = scripted([{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }], {
      tries: 5,
      maxDelayMs: 300,
    });
    await expect(client.send(() => ({ method: 'POST', url: 'https://x.test/a' }))).resolves.toMatchObject({
      status: 500,
      attempts: 5,
      exhausted: true,
    });
    expect(waits).toEqual([100, 200, 300, 300]);
  });

  it('spreads the waits with equal jitter', async () => {
    expect(backoffMs({ baseDelayMs: 100, maxDelayMs: 1_000, jitter: 'equal' }, 1, () => 0)).toBe(50);
    expect(backoffMs({ baseDelayMs: 100, maxDelayMs: 1_000, jitter: 'equal' }, 2, () => 1)).toBe(200);
    expect(backoffMs({ baseDelayMs: 100, maxDelayMs: 150, jitter: 'equal' }, 3, () => 0.5)).toBe(113);
  });

  it('waits at least what Retry-After asks for; a longer one than the cap is cut or given up on', async () => {
    const asked = scripted([{ status: 429, headers: { 'retry-after': '0.5' } }, { status: 200 }]);
    await asked.client.send(() => ({ method: 'GET', url: 'https://x.test/a' }));
    expect(asked.waits).toEqual([500]);

    const cut = scripted([{ status: 429, headers: { 'retry-after': '60' } }, { status: 200 }]);
    await expect(cut.client.send(() => ({ method: 'GET', url: 'https://x.test/a' }))).resolves.toMatchObject({ status: 200 });
    expect(cut.waits).toEqual([1_000]);

    const given = scripted([{ status: 429, headers: { 'retry-after': 'Fri, 20 Nov 2026 10:01:00 GMT' } }, { status: 200 }], {
      longRetryAfter: 'give-up',
    });
    await expect(given.client.send(() => ({ method: 'GET', url: 'https://x.test/a' }))).resolves.toMatchObject({
      status: 429,
      exhausted: true,
      attempts: 1,
      retryAfterMs: 60_000,
    });
    expect(given.waits).toEqual([]);
  });

  it('tries a failed connection again only for the methods named', async () => {
    const get = scripted([new TypeError('fetch failed'), { status: 200 }]);
    await expect(get.client.send(() => ({ method: 'GET', url: 'https://x.test/a' }))).resolves.toMatchObject({ status: 200, attempts: 2 });
    const post = scripted([new TypeError('fetch failed'), { status: 200 }]);
    const error = await post.client.send(() => ({ method: 'POST', url: 'https://x.test/a' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundTransportError);
    expect(error).toMatchObject({ failure: 'network', attempts: 1 });
    expect(post.calls).toHaveLength(1);
  });

  it('builds the request anew for each try', async () => {
    const { client } = scripted([{ status: 503 }, { status: 200 }]);
    let built = 0;
    let attempts = 0;
    await client.send(() => ({ method: 'POST', url: `https://x.test/${++built}` }), { onAttempt: () => void attempts++ });
    expect([built, attempts]).toEqual([2, 2]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('1.5')).toBe(1500);
    expect(retryAfterMs('Fri, 20 Nov 2026 10:00:05 GMT', Date.parse('2026-11-20T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs('Fri, 20 Nov 2026 09:00:00 GMT', Date.parse('2026-11-20T10:00:00Z'))).toBe(0);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });

  describe('over the network (undici, a local server)', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/slow-body') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.write('half');
          // The rest never comes: the whole-request timeout must end the read.
          return;
        }
        if (request.url === '/busy') {
          response.writeHead(503, { 'retry-after': '0' });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"ok":true}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('reads an answer', async () => {
      const answer = await new OutboundHttpClient({ ...POLICY }).send(() => ({ method: 'GET', url: `${base}/ok` }));
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
    });

    it('times out a body that stops half way, and tries it again', async () => {
      const waits: number[] = [];
      const client = new OutboundHttpClient({ ...POLICY, timeoutMs: 200, tries: 2, sleep: async (ms) => void waits.push(ms) });
      const error = await client.send(() => ({ method: 'GET', url: `${base}/slow-body` })).catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'timeout', attempts: 2, message: 'no answer within 200 ms' });
      expect(waits).toEqual([100]);
    });

    it('answers a refused connection as a network failure', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      const error = await new OutboundHttpClient({ ...POLICY, tries: 1 })
        .send(() => ({ method: 'GET', url: `http://127.0.0.1:${port}/` }))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'network', attempts: 1 });
    });

    it('retries a 503 as often as it may', async () => {
      const answer = await new OutboundHttpClient({ ...POLICY, baseDelayMs: 1 }).send(() => ({ method: 'GET', url: `${base}/busy` }));
      expect(answer).toMatchObject({ status: 503, attempts: 3, exhausted: true, retryAfterMs: 0 });
    });
  });
});
