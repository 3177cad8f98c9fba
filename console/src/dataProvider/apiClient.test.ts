import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/factories';
import { createJsonClient, putFile, readBody } from './apiClient';

type Respond = (url: string, init?: RequestInit) => Response | Promise<Response>;

function setup(respond: Respond, apiBase?: string) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => respond(url, init));
  return { sut: createJsonClient({ fetch: fetchMock, apiBase }), fetchMock };
}

/** What a promise rejects with (the test fails if it resolves). */
async function failureOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    () => expect.unreachable('the call should have failed'),
    (failure: unknown) => failure,
  );
}

describe(createJsonClient.name, () => {
  it('prefixes the path with the api base (default /api, trailing slashes dropped)', async () => {
    const plain = setup(() => jsonResponse(200, {}));
    const custom = setup(() => jsonResponse(200, {}), 'https://api.test/v1//');

    await plain.sut.call('/a');
    await custom.sut.call('/b');

    expect(plain.fetchMock.mock.calls[0][0]).toBe('/api/a');
    expect(custom.fetchMock.mock.calls[0][0]).toBe('https://api.test/v1/b');
  });

  it('sends GET without a body by default, and JSON with its Content-Type when there is a body', async () => {
    const { sut, fetchMock } = setup(() => jsonResponse(200, {}));

    await sut.call('/read');
    await sut.call('/write', 'PATCH', { name: 'x' });

    expect(fetchMock.mock.calls[0][1]).toEqual({ method: 'GET' });
    expect(fetchMock.mock.calls[1][1]).toEqual({
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"x"}',
    });
  });

  it('answers the parsed JSON, null for an empty body or a 204, and the text when it is not JSON', async () => {
    const answers = [
      jsonResponse(200, { id: 1 }),
      new Response('', { status: 200 }),
      new Response(null, { status: 204 }),
      new Response('plain', { status: 200 }),
    ];
    const { sut } = setup(() => answers.shift()!);

    await expect(sut.call('/x')).resolves.toEqual({ id: 1 });
    await expect(sut.call('/x')).resolves.toBeNull();
    await expect(sut.call('/x')).resolves.toBeNull();
    await expect(sut.call('/x')).resolves.toBe('plain');
  });

  it("turns a refusal into an HttpError with the server's message and status", async () => {
    const { sut } = setup(() => jsonResponse(403, { status: 'error', message: 'Forbidden here' }));

    const error = await failureOf(sut.call('/x'));

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, message: 'Forbidden here' });
  });

  it('says the server could not be reached (status 0) when fetch throws', async () => {
    const { sut } = setup(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await failureOf(sut.call('/x'));

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 0, message: 'Unable to reach the server. Please try again.' });
  });

  it('keeps the status of an ended session so react-admin signs out', async () => {
    const { sut } = setup(() => {
      throw Object.assign(new Error('Session ended'), { status: 401 });
    });

    await expect(failureOf(sut.call('/x'))).resolves.toMatchObject({ status: 401, message: 'Session ended' });
  });

  it('lets a cancelled call reject as the abort it is', async () => {
    const { sut } = setup(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    await expect(failureOf(sut.call('/x'))).resolves.toMatchObject({ name: 'AbortError' });
  });

  it('send answers the raw response with the same errors', async () => {
    const { sut, fetchMock } = setup((url) =>
      url.endsWith('/csv') ? new Response('a,b', { status: 200 }) : jsonResponse(404, { message: 'Not found' }),
    );

    const response = await sut.send('/csv', { method: 'GET', headers: { Accept: 'text/csv' } });

    expect(await response.text()).toBe('a,b');
    expect(fetchMock.mock.calls[0][1]).toEqual({ method: 'GET', headers: { Accept: 'text/csv' } });
    await expect(failureOf(sut.send('/missing'))).resolves.toMatchObject({ status: 404 });
  });
});

describe(readBody.name, () => {
  it('reads JSON bodies', async () => {
    await expect(readBody(jsonResponse(200, [1, 2]))).resolves.toEqual([1, 2]);
  });
});

describe(putFile.name, () => {
  const file = new Blob(['png'], { type: 'image/png' });

  it('PUTs the file with its type and nothing else', async () => {
    const upload = vi.fn(async () => new Response(null, { status: 200 }));

    await putFile(upload, 'https://files.test/put/1', file);

    expect(upload).toHaveBeenCalledWith('https://files.test/put/1', {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: file,
    });
  });

  it("fails with the storage's status and words", async () => {
    const upload = async () => new Response(null, { status: 413, statusText: 'Payload Too Large' });

    const error = await failureOf(putFile(upload, '/u', file));

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 413, message: 'Payload Too Large' });
  });

  it('says the storage could not be reached (status 0) when the PUT throws', async () => {
    const upload = async () => {
      throw new TypeError('Failed to fetch');
    };

    await expect(failureOf(putFile(upload, '/u', file))).resolves.toMatchObject({
      status: 0,
      message: 'Unable to reach the server. Please try again.',
    });
  });
});
