import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import {
  bootTestService,
  eventually,
  signTestToken,
  startOwnPostgres,
  testEnv,
  TransactionsFactory,
  type OwnServer,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../../services/messaging/src/messaging.config';
import { MessagingModule } from '../../services/messaging/src/messaging.module';
import { messagingMigrations } from '../../services/messaging/src/migrations';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { transactionsConfigSpec, type TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';

// Postgres restarts under load: a Postgres of the test's own (never the run's shared one) is stopped in the
// middle of a burst of creates and started again ~2 s later. No request hangs (each answers 201 or 503 within
// 5 s), readiness says database 'down' while it is away and comes back by itself, every acknowledged create
// has exactly one row, its event is relayed once Postgres is back (the relay heals) and consumed once by
// messaging, and writes after the restart succeed. transactions and messaging run in mode 'all' (relay and
// consumers in process), with the suites' settings (a pool of one).

const TEAM = 901;
const ADMIN = 91;
const AGENT = 92;
const BURST = 100;
const EVERY_MS = 50; // ~20 creates a second
const STOP_AFTER_MS = 1_500;
const DOWN_FOR_MS = 2_000;

interface Sent {
  i: number;
  status: number | 'hung' | 'error';
  ms: number;
  body: { client_id?: number; message?: string };
  retryAfter?: string;
}

describe('Postgres restart under a burst of creates', () => {
  let own: OwnServer;
  let database: TestDatabase;
  let storageDir: string;
  let transactions: TestService<TransactionsConfig>;
  let messaging: TestService<MessagingConfig>;
  let origin: string;
  let token: string;

  /** One query on a connection of its own (Postgres may have restarted since the last). */
  const query = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: own.url, application_name: 'postgres-restart-probe' });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const create = async (i: number, address = `${i + 1} Restart St`): Promise<Sent> => {
    const started = Date.now();
    try {
      const response = await request(origin)
        .post('/api/transactions')
        .set('authorization', `Bearer ${token}`)
        .send({ type: 'b', address_1: address, primary_agent_id: AGENT })
        .timeout(10_000);
      return { i, status: response.status, ms: Date.now() - started, body: response.body, retryAfter: response.headers['retry-after'] };
    } catch (error) {
      return {
        i,
        status: (error as { timeout?: number }).timeout ? 'hung' : 'error',
        ms: Date.now() - started,
        body: { message: (error as Error).message },
      };
    }
  };
  const health = async () => {
    const started = Date.now();
    const response = await request(origin).get('/api/transactions/health').timeout(5_000);
    return { status: response.status, database: response.body?.checks?.database as string, ms: Date.now() - started };
  };

  beforeAll(async () => {
    own = await startOwnPostgres();
    const name = `pgr_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    // The own server's 'realty' database; the name only makes the queue prefix (on the shared Redis) unique.
    database = { url: own.url, name, drop: async () => undefined };
    storageDir = mkdtempSync(path.join(tmpdir(), 'postgres-restart-'));
    transactions = await bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database, { STORAGE_DIR: storageDir }),
      configSpec: transactionsConfigSpec,
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'all'),
    });
    messaging = await bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: path.join(storageDir, 'mail') }),
      configSpec: messagingConfigSpec,
      migrations: messagingMigrations,
      module: (config) => MessagingModule.forRoot(config, 'all'),
    });
    await transactions.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(transactions.app.getHttpServer().address() as AddressInfo).port}`;
    const factory = new TransactionsFactory(transactions.dataSource);
    await factory.options(TEAM);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    token = await signTestToken({ agent_id: ADMIN, team_id: TEAM, roles: ['ADMIN'], permissions: [], market_id: 0 });
    expect((await health()).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await messaging?.close();
    await transactions?.close();
    await own?.close();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  it('answers every create with 201 or 503 in time, heals its readiness and relay by itself, and loses or doubles no acknowledged write', async () => {
    const burstStarted = Date.now();
    const sent: Promise<Sent>[] = [];
    const firing = (async () => {
      for (let i = 0; i < BURST; i++) {
        sent.push(create(i));
        await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
      }
    })();

    // Postgres goes away in the middle of the burst, for ~2 s, while readiness is asked every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, STOP_AFTER_MS));
    await own.stop();
    const stoppedAt = Date.now();
    const whileDown: Awaited<ReturnType<typeof health>>[] = [];
    while (Date.now() - stoppedAt < DOWN_FOR_MS) {
      whileDown.push(await health());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await own.start();
    const restartedAt = Date.now();
    // Readiness comes back by itself (no restart of the service) within 15 s of Postgres returning.
    const back = await eventually(async () => ((await health()).status === 200 ? Date.now() : undefined), 15_000, 200);

    await firing;
    const results = await Promise.all(sent);
    const byStatus = results.reduce<Record<string, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
    const slowest = Math.max(...results.map((r) => r.ms));
    console.log(
      `[postgres-restart] stopped at +${stoppedAt - burstStarted} ms, started again at +${restartedAt - burstStarted} ms, ready ${back - restartedAt} ms later; ` +
        `answers ${JSON.stringify(byStatus)}, slowest ${slowest} ms; health while down ${JSON.stringify(whileDown.map((h) => `${h.status}/${h.database}/${h.ms}ms`))}`,
    );

    // Readiness while Postgres was away: 503 with the database down, each answer within a second or so.
    expect(whileDown.length).toBeGreaterThan(0);
    expect(whileDown.some((h) => h.status === 503 && h.database === 'down')).toBe(true);
    for (const h of whileDown) expect(h.ms).toBeLessThan(1_500);

    // No request hangs: each answered 201 or a 503 (busy, Retry-After) within 5 s.
    const off = results.filter(
      (r) =>
        !(r.status === 201 || (r.status === 503 && r.body.message === 'The service is busy. Try again.' && r.retryAfter === '2')) ||
        r.ms >= 5_000,
    );
    expect(off).toEqual([]);
    // The outage was seen (some 503s) and the service wrote before and after it.
    expect(byStatus['503'] ?? 0).toBeGreaterThan(0);
    const acknowledged = results.filter((r) => r.status === 201);
    expect(acknowledged.length).toBeGreaterThan(0);

    // Every acknowledged create has exactly one row (by its address), with the id it answered; a refused one at most one.
    const rows = await query<{ address_1: string; client_id: number }>(
      `SELECT address_1, client_id FROM transactions.transactions WHERE team_id = $1 AND address_1 LIKE '% Restart St'`,
      [TEAM],
    );
    const idsOf = (address: string) => rows.filter((row) => row.address_1 === address).map((row) => row.client_id);
    for (const r of acknowledged) expect({ i: r.i, ids: idsOf(`${r.i + 1} Restart St`) }).toEqual({ i: r.i, ids: [r.body.client_id] });
    for (const r of results.filter((x) => x.status !== 201)) expect(idsOf(`${r.i + 1} Restart St`).length).toBeLessThanOrEqual(1);

    // Writes after the restart succeed.
    const after = await Promise.all([0, 1, 2, 3, 4].map((k) => create(1000 + k, `${k + 1} After St`)));
    expect(after.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);

    // Every committed create's event is relayed once Postgres is back (the relay heals by itself) ...
    const committed = [...rows.map((row) => row.client_id), ...after.map((r) => r.body.client_id!)];
    const outbox = await eventually(
      async () => {
        const found = await query<{ id: string; client_id: number; published: boolean }>(
          `SELECT id, (payload->>'client_id')::int AS client_id, published_at IS NOT NULL AS published FROM transactions.outbox
            WHERE type = 'transactions.transaction.created' AND (payload->>'client_id')::int = ANY($1::int[])`,
          [committed],
        );
        return found.length === committed.length && found.every((row) => row.published) ? found : undefined;
      },
      20_000,
      250,
    );
    expect(outbox.map((row) => row.client_id).sort((a, b) => a - b)).toEqual([...committed].sort((a, b) => a - b));

    // ... and consumed once by messaging (its inbox and its read copy: one row each).
    const eventIds = outbox.map((row) => row.id);
    await eventually(
      async () =>
        Number(
          (await query<{ n: string }>(`SELECT count(*) AS n FROM messaging.inbox WHERE event_id = ANY($1::uuid[])`, [eventIds]))[0].n,
        ) === eventIds.length,
      20_000,
      250,
    );
    const copies = await query<{ client_id: number; n: string }>(
      `SELECT client_id, count(*) AS n FROM messaging.transactions WHERE client_id = ANY($1::int[]) GROUP BY client_id`,
      [committed],
    );
    expect(copies.length).toBe(committed.length);
    expect(copies.every((row) => Number(row.n) === 1)).toBe(true);
  }, 60_000);
});
