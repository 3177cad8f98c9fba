import { createReadStream, promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves a built single-page app mounted at `mount`: existing files as they are (hashed assets
 * cached for a year), anything else falls back to index.html so client-side routes work.
 */
export function spaHandler(mount: string, root: string) {
  const resolvedRoot = path.resolve(root);
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://edge');
    let relative: string;
    try {
      relative = decodeURIComponent(url.pathname.slice(mount.length)).replace(/^\/+/, '');
    } catch {
      // Malformed percent-encoding: a rejected promise here would take the whole edge down.
      response.writeHead(400).end();
      return;
    }
    let file = path.resolve(resolvedRoot, relative);
    // Compare whole path segments: "<root>-private/x" starts with "<root>" but is outside it.
    if (file !== resolvedRoot && !file.startsWith(resolvedRoot + path.sep)) {
      response.writeHead(400).end();
      return;
    }
    let stat = await fs.stat(file).catch(() => null);
    if ((!stat || stat.isDirectory()) && (relative.startsWith('assets/') || path.extname(relative) !== '')) {
      // A missing file is a 404, not the app shell: the browser would report a MIME-type error instead.
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    if (!stat || stat.isDirectory()) {
      relative = 'index.html';
      file = path.join(resolvedRoot, relative);
      stat = await fs.stat(file).catch(() => null);
      if (!stat) {
        response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(`Not built yet: run "npm run build" (missing ${file})`);
        return;
      }
    }
    const immutable = relative.startsWith('assets/');
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      // The console and Display Mode are never framed (clickjacking) and leak no URL to other sites.
      'x-frame-options': 'DENY',
      'content-security-policy': "frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // An unreadable file (permissions, removed meanwhile) must end this response, not the process.
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
  };
}
