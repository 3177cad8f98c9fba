import { Logger } from '@nestjs/common';
import { ProviderRejectedError, ProviderRequestError, ProviderUnavailableError } from '../esign-provider';
import { retryAfterMs } from '@app/http';
import { DocusealClient } from './docuseal-client';

const KEY = 'secret-docuseal-key-123';
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

/** A fetch that answers from a script and records what it was asked. */
function scripted(answers: Answer[]) {
  const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: String(init.method),
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body as string | undefined,
    });
    const answer = answers.shift() ?? { status: 200, body: {} };
    if (answer instanceof Error) throw answer;
    const body = Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body ?? {});
    return new Response(body, { status: answer.status, headers: answer.headers });
  }) as unknown as typeof fetch;
  const waits: number[] = [];
  const client = new DocusealClient({
    url: 'https://docuseal.test/api/',
    apiKey: KEY,
    fetch: fetchImpl,
    sleep: async (ms) => void waits.push(ms),
    baseDelayMs: 100,
  });
  return { client, calls, waits };
}

describe('the DocuSeal client', () => {
  const logged: string[] = [];
  beforeAll(() => {
    for (const level of ['log', 'warn', 'error', 'debug'] as const)
      jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(String(args[0])));
  });
  afterAll(() => jest.restoreAllMocks());

  it('sends the key as X-Auth-Token to the API base, JSON in and out', async () => {
    const { client, calls } = scripted([{ status: 200, body: { id: 5 } }]);
    await expect(client.post('/templates/5/clone', { name: 'Copy' })).resolves.toEqual({ id: 5 });
    expect(calls).toEqual([
      {
        url: 'https://docuseal.test/api/templates/5/clone',
        method: 'POST',
        headers: { accept: 'application/json', 'x-auth-token': KEY, 'content-type': 'application/json' },
        body: '{"name":"Copy"}',
      },
    ]);
    expect(client.host).toBe('docuseal.test');
  });

  it('tries 429 and 5xx again, 3 tries in all, waiting as Retry-After says or doubling', async () => {
    const { client, calls, waits } = scripted([
      { status: 429, headers: { 'retry-after': '2' } },
      { status: 503 },
      { status: 200, body: { ok: true } },
    ]);
    await expect(client.get('/submissions/1', { include: 'combined_document_url' })).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(Array(3).fill('https://docuseal.test/api/submissions/1?include=combined_document_url'));
    expect(waits).toEqual([2000, 200]);

    const failing = scripted([{ status: 500 }, { status: 502 }, { status: 504 }, { status: 200 }]);
    await expect(failing.client.put('/templates/1', {})).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(failing.calls).toHaveLength(3);
  });

  it('tries a call that may be repeated again after a dropped connection, but not a POST', async () => {
    const get = scripted([new TypeError('fetch failed'), { status: 200, body: [] }]);
    await expect(get.client.get('/templates/1')).resolves.toEqual([]);
    const post = scripted([new TypeError('fetch failed'), { status: 200, body: [] }]);
    await expect(post.client.post('/submissions', {})).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(post.calls).toHaveLength(1);
  });

  it("401 and 403 are ProviderRejectedError (502 'E-sign provider rejected the request'), 404 and 422 say what DocuSeal said", async () => {
    for (const status of [401, 403]) {
      const { client } = scripted([{ status, body: { error: 'Not authenticated' } }]);
      const error = await client.get('/templates/1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderRejectedError);
      expect((error as ProviderRejectedError).getStatus()).toBe(502);
      expect((error as ProviderRejectedError).getResponse()).toEqual({ status: 'error', message: 'E-sign provider rejected the request' });
    }
    const missing = (await scripted([{ status: 404, body: { status: 404 } }])
      .client.get('/templates/9')
      .catch((e: unknown) => e)) as ProviderRequestError;
    expect(missing).toMatchObject({ providerStatus: 404 });
    expect(missing.getResponse()).toEqual({ status: 'error', message: 'E-sign provider does not know this document' });
    const invalid = (await scripted([{ status: 422, body: { error: 'email is invalid in `submitters[0]`.' } }])
      .client.post('/submissions', {})
      .catch((e: unknown) => e)) as ProviderRequestError;
    expect(invalid.getResponse()).toEqual({
      status: 'error',
      message: 'E-sign provider refused the request: email is invalid in `submitters[0]`.',
    });
  });

  it('downloads files without the key and checks they are PDFs', async () => {
    const { client, calls } = scripted([
      { status: 200, body: Buffer.from('%PDF-1.7 ...') },
      { status: 200, body: Buffer.from('<html>') },
    ]);
    await expect(client.download('https://files.docuseal.test/file/abc/signed.pdf')).resolves.toEqual(Buffer.from('%PDF-1.7 ...'));
    expect(calls[0].headers).toEqual({ accept: 'application/json' });
    await expect(client.download('https://files.docuseal.test/file/abc/signed.pdf')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('never logs the key', () => {
    expect(logged.length).toBeGreaterThan(3);
    expect(logged.filter((line) => line.includes(KEY))).toEqual([]);
  });

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Fri, 20 Nov 2026 10:00:05 GMT', Date.parse('2026-11-20T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
