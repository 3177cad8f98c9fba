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
  const proxy = httpProxy.createProxyServer({ xfwd: true, ws: true, proxyTimeout: 60_000, agent });
  const serveConsole = spaHandler('/', options.consoleDir);
  const serveDisplay = spaHandler('/display', options.displayDir);
  const log = options.log ?? (() => {});

  proxy.on('error', (error, request, target) => {
    const route = resolveRoute((request as IncomingMessage).url ?? '');
    log({ level: 'warn', msg: 'upstream unavailable', service: route?.service, error: error.message });
    if (target && 'writeHead' in target) {
      sendJson(target as ServerResponse, 502, { status: 'error', message: `The ${route?.service ?? 'requested'} service is unavailable. Try again shortly.` });
    } else {
      (target as Duplex | undefined)?.destroy?.();
    }
  });

  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/healthz') return sendJson(response, 200, { status: 'ok' });
    if (url.startsWith('/api/') || url === '/api') {
      const route = resolveRoute(url.split('?')[0]);
      if (!route) return sendJson(response, 404, { status: 'error', message: `No API at ${url.split('?')[0]}` });
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
