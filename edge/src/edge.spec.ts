// The edge against real (tiny) upstream servers and real folders: what it proxies, what it
// serves, and what it refuses. Nothing is mocked but the services themselves.
import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Server as SocketIoServer } from 'socket.io';
import { io as connectSocketIo, type Socket as ClientSocket } from 'socket.io-client';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { createEdge, EDGE_JSON_BODY_LIMIT, upstreamsFromEnv } from './edge';
import { acceptedEncodings, frontendContentSecurityPolicy, spaHandler } from './static-files';

interface Echo {
  service: string;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const CONSOLE_INDEX = '<!doctype html><title>console</title>';
const DISPLAY_INDEX = '<!doctype html><title>display</title>';
const APP_JS = 'console.log("app");';
const SECRET = 'TOP-SECRET-OUTSIDE-THE-BUILD';

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** An upstream that answers every HTTP request with what it received. */
function echoServer(service: string): Server {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const echo: Echo = {
        service,
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': service });
      res.end(JSON.stringify(echo));
    });
  });
}

/** A port nothing listens on (briefly bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await close(server);
  return port;
}

/** One raw HTTP request (no client-side path normalisation, no keep-alive). */
function send(
  port: number,
  method: string,
  pathAndQuery: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: pathAndQuery, headers: options.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe(createEdge.name, () => {
  let tmp: string;
  let identity: Server;
  let transactions: Server;
  let socketIo: SocketIoServer;
  let sut: Server;
  let port: number;
  const logged: Record<string, unknown>[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'edge-spec-'));
    const consoleDir = path.join(tmp, 'console', 'dist');
    const displayDir = path.join(tmp, 'display', 'dist');
    mkdirSync(path.join(consoleDir, 'assets'), { recursive: true });
    mkdirSync(path.join(displayDir, 'assets'), { recursive: true });
    writeFileSync(path.join(consoleDir, 'index.html'), CONSOLE_INDEX);
    writeFileSync(path.join(consoleDir, 'assets', 'app.js'), APP_JS);
    writeFileSync(path.join(displayDir, 'index.html'), DISPLAY_INDEX);
    writeFileSync(path.join(displayDir, 'assets', 'display.js'), 'console.log("display");');
    // Files just outside the builds, that no URL may reach.
    writeFileSync(path.join(tmp, 'secret.txt'), SECRET);
    writeFileSync(path.join(tmp, 'console', 'secret.txt'), SECRET);
    mkdirSync(path.join(tmp, 'console', 'dist-private'));
    writeFileSync(path.join(tmp, 'console', 'dist-private', 'secret.txt'), SECRET);

    identity = echoServer('identity');
    // A bare WebSocket-style upgrade: 101, then echo every byte back.
    identity.on('upgrade', (req, socket: Socket) => {
      socket.write(
        'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          `X-Upstream: identity\r\nX-Upgrade-Path: ${req.url}\r\n\r\n`,
      );
      socket.pipe(socket);
    });
    transactions = echoServer('transactions');
    // The Display Mode socket lives on the transactions service under its own path.
    socketIo = new SocketIoServer(transactions, { path: '/api/transactions/socket.io' });
    socketIo.of('/display').on('connection', (socket) => {
      socket.emit('display:welcome', { token: (socket.handshake.auth as { token?: string }).token, url: socket.handshake.url });
    });

    const down = `http://127.0.0.1:${await closedPort()}`;
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((s) => [s, down])) as Record<ServiceName, string>;
    upstreams.identity = `http://127.0.0.1:${await listen(identity)}`;
    upstreams.transactions = `http://127.0.0.1:${await listen(transactions)}`;

    sut = createEdge({ upstreams, consoleDir, displayDir, log: (line) => logged.push(line) });
    port = await listen(sut);
  });

  afterAll(async () => {
    await close(sut);
    await new Promise<void>((resolve) => socketIo.close(() => resolve()));
    await close(identity);
    await close(transactions).catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers /healthz itself', async () => {
    const reply = await send(port, 'GET', '/healthz');
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual({ status: 'ok' });
  });

  describe('API proxy', () => {
    it('passes /api/auth/login to identity with method, path, query and body intact', async () => {
      const body = JSON.stringify({ email: 'admin@demo-realty.test', password: 'DemoPass1!' });
      const reply = await send(port, 'POST', '/api/auth/login?from=console', {
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'x-request-id': 'req-1' },
        body,
      });
      expect(reply.status).toBe(200);
      const echo = JSON.parse(reply.body) as Echo;
      expect(echo).toMatchObject({ service: 'identity', method: 'POST', url: '/api/auth/login?from=console', body });
      expect(echo.headers['content-type']).toBe('application/json');
      expect(echo.headers['x-request-id']).toBe('req-1');
      expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1/);
      expect(echo.headers['x-forwarded-proto']).toBe('http');
      expect(reply.headers['x-upstream']).toBe('identity');
    });

    it('keeps the client connection alive across proxied requests', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const sockets = new Set<unknown>();
      const get = () =>
        new Promise<IncomingHttpHeaders>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port, path: '/api/user/profile', agent }, (res) => {
            sockets.add(res.socket);
            res.resume();
            res.on('end', () => resolve(res.headers));
          });
          req.on('error', reject);
          req.end();
        });
      try {
        const first = await get();
        // Let the agent take the socket back before reusing it.
        await new Promise((resolve) => setImmediate(resolve));
        const second = await get();
        expect(first.connection).not.toBe('close');
        expect(second.connection).not.toBe('close');
        expect(sockets.size).toBe(1);
      } finally {
        agent.destroy();
      }
    });

    it('sends /api/user/forms to transactions but /api/user/profile to identity', async () => {
      const forms = JSON.parse((await send(port, 'GET', '/api/user/forms?page=1')).body) as Echo;
      expect(forms).toMatchObject({ service: 'transactions', method: 'GET', url: '/api/user/forms?page=1' });
      const profile = JSON.parse((await send(port, 'GET', '/api/user/profile', { headers: { authorization: 'Bearer abc' } })).body) as Echo;
      expect(profile).toMatchObject({ service: 'identity', url: '/api/user/profile' });
      expect(profile.headers.authorization).toBe('Bearer abc');
    });

    it('sends each service its own /api/<service>/health', async () => {
      for (const service of ['identity', 'transactions']) {
        const echo = JSON.parse((await send(port, 'GET', `/api/${service}/health`)).body) as Echo;
        expect(echo).toMatchObject({ service, url: `/api/${service}/health` });
      }
    });

    it.each(['/api/nothing-here', '/api/transactionsfoo', '/api/', '/api/unknown?x=/api/user'])('answers 404 JSON for %s', async (url) => {
      const reply = await send(port, 'GET', url);
      expect(reply.status).toBe(404);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(reply.body);
      expect(body).toEqual({ status: 'error', message: expect.any(String) });
      expect(body.message).toContain(url.split('?')[0]);
    });

    it('answers 502 JSON naming the service when its upstream is down', async () => {
      const reply = await send(port, 'GET', '/api/messages/inbox');
      expect(reply.status).toBe(502);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(reply.body);
      expect(body.status).toBe('error');
      expect(body.message).toContain('messaging');
      expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', service: 'messaging' }));
    });

    it('answers 502 for a down upstream after a request body too', async () => {
      const reply = await send(port, 'POST', '/api/esign/requests', { headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      expect(reply.status).toBe(502);
      expect(JSON.parse(reply.body).message).toContain('esign');
    });
  });

  describe('WebSocket upgrades', () => {
    it('passes a raw upgrade through and relays bytes both ways', async () => {
      const { status, headers, echoed } = await new Promise<{ status: number; headers: IncomingHttpHeaders; echoed: string }>(
        (resolve, reject) => {
          const req = httpRequest({
            host: '127.0.0.1',
            port,
            path: '/api/identity/socket.io/?EIO=4&transport=websocket',
            headers: { connection: 'Upgrade', upgrade: 'websocket' },
            agent: false,
          });
          req.on('upgrade', (res, socket) => {
            socket.once('data', (chunk: Buffer) => {
              socket.destroy();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, echoed: chunk.toString() });
            });
            socket.write('ping');
          });
          req.on('response', (res) => reject(new Error(`expected an upgrade, got HTTP ${res.statusCode}`)));
          req.on('error', reject);
          req.end();
        },
      );
      expect(status).toBe(101);
      expect(headers['x-upstream']).toBe('identity');
      expect(headers['x-upgrade-path']).toBe('/api/identity/socket.io/?EIO=4&transport=websocket');
      expect(echoed).toBe('ping');
    });

    it('closes an upgrade on a path no service owns', async () => {
      await expect(
        new Promise((resolve, reject) => {
          const req = httpRequest({
            host: '127.0.0.1',
            port,
            path: '/api/nobody/socket.io/',
            headers: { connection: 'Upgrade', upgrade: 'websocket' },
            agent: false,
          });
          req.on('upgrade', () => resolve('upgraded'));
          req.on('response', (res) => resolve(`HTTP ${res.statusCode}`));
          req.on('error', reject);
          req.end();
        }),
      ).rejects.toThrow(/socket hang up|ECONNRESET/);
    });

    it.each([[['websocket']], [['polling']]])('carries the Display Mode socket.io connection (transports %j)', async (transports) => {
      const client: ClientSocket = connectSocketIo(`http://127.0.0.1:${port}/display`, {
        path: '/api/transactions/socket.io',
        transports,
        auth: { token: 'token-1' },
        reconnection: false,
        forceNew: true,
      });
      try {
        const welcome = await new Promise<{ token: string; url: string }>((resolve, reject) => {
          client.once('display:welcome', resolve);
          client.once('connect_error', reject);
        });
        expect(welcome.token).toBe('token-1');
        expect(welcome.url).toMatch(new RegExp(`^/api/transactions/socket.io/\\?EIO=4&transport=${transports[0]}`));
      } finally {
        client.close();
      }
    });
  });

  describe('static files', () => {
    it.each(['/', '/app/admin/users', '/auth/login?next=%2Fapp', '/app/transactions/12/'])(
      'serves the console index.html for %s',
      async (url) => {
        const reply = await send(port, 'GET', url);
        expect(reply.status).toBe(200);
        expect(reply.body).toBe(CONSOLE_INDEX);
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(reply.headers['cache-control']).toBe('no-cache');
      },
    );

    it('serves hashed assets with long cache headers', async () => {
      const reply = await send(port, 'GET', '/assets/app.js');
      expect(reply.status).toBe(200);
      expect(reply.body).toBe(APP_JS);
      expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(APP_JS)));
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
    });

    it('serves the console and Display Mode unframeable, without a referrer, and with no inline or foreign script allowed', async () => {
      for (const url of ['/', '/display/', '/assets/app.js']) {
        const { headers } = await send(port, 'GET', url);
        expect({
          url,
          frame: headers['x-frame-options'],
          csp: headers['content-security-policy'],
          referrer: headers['referrer-policy'],
        }).toEqual({
          url,
          frame: 'DENY',
          csp: frontendContentSecurityPolicy(),
          referrer: 'no-referrer',
        });
        const directives = new Map(
          String(headers['content-security-policy'])
            .split('; ')
            .map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const),
        );
        expect(directives.get('script-src')).toEqual(["'self'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(directives.get('object-src')).toEqual(["'none'"]);
      }
    });

    it('lets production pages reach only https object stores, never plain http', () => {
      expect(frontendContentSecurityPolicy('production')).not.toContain('http:');
      expect(frontendContentSecurityPolicy('production')).not.toContain('localhost');
      expect(frontendContentSecurityPolicy('development')).toContain('http://localhost:*');
    });

    it('answers HEAD without a body', async () => {
      const reply = await send(port, 'HEAD', '/assets/app.js');
      expect(reply.status).toBe(200);
      expect(reply.body).toBe('');
      expect(reply.headers['content-length']).toBe(String(Buffer.byteLength(APP_JS)));
    });

    it.each([
      ['/display', '/display/'],
      ['/display?tv=lobby', '/display/?tv=lobby'],
    ])('redirects %s to %s', async (url, location) => {
      const reply = await send(port, 'GET', url);
      expect(reply.status).toBe(301);
      expect(reply.headers.location).toBe(location);
    });

    it.each(['/display/', '/display/anything', '/display/slides/3?rotate=1'])('serves the Display Mode index.html for %s', async (url) => {
      const reply = await send(port, 'GET', url);
      expect(reply.status).toBe(200);
      expect(reply.body).toBe(DISPLAY_INDEX);
    });

    it('serves Display Mode assets from its own build', async () => {
      const reply = await send(port, 'GET', '/display/assets/display.js');
      expect(reply.status).toBe(200);
      expect(reply.body).toBe('console.log("display");');
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([
      '/..%2f..%2fetc/passwd',
      '/..%2f..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/..%2fsecret.txt',
      '/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      // A sibling folder whose name starts with the build folder's name.
      '/..%2fdist-private%2fsecret.txt',
      '/display/..%2f..%2fsecret.txt',
      '/display/..%2f..%2fconsole%2fsecret.txt',
    ])('does not serve files outside the build for %s', async (url) => {
      const reply = await send(port, 'GET', url);
      expect(reply.body).not.toContain(SECRET);
      expect(reply.body).not.toMatch(/root:.*:0:0:/);
      expect([200, 400, 404]).toContain(reply.status);
      if (reply.status === 200) expect([CONSOLE_INDEX, DISPLAY_INDEX]).toContain(reply.body);
    });

    it('answers 400 to a malformed percent-encoding instead of failing', async () => {
      const reply = await send(port, 'GET', '/%E0%A4%A');
      expect(reply.status).toBe(400);
      // Still alive afterwards.
      expect((await send(port, 'GET', '/healthz')).status).toBe(200);
    });
  });
});

describe('createEdge refuses what no service should see, and never leaves a client hanging', () => {
  let upstream: Server;
  let sut: Server;
  let port: number;
  const received: string[] = [];

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      received.push(req.url ?? '');
      if (req.url?.startsWith('/api/admin/users/download')) {
        // A CSV that fails after its headers and first rows.
        res.writeHead(200, { 'content-type': 'text/csv' });
        res.write('name,email\nAvery,admin@demo-realty.test\n');
        setTimeout(() => res.socket?.destroy(), 50);
        return;
      }
      // Like a service: the body is read before the answer.
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    const base = `http://127.0.0.1:${await listen(upstream)}`;
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((s) => [s, base])) as Record<ServiceName, string>;
    sut = createEdge({ upstreams, consoleDir: tmpdir(), displayDir: tmpdir() });
    port = await listen(sut);
  });

  afterAll(async () => {
    await close(sut);
    await close(upstream);
  });

  it.each(['/api/admin/users/download?quick_search_filter=%00', '/api/admin/users?a=1&b=x%00y'])(
    'answers 400 to a NUL in the query of %s, passing nothing on',
    async (url) => {
      received.length = 0;
      const reply = await send(port, 'GET', url);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toEqual({ status: 'error', message: 'The query contains a NUL character' });
      expect(received).toEqual([]);
    },
  );

  it('answers 431 to a 100 KB Authorization header instead of resetting the connection', async () => {
    const reply = await send(port, 'GET', '/api/user/profile', { headers: { authorization: `Bearer ${'x'.repeat(100_000)}` } });
    expect(reply.status).toBe(431);
    expect(JSON.parse(reply.body)).toEqual({ status: 'error', message: 'Request Header Fields Too Large' });
  });

  it('ends the response at once when the upstream fails in the middle of a stream', async () => {
    const started = Date.now();
    const outcome = await send(port, 'GET', '/api/admin/users/download').then(
      (reply) => ({ ended: 'complete', body: reply.body }),
      (error: Error) => ({ ended: 'broken', body: error.message }),
    );
    // The client learns of the failure (an aborted response), well before any timeout.
    expect(outcome.ended).toBe('broken');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 413 every time to a JSON body over 1 MB, as the service would, and serves the next request', async () => {
    received.length = 0;
    const big = 'x'.repeat(EDGE_JSON_BODY_LIMIT + 1);
    for (let i = 0; i < 10; i++) {
      const reply = await send(port, 'POST', '/api/admin/user', { headers: { 'content-type': 'application/json' }, body: big });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toEqual({ status: 'error', message: 'Request body is too large' });
    }
    expect(received).toEqual([]);
    expect((await send(port, 'GET', '/api/user/profile')).status).toBe(200);
  });

  it('cuts a chunked body at the limit with 413 (12 MB sent in pieces)', async () => {
    const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/transactions',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      const piece = Buffer.alloc(256 * 1024, 0x78);
      let sent = 0;
      const write = () => {
        while (sent < 12 * 1024 * 1024) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', write);
        }
        req.end();
      };
      write();
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ status: 'error', message: 'Request body is too large' });
    expect((await send(port, 'GET', '/api/user/profile')).status).toBe(200);
  });

  it('passes a file upload over 1 MB to the storage route, which has its own limit', async () => {
    received.length = 0;
    const reply = await send(port, 'PUT', '/api/identity/files/profile-images/1/2/x?sig=s', {
      headers: { 'content-type': 'image/png' },
      body: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(reply.status).toBe(200);
    expect(received).toEqual(['/api/identity/files/profile-images/1/2/x?sig=s']);
  });

  it('has request and header timeouts', () => {
    expect(sut.requestTimeout).toBe(120_000);
    expect(sut.headersTimeout).toBe(30_000);
  });
});

describe(upstreamsFromEnv.name, () => {
  const sut = upstreamsFromEnv;

  it('defaults every service to its local port', () => {
    expect(sut({})).toEqual({
      identity: 'http://127.0.0.1:3001',
      'team-admin': 'http://127.0.0.1:3002',
      transactions: 'http://127.0.0.1:3003',
      messaging: 'http://127.0.0.1:3004',
      esign: 'http://127.0.0.1:3005',
      'integrations-sync': 'http://127.0.0.1:3006',
    });
  });

  it('takes <SERVICE>_URL overrides', () => {
    const upstreams = sut({ TEAM_ADMIN_URL: 'http://team-admin:3000', INTEGRATIONS_SYNC_URL: 'http://sync:3000' });
    expect(upstreams['team-admin']).toBe('http://team-admin:3000');
    expect(upstreams['integrations-sync']).toBe('http://sync:3000');
    expect(upstreams.identity).toBe('http://127.0.0.1:3001');
  });
});

describe(spaHandler.name, () => {
  let tmp: string;
  let server: Server;
  let port: number;

  beforeEach(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'spa-spec-'));
    writeFileSync(path.join(tmp, 'index.html'), CONSOLE_INDEX);
    const sut = spaHandler('/', tmp);
    server = createServer((req, res) => void sut(req, res));
    port = await listen(server);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await close(server);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('answers 503 with a hint when the app is not built', async () => {
    rmSync(path.join(tmp, 'index.html'));
    const reply = await send(port, 'GET', '/app/admin/users');
    expect(reply.status).toBe(503);
    expect(reply.body).toContain('npm run build');
  });

  it('ends the response, not the process, when a file cannot be read', async () => {
    jest.spyOn(fs, 'createReadStream').mockImplementation(() => {
      const stream = new PassThrough();
      setImmediate(() => stream.emit('error', Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' })));
      return stream as unknown as ReturnType<typeof fs.createReadStream>;
    });
    await expect(send(port, 'GET', '/')).rejects.toThrow(/aborted|socket hang up|ECONNRESET/);
    // The server still answers.
    jest.restoreAllMocks();
    expect((await send(port, 'GET', '/')).body).toBe(CONSOLE_INDEX);
  });
});

describe('pre-compressed front ends', () => {
  // Big enough to compress well, like a real bundle.
  const BUNDLE = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const label${i} = "Transactions ${i}";`).join('\n'));
  const INDEX = Buffer.from(`<!doctype html><title>console</title>${'<meta name="x" content="y">'.repeat(100)}`);
  const LOGO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
  let tmp: string;
  let server: Server;
  let port: number;

  /** One request, the body as raw bytes (no decoding), as a browser's network layer receives it. */
  function fetchRaw(
    method: string,
    url: string,
    acceptEncoding?: string,
  ): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
      const req = httpRequest({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  }

  const decode = (body: Buffer, encoding: string | undefined): Buffer =>
    encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'edge-precompressed-'));
    mkdirSync(path.join(tmp, 'assets'));
    // What scripts/build.mjs (precompress.mjs) leaves beside each text file.
    for (const [file, bytes] of [
      ['index.html', INDEX],
      ['assets/index-3f2a1b.js', BUNDLE],
    ] as const) {
      writeFileSync(path.join(tmp, file), bytes);
      writeFileSync(path.join(tmp, file + '.br'), brotliCompressSync(bytes));
      writeFileSync(path.join(tmp, file + '.gz'), gzipSync(bytes));
    }
    // A text file the build left without copies (too small to gain), and an image (never compressed).
    writeFileSync(path.join(tmp, 'assets', 'tiny-9c8d7e.js'), APP_JS);
    writeFileSync(path.join(tmp, 'assets', 'logo-1a2b3c.png'), LOGO);
    const sut = spaHandler('/', tmp);
    server = createServer((req, res) => void sut(req, res));
    port = await listen(server);
  });

  afterAll(async () => {
    await close(server);
    rmSync(tmp, { recursive: true, force: true });
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['*', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('answers Accept-Encoding %p with %p: its Content-Encoding and Length, the same bytes once decoded', async (accept, encoding) => {
    const reply = await fetchRaw('GET', '/assets/index-3f2a1b.js', accept);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers['content-length']).toBe(String(reply.body.length));
    const sent = encoding === 'br' ? brotliCompressSync(BUNDLE) : encoding === 'gzip' ? gzipSync(BUNDLE) : BUNDLE;
    expect(reply.body.length).toBe(sent.length);
    if (encoding) expect(reply.body.length).toBeLessThan(BUNDLE.length / 3);
    expect(decode(reply.body, encoding).equals(BUNDLE)).toBe(true);
    expect(reply.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/app/transactions/12'])(
    'serves index.html for %s compressed too, revalidated on every load (no-cache)',
    async (url) => {
      for (const [accept, encoding] of [
        ['gzip, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const reply = await fetchRaw('GET', url, accept);
        expect({ url, accept, encoding: reply.headers['content-encoding'] }).toEqual({ url, accept, encoding });
        expect(reply.headers['cache-control']).toBe('no-cache');
        expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(reply.headers.vary).toBe('Accept-Encoding');
        expect(reply.headers['content-length']).toBe(String(reply.body.length));
        expect(decode(reply.body, encoding).equals(INDEX)).toBe(true);
      }
    },
  );

  it('answers HEAD with the length of the encoding it would send, and no body', async () => {
    const reply = await fetchRaw('HEAD', '/assets/index-3f2a1b.js', 'br');
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-length']).toBe(String(brotliCompressSync(BUNDLE).length));
    expect(reply.body.length).toBe(0);
  });

  it('sends a text file without copies as it is, and never compresses images', async () => {
    const tiny = await fetchRaw('GET', '/assets/tiny-9c8d7e.js', 'br, gzip');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(APP_JS);
    expect(tiny.headers.vary).toBe('Accept-Encoding');
    const logo = await fetchRaw('GET', '/assets/logo-1a2b3c.png', 'br, gzip');
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers.vary).toBeUndefined();
    expect(logo.body.equals(LOGO)).toBe(true);
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe(acceptedEncodings.name, () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['br;q=0.2, gzip;q=0.8', ['gzip', 'br']],
    ['gzip;q=0', []],
    ['*;q=0.1, gzip', ['gzip', 'br']],
    ['*, br;q=0', ['gzip']],
    ['BR', ['br']],
    ['br;q=abc', []],
    [
      ['gzip', 'br'],
      ['br', 'gzip'],
    ],
  ] as const)('reads %p as %p', (header, expected) => {
    expect(acceptedEncodings(header as string | string[])).toEqual(expected);
  });
});
