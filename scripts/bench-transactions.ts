// `npm run bench:transactions [-- --transactions N] [-- --samples N]`: the transactions list at volume.
// Starts its own stack, seeds Bench Realty with N transactions (default 100,000; the seed's time is
// printed), then measures GET /api/transactions/records through the edge for the first page, a deep
// page, quick searches and every sort column, each beside the very same SQL (the repository's own
// sqlOf) run straight on pg; and requests per second of the first page beside a bare Fastify + pg
// server running that SQL; then roadmaps at volume (bulk assign and remove of 100 x 3 x 25 beside one raw
// INSERT of as many rows, and recompute-team-due-dates after a blackout day is added); then reassignment
// (10,000 transactions of one agent moved to another beside one raw UPDATE, and the cap card's read); then boards (a
// column of 5,000 cards, the columns call, the tasks board's biggest column). Prints a table and
// writes bench-results/transactions-latest.json.
// A report, not a test: it asserts nothing and exits 0 unless the stack fails.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import Fastify from 'fastify';
import { Client, Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import {
  BOARD_CONSTANTS,
  EVENT_SUBSCRIPTIONS,
  LIST_FORM_ALIAS,
  SERVICE_NAMES,
  TRANSACTION_DEFAULT_PAGE_SIZE,
  eventsQueueOf,
  schemaOf,
  type TableResponse,
  type TransactionFieldDefinition,
  type TransactionRow,
} from '@app/contracts';
import { createServiceDataSource } from '@app/database';
import { DEFAULT_QUEUE_PREFIX } from '@app/events';
import { DEMO_PASSWORD } from '@app/seed';
import { TRANSACTION_BOARD_ORDER } from '../services/transactions/src/boards/boards.service';
import { CAPS_SQL } from '../services/transactions/src/commission/commission.repository';
import { TeamOptionsRepository } from '../services/transactions/src/fields/team-options.repository';
import { parseFilterKeys } from '../services/transactions/src/filters/filter-keys';
import { filterSql, type FilterSqlContext } from '../services/transactions/src/filters/filter-sql';
import { FiltersRepository } from '../services/transactions/src/filters/filters.repository';
import { FiltersService } from '../services/transactions/src/filters/filters.service';
import { orderByOf } from '../services/transactions/src/transactions/transaction-list.columns';
import { scopeOf } from '../services/transactions/src/transactions/transaction-list.service';
import { sqlOf, type TransactionPageQuery, type TransactionScope } from '../services/transactions/src/transactions/transactions.repository';
import {
  argValue,
  BenchStack,
  formatTable,
  login,
  machineInfo,
  mean,
  measure,
  percentile,
  root,
  round,
  runBench,
  serveChild,
  stackSettings,
  startChild,
  stopChild,
  writeReport,
} from './bench-kit';

const LABEL = 'bench:transactions';
const ADMIN_EMAIL = 'admin@bench-realty.test';
/** The spec's volume; `--transactions N` on the bench's command line for a quick run. */
const DEFAULT_TRANSACTIONS = 100_000;
/** Sequential requests timed per case (after WARMUP_REQUESTS untimed ones); `--samples N`. */
const DEFAULT_SAMPLES = 50;
const WARMUP_REQUESTS = 5;
/** The deep page of the spec (per_page 20), or the middle page when N is too small for it. */
const DEEP_PAGE = 5_000;
const DEEP_PER_PAGE = 20;
/** The goal: p95 through the edge at most this many times the p95 of the same SQL on pg. */
const GOAL_RATIO = 2;
/** A case whose SQL alone takes longer (p50) gets its EXPLAIN printed too, goal met or not. */
const SLOW_SQL_MS = 100;
// Requests per second of the first page: like `npm run bench`.
const CONNECTIONS = 10;
const DURATION_S = 5;
const WARMUP_S = 1;
/** The transactions service's pool (createServiceDataSource's default), for the floor server. */
const FLOOR_POOL_SIZE = 10;
/** Access tokens live 15 minutes; sign in again before this age. */
const TOKEN_REFRESH_MS = 10 * 60_000;
const DRAIN_TIMEOUT_MS = 30 * 60_000;

/** The list call's query parameters (what the console sends). */
interface ListParams {
  page?: number;
  per_page?: number;
  order_by?: string;
  order_dir?: 1 | -1;
  quick_search_filter?: string;
  /** Filter keys as the console sends them (spec 001), parsed and turned into SQL as the service does. */
  filters?: Record<string, string>;
}

interface Case {
  name: string;
  params: ListParams;
}

interface Latency {
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
  samples: number;
}

interface Throughput {
  name: string;
  url: string;
  connections: number;
  duration_s: number;
  requests_per_s: number;
  latency_ms: Latency;
  non_2xx: number;
  errors: number;
}

interface CaseResult {
  name: string;
  params: ListParams;
  url: string;
  rows: number;
  total: number;
  /** The API answered the same ids, in the same order, and the same total as the raw SQL. */
  same_page: boolean;
  api_ms: Latency;
  raw_sql_ms: Latency;
  non_2xx: number;
  ratio_p95: number;
  goal_met: boolean;
  /** Why the plan was taken: the case misses the goal, or its SQL alone is slow. */
  explain_reason?: string;
  explain?: string;
}

/** The repository query the service builds for these parameters (TransactionListService.list, a team-wide caller). */
function pageQueryOf(
  params: ListParams,
  scope: TransactionScope,
  fields: readonly TransactionFieldDefinition[],
  filterContext?: FilterSqlContext,
): TransactionPageQuery {
  const orderBy = orderByOf(params.order_by ?? 'created_ts', params.order_dir ?? 1, fields);
  if (!orderBy) throw new Error(`no sort for column ${params.order_by}`);
  let filter: TransactionPageQuery['filter'];
  if (params.filters) {
    const { keys, errors } = parseFilterKeys(params.filters);
    if (errors.length > 0 || !filterContext) throw new Error(`bad filter keys: ${JSON.stringify(errors)}`);
    filter = (values) => filterSql(keys, filterContext, values);
  }
  return {
    scope,
    orderBy,
    page: params.page ?? 1,
    perPage: params.per_page ?? TRANSACTION_DEFAULT_PAGE_SIZE,
    search: params.quick_search_filter,
    filter,
  };
}

function urlOf(origin: string, params: ListParams): string {
  const search = new URLSearchParams({ team_form_id: String(LIST_FORM_ALIAS) });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && key !== 'filters') search.set(key, String(value));
  for (const [key, value] of Object.entries(params.filters ?? {})) search.set(key, value);
  return `${origin}/api/transactions/records?${search}`;
}

function latencyOf(samples: ArrayLike<number>): Latency {
  const sorted = Float64Array.from(samples as ArrayLike<number>).sort();
  return {
    p50: round(percentile(sorted, 0.5), 3),
    p95: round(percentile(sorted, 0.95), 3),
    mean: round(mean(sorted), 3),
    min: round(sorted[0] ?? NaN, 3),
    max: round(sorted[sorted.length - 1] ?? NaN, 3),
    samples: sorted.length,
  };
}

/** One GET on a kept-alive connection: ms from the request written to the last byte of the answer, and its status. */
function timedGet(url: string, headers: Record<string, string>, agent: http.Agent): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * The case through the edge and its SQL on pg, one after the other (which goes first alternates),
 * sequentially: WARMUP_REQUESTS untimed pairs, then `samples` timed pairs. Interleaved so that whatever
 * else the machine does at a moment weighs on both sides alike.
 */
async function timeCase(
  url: string,
  headers: Record<string, string>,
  client: Client,
  sql: { text: string; values: unknown[] },
  samples: number,
): Promise<{ api: Latency; raw: Latency; non2xx: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  let non2xx = 0;
  const timeSql = async () => {
    const started = performance.now();
    await client.query(sql.text, sql.values);
    return performance.now() - started;
  };
  try {
    for (let i = 0; i < WARMUP_REQUESTS + samples; i++) {
      const timed = i >= WARMUP_REQUESTS;
      const apiFirst = i % 2 === 0;
      if (!apiFirst) rawTimes.push(await timeSql());
      const answer = await timedGet(url, headers, agent);
      if (answer.status < 200 || answer.status >= 300) non2xx++;
      else apiTimes.push(answer.ms);
      if (apiFirst) rawTimes.push(await timeSql());
      if (!timed) {
        apiTimes.length = 0;
        rawTimes.length = 0;
      }
    }
  } finally {
    agent.destroy();
  }
  return { api: latencyOf(apiTimes), raw: latencyOf(rawTimes), non2xx };
}

/** `npm run seed -- --team bench --transactions N --wait` against the bench's database; resolves with its wall time. */
function seed(databaseUrl: string, transactions: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(root, 'dist', 'scripts', 'seed.js'), '--team', 'bench', '--transactions', String(transactions), '--wait'],
      {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`seed exited with code ${code}`)),
    );
  });
}

/** Waits until every outbox is published and every events queue is idle, so the workers do not share the CPU with the measurements. */
async function waitForQuiet(databaseUrl: string, redisUrl: string): Promise<{ seconds: number; quiet: boolean }> {
  const started = performance.now();
  const consumers = [...new Set(Object.values(EVENT_SUBSCRIPTIONS).flat())];
  const queues = consumers.map(
    (service) => new Queue(eventsQueueOf(service), { connection: { url: redisUrl }, prefix: DEFAULT_QUEUE_PREFIX }),
  );
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const unpublishedSql = SERVICE_NAMES.map((s) => `(SELECT count(*) FROM "${schemaOf(s)}".outbox WHERE published_at IS NULL)`).join(' + ');
  let lastLog = 0;
  try {
    for (;;) {
      const [{ unpublished }] = (await client.query(`SELECT (${unpublishedSql})::int AS unpublished`)).rows;
      let pending = 0;
      for (const queue of queues) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
        pending += Object.values(counts).reduce((a, b) => a + b, 0);
      }
      const seconds = (performance.now() - started) / 1000;
      if (unpublished === 0 && pending === 0) return { seconds, quiet: true };
      if (performance.now() - started > DRAIN_TIMEOUT_MS) {
        console.log(
          `[${LABEL}] events still draining after ${seconds.toFixed(0)} s (${unpublished} unpublished, ${pending} queued): measuring anyway`,
        );
        return { seconds, quiet: false };
      }
      if (performance.now() - lastLog > 15_000) {
        console.log(
          `[${LABEL}] waiting for the events to drain: ${unpublished} unpublished outbox rows, ${pending} queued jobs (${seconds.toFixed(0)} s)`,
        );
        lastLog = performance.now();
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await client.end();
    await Promise.all(queues.map((q) => q.close()));
  }
}

/** Child-process mode: the floor, a bare Fastify server answering the first page's SQL from pg. */
async function serveFloor(): Promise<void> {
  const sql = JSON.parse(process.env.FLOOR_SQL ?? '') as { text: string; values: unknown[] };
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: FLOOR_POOL_SIZE });
  const app = Fastify({ logger: false });
  app.get('/floor', async () => ({ rows: (await pool.query(sql.text, sql.values)).rows }));
  app.addHook('onClose', () => pool.end());
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveChild(app);
}

/** A signed-in admin whose token is renewed before it expires (a full run outlasts one token). */
class Session {
  private token = '';
  private signedInAt = 0;
  caller!: AuthenticatedUser;

  constructor(private readonly origin: string) {}

  async headers(): Promise<Record<string, string>> {
    if (Date.now() - this.signedInAt > TOKEN_REFRESH_MS) {
      const tokens = await login(this.origin, ADMIN_EMAIL, DEMO_PASSWORD);
      this.token = tokens.access_token;
      this.signedInAt = Date.now();
      const user = tokens.user;
      this.caller = {
        agent_id: user.agent_id,
        team_id: user.team.team_id,
        roles: user.roles,
        permissions: user.permissions,
        market_id: user.team.market_id,
      };
    }
    return { authorization: `Bearer ${this.token}` };
  }

  async get(params: ListParams): Promise<{ status: number; body: TableResponse<TransactionRow> }> {
    const response = await fetch(urlOf(this.origin, params), { headers: await this.headers() });
    return { status: response.status, body: (await response.json()) as TableResponse<TransactionRow> };
  }
}

/** Steps of each bench template; templates assigned at once; transactions in the bulk call (goal: 100 x 3 x 25 in under 2 s). */
const ROADMAP_STEPS = 25;
const ROADMAP_TEMPLATES = 3;
const ROADMAP_TRANSACTIONS = 100;
/** How long to wait for recompute-team-due-dates (goal: 500,000 open tasks in under 3 minutes). */
const RECOMPUTE_TIMEOUT_MS = 15 * 60_000;

interface RoadmapReport {
  bulk: {
    transactions: number;
    templates: number;
    steps: number;
    tasks: number;
    assign_s: number;
    remove_s: number;
    floor_insert_s: number;
    ratio_assign: number;
    goal_s: 2;
  };
  recompute: {
    open_dated_tasks: number;
    moved: number;
    seconds: number;
    tasks_per_s: number;
    projected_500k_s: number;
    goal_500k_s: 180;
    finished: boolean;
  };
}

/**
 * Roadmaps at volume: POST and DELETE /api/transaction/rtc/bulk for 100 transactions x 3 templates x 25
 * steps through the edge, beside the floor of inserting as many task rows with one raw INSERT; then a
 * blackout day added through team-admin's API and the time until recompute-team-due-dates has applied it
 * to every open dated task of the team (tasks per second, projected to 500,000).
 */
async function roadmapCases(origin: string, session: Session, client: Client, teamId: number): Promise<RoadmapReport> {
  const headers = { ...(await session.headers()), 'content-type': 'application/json' };
  const stamp = Date.now();
  const rtcIds: number[] = [];
  for (let i = 0; i < ROADMAP_TEMPLATES; i++) {
    const { rows } = await client.query(
      `INSERT INTO transactions.roadmap_templates (team_id, name, client_type) VALUES ($1, $2, NULL) RETURNING rtc_id`,
      [teamId, `Bench roadmap ${stamp}-${i}`],
    );
    rtcIds.push(rows[0].rtc_id);
    await client.query(
      `INSERT INTO transactions.roadmap_steps (rtc_id, step, name, trigger, offset_days, assignee)
       SELECT $1, k, 'Bench step ' || k, CASE k % 3 WHEN 0 THEN 'assigned' WHEN 1 THEN 'signed_dt' ELSE 'est_close_dt' END, k, 'primary_agent'
         FROM generate_series(1, $2) AS k`,
      [rows[0].rtc_id, ROADMAP_STEPS],
    );
  }
  const { rows: picked } = await client.query(
    `SELECT client_id FROM transactions.transactions WHERE team_id = $1 ORDER BY client_id DESC LIMIT $2`,
    [teamId, ROADMAP_TRANSACTIONS],
  );
  const body = JSON.stringify({ client_ids: picked.map((row) => row.client_id), rtc_id: rtcIds });
  const timed = async (method: string) => {
    const started = performance.now();
    const response = await fetch(`${origin}/api/transaction/rtc/bulk`, { method, headers, body });
    const answer = await response.json();
    if (response.status !== 200)
      throw new Error(`${method} /api/transaction/rtc/bulk answered HTTP ${response.status}: ${JSON.stringify(answer)}`);
    return { seconds: (performance.now() - started) / 1000, answer };
  };
  const assign = await timed('POST');
  const [{ tasks }] = (await client.query(`SELECT count(*)::int AS tasks FROM transactions.tasks WHERE rtc_id = ANY($1::int[])`, [rtcIds]))
    .rows;
  const remove = await timed('DELETE');
  // The floor: as many task rows in one INSERT ... SELECT, rolled back.
  await client.query('BEGIN');
  const floorStarted = performance.now();
  await client.query(
    `INSERT INTO transactions.tasks (team_id, client_id, name, due_source, rtc_id, step, trigger, offset_days, on_roadmap, assigned_to_agent_id)
     SELECT t.team_id, t.client_id, s.name, 'roadmap', s.rtc_id, s.step, s.trigger, s.offset_days, true, t.primary_agent_id
       FROM transactions.transactions t JOIN transactions.roadmap_steps s ON s.rtc_id = ANY($2::int[]) WHERE t.client_id = ANY($1::int[])`,
    [picked.map((row) => row.client_id), rtcIds],
  );
  const floorSeconds = (performance.now() - floorStarted) / 1000;
  await client.query('ROLLBACK');
  console.log(
    `[${LABEL}] roadmaps: ${tasks} tasks assigned in ${assign.seconds.toFixed(2)} s (goal < 2 s), removed in ${remove.seconds.toFixed(2)} s; one raw INSERT of as many rows: ${floorSeconds.toFixed(2)} s`,
  );

  // Blackout Saturdays: every open dated task of the team is looked at, those on a Saturday move.
  const [{ open }] = (
    await client.query(
      `SELECT count(*)::int AS open FROM transactions.tasks WHERE team_id = $1 AND NOT done AND original_due_dt IS NOT NULL`,
      [teamId],
    )
  ).rows;
  const movedBefore = Number(
    (await client.query(`SELECT count(*) AS n FROM transactions.outbox WHERE type = 'transactions.task.updated'`)).rows[0].n,
  );
  const started = performance.now();
  const added = await fetch(`${origin}/api/admin/team/blackout-day`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ predefined_day_key: 'saturday' }),
  });
  if (added.status !== 201 && added.status !== 200)
    throw new Error(`POST /api/admin/team/blackout-day answered HTTP ${added.status}: ${await added.text()}`);
  let finished = false;
  while (performance.now() - started < RECOMPUTE_TIMEOUT_MS) {
    const { rows } = await client.query(`SELECT revision, applied_revision FROM transactions.team_calendars WHERE team_id = $1`, [teamId]);
    if (
      rows[0] &&
      rows[0].applied_revision >= rows[0].revision &&
      rows[0].revision > 0 &&
      (await client.query(`SELECT 1 FROM transactions.team_calendars WHERE team_id = $1 AND 6 = ANY(weekdays)`, [teamId])).rowCount
    ) {
      finished = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const seconds = (performance.now() - started) / 1000;
  const moved =
    Number((await client.query(`SELECT count(*) AS n FROM transactions.outbox WHERE type = 'transactions.task.updated'`)).rows[0].n) -
    movedBefore;
  await fetch(`${origin}/api/admin/team/blackout-day?predefined_day_key=saturday`, { method: 'DELETE', headers: await session.headers() });
  const tasksPerSecond = open / seconds;
  console.log(
    `[${LABEL}] recompute-team-due-dates: ${open} open dated tasks (${moved} moved) ${finished ? 'in' : 'not finished after'} ${seconds.toFixed(1)} s; ` +
      `${tasksPerSecond.toFixed(0)} tasks/s, 500,000 projected at ${(500_000 / tasksPerSecond).toFixed(0)} s (goal < 180 s)`,
  );
  return {
    bulk: {
      transactions: picked.length,
      templates: ROADMAP_TEMPLATES,
      steps: ROADMAP_STEPS,
      tasks,
      assign_s: round(assign.seconds, 3),
      remove_s: round(remove.seconds, 3),
      floor_insert_s: round(floorSeconds, 3),
      ratio_assign: round(assign.seconds / floorSeconds, 2),
      goal_s: 2,
    },
    recompute: {
      open_dated_tasks: open,
      moved,
      seconds: round(seconds, 1),
      tasks_per_s: round(tasksPerSecond, 0),
      projected_500k_s: round(500_000 / tasksPerSecond, 0),
      goal_500k_s: 180,
      finished,
    },
  };
}

/** The goal: reassigning 10,000 transactions in under 5 s. */
const REASSIGN_TRANSACTIONS = 10_000;

interface ReassignReport {
  transactions: number;
  open_tasks_moved: number;
  reassign_s: number;
  floor_update_s: number;
  ratio: number;
  goal_s: 5;
  caps_read: { api_ms: Latency; raw_sql_ms: Latency; non_2xx: number; ratio_p95: number };
}

/**
 * Reassignment (spec 000): one bench agent is given REASSIGN_TRANSACTIONS of the team's transactions (by SQL),
 * then POST /api/transactions/reassign moves them all to another agent, with their open tasks and lines, timed
 * beside the floor (one raw UPDATE of the same rows' primary agent, rolled back). Then the cap card's read
 * (GET /api/caps for that agent) in sequence. Reported, not asserted.
 */
async function reassignCases(origin: string, session: Session, client: Client, teamId: number, samples: number): Promise<ReassignReport> {
  const { rows: agents } = await client.query(
    `SELECT agent_id FROM transactions.agents WHERE team_id = $1 AND 'AGENT' = ANY(roles) AND status = 'active' ORDER BY agent_id LIMIT 2`,
    [teamId],
  );
  if (agents.length < 2) throw new Error('the bench team needs two agents for the reassignment bench');
  const [from, to] = agents.map((row: { agent_id: number }) => row.agent_id);
  await client.query(
    `UPDATE transactions.transactions SET primary_agent_id = $2 WHERE client_id IN (SELECT client_id FROM transactions.transactions WHERE team_id = $1 ORDER BY client_id LIMIT $3)`,
    [teamId, from, REASSIGN_TRANSACTIONS],
  );
  const [{ moving, tasks }] = (
    await client.query(
      `SELECT count(*)::int AS moving, (SELECT count(*)::int FROM transactions.tasks k JOIN transactions.transactions t USING (client_id) WHERE t.primary_agent_id = $2 AND k.assigned_to_agent_id = $2 AND NOT k.done) AS tasks
         FROM transactions.transactions WHERE team_id = $1 AND primary_agent_id = $2`,
      [teamId, from],
    )
  ).rows;
  await client.query('BEGIN');
  const floorStarted = performance.now();
  await client.query(
    `UPDATE transactions.transactions SET primary_agent_id = $3, version = version + 1 WHERE team_id = $1 AND primary_agent_id = $2`,
    [teamId, from, to],
  );
  const floorSeconds = (performance.now() - floorStarted) / 1000;
  await client.query('ROLLBACK');
  const headers = { ...(await session.headers()), 'content-type': 'application/json' };
  const started = performance.now();
  const response = await fetch(`${origin}/api/transactions/reassign`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ from_agent_id: from, to_agent_id: to, type: 'all' }),
  });
  const seconds = (performance.now() - started) / 1000;
  const answer = (await response.json()) as { reassigned_count: number };
  if (response.status !== 200)
    throw new Error(`POST /api/transactions/reassign answered HTTP ${response.status}: ${JSON.stringify(answer)}`);
  // The cap card's read beside its own SQL on pg (the repository's CAPS_SQL), interleaved.
  const caps = await timeCase(
    `${origin}/api/caps?agent_id=${to}`,
    await session.headers(),
    client,
    { text: CAPS_SQL, values: [teamId, to] },
    samples,
  );
  console.log(
    `[${LABEL}] reassignment: ${answer.reassigned_count} transactions (${tasks} open tasks) in ${seconds.toFixed(2)} s (goal < 5 s); ` +
      `one raw UPDATE of their agent: ${floorSeconds.toFixed(2)} s; GET /api/caps of the agent p95 ${fmt(caps.api.p95)} ms, its SQL p95 ${fmt(caps.raw.p95)} ms (${(caps.api.p95 / caps.raw.p95).toFixed(2)}x)`,
  );
  return {
    transactions: moving,
    open_tasks_moved: tasks,
    reassign_s: round(seconds, 3),
    floor_update_s: round(floorSeconds, 3),
    ratio: round(seconds / floorSeconds, 2),
    goal_s: 5,
    caps_read: { api_ms: caps.api, raw_sql_ms: caps.raw, non_2xx: caps.non2xx, ratio_p95: round(caps.api.p95 / caps.raw.p95, 2) },
  };
}

interface BoardCaseReport {
  name: string;
  url: string;
  column_cards: number;
  api_ms: Latency;
  /** The repository's own SQL of the same page on pg (the transaction boards). */
  raw_sql_ms: Latency | null;
  non_2xx: number;
  budget_ms: number;
  p95_within_budget: boolean;
}

/**
 * Boards at volume (goal: a column of 5,000 cards answers its first page in under 150 ms):
 * the stages board's biggest column filled up to BOARD_CONSTANTS.benchColumnCards (run last: it moves
 * bench transactions between stages), its first page through the edge beside its SQL on pg; the
 * columns call; and the tasks board's Not Started column.
 */
async function boardCases(
  origin: string,
  session: Session,
  client: Client,
  scope: TransactionScope,
  samples: number,
): Promise<BoardCaseReport[]> {
  const teamId = scope.teamId;
  const target = BOARD_CONSTANTS.benchColumnCards;
  const { rows: biggest } = await client.query(
    `SELECT s.stage_id, count(t.client_id)::int AS cards FROM transactions.stages s LEFT JOIN transactions.transactions t ON t.stage_id = s.stage_id AND NOT t.hidden_on_boards
      WHERE s.team_id = $1 GROUP BY s.stage_id ORDER BY cards DESC, s.stage_id LIMIT 1`,
    [teamId],
  );
  if (!biggest[0]) return [];
  const stageId: number = biggest[0].stage_id;
  if (biggest[0].cards < target) {
    await client.query(
      `UPDATE transactions.transactions SET stage_id = $2 WHERE client_id IN (
         SELECT client_id FROM transactions.transactions WHERE team_id = $1 AND stage_id IS DISTINCT FROM $2 AND NOT hidden_on_boards ORDER BY client_id LIMIT $3)`,
      [teamId, stageId, target - biggest[0].cards],
    );
    await client.query('ANALYZE transactions.transactions');
  }
  const headers = await session.headers();
  const reports: BoardCaseReport[] = [];
  const run = async (name: string, urlPath: string, cards: number, sql: { text: string; values: unknown[] } | null) => {
    const url = `${origin}${urlPath}`;
    let api: Latency;
    let raw: Latency | null = null;
    let non2xx = 0;
    if (sql) ({ api, raw, non2xx } = await timeCase(url, headers, client, sql, samples));
    else {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const times: number[] = [];
      for (let i = 0; i < WARMUP_REQUESTS + samples; i++) {
        const answer = await timedGet(url, headers, agent);
        if (answer.status < 200 || answer.status >= 300) non2xx++;
        else if (i >= WARMUP_REQUESTS) times.push(answer.ms);
      }
      agent.destroy();
      api = latencyOf(times);
    }
    const budget = BOARD_CONSTANTS.benchColumnBudgetMs;
    reports.push({
      name,
      url: urlPath,
      column_cards: cards,
      api_ms: api,
      raw_sql_ms: raw,
      non_2xx: non2xx,
      budget_ms: budget,
      p95_within_budget: api.p95 <= budget,
    });
    console.log(
      `[${LABEL}] board ${name} (${cards} cards): p50 ${fmt(api.p50)} ms, p95 ${fmt(api.p95)} ms${raw ? `, raw SQL p95 ${fmt(raw.p95)} ms` : ''} (budget ${budget} ms)`,
    );
  };
  const [{ cards }] = (
    await client.query(
      `SELECT count(*)::int AS cards FROM transactions.transactions WHERE team_id = $1 AND stage_id = $2 AND NOT hidden_on_boards`,
      [teamId, stageId],
    )
  ).rows;
  const pageSql = sqlOf({
    scope,
    orderBy: TRANSACTION_BOARD_ORDER,
    page: 1,
    perPage: BOARD_CONSTANTS.perPage,
    filter: (params) => ['NOT t.hidden_on_boards', `t.stage_id = $${params.push(stageId)}`],
  });
  await run('stages column, first page', `/api/boards/stages/cards?column_id=${stageId}`, cards, pageSql);
  await run('stages columns and totals', '/api/boards/stages', cards, null);
  const [{ open }] = (
    await client.query(`SELECT count(*)::int AS open FROM transactions.tasks WHERE team_id = $1 AND status_id = 1`, [teamId])
  ).rows;
  await run('tasks Not Started column, first page', '/api/boards/tasks/cards?column_id=1', open, null);
  return reports;
}

/** Quick searches from one seeded row in the middle: a name, an email fragment, a phone number as typed, an ID. */
async function searchCases(client: Client, teamId: number): Promise<Case[]> {
  const { rows } = await client.query(
    `SELECT client_id, last_name, email, mobile_phone FROM transactions.transactions WHERE team_id = $1
      ORDER BY client_id OFFSET (SELECT count(*) / 2 FROM transactions.transactions WHERE team_id = $1) LIMIT 1`,
    [teamId],
  );
  const row = rows[0] as { client_id: number; last_name: string; email: string; mobile_phone: string } | undefined;
  if (!row) return [];
  // 'mary.garcia50000@example.com' -> 'garcia50000@ex'; '5551234567' -> '(555) 123-4567'.
  const emailFragment = row.email.slice(row.email.indexOf('.') + 1, row.email.indexOf('@') + 3);
  const digits = row.mobile_phone.replace(/\D/g, '').slice(-10);
  const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return [
    { name: `quick search name "${row.last_name}"`, params: { quick_search_filter: row.last_name } },
    { name: `quick search email "${emailFragment}"`, params: { quick_search_filter: emailFragment } },
    { name: `quick search phone "${phone}"`, params: { quick_search_filter: phone } },
    { name: `quick search ID ${row.client_id}`, params: { quick_search_filter: String(row.client_id) } },
  ];
}

/**
 * The filters issue ("Filters: the filter keys on the transaction list and boards, ...") adds its
 * five-key filter case here, e.g. { name: 'five-key filter', params: { ...its five keys } }, once
 * ListParams and pageQueryOf carry the filter keys.
 */
/** A filter of five keys (type, stage, not lost, a price floor, a tag), as a saved filter or a dashboard link would carry. */
async function filterCases(client: Client, teamId: number): Promise<Case[]> {
  const { rows } = await client.query(
    `SELECT (SELECT min(stage_id) FROM transactions.stages WHERE team_id = $1) AS stage_id, (SELECT min(tag_id) FROM transactions.tags WHERE team_id = $1) AS tag_id`,
    [teamId],
  );
  const { stage_id: stageId, tag_id: tagId } = rows[0] as { stage_id: number | null; tag_id: number | null };
  if (stageId === null || tagId === null) return [];
  return [
    {
      name: 'filter: five keys',
      params: {
        filters: {
          type_filter: 'b',
          client_stage_id: String(stageId),
          exclude_lost: 'true',
          amount_filter_key: 'trans_amt',
          range_start: '100000',
          tag_filters: JSON.stringify([[{ tag_filter_modifier: 'exists', tag_filter_id: tagId }]]),
        },
      },
    },
    { name: 'filter: closed this year', params: { filters: { client_filter: 'closed', status_date_preset: 'thisYear' } } },
  ];
}

const fmt = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(2) : '-');

function table(results: CaseResult[]): string {
  const header = ['case', 'p50 ms', 'p95 ms', 'raw SQL p50', 'raw SQL p95', 'p95 / raw p95', `goal p95 <= ${GOAL_RATIO}x raw`];
  return formatTable(
    header,
    results.map((r) => [
      r.name,
      fmt(r.api_ms.p50),
      fmt(r.api_ms.p95),
      fmt(r.raw_sql_ms.p50),
      fmt(r.raw_sql_ms.p95),
      Number.isFinite(r.ratio_p95) ? `${r.ratio_p95.toFixed(2)}x` : '-',
      r.goal_met ? 'met' : 'not met',
    ]),
  );
}

async function main(): Promise<void> {
  const transactions = argValue('--transactions', DEFAULT_TRANSACTIONS);
  const samples = Math.max(1, argValue('--samples', DEFAULT_SAMPLES));
  const bench = new BenchStack(LABEL);
  let dataSource: DataSource | undefined;
  let sqlClient: Client | undefined;
  bench.onStop(async () => {
    await sqlClient?.end();
    await dataSource?.destroy();
  });
  try {
    // The fixed users only at start-up; the volume seed below is the one that is timed.
    const stack = await bench.start(['--team', 'bench']);

    console.log(
      `[${LABEL}] seeding Bench Realty with ${transactions} transactions (npm run seed -- --team bench --transactions ${transactions} --wait)...`,
    );
    const seedSeconds = await seed(stack.databaseUrl, transactions);
    console.log(`[${LABEL}] seed: ${seedSeconds.toFixed(1)} s for ${transactions} transactions (goal for 100,000: under 600 s)`);
    const drain = await waitForQuiet(stack.databaseUrl, stack.redisUrl);
    console.log(`[${LABEL}] events drained ${drain.quiet ? 'in' : 'for'} ${drain.seconds.toFixed(1)} s after the seed`);

    sqlClient = new Client({ connectionString: stack.databaseUrl, application_name: 'bench-raw-sql' });
    await sqlClient.connect();
    // Autovacuum would get there on its own a little later; measured plans should not depend on when it did.
    const vacuumStarted = performance.now();
    await sqlClient.query('VACUUM (ANALYZE) transactions.transactions');
    console.log(`[${LABEL}] VACUUM (ANALYZE) transactions.transactions: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);

    const session = new Session(stack.origin);
    await session.headers();
    const scope = scopeOf(session.caller);
    dataSource = await createServiceDataSource({
      url: stack.databaseUrl,
      schema: 'transactions',
      entities: [],
      migrations: [],
      poolSize: 1,
      applicationName: 'bench-forms',
    }).initialize();
    const form = await new TeamOptionsRepository(dataSource).formWithFields(scope.teamId, LIST_FORM_ALIAS);
    const fields = form?.fields ?? [];

    const first = await session.get({});
    if (first.status !== 200) throw new Error(`GET /api/transactions/records answered HTTP ${first.status}: ${JSON.stringify(first.body)}`);
    const total = first.body.pagination.total;
    console.log(`[${LABEL}] signed in as ${ADMIN_EMAIL}; the list has ${total} transactions and ${first.body.table.cols.length} columns`);

    const deepPage = Math.ceil(total / DEEP_PER_PAGE) >= DEEP_PAGE ? DEEP_PAGE : Math.max(1, Math.ceil(total / DEEP_PER_PAGE / 2));
    const cases: Case[] = [
      { name: 'first page', params: {} },
      { name: `page ${deepPage} (per_page ${DEEP_PER_PAGE})`, params: { page: deepPage, per_page: DEEP_PER_PAGE } },
      ...(await searchCases(sqlClient, scope.teamId)),
      ...first.body.table.cols.flatMap((col): Case[] => [
        { name: `sort ${col.field} asc`, params: { order_by: col.field, order_dir: 1 } },
        { name: `sort ${col.field} desc`, params: { order_by: col.field, order_dir: -1 } },
      ]),
      ...(await filterCases(sqlClient, scope.teamId)),
    ];
    const filterContext = await new FiltersService(new FiltersRepository(dataSource), new TeamOptionsRepository(dataSource)).contextOf(
      scope.teamId,
    );

    // The machine may be shared (another stack, a test run): its load is in the report, beside the figures.
    const loadBefore = round(os.loadavg()[0]);
    console.log(`[${LABEL}] measuring ${cases.length} cases; load average (1 min) ${loadBefore} on ${os.cpus().length} CPUs`);
    const results: CaseResult[] = [];
    for (const [index, c] of cases.entries()) {
      const sql = sqlOf(pageQueryOf(c.params, scope, fields, filterContext));
      // The same page? Ids in order and the total, from the API and from the SQL.
      const answer = await session.get(c.params);
      const rawRows = (await sqlClient.query(sql.text, sql.values)).rows as { client_id: number | null; total: number }[];
      const apiIds = answer.status === 200 ? answer.body.table.data.map((r) => r.client_id) : [];
      const rawIds = rawRows.filter((r) => r.client_id !== null).map((r) => Number(r.client_id));
      const samePage =
        answer.status === 200 && answer.body.pagination.total === (rawRows[0]?.total ?? 0) && apiIds.join() === rawIds.join();

      const url = urlOf(stack.origin, c.params);
      const headers = await session.headers();
      const { api: apiMs, raw, non2xx } = await timeCase(url, headers, sqlClient, sql, samples);
      const ratio = round(apiMs.p95 / raw.p95, 2);
      results.push({
        name: c.name,
        params: c.params,
        url: url.slice(stack.origin.length),
        rows: apiIds.length,
        total: answer.status === 200 ? answer.body.pagination.total : 0,
        same_page: samePage,
        api_ms: apiMs,
        raw_sql_ms: raw,
        non_2xx: non2xx,
        ratio_p95: ratio,
        goal_met: ratio <= GOAL_RATIO && non2xx === 0,
      });
      console.log(
        `[${LABEL}] ${index + 1}/${cases.length} ${c.name}: p95 ${fmt(apiMs.p95)} ms, raw SQL p95 ${fmt(raw.p95)} ms (${ratio.toFixed(2)}x)` +
          (samePage ? '' : ' - NOT the same page as the raw SQL') +
          (non2xx ? ` - ${non2xx} non-2xx answers` : ''),
      );
    }

    // Requests per second of the first page: through the edge, and the floor (bare Fastify + pg, the same SQL).
    const firstSql = sqlOf(pageQueryOf({}, scope, fields));
    const floor = await startChild('--floor-server', {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      FLOOR_SQL: JSON.stringify(firstSql),
    });
    bench.onStop(() => stopChild(floor.child));
    const steady = { connections: CONNECTIONS, duration: DURATION_S };
    const throughput = [
      {
        name: 'edge -> transactions GET /api/transactions/records (first page)',
        options: { url: urlOf(stack.origin, {}), headers: await session.headers(), ...steady },
      },
      { name: 'bare Fastify + pg, the same SQL (floor)', options: { url: `http://127.0.0.1:${floor.port}/floor`, ...steady } },
    ];
    const rps: Throughput[] = [];
    for (const t of throughput) {
      process.stdout.write(`[${LABEL}] ${t.name}: ${CONNECTIONS} connections, ${DURATION_S} s... `);
      const measured = await measure(t.options, WARMUP_S);
      console.log(`${measured.result.requests.average.toFixed(0)} req/s`);
      rps.push({
        name: t.name,
        url: t.options.url.replace(stack.origin, ''),
        connections: CONNECTIONS,
        duration_s: DURATION_S,
        requests_per_s: round(measured.result.requests.average),
        latency_ms: latencyOf(measured.latencies),
        non_2xx: measured.result.non2xx,
        errors: measured.result.errors + measured.result.timeouts,
      });
    }

    const loadAfter = round(os.loadavg()[0]);

    // EXPLAIN (ANALYZE, BUFFERS) of the raw SQL of every case that misses the goal, and of every case
    // whose SQL alone is slow (it meets a ratio goal however slow it is; that is where an index is missing).
    for (const r of results) {
      if (r.goal_met && r.raw_sql_ms.p50 <= SLOW_SQL_MS) continue;
      r.explain_reason = r.goal_met
        ? `raw SQL p50 ${fmt(r.raw_sql_ms.p50)} ms > ${SLOW_SQL_MS} ms`
        : `misses the goal: ${r.ratio_p95.toFixed(2)}x raw`;
      const sql = sqlOf(pageQueryOf(r.params, scope, fields, filterContext));
      const plan = await sqlClient.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.values);
      r.explain = plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
    }

    console.log(
      `\nBench Realty, ${total} transactions; seed ${seedSeconds.toFixed(1)} s; ${samples} sequential requests per case after ${WARMUP_REQUESTS} untimed;` +
        ` load average ${loadBefore} -> ${loadAfter} on ${os.cpus().length} CPUs\n`,
    );
    console.log(table(results));
    console.log(
      '\n' +
        formatTable(
          ['first page', 'req/s', 'p50 ms', 'p95 ms', 'x floor req/s', 'non-2xx', 'errors'],
          rps.map((r) => [
            r.name,
            r.requests_per_s.toFixed(0),
            fmt(r.latency_ms.p50),
            fmt(r.latency_ms.p95),
            (r.requests_per_s / rps[1].requests_per_s).toFixed(3),
            String(r.non_2xx),
            String(r.errors),
          ]),
        ),
    );
    const met = results.filter((r) => r.goal_met).length;
    console.log(`\n[${LABEL}] goal p95 <= ${GOAL_RATIO}x raw SQL p95: met by ${met} of ${results.length} cases`);
    for (const r of results.filter((x) => !x.same_page))
      console.log(`[${LABEL}] note: ${r.name}: the API's page differs from the raw SQL's (ids or total)`);
    for (const r of results.filter((x) => x.explain)) {
      console.log(`\n[${LABEL}] EXPLAIN (ANALYZE, BUFFERS) of "${r.name}" (${r.explain_reason}):\n${r.explain}`);
    }

    const roadmaps = await roadmapCases(stack.origin, session, sqlClient, scope.teamId);
    const reassignment = await reassignCases(stack.origin, session, sqlClient, scope.teamId, samples);
    // Last: it fills one stage up to a 5,000-card column.
    const boards = await boardCases(stack.origin, session, sqlClient, scope, samples);

    writeReport(
      'transactions-latest.json',
      {
        measured_at: new Date().toISOString(),
        machine: { ...machineInfo(), load_average_1m: { before: loadBefore, after: loadAfter } },
        settings: {
          transactions,
          samples_per_case: samples,
          warmup_requests: WARMUP_REQUESTS,
          goal: `p95 through the edge <= ${GOAL_RATIO}x p95 of the same SQL on pg (reported, not asserted)`,
          latency:
            'client-side, sequential, API and raw SQL interleaved: API on one kept-alive connection from request written to the last byte of the answer; raw SQL on one pg connection from query sent to rows parsed',
          raw_sql: "the repository's own sqlOf for the service's query, on one pg connection from this process",
          floor: `bare Fastify + pg (pool ${FLOOR_POOL_SIZE}) running the first page's SQL, in its own process`,
          ...stackSettings(),
        },
        seed: {
          transactions,
          seconds: round(seedSeconds, 1),
          goal_seconds: 600,
          events_drain_seconds: round(drain.seconds, 1),
          events_drained: drain.quiet,
        },
        list_total: total,
        cases: results,
        first_page_requests_per_s: { through_edge: rps[0], floor: rps[1], ratio: round(rps[0].requests_per_s / rps[1].requests_per_s, 4) },
        roadmaps,
        reassignment,
        boards,
      },
      LABEL,
    );
  } finally {
    console.log(`[${LABEL}] stopping the stack...`);
    await bench.stop();
  }
}

runBench(LABEL, main, { '--floor-server': serveFloor });
