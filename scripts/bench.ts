// `npm run bench [-- --seconds N --rounds N --connections N]`: throughput and latency of the real stack, each
// scenario beside its floor, the two taking turns (N rounds of N seconds each) in the same run, on loopback
// only. The floor is a bare Fastify + pg + jose server (scripts/bench-floor.ts) that verifies the same token
// and runs the same SQL for the same body. Also counts the Postgres statements per answer (transactions
// committed; every statement here is its own). Prints a table and writes bench-results/latest.json. Not a
// test: it asserts nothing about speed, it only reports (the goal, at least 0.5x the floor's req/s and at
// most 2x its p99, is reported per row).
import { isDeepStrictEqual } from 'node:util';
import { Client } from 'pg';
import {
  argValue,
  BenchStack,
  formatTable,
  login,
  machineInfo,
  mean,
  measure,
  percentile,
  round,
  runBench,
  stackSettings,
  startChild,
  stopChild,
  writeReport,
  type AutocannonOptions,
  type Run,
} from './bench-kit';
import { floorEnv, FLOOR_POOL_SIZE, serveFloor } from './bench-floor';

const CONNECTIONS = argValue('--connections', 10);
const DURATION_S = argValue('--seconds', 3);
/** Service and floor take turns this many times; each side's figures pool its rounds (a shared machine's load drifts). */
const ROUNDS = Math.max(1, argValue('--rounds', 3));
const LOGIN_CONNECTIONS = 4;
const LOGIN_DURATION_S = Math.min(3, DURATION_S);
const WARMUP_S = 1;
const DEMO_EMAIL = 'admin@demo-realty.test';
const DEMO_PASSWORD = 'DemoPass1!';
/** The goal per authenticated read (reported, not asserted). */
const GOAL = { min_throughput_ratio: 0.5, max_p99_ratio: 2 };
/** Calls per scenario in the statement-counting pass. */
const COUNT_REQUESTS = 200;
const STATS_FLUSH_MS = 11_000;

interface Scenario {
  name: string;
  options: AutocannonOptions;
  /** The same call (path, headers, body) on the floor server. */
  floorName: string;
  floorUrl: string;
  /** Whether the floor's body must equal the service's (not for sign-in: new tokens every time). */
  sameBody: boolean;
  /** An authenticated read: the goal applies. */
  goal: boolean;
}

interface Figures {
  requests_per_s: number;
  latency_ms: { average: number; p50: number; p99: number };
  total: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
}

interface Measured extends Figures {
  name: string;
  method: string;
  url: string;
  connections: number;
  duration_s: number;
  /** Postgres statements per answer (a separate pass of COUNT_REQUESTS calls); the floor's is 1 by construction. */
  pg_statements_per_answer: number;
  floor: Figures & { name: string; url: string; same_body: boolean | null; pg_statements_per_answer: 1 };
  /** This scenario divided by its floor (req/s: higher is better; latency: lower is better). */
  floor_ratio: { requests_per_s: number; p50: number; p99: number };
  goal_met: boolean | null;
}

async function committed(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(rows[0].n);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Statements Postgres runs per answer of a call: COUNT_REQUESTS calls one after the other, then the wait for
 * the backends' statistics (an idle backend flushes them within 10 s), less what the workers commit meanwhile
 * (measured idle first). Each statement outside BEGIN is one committed transaction.
 */
async function statementsPerAnswer(db: Client, options: AutocannonOptions, background: number): Promise<number> {
  const before = await committed(db);
  const started = Date.now();
  for (let i = 0; i < COUNT_REQUESTS; i++) {
    const response = await fetch(options.url, { method: options.method ?? 'GET', headers: options.headers, body: options.body });
    await response.arrayBuffer();
  }
  await sleep(STATS_FLUSH_MS);
  const seconds = (Date.now() - started) / 1000;
  // Less this bench's own read of the counter.
  return round(((await committed(db)) - before - 1 - background * seconds) / COUNT_REQUESTS, 2);
}

/** The pooled figures of a call's rounds: answers over the rounds' seconds, percentiles over every answer. */
function figuresOf(runs: Run[]): Figures {
  const latencies = Float64Array.from(runs.flatMap((run) => Array.from(run.latencies))).sort();
  const total = runs.reduce((sum, run) => sum + run.result.requests.total, 0);
  const seconds = runs.reduce((sum, run) => sum + run.result.duration, 0);
  return {
    requests_per_s: round(total / seconds),
    latency_ms: {
      average: round(mean(latencies), 3),
      p50: round(percentile(latencies, 0.5), 3),
      p99: round(percentile(latencies, 0.99), 3),
    },
    total,
    non_2xx: runs.reduce((sum, run) => sum + run.result.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.result.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.result.timeouts, 0),
  };
}

async function bodyOf(url: string, options: AutocannonOptions): Promise<unknown> {
  const response = await fetch(url, { method: options.method ?? 'GET', headers: options.headers, body: options.body });
  return response.json();
}

function table(rows: Measured[]): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'floor req/s',
    'floor p50',
    'floor p99',
    'x floor req/s',
    'x floor p50',
    'x floor p99',
    'SQL/answer',
    'goal',
    'non-2xx',
    'errors',
  ];
  const body = rows.map((r) => [
    r.name,
    r.requests_per_s.toFixed(0),
    r.latency_ms.p50.toFixed(2),
    r.latency_ms.p99.toFixed(2),
    r.floor.requests_per_s.toFixed(0),
    r.floor.latency_ms.p50.toFixed(2),
    r.floor.latency_ms.p99.toFixed(2),
    r.floor_ratio.requests_per_s.toFixed(2),
    r.floor_ratio.p50.toFixed(2),
    r.floor_ratio.p99.toFixed(2),
    r.pg_statements_per_answer.toFixed(2),
    r.goal_met === null ? '-' : r.goal_met ? 'met' : 'missed',
    String(r.non_2xx),
    String(r.errors + r.timeouts),
  ]);
  return formatTable(header, body);
}

async function main(): Promise<void> {
  const bench = new BenchStack('bench');
  try {
    const stack = await bench.start();
    const floor = await startChild('--floor-server', floorEnv(stack.databaseUrl, bench.dataDir));
    bench.onStop(() => stopChild(floor.child));
    const db = new Client({ connectionString: stack.databaseUrl });
    await db.connect();
    bench.onStop(() => db.end());

    const identity = `http://127.0.0.1:${stack.ports.identity}`;
    const teamAdmin = `http://127.0.0.1:${stack.ports['team-admin']}`;
    const floorOrigin = `http://127.0.0.1:${floor.port}`;
    const tokens = await login(identity, DEMO_EMAIL, DEMO_PASSWORD);
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    const loginBody = JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const steady = { connections: CONNECTIONS, duration: DURATION_S };
    const read = (name: string, origin: string, path: string, floorName: string, authenticated = true): Scenario => ({
      name,
      options: { url: `${origin}${path}`, ...(authenticated ? { headers: bearer } : {}), ...steady },
      floorName,
      floorUrl: `${floorOrigin}${path}`,
      sameBody: true,
      goal: authenticated,
    });
    const profileFloor = 'bare Fastify + jose + pg: the profile SQL (one statement), the same mapper';

    const scenarios: Scenario[] = [
      read('identity GET /api/identity/health/live', identity, '/api/identity/health/live', 'bare Fastify answering the same JSON', false),
      read('identity GET /api/user/profile', identity, '/api/user/profile', profileFloor),
      // The floor has no proxy hop: this row shows what the edge adds.
      read('edge -> identity GET /api/user/profile', stack.origin, '/api/user/profile', profileFloor),
      read(
        'identity GET /api/admin/users (page 1)',
        identity,
        '/api/admin/users?status_filter=all',
        'bare Fastify + jose + pg: the page and total SQL, the same row mapper',
      ),
      read('team-admin GET /api/documents/folders', teamAdmin, '/api/documents/folders', 'bare Fastify + jose + pg: the folder list SQL'),
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
        floorName: 'bare Fastify + pg: SELECT the hash, argon2id verify, ES256 sign (no login history, no refresh token)',
        floorUrl: `${floorOrigin}/api/auth/login`,
        sameBody: false,
        goal: false,
      },
    ];

    // First the statement counts, with nothing else running (the workers' own commits measured idle first).
    await sleep(STATS_FLUSH_MS);
    const idleFrom = await committed(db);
    await sleep(STATS_FLUSH_MS);
    const background = ((await committed(db)) - idleFrom - 1) / (STATS_FLUSH_MS / 1000);
    const statements = new Map<Scenario, number>();
    for (const scenario of scenarios) {
      statements.set(scenario, await statementsPerAnswer(db, scenario.options, background));
      console.log(`[bench] ${scenario.name}: ${statements.get(scenario)} Postgres statements per answer`);
    }

    const rows: Measured[] = [];
    for (const scenario of scenarios) {
      const floorOptions = { ...scenario.options, url: scenario.floorUrl };
      const sameBody = scenario.sameBody
        ? isDeepStrictEqual(await bodyOf(scenario.options.url, scenario.options), await bodyOf(scenario.floorUrl, floorOptions))
        : null;
      if (sameBody === false) console.log(`[bench] note: the floor's body differs from the service's for ${scenario.name}`);
      process.stdout.write(
        `[bench] ${scenario.name}: ${scenario.options.connections} connections, ${ROUNDS} x ${scenario.options.duration} s each...`,
      );
      const serviceRuns: Run[] = [];
      const floorRuns: Run[] = [];
      for (let turn = 0; turn < ROUNDS; turn++) {
        serviceRuns.push(await measure(scenario.options, WARMUP_S));
        floorRuns.push(await measure(floorOptions, WARMUP_S));
        process.stdout.write(
          ` ${serviceRuns[turn].result.requests.average.toFixed(0)}/${floorRuns[turn].result.requests.average.toFixed(0)}`,
        );
      }
      const service = figuresOf(serviceRuns);
      const floorFigures = figuresOf(floorRuns);
      console.log(` req/s (service/floor)`);
      const ratio = {
        requests_per_s: round(service.requests_per_s / floorFigures.requests_per_s, 3),
        p50: round(service.latency_ms.p50 / floorFigures.latency_ms.p50, 2),
        p99: round(service.latency_ms.p99 / floorFigures.latency_ms.p99, 2),
      };
      rows.push({
        name: scenario.name,
        method: scenario.options.method ?? 'GET',
        url: scenario.options.url,
        connections: scenario.options.connections,
        duration_s: scenario.options.duration * ROUNDS,
        ...service,
        pg_statements_per_answer: statements.get(scenario)!,
        floor: { name: scenario.floorName, url: scenario.floorUrl, same_body: sameBody, pg_statements_per_answer: 1, ...floorFigures },
        floor_ratio: ratio,
        goal_met: scenario.goal ? ratio.requests_per_s >= GOAL.min_throughput_ratio && ratio.p99 <= GOAL.max_p99_ratio : null,
      });
    }

    console.log('\n' + table(rows));
    for (const row of rows) {
      if (row.non_2xx > 0 || row.errors > 0)
        console.log(`[bench] note: ${row.name} had ${row.non_2xx} non-2xx answers and ${row.errors} errors`);
    }

    const report = {
      measured_at: new Date().toISOString(),
      machine: machineInfo(),
      settings: {
        warmup_s: WARMUP_S,
        latency: 'client-side, per 2xx answer, from request written to response parsed (autocannon)',
        floor: `scripts/bench-floor.ts, in its own process, pg pool of ${FLOOR_POOL_SIZE} like each service`,
        rounds: `${ROUNDS} rounds of ${DURATION_S} s (login ${LOGIN_DURATION_S} s), service then floor in each, each after a ${WARMUP_S} s warm-up; figures pool the rounds`,
        pg_statements: `pg_stat_database.xact_commit over ${COUNT_REQUESTS} calls one at a time, less the workers' idle rate; the floors run one statement`,
        goal: GOAL,
        ...stackSettings(),
      },
      scenarios: rows,
    };
    writeReport('latest.json', report, 'bench');
  } finally {
    console.log('[bench] stopping the stack...');
    await bench.stop();
  }
}

runBench('bench', main, { '--floor-server': serveFloor });
