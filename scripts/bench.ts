// `npm run bench`: throughput and latency of the real stack against a bare Fastify server measured
// in the same run, on loopback only. Prints a table and writes bench-results/latest.json.
// Not a test: it asserts nothing about speed, it only reports.
import Fastify from 'fastify';
import {
  BenchStack,
  formatTable,
  login,
  machineInfo,
  mean,
  measure,
  percentile,
  round,
  runBench,
  serveChild,
  stackSettings,
  startChild,
  stopChild,
  writeReport,
  type AutocannonOptions,
  type Run,
} from './bench-kit';

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
  serveChild(app);
}

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
  return formatTable(header, body);
}

async function main(): Promise<void> {
  const bench = new BenchStack('bench');
  try {
    const stack = await bench.start();
    const baseline = await startChild('--baseline-server');
    bench.onStop(() => stopChild(baseline.child));

    const identity = `http://127.0.0.1:${stack.ports.identity}`;
    const teamAdmin = `http://127.0.0.1:${stack.ports['team-admin']}`;
    const tokens = await login(identity, DEMO_EMAIL, DEMO_PASSWORD);
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
      const measured = await measure(scenario.options, WARMUP_S);
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
      machine: machineInfo(),
      settings: {
        warmup_s: WARMUP_S,
        latency: 'client-side, per 2xx answer, from request written to response parsed (autocannon)',
        ...stackSettings(),
      },
      baseline: rows[0].name,
      scenarios: rows,
    };
    writeReport('latest.json', report, 'bench');
  } finally {
    console.log('[bench] stopping the stack...');
    await bench.stop();
  }
}

runBench('bench', main, { '--baseline-server': serveBaseline });
