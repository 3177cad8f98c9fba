// What the benches (`npm run bench`, `npm run bench:transactions`) share: autocannon runs and their
// percentiles, the throwaway stack they start, sign-in, the floor servers they run as child processes,
// the printed table and the JSON report under bench-results/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TokenResponse } from '@app/contracts';

// dist/scripts/bench-kit.js -> repository root
export const root = path.resolve(__dirname, '..', '..');

// --- the parts of autocannon (no bundled types) and of the ESM launchers the benches use ---
export interface AutocannonResult {
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}
export interface AutocannonOptions {
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
// autocannon ships no types: the cast declares the one call used.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as (
  options: AutocannonOptions,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonTracker;

export interface Stack {
  origin: string;
  ports: Record<string, number>;
  databaseUrl: string;
  redisUrl: string;
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

export interface Run {
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

/** A short unrecorded run first (warmupS seconds), so JIT and connection pools are warm; then the recorded one. */
export async function measure(options: AutocannonOptions, warmupS: number): Promise<Run> {
  await run({ ...options, duration: warmupS });
  return run(options);
}

/** A bench's `--flag N` or `--flag=N` (a whole number), else the fallback; anything else stops the bench. */
export function argValue(flag: string, fallback: number): number {
  const argv = process.argv.slice(2);
  const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at < 0) return fallback;
  const raw = argv[at].includes('=') ? argv[at].split('=', 2)[1] : argv[at + 1];
  if (!raw || !/^\d+$/.test(raw)) throw new Error(`${flag} needs a whole number, got "${raw ?? ''}"`);
  return Number(raw);
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i];
  return values.length ? sum / values.length : NaN;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function login(origin: string, email: string, password: string): Promise<TokenResponse> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

/** A table with a header rule; the first column left-aligned, the others right-aligned. */
export function formatTable(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** This machine, for the report (benches on different machines compare ratios, not numbers). */
export function machineInfo() {
  return { node: process.version, platform: `${os.platform()} ${os.release()}`, cpus: os.cpus().length, cpu: os.cpus()[0]?.model };
}

/** How the stack ran, for the report. */
export function stackSettings() {
  return {
    log_level: process.env.LOG_LEVEL ?? 'info',
    node_env: process.env.NODE_ENV ?? 'development',
    note: 'load generator, services, Postgres and Redis share this machine; compare ratios, not absolute numbers',
  };
}

/** Writes bench-results/<fileName> and prints where. */
export function writeReport(fileName: string, report: unknown, label: string): void {
  const outDir = path.join(root, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, fileName);
  writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
  console.log(`\n[${label}] results written to ${path.relative(process.cwd(), file)}`);
}

/**
 * Starts this script again as a child process in a server mode (argv `flag`): the child listens, prints
 * one JSON line with its port, and stops on SIGTERM (serveChild). A floor server runs in its own
 * process like every service.
 */
export function startChild(flag: string, env: NodeJS.ProcessEnv = process.env): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const script = process.argv[1];
    const child = spawn(process.execPath, [script, flag], { stdio: ['ignore', 'pipe', 'inherit'], env });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${flag} child exited (${code})`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve({ port: JSON.parse(chunk.toString()).port, child }));
  });
}

/** The child side of startChild: reports the port of a listening server, closes it on SIGTERM. */
export function serveChild(server: { server: import('node:net').Server | import('node:http').Server; close(): Promise<unknown> }): void {
  const address = server.server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * A bench's own throwaway stack (embedded Postgres, Redis, every service, the edge) on free ports, in a
 * temporary folder, never a developer's `.data` or database; stop() also runs the steps added with
 * onStop (first added, first run) and removes the folder. Ctrl-C stops everything.
 */
export class BenchStack {
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), 'realty-bench-'));
  stack?: Stack;
  private readonly steps: (() => Promise<void>)[] = [];
  private stopping?: Promise<void>;

  constructor(private readonly label: string) {
    // The bench brings up its own throwaway infrastructure, never a developer's database.
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => void this.stop().then(() => process.exit(130)));
    }
  }

  /** seedArgs: for scripts/seed.js at start-up (none: the fixed users only). */
  async start(seedArgs: string[] = []): Promise<Stack> {
    const { startStack } = await launcher<StackModule>('stack.mjs');
    const { freePort } = await launcher<InfraModule>('infra.mjs');
    const started = Date.now();
    console.log(`[${this.label}] starting the stack (embedded Postgres, Redis, every service, edge)...`);
    this.stack = await startStack({
      dataDir: this.dataDir,
      randomPorts: true,
      edgePort: await freePort(),
      postgresPort: await freePort(),
      redisPort: await freePort(),
      quiet: true,
      seedArgs,
    });
    console.log(`[${this.label}] stack ready in ${Date.now() - started} ms; edge at ${this.stack.origin}`);
    return this.stack;
  }

  onStop(step: () => Promise<void>): void {
    this.steps.push(step);
  }

  stop(): Promise<void> {
    return (this.stopping ??= (async () => {
      for (const step of this.steps) await step().catch((error) => console.error(`[${this.label}] clean-up: ${error.message}`));
      if (this.stack) await this.stack.stop();
      rmSync(this.dataDir, { recursive: true, force: true });
    })());
  }
}

/** The entry point of a bench script: a child server mode when its flag is on the command line, else main. */
export function runBench(label: string, main: () => Promise<void>, childModes: Record<string, () => Promise<void>> = {}): void {
  const mode = Object.keys(childModes).find((flag) => process.argv.includes(flag));
  const work = mode ? childModes[mode] : main;
  work().then(
    () => {
      if (!mode) process.exit(0);
    },
    (error) => {
      console.error(`[${label}] ${mode ? `${mode} child ` : ''}failed: ${error.stack ?? error.message}`);
      process.exit(1);
    },
  );
}
