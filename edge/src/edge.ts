import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import httpProxy from 'http-proxy';
import type { ServiceName } from '@app/contracts';
import { spaHandler } from './static-files';
import { resolveRoute, SERVICE_DEFAULT_PORTS, SERVICE_NAMES, upstreamEnvVar } from '@app/contracts';

export interface EdgeOptions {
  /** Upstream base URL of each service. */
  upstreams: Record<ServiceName, string>;
  consoleDir: string;
  displayDir: string;
  log?: (line: Record<string, unknown>) => void;
  /** Longest a request may take, headers to last byte of the answer (ms); streams and uploads included. */
  requestTimeoutMs?: number;
  /** Longest an upstream may stay silent on a request before the edge gives up on it (ms). */
  upstreamIdleTimeoutMs?: number;
}

/** Defaults: two minutes for a whole request (a 50 MB upload on a slow line), one minute of upstream silence. */
export const EDGE_REQUEST_TIMEOUT_MS = 120_000;
export const EDGE_UPSTREAM_IDLE_TIMEOUT_MS = 60_000;

// NUL in a query reaches no service intact (Postgres refuses it in text): refused at the door.
// eslint-disable-next-line no-control-regex -- NUL is what this refuses
const NUL_IN_QUERY = /%00|\u0000/;

/**
 * The services' JSON body limit (libs/platform's Fastify bodyLimit). The edge applies it itself: a
 * service refusing a large body mid-upload closes its socket, and the edge, still sending, would answer
 * 502 (and reset the client) in a race. File uploads (/api/<service>/files/...) have their own limits,
 * enforced by the storage route, and pass as they are.
 */
export const EDGE_JSON_BODY_LIMIT = 1_048_576;
const FILE_ROUTE = /^\/api\/[a-z-]+\/files\//;
/** A refused body is read to its end (so the client reads the 413) up to this much, then the socket is closed. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
const BODY_TOO_LARGE = { status: 'error', message: 'Request body is too large' };

/** Requests the edge refused itself: the aborted upstream request's error must not touch their answer. */
const refusedBodies = new WeakSet<IncomingMessage>();

/** Answers 413 like the services do, then reads and drops what the client still sends. */
function refuseLargeBody(request: IncomingMessage, response: ServerResponse) {
  refusedBodies.add(request);
  if (!response.headersSent) {
    response.writeHead(413, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    response.end(JSON.stringify(BODY_TOO_LARGE));
  }
  let drained = 0;
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) request.socket.destroy();
  });
  request.resume();
}

/** Upstreams from <SERVICE>_URL variables, defaulting to the local ports. */
export function upstreamsFromEnv(env: NodeJS.ProcessEnv = process.env): Record<ServiceName, string> {
  return Object.fromEntries(
    SERVICE_NAMES.map((s) => [s, env[upstreamEnvVar(s)] ?? `http://127.0.0.1:${SERVICE_DEFAULT_PORTS[s]}`]),
  ) as Record<ServiceName, string>;
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  if (response.headersSent) return response.end();
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

/**
 * The one local entry point: console at /, Display Mode at /display, APIs at /api routed by the
 * route table in libs/contracts (the same table the k8s Ingress is checked against).
 */
export function createEdge(options: EdgeOptions): Server {
  // Without an agent http-proxy sends `connection: close` upstream and relays the upstream's
  // `connection: close` to the browser: every API call would then open two new TCP connections.
  const agent = new Agent({ keepAlive: true });
  const proxy = httpProxy.createProxyServer({
    xfwd: true,
    ws: true,
    agent,
    proxyTimeout: options.upstreamIdleTimeoutMs ?? EDGE_UPSTREAM_IDLE_TIMEOUT_MS,
  });
  const serveConsole = spaHandler('/', options.consoleDir);
  const serveDisplay = spaHandler('/display', options.displayDir);
  const log = options.log ?? (() => {});

  proxy.on('error', (error, request, target) => {
    if (refusedBodies.has(request as IncomingMessage)) return;
    const route = resolveRoute((request as IncomingMessage).url ?? '');
    log({ level: 'warn', msg: 'upstream unavailable', service: route?.service, error: error.message });
    if (target && 'writeHead' in target) {
      const response = target as ServerResponse;
      // Failed after the answer began (a stream cut short): end it as broken, never leave the client waiting.
      if (response.headersSent) return void response.destroy(error);
      sendJson(response, 502, {
        status: 'error',
        message: `The ${route?.service ?? 'requested'} service is unavailable. Try again shortly.`,
      });
    } else {
      (target as Duplex | undefined)?.destroy?.();
    }
  });

  // The upstream request of each proxied request, so that a body cut at the limit can abort it.
  const inFlight = new WeakMap<IncomingMessage, { destroy(): void }>();
  proxy.on('proxyReq', (proxyRequest, request) => inFlight.set(request as IncomingMessage, proxyRequest));

  // An upstream answer cut off midway (a CSV stream that failed after its headers): end the client's
  // response as broken at once, instead of leaving it open until some timeout.
  proxy.on('proxyRes', (proxyResponse, _request, response) => {
    proxyResponse.on('close', () => {
      if (!proxyResponse.complete) (response as ServerResponse).destroy();
    });
  });

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/healthz') return sendJson(response, 200, { status: 'ok' });
    if (url.startsWith('/api/') || url === '/api') {
      const query = url.indexOf('?');
      if (query >= 0 && NUL_IN_QUERY.test(url.slice(query))) {
        return sendJson(response, 400, { status: 'error', message: 'The query contains a NUL character' });
      }
      const route = resolveRoute(url.split('?')[0]);
      if (!route) return sendJson(response, 404, { status: 'error', message: `No API at ${url.split('?')[0]}` });
      if (!FILE_ROUTE.test(url)) {
        const declared = Number(request.headers['content-length'] ?? 0);
        if (declared > EDGE_JSON_BODY_LIMIT) return refuseLargeBody(request, response);
        // A chunked body declares nothing: counted as it passes, cut at the limit.
        if (request.headers['transfer-encoding']) {
          let received = 0;
          request.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > EDGE_JSON_BODY_LIMIT && !response.headersSent) {
              request.unpipe();
              inFlight.get(request)?.destroy();
              refuseLargeBody(request, response);
            }
          });
        }
      }
      return proxy.web(request, response, { target: options.upstreams[route.service] });
    }
    if (url === '/display' || url.startsWith('/display/') || url.startsWith('/display?')) {
      if (url === '/display' || url.startsWith('/display?')) {
        response.writeHead(301, { location: '/display/' + url.slice('/display'.length) });
        return response.end();
      }
      return void serveDisplay(request, response);
    }
    return void serveConsole(request, response);
  });

  // A request that never finishes (a stalled upload, a stream that hangs) is cut off; idle keep-alive
  // connections are kept a little longer than the browsers' own idle timers.
  server.requestTimeout = options.requestTimeoutMs ?? EDGE_REQUEST_TIMEOUT_MS;
  server.headersTimeout = 30_000;
  server.keepAliveTimeout = 65_000;
  // Headers over Node's 16 KB limit: say so (431) instead of resetting the connection.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) return void socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    const body = JSON.stringify({ status: 'error', message: status.slice(4) });
    socket.end(
      `HTTP/1.1 ${status}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on('close', () => agent.destroy());
  server.on('upgrade', (request, socket, head) => {
    const route = resolveRoute((request.url ?? '').split('?')[0]);
    if (!route) return socket.destroy();
    proxy.ws(request, socket, head, { target: options.upstreams[route.service] });
  });
  return server;
}

export function defaultFrontendDirs(root: string) {
  return { consoleDir: path.join(root, 'console', 'dist'), displayDir: path.join(root, 'display', 'dist') };
}
