// Runs the whole platform on one machine: infrastructure, migrations, seed, every service and
// worker, and the edge. Used by `npm start` and by the browser tests (with other ports and folders).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDevKeys, ensureDevOpsPassword, freePort, startPostgres, startRedis } from './infra.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

/**
 * `npm start` and the browser tests seed with `--transactions 300`: each volume team (Demo Realty, Bench
 * Realty) gets 300 transactions and identity its volume staff (12 agents, 2 TCs, an ISA).
 */
export const DEMO_TRANSACTIONS = 300;
export const DEMO_SEED_ARGS = ['--transactions', String(DEMO_TRANSACTIONS)];

export const SERVICES = ['identity', 'team-admin', 'transactions', 'messaging', 'esign', 'integrations-sync'];
const DEFAULT_PORTS = { identity: 3001, 'team-admin': 3002, transactions: 3003, messaging: 3004, esign: 3005, 'integrations-sync': 3006 };
/** How often a crash-looping process is tried again once its quick restarts are spent. */
const LOOPING_RESTART_SECONDS = 30;
const envName = (service) => `${service.replace(/-/g, '_').toUpperCase()}_URL`;

function runToEnd(script, env, label, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(dist, script), ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${label} exited with code ${code}`))));
  });
}

async function waitHealthy(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms (${last})`);
}

/**
 * Starts everything; resolves once every service answers ready through the edge.
 * options: dataDir, edgePort, postgresPort, redisPort, randomPorts (services on free ports), logDir, queuePrefix,
 * seedArgs (for scripts/seed.js, e.g. ['--team', 'demo'] or DEMO_SEED_ARGS; none: the fixed users only).
 */
export async function startStack(options = {}) {
  const dataDir = options.dataDir ?? path.join(root, '.data');
  const logDir = options.logDir ?? path.join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: options.postgresPort ?? 54329,
    quiet: options.quiet,
  });
  const redis = await startRedis({ dataDir: path.join(dataDir, 'redis'), port: options.redisPort ?? 63790 });
  const keys =
    process.env.JWT_PRIVATE_KEY && process.env.JWT_PUBLIC_KEY
      ? { privateKey: process.env.JWT_PRIVATE_KEY, publicKey: process.env.JWT_PUBLIC_KEY }
      : ensureDevKeys(path.join(dataDir, 'keys'));
  // The operators' queues board (/api/ops/queues, identity): OPS_USERNAME/OPS_PASSWORD, or a generated password.
  const ops = {
    username: process.env.OPS_USERNAME || 'ops',
    password: process.env.OPS_PASSWORD || ensureDevOpsPassword(path.join(dataDir, 'keys')),
  };

  const ports = {};
  for (const service of SERVICES) ports[service] = options.randomPorts ? await freePort() : DEFAULT_PORTS[service];
  const edgePort = options.edgePort ?? 8080;
  const baseEnv = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${edgePort}`,
    // Outgoing mail lands here as files (MAIL_DRIVER=mailbox) unless MAIL_DRIVER=smtp and SMTP_URL are set.
    MAIL_DRIVER: process.env.MAIL_DRIVER ?? 'mailbox',
    MAIL_DIR: process.env.MAIL_DIR ?? path.join(dataDir, 'mailbox'),
    // Uploaded files for the local storage driver (STORAGE_DRIVER=local).
    STORAGE_DRIVER: process.env.STORAGE_DRIVER ?? 'local',
    STORAGE_DIR: process.env.STORAGE_DIR ?? path.join(dataDir, 'storage'),
    // Services are reached through the edge only; their ports (and /metrics) stay on this machine.
    HOST: process.env.HOST ?? '127.0.0.1',
    ...(options.queuePrefix ? { QUEUE_PREFIX: options.queuePrefix } : {}),
    ...Object.fromEntries(SERVICES.map((s) => [envName(s), `http://127.0.0.1:${ports[s]}`])),
  };
  delete baseEnv.JWT_PRIVATE_KEY;
  delete baseEnv.OPS_USERNAME;
  delete baseEnv.OPS_PASSWORD;

  await runToEnd('scripts/migrate.js', baseEnv, 'migrations');

  const children = new Map();
  const restartTimers = new Set();
  let stopping = false;
  // Who runs where, for operators and for tests that restart a process (the launcher brings it back).
  const writePids = () =>
    writeFileSync(path.join(logDir, 'pids.json'), JSON.stringify(Object.fromEntries([...children].map(([n, c]) => [n, c.pid])), null, 2));
  // Names already reported as crash-looping, so the loud line is printed once per process.
  const reportedLooping = new Set();
  const launch = (name, script, env, restarts = 0) => {
    const out = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, script)], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out);
    child.stderr.on('data', (chunk) => {
      out.write(chunk);
      if (!options.quiet) process.stderr.write(`[${name}] ${chunk}`);
    });
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (stopping) return;
      console.error(
        `[stack] ${name} exited (${signal ?? code}); logs in ${path.relative(process.cwd(), path.join(logDir, `${name}.log`))}`,
      );
      if (code === 78) return; // configuration error: restarting cannot help
      // A process that ran for a minute counts as healthy again: the next crash waits 1 s, not longer.
      const crashes = Date.now() - startedAt > 60_000 ? 0 : restarts;
      if (crashes === 0) reportedLooping.delete(name);
      // Quick restarts first (1 s, 2 s, ... 5 s); after five crashes in a row, every 30 s: never left down,
      // since what it waits for (Postgres, Redis) may come back at any time.
      const waitSeconds = crashes < 5 ? crashes + 1 : LOOPING_RESTART_SECONDS;
      if (crashes >= 5 && !reportedLooping.has(name)) {
        reportedLooping.add(name);
        console.error(
          `[stack] !!! ${name} crashed ${crashes + 1} times in a row; retrying every ${LOOPING_RESTART_SECONDS} s until it stays up. See its log.`,
        );
      }
      if (crashes < 5) console.error(`[stack] restarting ${name} in ${waitSeconds} s`);
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (!stopping) launch(name, script, env, crashes + 1);
      }, 1000 * waitSeconds);
      restartTimers.add(timer);
    });
    children.set(name, child);
    writePids();
  };

  // SkySlope cannot be reached from here: without SKYSLOPE_BASE_URL the local fake SkySlope runs and
  // integrations-sync talks to it with the integrator's id and secret the fake knows (its Access Key and
  // Secret for the integration page are in docs/operations.md).
  const skySlopeEnv = {};
  if (!process.env.SKYSLOPE_BASE_URL) {
    // A CommonJS build: its exports are the namespace's default.
    const fake = (await import(path.join(dist, 'services/integrations-sync/fake-skyslope/fake-skyslope.data.js'))).default;
    const fakePort = options.randomPorts ? await freePort() : 4010;
    launch('fake-skyslope', 'services/integrations-sync/fake-skyslope/main.js', {
      ...baseEnv,
      FAKE_SKYSLOPE_PORT: String(fakePort),
      FAKE_SKYSLOPE_HOST: '127.0.0.1',
    });
    Object.assign(skySlopeEnv, {
      SKYSLOPE_BASE_URL: `http://127.0.0.1:${fakePort}`,
      SKYSLOPE_CLIENT_ID: fake.FAKE_SKYSLOPE_CLIENT_ID,
      SKYSLOPE_CLIENT_SECRET: fake.FAKE_SKYSLOPE_CLIENT_SECRET,
    });
  }

  // ESIGN_PROVIDER=docuseal without DOCUSEAL_URL: the local fake DocuSeal runs and esign (service and
  // worker) talks to it with the key it accepts; signers are played through its /__control API
  // (services/esign/fake-docuseal/README.md).
  const docusealEnv = {};
  if (process.env.ESIGN_PROVIDER === 'docuseal' && !process.env.DOCUSEAL_URL) {
    const fake = (await import(path.join(dist, 'services/esign/fake-docuseal/fake-docuseal.data.js'))).default;
    const fakePort = options.randomPorts ? await freePort() : fake.FAKE_DOCUSEAL_DEFAULT_PORT;
    launch('fake-docuseal', 'services/esign/fake-docuseal/main.js', {
      ...baseEnv,
      FAKE_DOCUSEAL_PORT: String(fakePort),
      FAKE_DOCUSEAL_HOST: '127.0.0.1',
    });
    Object.assign(docusealEnv, {
      DOCUSEAL_URL: `http://127.0.0.1:${fakePort}/api`,
      DOCUSEAL_API_KEY: process.env.FAKE_DOCUSEAL_API_KEY || fake.FAKE_DOCUSEAL_API_KEY,
    });
  }

  for (const service of SERVICES) {
    const env = {
      ...baseEnv,
      PORT: String(ports[service]),
      ...(service === 'integrations-sync' ? { INTEGRATIONS_DATA_DIR: dataDir, ...skySlopeEnv } : {}),
      ...(service === 'esign' ? docusealEnv : {}),
    };
    if (service === 'identity') env.JWT_PRIVATE_KEY = keys.privateKey;
    launch(
      service,
      `services/${service}/src/main.js`,
      service === 'identity' ? { ...env, OPS_USERNAME: ops.username, OPS_PASSWORD: ops.password } : env,
    );
    launch(`${service}-worker`, `services/${service}/src/worker.js`, env);
  }
  launch('edge', 'edge/src/main.js', { ...baseEnv, EDGE_PORT: String(edgePort), APP_ROOT: root });

  const origin = `http://127.0.0.1:${edgePort}`;
  const stop = async () => {
    stopping = true;
    for (const timer of restartTimers) clearTimeout(timer);
    const exits = [...children.values()].map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5000).unref();
        }),
    );
    await Promise.all(exits);
    await redis.stop();
    await postgres.stop();
  };
  try {
    await waitHealthy(`${origin}/healthz`, 30_000);
    // Twelve processes boot at once: on a busy 2-core machine a service can need more than a minute.
    await Promise.all(SERVICES.map((s) => waitHealthy(`${origin}/api/${s}/health`, 150_000)));
    // Seeded with the services running, and ready only once their read copies hold the seeded data.
    await runToEnd('scripts/seed.js', baseEnv, 'seed', ['--wait', ...(options.seedArgs ?? [])]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, edgePort, ports, logDir, mailDir: baseEnv.MAIL_DIR, databaseUrl: postgres.url, redisUrl: redis.url, ops, stop };
}
