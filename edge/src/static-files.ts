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
 * The content policy of the console and Display Mode: scripts only from this origin (never inline or
 * eval'd), styles from here plus the inline ones emotion (MUI) writes, images and uploads also to the
 * object store (signed https URLs; plain http on this machine in development), sockets to this origin,
 * pdf.js workers from blob:, never framed, no plugins, no <base> or form posts elsewhere.
 */
export function frontendContentSecurityPolicy(nodeEnv = process.env.NODE_ENV ?? 'development'): string {
  const local = nodeEnv === 'production' ? '' : ' http://localhost:* http://127.0.0.1:*';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${local}`,
    "font-src 'self' data:",
    `connect-src 'self' https:${local}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Pre-compressed variants that scripts/build.mjs writes beside a file (`app.js.br`, `app.js.gz`), best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED)[number]['encoding'];

/** Types the build compresses: text. Images and fonts are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = ['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt'];

/**
 * The encodings an Accept-Encoding header allows, most preferred first (by q, br before gzip on a tie);
 * `*` stands for any encoding not named, q=0 refuses one.
 */
export function acceptedEncodings(header: string | string[] | undefined): PrecompressedEncoding[] {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((v) => v !== undefined);
    // A malformed weight refuses the encoding rather than guessing.
    const weight = q === undefined ? 1 : /^\s*[0-9.]+\s*$/.test(q) ? Number(q) : 0;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  return PRECOMPRESSED.map(({ encoding }) => encoding)
    .filter((encoding) => weightOf(encoding) > 0)
    .sort((a, b) => weightOf(b) - weightOf(a));
}

/**
 * Serves a built single-page app mounted at `mount`: existing files as they are (hashed assets
 * cached for a year, index.html revalidated), anything else falls back to index.html so client-side
 * routes work. Text files go out as the build's brotli or gzip copy when the client accepts it.
 */
export function spaHandler(mount: string, root: string, contentSecurityPolicy = frontendContentSecurityPolicy()) {
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
    const compressible = COMPRESSIBLE_EXTENSIONS.includes(path.extname(file));
    // The build's compressed copy, if the client takes its encoding (else the file as it is).
    let body = file;
    let encoding: PrecompressedEncoding | undefined;
    if (compressible) {
      for (const accepted of acceptedEncodings(request.headers['accept-encoding'])) {
        const suffix = PRECOMPRESSED.find((variant) => variant.encoding === accepted)!.suffix;
        const variant = await fs.stat(file + suffix).catch(() => null);
        if (variant?.isFile()) {
          [body, encoding, stat] = [file + suffix, accepted, variant];
          break;
        }
      }
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': stat.size,
      ...(encoding ? { 'content-encoding': encoding } : {}),
      // A cache between here and the browser keeps one copy per encoding.
      ...(compressible ? { vary: 'Accept-Encoding' } : {}),
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
      // The console and Display Mode are never framed (clickjacking) and leak no URL to other sites.
      'x-frame-options': 'DENY',
      'content-security-policy': contentSecurityPolicy,
      'referrer-policy': 'no-referrer',
    });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    // An unreadable file (permissions, removed meanwhile) must end this response, not the process.
    createReadStream(body)
      .on('error', () => response.destroy())
      .pipe(response);
  };
}
