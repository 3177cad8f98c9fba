// `npm run bench:faults [-- --rate N --seconds S --replicas 2 --down S]`: the platform's behaviour under faults.
// Starts its own stack (Demo Realty seeded, its SkySlope sync switched on against the fake SkySlope), sends a steady
// mixed write load at N writes per second (open model: transaction creates, profile changes, DMs, comments, task
// updates, each with a unique marker) while it kills each API and worker process in turn (kill -9; the launcher
// restarts it), then kills Redis and restarts it after --down seconds, then the same with Postgres. Per fault it
// reports the writes acknowledged, lost (2xx and nothing committed), doubled (more than one row for one marker),
// client 5xx and timeouts, writes that failed but committed, effects missing or doubled (read copies, mails in the
// mailbox, SkySlope files), the time until every process is healthy again and the time until every effect of the
// writes made during the fault converged. Prints a table and writes bench-results/faults-latest.json.
// A report, not a test. Goal on the 2-core machine: 0 lost, 0 doubled, every process healthy within 15 s of its
// dependency returning, without a human.
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { DEMO_PASSWORD } from '@app/seed';
import { argValue, formatTable, machineInfo, round, runBench, stackSettings, writeReport } from './bench-kit';
import {
  argText,
  ControlledStack,
  openLoop,
  renewTokensEvery,
  signIn,
  sleep,
  waitConverged,
  WriteChecker,
  writeFigures,
  WriteMix,
  jobSchedulerFires,
  writeTargetsOf,
  type Sample,
  type WriteRecord,
} from './bench-stack-kit';

const LABEL = 'bench:faults';
const GOALS = { lost: 0, doubled: 0, healthy_within_s: 15 };
const FAKE_SKYSLOPE = {
  accessKey: 'fake-access-key-7c1e4b2a',
  accessSecret: 'fake-access-secret-3f9d6a0c5e8b41d7',
  office: '5f0c2d1e-8a3b-4c6d-9e7f-0a1b2c3d4e01',
};

interface Fault {
  name: string;
  kind: 'process' | 'redis' | 'postgres';
  target?: string;
}

interface FaultRow {
  fault: string;
  started_s: number;
  /** From the dependency back (a killed process: from the kill) until every process answers healthy. */
  healthy_after_s: number | null;
  /** From the dependency back until every effect of the writes sent up to then in this window is there. */
  converged_after_s: number | null;
  down_s: number;
  /** Processes that run under another pid afterwards (the killed one, and any that exited meanwhile). */
  restarted: string[];
  writes: ReturnType<typeof writeFigures>;
}

async function main(): Promise<void> {
  const rate = argValue('--rate', 10);
  const seconds = argValue('--seconds', 120);
  const replicas = argValue('--replicas', 1);
  const downS = argValue('--down', 5);
  const transactions = argValue('--transactions', 50);
  // --retries N: a client that sends a write again after a 5xx or no answer, with the same Idempotency-Key.
  const retries = argValue('--retries', 0);
  const control = new ControlledStack(LABEL, replicas);
  let db: Client | undefined;
  control.bench.onStop(async () => void (await db?.end().catch(() => {})));
  try {
    await control.start(['--team', 'demo', '--transactions', String(transactions)]);
    const origin = control.origin;
    db = new Client({ connectionString: control.stack.databaseUrl, application_name: LABEL });
    db.on('error', () => {});
    await db.connect();

    // Who writes: Demo Realty's admin; profile changes by the admin, TC, ISA and agent (their own profiles).
    const emails = ['admin@demo-realty.test', 'tc@demo-realty.test', 'isa@demo-realty.test', 'agent@demo-realty.test'];
    const sessions = await Promise.all(emails.map((email) => signIn(origin, email, DEMO_PASSWORD)));
    const [admin, , isa, agent] = sessions;
    const teamId = (await db.query('SELECT team_id FROM identity.users WHERE agent_id = $1', [admin.agent_id])).rows[0].team_id as number;

    // SkySlope sync on for the team, as its admin does it on the integration page (keys, matched users, office).
    for (const [path, body] of [
      ['/api/skyslope/settings', { accessKey: FAKE_SKYSLOPE.accessKey, accessSecret: FAKE_SKYSLOPE.accessSecret }],
      ['/api/skyslope/matched-users', { match_skyslope_users: true }],
      ['/api/skyslope/offices', { skyslope_guid: FAKE_SKYSLOPE.office }],
    ] as const) {
      const response = await fetch(`${origin}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`SkySlope setup ${path}: HTTP ${response.status} ${await response.text()}`);
    }
    console.log(`[${LABEL}] SkySlope sync on for Demo Realty (fake SkySlope at ${control.skySlopeUrl})`);

    const { clientIds, taskIds } = await writeTargetsOf(db, teamId);
    // The seed's events (and the SkySlope backfill) are still being applied after the stack says ready.
    const quietAfter = await control.waitQuiet(db, 300_000);
    console.log(
      `[${LABEL}] ${quietAfter === null ? 'the stack did not quiet down within 300 s; going on' : `stack quiet (outboxes and queues empty) after ${quietAfter} s more`}`,
    );
    const tag = `f${Date.now().toString(36).slice(-5)}`;
    // Transactions for the demo agent, who has a SkySlope user: each create must reach SkySlope once.
    const mix = new WriteMix(
      tag,
      { admin, profileUsers: sessions, primaryAgentId: agent.agent_id, mentionedId: isa.agent_id, clientIds, taskIds },
      retries,
    );
    const checker = await new WriteChecker(db, control.stack.mailDir, control.skySlopeUrl, admin.agent_id, isa.agent_id).init();

    // --faults a,b,c: only the faults whose names contain one of those words (development runs).
    const only = argText('--faults', '').split(',').filter(Boolean);
    const faults: Fault[] = [
      ...control.killable().map((name) => ({ name: `kill -9 ${name}`, kind: 'process' as const, target: name })),
      { name: `Redis killed, back after ${downS} s`, kind: 'redis' as const },
      { name: `Postgres killed, back after ${downS} s`, kind: 'postgres' as const },
    ].filter((fault) => !only.length || only.some((word) => fault.name.toLowerCase().includes(word.toLowerCase())));
    const slotMs = Math.max(6_000, (seconds * 1000) / (faults.length + 1));
    let stop = false;
    const started = performance.now();
    const startedWall = Date.now();
    // The load: steady until the last fault's effects converged (tokens renewed every 10 minutes).
    const loadDone = openLoop(
      origin,
      rate,
      24 * 3600,
      () => mix.next(),
      10_000,
      () => stop,
    );
    const stopRenewing = renewTokensEvery(origin, emails, DEMO_PASSWORD, mix, 600_000);

    console.log(
      `[${LABEL}] ${rate} writes/s; warming up ${round(slotMs / 1000, 1)} s, then ${faults.length} faults, one every ${round(slotMs / 1000, 1)} s or more`,
    );
    await sleep(slotMs);
    const rows: FaultRow[] = [];
    const windowStarts: number[] = [];
    for (const [index, fault] of faults.entries()) {
      mix.window = index;
      const faultAt = performance.now();
      windowStarts.push(faultAt);
      const before = control.processes();
      const offsets = control.logOffsets();
      let backAt = faultAt;
      if (fault.kind === 'process') {
        control.killProcess(fault.target!);
      } else if (fault.kind === 'redis') {
        await control.killRedis();
        await sleep(downS * 1000);
        await control.restartRedis();
        backAt = performance.now();
      } else {
        control.killPostgres();
        await sleep(downS * 1000);
        await control.restartPostgres();
        backAt = performance.now();
        // The bench's own connection died with the server.
        await db.end().catch(() => {});
        db = new Client({ connectionString: control.stack.databaseUrl, application_name: LABEL });
        db.on('error', () => {});
        await db.connect();
        checker.db = db;
      }
      const healthyAt = await control.waitAllHealthy(before, offsets, 120_000, fault.target);
      const during = mix.records.filter((r) => r.window === index && r.sentAt <= (healthyAt ?? performance.now()));
      const convergedAt = await waitConverged(checker, during, 90_000);
      const row: FaultRow = {
        fault: fault.name,
        started_s: round((faultAt - started) / 1000, 1),
        healthy_after_s: healthyAt === null ? null : round((healthyAt - backAt) / 1000, 2),
        converged_after_s: convergedAt === null ? null : round((convergedAt - backAt) / 1000, 2),
        down_s: round((backAt - faultAt) / 1000, 1),
        restarted: control
          .processes()
          .filter((now) => before.some((old) => old.name === now.name && old.pid !== now.pid))
          .map((p) => p.name),
        writes: writeFigures([], new Map()),
      };
      rows.push(row);
      console.log(
        `[${LABEL}] ${fault.name}: healthy after ${row.healthy_after_s ?? 'never (120 s)'} s, effects converged after ${row.converged_after_s ?? 'never (90 s)'} s; restarted: ${row.restarted.join(', ') || 'none'}`,
      );
      const wait = faultAt + slotMs - performance.now();
      if (wait > 0) await sleep(wait);
    }
    stop = true;
    stopRenewing();
    const samples: Sample[] = await loadDone;
    const loadSeconds = (performance.now() - started) / 1000;

    // Every write again at the end, once everything had time to converge (up to 120 s).
    console.log(`[${LABEL}] load stopped after ${round(loadSeconds, 0)} s (${mix.records.length} writes); waiting for every effect...`);
    const finalConverged = await waitConverged(checker, mix.records, 120_000);
    const checks = await checker.check(mix.records);
    const windowOf = (records: WriteRecord[], index: number) => records.filter((r) => r.window === index);
    rows.forEach((row, index) => (row.writes = writeFigures(windowOf(mix.records, index), checks)));
    const warmup = writeFigures(windowOf(mix.records, -1), checks);
    const total = writeFigures(mix.records, checks);
    const byKind = Object.fromEntries(
      ['transaction-create', 'profile-change', 'dm-create', 'comment-create', 'task-update'].map((kind) => [
        kind,
        writeFigures(
          mix.records.filter((r) => r.kind === kind),
          checks,
        ),
      ]),
    );
    const missingExamples = [...checks.values()]
      .filter((c) => c.missing.length)
      .slice(0, 10)
      .map((c) => ({ seq: c.seq, kind: c.kind, missing: [...new Set(c.missing)] }));

    // Job schedulers: each fired once a tick, however many worker replicas upserted it.
    const schedulers = await jobSchedulerFires(control.redisPort, control.queuePrefix(), startedWall).catch((error) => {
      console.log(`[${LABEL}] job schedulers not read: ${error.message}`);
      return [];
    });
    const header = [
      'fault',
      'acked',
      'retried',
      'lost',
      'doubled',
      '5xx',
      'timeouts',
      'failed+committed',
      'effects missing',
      'effects doubled',
      'healthy s',
      'converged s',
    ];
    const line = (name: string, w: ReturnType<typeof writeFigures>, healthy: string, converged: string) => [
      name,
      String(w.acknowledged),
      String(w.retried),
      String(w.lost),
      String(w.doubled),
      String(w.client_5xx),
      String(w.timeouts_or_no_answer),
      String(w.failed_but_committed),
      String(w.effects_missing),
      String(w.effects_doubled),
      healthy,
      converged,
    ];
    console.log(
      '\n' +
        formatTable(header, [
          line('(before the first fault)', warmup, '-', '-'),
          ...rows.map((r) =>
            line(
              r.fault,
              r.writes,
              r.healthy_after_s === null ? 'never' : r.healthy_after_s.toFixed(1),
              r.converged_after_s === null ? 'never' : r.converged_after_s.toFixed(1),
            ),
          ),
          line('all writes', total, '-', finalConverged === null ? 'never' : 'yes'),
        ]),
    );
    console.log(
      '\n' +
        formatTable(
          ['write kind', ...header.slice(1, 10)],
          Object.entries(byKind).map(([k, w]) => line(k, w, '', '').slice(0, 10)),
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
    const slowest = Math.max(...rows.map((r) => r.healthy_after_s ?? Infinity));
    const goalsMet = total.lost === 0 && total.doubled === 0 && slowest <= GOALS.healthy_within_s;
    console.log(
      `\n[${LABEL}] goal (0 lost, 0 doubled, every process healthy within ${GOALS.healthy_within_s} s): ${goalsMet ? 'met' : 'missed'} (slowest recovery ${slowest} s)`,
    );
    if (missingExamples.length)
      console.log(`[${LABEL}] effects still missing at the end, e.g.: ${JSON.stringify(missingExamples.slice(0, 5))}`);

    writeReport(
      'faults-latest.json',
      {
        label: LABEL,
        measured_at: new Date().toISOString(),
        machine: machineInfo(),
        quiet_after_start_s: quietAfter,
        settings: { rate, seconds, replicas, retries, down_s: downS, transactions, slot_s: round(slotMs / 1000, 1), ...stackSettings() },
        goals: GOALS,
        goals_met: goalsMet,
        load: { seconds: round(loadSeconds, 1), writes: mix.records.length, answered_per_s: round(samples.length / loadSeconds, 2) },
        faults: rows,
        before_first_fault: warmup,
        total,
        by_kind: byKind,
        all_effects_converged_at_end: finalConverged !== null,
        job_schedulers: schedulers,
        missing_examples: missingExamples,
      },
      LABEL,
    );
  } finally {
    console.log(`[${LABEL}] stopping the stack...`);
    await control.bench.stop();
  }
}

runBench(LABEL, main);
