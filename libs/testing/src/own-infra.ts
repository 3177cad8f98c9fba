import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

/**
 * A Postgres or Redis of a test's own, started by scripts/infra.mjs (startPostgres / startRedis) on a fresh
 * folder under /tmp and a free port, for fault tests that stop and start it again: never the run's shared
 * servers. infra.mjs is ESM (jest runs CommonJS), so it runs in a small node child that takes commands on its
 * stdin (stop [signal], start) and answers on its stdout; the child stops the server when the test process goes.
 */
export interface OwnServer {
  /** postgres://…/realty or redis://127.0.0.1:port */
  url: string;
  /** Stops the server (Postgres: a fast shutdown, SIGINT; Redis: SIGTERM unless given, e.g. 'SIGKILL'), keeping its data. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same data and port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

const CHILD = `
import { createInterface } from 'node:readline';
const [kind, dataDir, infraUrl] = process.argv.slice(1);
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
const { freePort, startPostgres, startRedis } = await import(infraUrl);
const say = (message) => process.stdout.write('@@' + JSON.stringify(message) + '\\n');
let server;
try {
  const port = await freePort();
  server = kind === 'postgres' ? await startPostgres({ dataDir, port, database: 'realty', quiet: true }) : await startRedis({ dataDir, port });
  say({ ready: server.url });
} catch (error) {
  say({ error: String(error?.message ?? error) });
  process.exit(1);
}
const finish = async () => {
  await server.stop().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', finish);
for await (const line of createInterface({ input: process.stdin })) {
  const [command, arg] = line.trim().split(/\\s+/);
  try {
    if (command === 'stop') await server.stop(arg || undefined);
    else if (command === 'start') await server.start();
    else if (command === 'exit') break;
    say({ done: command });
  } catch (error) {
    say({ error: String(error?.message ?? error) });
  }
}
await finish();
`;

async function startOwn(kind: 'postgres' | 'redis'): Promise<OwnServer> {
  const dir = mkdtempSync(path.join(tmpdir(), `realty-own-${kind}-`));
  // As root the server runs as the postgres OS user: infra makes the folder (and chmods it) itself.
  rmSync(dir, { recursive: true, force: true });
  const infraUrl = pathToFileURL(path.resolve(__dirname, '../../../scripts/infra.mjs')).href;
  const child: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', CHILD, kind, path.join(dir, kind), infraUrl], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env },
  });
  const waiting: ((message: Record<string, string>) => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (!line.startsWith('@@')) return; // infra's own log lines
    waiting.shift()?.(JSON.parse(line.slice(2)));
  });
  const next = () =>
    new Promise<Record<string, string>>((resolve, reject) => {
      waiting.push(resolve);
      void exited.then(() => reject(new Error(`own ${kind} helper exited`)));
    });
  const send = async (command: string) => {
    const answer = next();
    child.stdin!.write(`${command}\n`);
    const message = await answer;
    if (message.error) throw new Error(`own ${kind}: ${command}: ${message.error}`);
  };
  const ready = await next();
  if (!ready.ready) throw new Error(`own ${kind} did not start: ${ready.error}`);
  let closed = false;
  return {
    url: ready.ready,
    stop: (signal) => send(signal ? `stop ${signal}` : 'stop'),
    start: () => send('start'),
    close: async () => {
      if (closed) return;
      closed = true;
      child.stdin!.write('exit\n');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An embedded Postgres of the test's own (database 'realty'), on a fresh folder and port. */
export function startOwnPostgres(): Promise<OwnServer> {
  return startOwn('postgres');
}

/** A redis-server of the test's own (AOF on, as infra starts it), on a fresh folder and port. */
export function startOwnRedis(): Promise<OwnServer> {
  return startOwn('redis');
}
