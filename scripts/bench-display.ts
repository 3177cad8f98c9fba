// `npm run bench:display [-- --sockets N] [-- --rate R] [-- --seconds S] [-- --transactions T]` (spec 002 section 2.1): Display
// Mode's live push at volume. Starts its own stack, seeds Bench Realty (T transactions, default 2,000), opens N TV
// sockets through the edge (default 2,000) across the team's scopes (the team and each agent, slide 2, this month),
// then changes closed transactions through the API at R per second (default 200) for S seconds (default 30) and
// reports: latency from a change's commit (its answer) to the first push of its key that follows it, p50/p95/p99;
// fan-out (first to last TV of one push); sockets held by the one transactions API process and its memory per
// socket. Prints a table and writes bench-results/display-latest.json.
// A report, not a test: it asserts nothing; goals: p99 <= 300 ms at 200 changes/s, 2,000 sockets per gateway
// process at <= 50 KB each, fan-out within 1 s.
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { DISPLAY_NAMESPACE, socketPathOf, todayIn, type DisplayDataPush, type DisplaySubscribeAck } from '@app/contracts';
import { DEMO_PASSWORD } from '@app/seed';
import {
  argValue,
  BenchStack,
  formatTable,
  login,
  machineInfo,
  percentile,
  round,
  runBench,
  stackSettings,
  writeReport,
} from './bench-kit';

const LABEL = 'bench:display';
const ADMIN_EMAIL = 'admin@bench-realty.test';
const GOALS = { p99_ms: 300, bytes_per_socket: 50 * 1024, fan_out_ms: 1000 };

async function residentBytes(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const match = /^process_resident_memory_bytes(?:\{[^}]*\})? (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

async function main(): Promise<void> {
  const sockets = argValue('--sockets', 2_000);
  const rate = argValue('--rate', 200);
  const seconds = argValue('--seconds', 30);
  const transactions = argValue('--transactions', 2_000);
  const bench = new BenchStack(LABEL);
  const opened: Socket[] = [];
  let sql: Client | undefined;
  bench.onStop(async () => {
    opened.forEach((socket) => socket.disconnect());
    await sql?.end();
  });
  try {
    const stack = await bench.start(['--team', 'bench', '--transactions', String(transactions)]);
    const session = await login(stack.origin, ADMIN_EMAIL, DEMO_PASSWORD);
    const teamId = session.user.team.team_id;
    const headers = { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' };
    sql = new Client({ connectionString: stack.databaseUrl, application_name: 'bench-display' });
    await sql.connect();
    const agents: number[] = (
      await sql.query(
        `SELECT agent_id FROM transactions.agents WHERE team_id = $1 AND 'AGENT' = ANY(roles) AND status = 'active' ORDER BY agent_id LIMIT 20`,
        [teamId],
      )
    ).rows.map((row: { agent_id: number }) => row.agent_id);
    // The changes: closed transactions of those agents, their amount moved (every change moves its keys' figures).
    const today = todayIn('America/New_York');
    const changeable: { client_id: number; primary_agent_id: number }[] = (
      await sql.query(
        `UPDATE transactions.transactions SET closed_dt = $3::date WHERE client_id IN (
           SELECT client_id FROM transactions.transactions WHERE team_id = $1 AND primary_agent_id = ANY($2::int[]) AND status_category = 'closed' ORDER BY client_id LIMIT 400)
         RETURNING client_id, primary_agent_id`,
        [teamId, agents, today],
      )
    ).rows;
    const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
    const range = { start_date: us(`${today.slice(0, 8)}01`), end_date: us(today) };
    const contexts = [`t${teamId}`, ...agents.map((id) => `a${id}`)];
    const metricsPort = stack.ports.transactions;
    const memoryBefore = await residentBytes(metricsPort);

    // The TVs.
    const receipts = new Map<string, number[]>(); // key:version -> receipt times
    const firstPushAfter: { key: string; at: number }[] = [];
    const keyOfContext = new Map<string, string>();
    console.log(`[${LABEL}] opening ${sockets} TV sockets across ${contexts.length} scopes...`);
    const openStarted = performance.now();
    for (let i = 0; i < sockets; i += 100) {
      await Promise.all(
        Array.from({ length: Math.min(100, sockets - i) }, async (_, k) => {
          const context = contexts[(i + k) % contexts.length];
          const socket = io(`${stack.origin}${DISPLAY_NAMESPACE}`, {
            path: socketPathOf('transactions'),
            auth: { token: session.access_token },
            transports: ['websocket'],
            reconnection: false,
          });
          opened.push(socket);
          socket.on('display:data', (push: DisplayDataPush) => {
            const at = performance.now();
            const id = `${push.key}:${push.version}`;
            const list = receipts.get(id);
            if (list) list.push(at);
            else {
              receipts.set(id, [at]);
              firstPushAfter.push({ key: push.key, at });
            }
          });
          await new Promise((resolve, reject) => {
            socket.once('display:welcome', resolve);
            socket.once('connect_error', reject);
          });
          const ack = await new Promise<DisplaySubscribeAck>((resolve) =>
            socket.emit('display:subscribe', { slide: 2, context, ...range }, resolve),
          );
          if (!ack.ok) throw new Error(`display:subscribe refused: ${ack.message}`);
          keyOfContext.set(context, ack.key);
        }),
      );
    }
    console.log(`[${LABEL}] ${opened.length} sockets open and subscribed in ${((performance.now() - openStarted) / 1000).toFixed(1)} s`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const memoryAfter = await residentBytes(metricsPort);

    // The changes, at `rate` per second for `seconds`.
    const commits: { keys: string[]; at: number }[] = [];
    const errors: string[] = [];
    const total = rate * seconds;
    const started = performance.now();
    // At most IN_FLIGHT changes wait for their answer at once: a slower stack gets fewer changes per second, not a pile-up.
    const IN_FLIGHT = 32;
    let inFlight = 0;
    const waiting: (() => void)[] = [];
    const acquire = () =>
      inFlight < IN_FLIGHT ? (inFlight++, Promise.resolve()) : new Promise<void>((resolve) => waiting.push(() => (inFlight++, resolve())));
    const release = () => {
      inFlight--;
      waiting.shift()?.();
    };
    await Promise.all(
      Array.from({ length: total }, async (_, n) => {
        const due = started + (n * 1000) / rate;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
        await acquire();
        const target = changeable[n % changeable.length];
        const response = await fetch(`${stack.origin}/api/transaction/${target.client_id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ client_id: target.client_id, preset: 'page', changes: { trans_amt: 300_000 + n } }),
        });
        if (response.status !== 200) errors.push(`${response.status} ${(await response.text()).slice(0, 160)}`);
        else
          commits.push({
            keys: [keyOfContext.get(`t${teamId}`)!, keyOfContext.get(`a${target.primary_agent_id}`)!].filter(Boolean),
            at: performance.now(),
          });
        if (!response.bodyUsed) await response.arrayBuffer();
        release();
      }),
    );
    const changeSeconds = (performance.now() - started) / 1000;
    const refusals = new Map<string, number>();
    for (const error of errors) refusals.set(error, (refusals.get(error) ?? 0) + 1);
    for (const [error, count] of refusals) console.log(`[${LABEL}] ${count} changes refused: ${error}`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // Latency: each change to the first push of each of its keys received after its commit.
    const pushesByKey = new Map<string, number[]>();
    for (const push of firstPushAfter) pushesByKey.set(push.key, [...(pushesByKey.get(push.key) ?? []), push.at]);
    for (const list of pushesByKey.values()) list.sort((a, b) => a - b);
    const latencies: number[] = [];
    let unseen = 0;
    for (const commit of commits) {
      for (const key of commit.keys) {
        const next = (pushesByKey.get(key) ?? []).find((at) => at >= commit.at);
        if (next === undefined) unseen++;
        else latencies.push(next - commit.at);
      }
    }
    latencies.sort((a, b) => a - b);
    const fanOuts = [...receipts.values()]
      .filter((list) => list.length > 1)
      .map((list) => Math.max(...list) - Math.min(...list))
      .sort((a, b) => a - b);
    const bytesPerSocket = (memoryAfter - memoryBefore) / opened.length;
    const row = {
      sockets: opened.length,
      changes: commits.length,
      change_errors: errors.length,
      changes_per_s: round(commits.length / changeSeconds, 1),
      latency_ms: {
        p50: round(percentile(latencies, 0.5)),
        p95: round(percentile(latencies, 0.95)),
        p99: round(percentile(latencies, 0.99)),
        max: round(latencies[latencies.length - 1] ?? Number.NaN),
      },
      changes_without_a_later_push: unseen,
      pushes: receipts.size,
      fan_out_ms: {
        p50: round(percentile(fanOuts, 0.5)),
        p95: round(percentile(fanOuts, 0.95)),
        max: round(fanOuts[fanOuts.length - 1] ?? Number.NaN),
      },
      gateway_process: {
        sockets: opened.length,
        rss_before_mb: round(memoryBefore / 1e6, 1),
        rss_after_mb: round(memoryAfter / 1e6, 1),
        bytes_per_socket: Math.round(bytesPerSocket),
      },
    };
    console.log(
      `\n${formatTable(
        ['measure', 'value', 'goal'],
        [
          ['sockets on one transactions API process', String(row.sockets), '2,000'],
          ['changes through the API', `${row.changes} at ${row.changes_per_s}/s (${row.change_errors} refused)`, `${rate}/s`],
          [
            'commit to TV, p50 / p95 / p99 ms',
            `${row.latency_ms.p50} / ${row.latency_ms.p95} / ${row.latency_ms.p99}`,
            `p99 <= ${GOALS.p99_ms}`,
          ],
          [
            'fan-out of one push, p50 / p95 / max ms',
            `${row.fan_out_ms.p50} / ${row.fan_out_ms.p95} / ${row.fan_out_ms.max}`,
            `<= ${GOALS.fan_out_ms}`,
          ],
          [
            'memory per socket (RSS growth / sockets)',
            `${(row.gateway_process.bytes_per_socket / 1024).toFixed(1)} KB`,
            `<= ${GOALS.bytes_per_socket / 1024} KB`,
          ],
          ['pushes (key and version)', String(row.pushes), ''],
          ['changes no later push showed', String(row.changes_without_a_later_push), '0'],
        ],
      )}`,
    );
    writeReport(
      'display-latest.json',
      {
        label: LABEL,
        measured_at: new Date().toISOString(),
        machine: machineInfo(),
        settings: { sockets, rate, seconds, transactions, ...stackSettings() },
        goals: GOALS,
        ...row,
      },
      LABEL,
    );
  } finally {
    console.log(`[${LABEL}] stopping the stack...`);
    await bench.stop();
  }
}

runBench(LABEL, main);
