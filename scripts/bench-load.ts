// `npm run bench:load [-- --rate N --seconds S --step N --max-rate N --read-ratio R --tvs N --replicas 2]`: the
// platform under a realistic mixed load. Starts its own stack seeded with Bench Realty (--transactions, default
// 2,000), connects Display Mode TVs (--tvs, default 20) and the TCs' inbox sockets, then sends, at a fixed arrival
// rate (open model: a timer fires each call when it is due, never waiting for earlier answers), the writes of the
// fault run (transaction creates, profile changes, DMs, comments, task updates) at N per second plus R reads per
// write of what the console reads (the transactions list, a transaction page, the message center, the boards).
// The rate starts at --rate and rises by --step every --seconds until a step has an error or p95 > 1 s (or
// --max-rate). Reports the highest rate sustained with 0 errors, p50/p95/p99 per route, Postgres connections in use,
// the pushes the TVs and inboxes got, the writes lost or doubled, and the create path against its floor measured in
// the same run (bare Fastify + pg: the same INSERTs and the outbox row in one transaction; both closed-loop with
// autocannon). Prints tables and writes bench-results/load-latest.json.
// A report, not a test. Goal on the 2-core machine: 100 mixed writes/s with 0 errors and p95 <= 500 ms; creates at
// least 0.5x their floor.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import { Client, Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { TOKEN_ALGORITHM, TOKEN_AUDIENCE, TOKEN_ISSUER } from '@app/auth';
import { DISPLAY_NAMESPACE, MESSAGING_NAMESPACE, socketPathOf, todayIn, type DisplaySubscribeAck } from '@app/contracts';
import { DEMO_PASSWORD } from '@app/seed';
import {
  argValue,
  formatTable,
  machineInfo,
  measure,
  round,
  runBench,
  serveChild,
  stackSettings,
  startChild,
  stopChild,
  writeReport,
  type Run,
} from './bench-kit';
import { floorEnv, FLOOR_POOL_SIZE } from './bench-floor';
import {
  ControlledStack,
  openLoop,
  coresUsed,
  pgConnections,
  renewTokensEvery,
  routeFigures,
  signIn,
  sleep,
  waitConverged,
  WriteChecker,
  writeFigures,
  WriteMix,
  jobSchedulerFires,
  writeTargetsOf,
  type Call,
  type Sample,
  type Session,
} from './bench-stack-kit';

const LABEL = 'bench:load';
const GOALS = { writes_per_s: 100, errors: 0, p95_ms: 500, create_floor_ratio: 0.5 };
/** The rise stops at the first step with an error or a p95 above this. */
const STOP_P95_MS = 1000;

async function main(): Promise<void> {
  const startRate = argValue('--rate', 10);
  const step = argValue('--step', 10);
  const maxRate = argValue('--max-rate', 200);
  const seconds = argValue('--seconds', 20);
  const readRatio = argValue('--read-ratio', 1);
  const tvs = argValue('--tvs', 20);
  const replicas = argValue('--replicas', 1);
  const transactions = argValue('--transactions', 2_000);
  const floorSeconds = argValue('--floor-seconds', 10);
  const keep = process.argv.includes('--keep');
  const control = new ControlledStack(LABEL, replicas);
  const sockets: Socket[] = [];
  let db: Client | undefined;
  control.bench.onStop(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await db?.end().catch(() => {});
  });
  try {
    await control.start(['--team', 'bench', '--transactions', String(transactions)]);
    const origin = control.origin;
    db = new Client({ connectionString: control.stack.databaseUrl, application_name: LABEL });
    await db.connect();
    // The step's samplers (connections every second, active statements 4 times a second) on connections of their own.
    const monitor = new Pool({ connectionString: control.stack.databaseUrl, application_name: `${LABEL} monitor`, max: 2 });
    control.bench.onStop(() => monitor.end().catch(() => {}));
    const emails = ['admin@bench-realty.test', 'tc@bench-realty.test', 'isa1@bench-realty.test', 'agent1@bench-realty.test'];
    const sessions = await Promise.all(emails.map((email) => signIn(origin, email, DEMO_PASSWORD)));
    const [admin, , isa, agent] = sessions;
    const teamId = (await db.query('SELECT team_id FROM identity.users WHERE agent_id = $1', [admin.agent_id])).rows[0].team_id as number;
    const { clientIds, taskIds } = await writeTargetsOf(db, teamId);
    // The seed's events are still being applied for a while after the stack says ready: measure after them.
    const quietAfter = await control.waitQuiet(db, 600_000);
    console.log(
      `[${LABEL}] ${quietAfter === null ? 'the stack did not quiet down within 600 s; measuring anyway' : `stack quiet (outboxes and queues empty) after ${quietAfter} s more`}`,
    );
    const tag = `l${Date.now().toString(36).slice(-5)}`;
    const mix = new WriteMix(tag, {
      admin,
      profileUsers: sessions,
      primaryAgentId: agent.agent_id,
      mentionedId: isa.agent_id,
      clientIds,
      taskIds,
    });
    const checker = await new WriteChecker(db, control.stack.mailDir, null, admin.agent_id, isa.agent_id).init();
    const stopRenewing = renewTokensEvery(origin, emails, DEMO_PASSWORD, mix, 600_000);
    control.bench.onStop(async () => stopRenewing());

    // Display Mode TVs and the TCs' inboxes (the DMs' recipients): spread over the replicas, each connected to one
    // replica directly, so a push that reaches them all crossed replicas.
    const today = todayIn('America/New_York');
    const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
    const range = { start_date: us(`${today.slice(0, 8)}01`), end_date: us(today) };
    const baseOf = (service: 'transactions' | 'messaging', i: number) =>
      replicas > 1 ? control.apiUrls[service][i % control.apiUrls[service].length] : origin;
    const tvPushes: { replica: number; pushes: number; duplicates: number }[] = [];
    await Promise.all(
      Array.from({ length: tvs }, async (_, i) => {
        const socket = io(`${baseOf('transactions', i)}${DISPLAY_NAMESPACE}`, {
          path: socketPathOf('transactions'),
          auth: { token: admin.token },
          transports: ['websocket'],
          reconnection: true,
        });
        sockets.push(socket);
        const seen = { replica: replicas > 1 ? i % replicas : 0, pushes: 0, duplicates: 0 };
        tvPushes.push(seen);
        // A key and version pushed twice to one TV: a change applied (or published) twice.
        const versions = new Set<string>();
        socket.on('display:data', (push: { key: string; version: number }) => {
          seen.pushes++;
          const id = `${push.key}:${push.version}`;
          if (versions.has(id)) seen.duplicates++;
          versions.add(id);
        });
        socket.on('display:agents', () => seen.pushes++);
        await new Promise((resolve, reject) => {
          socket.once('display:welcome', resolve);
          socket.once('connect_error', reject);
        });
        const ack = await new Promise<DisplaySubscribeAck>((resolve) =>
          socket.emit('display:subscribe', { slide: 2, context: `t${teamId}`, ...range }, resolve),
        );
        if (!ack.ok) throw new Error(`display:subscribe refused: ${ack.message}`);
      }),
    );
    const tcIds: { agent_id: number; email: string }[] = (
      await db.query(
        `SELECT agent_id, email FROM identity.users WHERE team_id = $1 AND 'TRANC' = ANY(roles) AND status = 'active' ORDER BY agent_id`,
        [teamId],
      )
    ).rows;
    const tcSessions: Session[] = await Promise.all(tcIds.map((tc) => signIn(origin, tc.email, DEMO_PASSWORD)));
    const inboxSeen: { replica: number; email: string; dms: Set<string>; duplicates: number }[] = [];
    await Promise.all(
      tcSessions.flatMap((session, k) =>
        Array.from({ length: Math.max(1, replicas) }, async (_, r) => {
          const socket = io(`${baseOf('messaging', r + k)}${MESSAGING_NAMESPACE}`, {
            path: socketPathOf('messaging'),
            auth: { token: session.token },
            transports: ['websocket'],
            reconnection: true,
          });
          sockets.push(socket);
          const seen = { replica: replicas > 1 ? (r + k) % replicas : 0, email: session.email, dms: new Set<string>(), duplicates: 0 };
          inboxSeen.push(seen);
          socket.on('message.created', (push: { kind: string; record: { dm_value?: string } }) => {
            const marker = push.kind === 'dm' ? new RegExp(`(${tag}D\\d+x)`).exec(push.record.dm_value ?? '')?.[1] : undefined;
            if (marker && seen.dms.has(marker)) seen.duplicates++;
            if (marker) seen.dms.add(marker);
          });
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
        }),
      ),
    );
    console.log(`[${LABEL}] ${tvs} Display Mode TVs and ${inboxSeen.length} TC inbox sockets connected`);

    // The console's reads, in turn.
    const pageOf = () => clientIds[Math.floor(Math.random() * clientIds.length)];
    const reads: ((token: string) => Call)[] = [
      (token) => ({ route: 'GET /api/transactions/records', method: 'GET', path: '/api/transactions/records?page=1&per_page=20', token }),
      (token) => ({ route: 'GET /api/transaction/:id', method: 'GET', path: `/api/transaction/${pageOf()}`, token }),
      (token) => ({ route: 'GET /api/messages/dms', method: 'GET', path: '/api/messages/dms?page=1&per_page=10', token }),
      (token) => ({ route: 'GET /api/messages/unread-counts', method: 'GET', path: '/api/messages/unread-counts', token }),
      (token) => ({ route: 'GET /api/messages/comments', method: 'GET', path: '/api/messages/comments?page=1&per_page=10', token }),
      (token) => ({ route: 'GET /api/boards/stages', method: 'GET', path: '/api/boards/stages', token }),
      (token) => ({
        route: 'GET /api/boards/tasks/cards',
        method: 'GET',
        path: '/api/boards/tasks/cards?column_id=1&page=1&per_page=15',
        token,
      }),
    ];
    const readers = [admin, sessions[1]];

    // The rising steps.
    interface StepRow {
      writes_per_s: number;
      reads_per_s: number;
      seconds: number;
      answered_per_s: number;
      errors: number;
      p95_ms: number;
      routes: ReturnType<typeof routeFigures>;
      pg_connections_max: { total: number; active: number; idle_in_transaction: number };
      error_examples: string[];
      /** Cores each process used during the step, busiest first (2 on this machine, shared with anything else running). */
      cores_by_process: { process: string; cores: number }[];
      /** The machine's 1-minute load average at the step's end (other work on the machine shows here). */
      load_average: number;
      /** Statements Postgres ran, sampled 4 times a second: how many backends ran each on average (the first 200 characters, whitespace folded). */
      postgres_busiest: { backends: number; query: string }[];
      /** pg_stat_statements over the step: the statements with the most planning + execution time, and their calls. */
      postgres_statements: StatementTime[];
    }
    const steps: StepRow[] = [];
    const startedWall = Date.now();
    const allSamples: Sample[] = [];
    let readN = 0;
    for (let rate = startRate; rate <= maxRate; rate += step) {
      const total = rate * (1 + readRatio);
      const writeShare = 1 / (1 + readRatio);
      const pg = { total: 0, active: 0, idle_in_transaction: 0 };
      const sampler = setInterval(() => {
        void pgConnections(monitor)
          .then((now) => {
            pg.total = Math.max(pg.total, now.total);
            pg.active = Math.max(pg.active, now.active);
            pg.idle_in_transaction = Math.max(pg.idle_in_transaction, now.idle_in_transaction);
          })
          .catch(() => {});
      }, 1000);
      // A sampling profile of Postgres: what the active backends run, four times a second.
      const activeQueries = new Map<string, number>();
      let querySamples = 0;
      const profiler = setInterval(() => {
        void activeQueriesOf(monitor)
          .then((queries) => {
            querySamples++;
            for (const query of queries) activeQueries.set(query, (activeQueries.get(query) ?? 0) + 1);
          })
          .catch(() => {});
      }, 250);
      console.log(`[${LABEL}] step: ${rate} writes/s + ${rate * readRatio} reads/s for ${seconds} s...`);
      const statementsAtStart = await statementTimes(monitor);
      const cpuBefore = await control.cpuSeconds();
      const began = performance.now();
      const samples = await openLoop(origin, total, seconds, (n) => {
        const isWrite = Math.floor((n + 1) * writeShare) > Math.floor(n * writeShare);
        if (isWrite) return mix.next();
        const k = readN++;
        return reads[k % reads.length](readers[k % readers.length].token);
      });
      const took = (performance.now() - began) / 1000;
      clearInterval(sampler);
      clearInterval(profiler);
      // Average backends running each statement (samples seen / samples taken), busiest first.
      const busiest = [...activeQueries]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([query, seen]) => ({ backends: round(seen / Math.max(1, querySamples), 2), query }));
      const cores = coresUsed(cpuBefore, await control.cpuSeconds(), took);
      const statements = statementsDuring(statementsAtStart, await statementTimes(monitor));
      allSamples.push(...samples);
      const routes = routeFigures(samples);
      const all = routes.find((r) => r.route === 'all')!;
      const examples = [
        ...new Set(samples.filter((s) => s.status < 200 || s.status >= 300).map((s) => `${s.route} ${s.status || s.error}`)),
      ].slice(0, 5);
      const row: StepRow = {
        writes_per_s: rate,
        reads_per_s: rate * readRatio,
        seconds: round(took, 1),
        answered_per_s: round(samples.length / took, 1),
        errors: all.errors,
        p95_ms: all.p95_ms,
        routes,
        pg_connections_max: pg,
        error_examples: examples,
        cores_by_process: cores,
        load_average: round(os.loadavg()[0], 2),
        postgres_busiest: busiest,
        postgres_statements: statements,
      };
      steps.push(row);
      console.log(
        `[${LABEL}]   ${all.calls} calls, ${all.errors} errors, p50 ${all.p50_ms} ms, p95 ${all.p95_ms} ms, p99 ${all.p99_ms} ms; Postgres connections up to ${pg.total} (${pg.active} active)${examples.length ? `; e.g. ${examples.join(', ')}` : ''}`,
      );
      console.log(
        `[${LABEL}]   cores used: ${cores
          .slice(0, 6)
          .map((c) => `${c.process} ${c.cores}`)
          .join(', ')}; all of the stack and the bench ${round(
          cores.reduce((sum, c) => sum + c.cores, 0),
          2,
        )}; machine load average ${round(os.loadavg()[0], 1)}`,
      );
      if (statements.length) {
        console.log(
          `[${LABEL}]   Postgres time by statement (plan + run ms / calls): ${statements
            .slice(0, 4)
            .map((q) => `${q.plan_ms} + ${q.exec_ms} / ${q.calls} ${q.query.slice(0, 70)}`)
            .join(' | ')}`,
        );
      }
      if (busiest.length)
        console.log(
          `[${LABEL}]   Postgres busiest (backends on average): ${busiest
            .slice(0, 3)
            .map((q) => `${q.backends} ${q.query.slice(0, 90)}`)
            .join(' | ')}`,
        );
      if (all.errors > 0 || all.p95_ms > STOP_P95_MS) break;
      // Each step from a drained stack: what the last one left queued is applied first (at most 60 s).
      await control.waitQuiet(db, 60_000);
    }
    const sustained = [...steps].reverse().find((s) => s.errors === 0 && s.p95_ms <= STOP_P95_MS) ?? null;

    // Writes: lost, doubled, effects (read copies, mails), after up to 60 s to converge.
    console.log(`[${LABEL}] checking ${mix.records.length} writes...`);
    await waitConverged(checker, mix.records, 60_000);
    const checks = await checker.check(mix.records);
    const writes = writeFigures(mix.records, checks);
    const dmsAcked = new Set(mix.records.filter((r) => r.kind === 'dm-create' && r.status >= 200 && r.status < 300).map((r) => r.marker));
    await sleep(1000);

    // The create path against its floor, closed-loop (autocannon, 10 connections) on one transactions API process, once
    // what the steps left queued is applied (at most 120 s).
    await control.waitQuiet(db, 120_000);
    const floor = await startChild('--create-floor', floorEnv(control.stack.databaseUrl, control.dataDir));
    control.bench.onStop(() => stopChild(floor.child));
    const createBody = JSON.stringify({ type: 'b', address_1: `${tag} floor probe St`, primary_agent_id: agent.agent_id });
    const createOptions = (url: string) => ({
      url,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: createBody,
      connections: 10,
      duration: floorSeconds,
    });
    console.log(`[${LABEL}] creates against their floor, ${floorSeconds} s each...`);
    const serviceRun: Run = await measure(createOptions(`${control.apiUrls.transactions[0]}/api/transactions`), 2);
    const floorRun: Run = await measure(createOptions(`http://127.0.0.1:${floor.port}/api/transactions`), 2);
    const runFigures = (run: Run) => ({
      requests_per_s: round(run.result.requests.total / run.result.duration, 1),
      p50_ms: round(run.latencies[Math.floor(run.latencies.length / 2)] ?? NaN, 1),
      p99_ms: round(run.latencies[Math.min(run.latencies.length - 1, Math.ceil(run.latencies.length * 0.99) - 1)] ?? NaN, 1),
      non_2xx: run.result.non2xx,
      errors: run.result.errors + run.result.timeouts,
    });
    const createService = runFigures(serviceRun);
    const createFloor = runFigures(floorRun);
    const createRatio = round(createService.requests_per_s / createFloor.requests_per_s, 3);

    // Job schedulers: each fired once a tick, however many worker replicas upserted it.
    const schedulers = await jobSchedulerFires(control.redisPort, control.queuePrefix(), startedWall).catch((error) => {
      console.log(`[${LABEL}] job schedulers not read: ${error.message}`);
      return [];
    });
    // Tables.
    const lastRoutes = (sustained ?? steps[steps.length - 1]).routes;
    console.log(
      '\n' +
        formatTable(
          ['step writes/s', 'reads/s', 'answered/s', 'errors', 'p95 ms', 'pg conns max', 'pg active max'],
          steps.map((s) => [
            String(s.writes_per_s),
            String(s.reads_per_s),
            String(s.answered_per_s),
            String(s.errors),
            String(s.p95_ms),
            String(s.pg_connections_max.total),
            String(s.pg_connections_max.active),
          ]),
        ),
    );
    console.log(
      `\nroutes at ${sustained ? `the sustained step (${sustained.writes_per_s} writes/s)` : 'the last step'}:\n` +
        formatTable(
          ['route', 'calls', 'errors', 'p50 ms', 'p95 ms', 'p99 ms'],
          lastRoutes.map((r) => [r.route, String(r.calls), String(r.errors), String(r.p50_ms), String(r.p95_ms), String(r.p99_ms)]),
        ),
    );
    const tvByReplica = Array.from({ length: replicas }, (_, r) => {
      const list = tvPushes.filter((t) => t.replica === r);
      return {
        replica: r + 1,
        tvs: list.length,
        tvs_with_pushes: list.filter((t) => t.pushes > 0).length,
        pushes: list.reduce((sum, t) => sum + t.pushes, 0),
        duplicate_pushes: list.reduce((sum, t) => sum + t.duplicates, 0),
      };
    });
    const inboxByReplica = Array.from({ length: replicas }, (_, r) => {
      const list = inboxSeen.filter((s) => s.replica === r);
      const expected = list.length * dmsAcked.size;
      const received = list.reduce((sum, s) => sum + [...s.dms].filter((m) => dmsAcked.has(m)).length, 0);
      return {
        replica: r + 1,
        sockets: list.length,
        dms_acknowledged: dmsAcked.size,
        received,
        expected,
        duplicate_pushes: list.reduce((sum, s) => sum + s.duplicates, 0),
      };
    });
    console.log(
      '\n' +
        formatTable(
          ['measure', 'value', 'goal'],
          [
            [
              'sustained rate, 0 errors, p95 <= 1 s',
              sustained ? `${sustained.writes_per_s} writes/s + ${sustained.reads_per_s} reads/s (p95 ${sustained.p95_ms} ms)` : 'none',
              `${GOALS.writes_per_s} writes/s, p95 <= ${GOALS.p95_ms} ms`,
            ],
            ['writes acked / lost / doubled', `${writes.acknowledged} / ${writes.lost} / ${writes.doubled}`, '0 lost, 0 doubled'],
            ['effects missing / doubled (after 60 s)', `${writes.effects_missing} / ${writes.effects_doubled}`, '0 / 0'],
            [
              'creates req/s: service / floor',
              `${createService.requests_per_s} / ${createFloor.requests_per_s} = ${createRatio}x`,
              `>= ${GOALS.create_floor_ratio}x`,
            ],
            ['creates p50 ms: service / floor', `${createService.p50_ms} / ${createFloor.p50_ms}`, ''],
            [
              'creates non-2xx + errors: service / floor',
              `${createService.non_2xx + createService.errors} / ${createFloor.non_2xx + createFloor.errors}`,
              '0',
            ],
            ...tvByReplica.map((t) => [
              `Display TVs on replica ${t.replica}: with a push / pushes / twice`,
              `${t.tvs_with_pushes} of ${t.tvs} / ${t.pushes} / ${t.duplicate_pushes}`,
              'every TV, 0 twice',
            ]),
            ...inboxByReplica.map((s) => [
              `inbox DM pushes on replica ${s.replica}: received / expected / twice`,
              `${s.received} / ${s.expected} / ${s.duplicate_pushes}`,
              'all, 0 twice',
            ]),
          ],
        ),
    );
    console.log(
      '\n' +
        formatTable(
          ['job scheduler', 'every', 'fires in the run', 'fired twice for one tick'],
          schedulers.map((j) => [
            `${j.queue} / ${j.scheduler}`,
            j.every_ms ? `${j.every_ms / 1000} s` : (j.pattern ?? '-'),
            String(j.fires),
            String(j.double_fires),
          ]),
        ),
    );
    const goalsMet =
      !!sustained &&
      sustained.writes_per_s >= GOALS.writes_per_s &&
      sustained.p95_ms <= GOALS.p95_ms &&
      createRatio >= GOALS.create_floor_ratio;
    console.log(`\n[${LABEL}] goal: ${goalsMet ? 'met' : 'missed'}`);
    writeReport(
      'load-latest.json',
      {
        label: LABEL,
        measured_at: new Date().toISOString(),
        machine: machineInfo(),
        quiet_after_start_s: quietAfter,
        settings: {
          start_rate: startRate,
          step,
          max_rate: maxRate,
          seconds,
          read_ratio: readRatio,
          tvs,
          replicas,
          transactions,
          floor_seconds: floorSeconds,
          ...stackSettings(),
        },
        goals: GOALS,
        goals_met: goalsMet,
        sustained: sustained
          ? { writes_per_s: sustained.writes_per_s, reads_per_s: sustained.reads_per_s, p95_ms: sustained.p95_ms }
          : null,
        steps,
        writes,
        creates: {
          service: createService,
          floor: createFloor,
          ratio: createRatio,
          floor_name: 'bare Fastify + jose + pg: INSERT transaction, history row and outbox row in one transaction',
        },
        display_tvs: tvByReplica,
        inbox_sockets: inboxByReplica,
        job_schedulers: schedulers,
      },
      LABEL,
    );
  } finally {
    if (keep && control.stack) {
      // --keep: the stack stays up as the run left it (its data, pg_stat_statements) until Ctrl-C.
      console.log(
        `[${LABEL}] --keep: edge ${control.origin}, database ${control.stack.databaseUrl}, logs ${control.stack.logDir}; Ctrl-C stops it`,
      );
      await new Promise(() => {});
    }
    console.log(`[${LABEL}] stopping the stack...`);
    await control.bench.stop();
  }
}

/** What the active backends (not this bench's) run now, the first 200 characters with whitespace folded. */
interface StatementTime {
  query: string;
  calls: number;
  plan_ms: number;
  exec_ms: number;
}

/** pg_stat_statements now (the stack's Postgres preloads it; none where it is not installed). */
async function statementTimes(db: Pool): Promise<Map<string, StatementTime>> {
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const { rows } = await db.query(
      `SELECT queryid::text AS id, left(regexp_replace(query, '\\s+', ' ', 'g'), 200) AS query, calls::int AS calls, total_plan_time AS plan_ms, total_exec_time AS exec_ms
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return new Map(rows.map((row: StatementTime & { id: string }) => [row.id, row]));
  } catch {
    return new Map();
  }
}

/** What each statement cost between two readings, the costliest first (top 8). */
function statementsDuring(before: Map<string, StatementTime>, after: Map<string, StatementTime>): StatementTime[] {
  return [...after]
    .map(([id, now]) => {
      const then = before.get(id);
      return {
        query: now.query,
        calls: now.calls - (then?.calls ?? 0),
        plan_ms: round(now.plan_ms - (then?.plan_ms ?? 0), 0),
        exec_ms: round(now.exec_ms - (then?.exec_ms ?? 0), 0),
      };
    })
    .filter((s) => s.calls > 0)
    .sort((a, b) => b.plan_ms + b.exec_ms - (a.plan_ms + a.exec_ms))
    .slice(0, 8);
}

async function activeQueriesOf(db: Pool): Promise<string[]> {
  const { rows } = await db.query(
    `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 200) AS query FROM pg_stat_activity
      WHERE state = 'active' AND backend_type = 'client backend' AND datname = current_database() AND application_name NOT LIKE 'bench:%'`,
  );
  return rows.map((row: { query: string }) => row.query);
}

/**
 * The create floor (child process `--create-floor`): verifies the same access token, then in one transaction the
 * transaction row (the team's first status, as the service defaults), its 'created' history row and the
 * transactions.transaction.created outbox row with the row as payload (marked published, so no consumer sees it).
 */
async function serveCreateFloor(): Promise<void> {
  const publicKey = await importSPKI(process.env.JWT_PUBLIC_KEY ?? '', TOKEN_ALGORITHM);
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: FLOOR_POOL_SIZE });
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => pool.end());
  app.post('/api/transactions', async (request, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    let user: { agent_id: number; team_id: number };
    try {
      if (scheme !== 'Bearer' || !token) throw new Error('no token');
      const { payload } = await jwtVerify(token, publicKey, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
      });
      user = { agent_id: Number(payload.sub), team_id: payload.team_id as number };
    } catch {
      return reply.code(401).send({ status: 'error', message: 'Session expired or invalid. Please sign in again.' });
    }
    const body = request.body as { type?: string; address_1?: string; primary_agent_id?: number };
    if (!body?.type || !body.address_1) return reply.code(400).send({ status: 'error', message: 'Enter a contact or an address' });
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `INSERT INTO transactions.transactions (team_id, type, address_1, primary_agent_id, status_id, status_category)
         SELECT $1, $2, $3, $4, s.status_id, s.category FROM transactions.statuses s WHERE s.team_id = $1 ORDER BY s.status_id LIMIT 1
         RETURNING *`,
        [user.team_id, body.type, body.address_1, body.primary_agent_id ?? user.agent_id],
      );
      const row = rows[0];
      await client.query(
        `INSERT INTO transactions.transaction_history (client_id, team_id, agent_id, source, field) VALUES ($1, $2, $3, 'console', 'created')`,
        [row.client_id, user.team_id, user.agent_id],
      );
      // Marked published: the relay must not hand consumers a payload that is not the snapshot's shape.
      await client.query(
        `INSERT INTO transactions.outbox (id, type, team_id, payload, published_at) VALUES (gen_random_uuid(), 'transactions.transaction.created', $1, $2, now())`,
        [user.team_id, JSON.stringify(row)],
      );
      await client.query('COMMIT');
      return reply.code(201).send({ client_id: row.client_id });
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveChild(app);
}

runBench(LABEL, main, { '--create-floor': serveCreateFloor });
