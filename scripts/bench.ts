// `npm run bench`: throughput and latency of the real stack against a bare Fastify server measured
// in the same run, on loopback only. Prints a table and writes bench-results/latest.json.
// Not a test: it asserts nothing about speed, it only reports.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify from 'fastify';
import type { TokenResponse } from '@app/contracts';

// dist/scripts/bench.js -> repository root
const root = path.resolve(__dirname, '..', '..');

// --- the parts of autocannon (no bundled types) and of the ESM launchers this script uses ---
interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}
interface AutocannonOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
}
interface AutocannonTracker {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): void;
}
const autocannon = require('autocannon') as (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonTracker;

interface Stack {
  origin: string;
  ports: Record<string, number>;
  stop: () => Promise<void>;
}
interface StackModule {
  startStack(options: Record<string, unknown>): Promise<Stack>;
}
interface InfraModule {
  freePort(): Promise<number>;
}
// A real import() that SWC's CommonJS output leaves alone (the launchers are ESM).
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;
const launcher = <T>(name: string) => importEsm<T>(pathToFileURL(path.join(root, 'scripts', name)).href);

const CONNECTIONS = 10;
const DURATION_S = 5;
const LOGIN_CONNECTIONS = 4;
const LOGIN_DURATION_S = 3;
const WARMUP_S = 1;
const DEMO_EMAIL = 'admin@demo-realty.test';
const DEMO_PASSWORD = 'DemoPass1!';

interface Scenario {
  name: string;
  options: AutocannonOptions;
}

interface Measured {
  name: string;
  method: string;
  url: string;
  connections: number;
  duration_s: number;
  requests_per_s: number;
  latency_ms: { average: number; p50: number; p99: number };
  total: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  /** requests_per_s divided by the baseline's. */
  throughput_ratio: number;
  /** p99 latency divided by the baseline's. */
  p99_ratio: number;
}

/** Child-process mode: the bare Fastify baseline, in its own process like every service. */
async function serveBaseline(): Promise<void> {
  const app = Fastify({ logger: false });
  app.get('/api/baseline/health/live', async () => ({ status: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

function startBaseline(): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [__filename, '--baseline-server'], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`baseline server exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ port: JSON.parse(chunk.toString()).port, child }));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

interface Run {
  result: AutocannonResult;
  /** Latency of every 2xx answer in ms, sorted; autocannon's own histogram only keeps whole ms. */
  latencies: Float64Array;
}

function run(options: AutocannonOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const samples: number[] = [];
    const tracker = autocannon(options, (error, result) =>
      error ? reject(error) : resolve({ result, latencies: Float64Array.from(samples).sort() }),
    );
    tracker.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(ms);
    });
  });
}

async function measure(scenario: Scenario): Promise<Run> {
  // A short unrecorded run first, so JIT and connection pools are warm.
  await run({ ...scenario.options, duration: WARMUP_S });
  return run(scenario.options);
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return values.length ? sum / values.length : NaN;
}

async function login(identityOrigin: string): Promise<TokenResponse> {
  const response = await fetch(`${identityOrigin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${DEMO_EMAIL} failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

function table(rows: Measured[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'x baseline req/s', 'x baseline p99', 'non-2xx', 'errors'];
  const body = rows.map((r) => [
    r.name,
    r.requests_per_s.toFixed(0),
    r.latency_ms.p50.toFixed(2),
    r.latency_ms.p99.toFixed(2),
    r.throughput_ratio.toFixed(3),
    r.p99_ratio.toFixed(1),
    String(r.non_2xx),
    String(r.errors + r.timeouts),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<void> {
  const { startStack } = await launcher<StackModule>('stack.mjs');
  const { freePort } = await launcher<InfraModule>('infra.mjs');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'realty-bench-'));
  // The bench brings up its own throwaway infrastructure, never a developer's database.
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;

  let baseline: { port: number; child: ChildProcess } | undefined;
  let stack: Stack | undefined;
  let stopping: Promise<void> | undefined;
  const cleanUp = () =>
    (stopping ??= (async () => {
      if (baseline) await stopChild(baseline.child);
      if (stack) await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }

  try {
    const started = Date.now();
    console.log('[bench] starting the stack (embedded Postgres, Redis, every service, edge)...');
    stack = await startStack({
      dataDir,
      randomPorts: true,
      edgePort: await freePort(),
      postgresPort: await freePort(),
      redisPort: await freePort(),
      quiet: true,
    });
    console.log(`[bench] stack ready in ${Date.now() - started} ms; edge at ${stack.origin}`);
    baseline = await startBaseline();

    const identity = `http://127.0.0.1:${stack.ports.identity}`;
    const teamAdmin = `http://127.0.0.1:${stack.ports['team-admin']}`;
    const tokens = await login(identity);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const loginBody = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const steady = { connections: CONNECTIONS, duration: DURATION_S };

    const scenarios: Scenario[] = [
      { name: 'bare Fastify (baseline)', options: { url: `http://127.0.0.1:${baseline.port}/api/baseline/health/live`, ...steady } },
      { name: 'identity GET /api/identity/health/live', options: { url: `${identity}/api/identity/health/live`, ...steady } },
      { name: 'identity GET /api/user/profile', options: { url: `${identity}/api/user/profile`, headers: bearer, ...steady } },
      { name: 'edge -> identity GET /api/user/profile', options: { url: `${stack.origin}/api/user/profile`, headers: bearer, ...steady } },
      // The admin user table (one page query and one count query) and the folder list of team-admin.
      { name: 'identity GET /api/admin/users (page 1)', options: { url: `${identity}/api/admin/users?status_filter=all`, headers: bearer, ...steady } },
      { name: 'team-admin GET /api/documents/folders', options: { url: `${teamAdmin}/api/documents/folders`, headers: bearer, ...steady } },
      {
        name: 'identity POST /api/auth/login (argon2id)',
        options: {
          url: `${identity}/api/auth/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: loginBody,
          connections: LOGIN_CONNECTIONS,
          duration: LOGIN_DURATION_S,
        },
      },
    ];

    const results: ({ scenario: Scenario } & Run)[] = [];
    for (const scenario of scenarios) {
      process.stdout.write(`[bench] ${scenario.name}: ${scenario.options.connections} connections, ${scenario.options.duration} s... `);
      const measured = await measure(scenario);
      results.push({ scenario, ...measured });
      console.log(`${measured.result.requests.average.toFixed(0)} req/s`);
    }

    const base = { rps: results[0].result.requests.average, p99: percentile(results[0].latencies, 0.99) };
    const rows: Measured[] = results.map(({ scenario, result, latencies }) => ({
      name: scenario.name,
      method: scenario.options.method ?? 'GET',
      url: scenario.options.url,
      connections: scenario.options.connections,
      duration_s: scenario.options.duration,
      requests_per_s: round(result.requests.average),
      latency_ms: { average: round(mean(latencies), 3), p50: round(percentile(latencies, 0.5), 3), p99: round(percentile(latencies, 0.99), 3) },
      total: result.requests.total,
      non_2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      throughput_ratio: round(result.requests.average / base.rps, 4),
      p99_ratio: round(percentile(latencies, 0.99) / base.p99, 2),
    }));

    console.log('\n' + table(rows));
    const suspicious = rows.filter((r) => r.non_2xx > 0 || r.errors > 0);
    for (const row of suspicious) console.log(`[bench] note: ${row.name} had ${row.non_2xx} non-2xx answers and ${row.errors} errors`);

    const report = {
      measured_at: new Date().toISOString(),
      machine: { node: process.version, platform: `${os.platform()} ${os.release()}`, cpus: os.cpus().length, cpu: os.cpus()[0]?.model },
      settings: {
        warmup_s: WARMUP_S,
        latency: 'client-side, per 2xx answer, from request written to response parsed (autocannon)',
        log_level: process.env.LOG_LEVEL ?? 'info',
        node_env: process.env.NODE_ENV ?? 'development',
        note: 'load generator, services, Postgres and Redis share this machine; compare ratios, not absolute numbers',
      },
      baseline: rows[0].name,
      scenarios: rows,
    };
    const outDir = path.join(root, 'bench-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify(report, null, 2) + '\n');
    console.log(`\n[bench] results written to ${path.relative(process.cwd(), path.join(outDir, 'latest.json'))}`);
  } finally {
    console.log('[bench] stopping the stack...');
    await cleanUp();
  }
}

if (process.argv.includes('--baseline-server')) {
  serveBaseline().catch((error) => {
    console.error(`[bench] baseline server failed: ${error.message}`);
    process.exit(1);
  });
} else {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`[bench] failed: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}
