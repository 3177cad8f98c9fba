import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { REVOCATION_CACHE_MS } from '@app/auth';
import {
  bootTestService,
  createTestDatabase,
  eventually,
  signTestToken,
  startOwnRedis,
  testEnv,
  TransactionsFactory,
  type OwnServer,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { transactionsConfigSpec, type TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';

// Redis restarts: a redis-server of the test's own (never the run's shared one) under the transactions service
// (mode 'all': relay and consumer in process; the suites' settings otherwise) on the shared Postgres. Every
// authenticated request checks the caller's revocation marks in Redis through the JWT guard: with Redis away a
// call that cannot be checked answers 503 'The service is busy. Try again.' with Retry-After within 2 s, and
// readiness answers within 1 s with redis 'down'. Once Redis is back the same call answers 200 by itself, and an
// event committed during the outage is relayed and consumed once.

const TEAM = 951;
const ADMIN = 95; // writes during the outage (its mark read just before)
const NEWCOMER = 96; // never seen before the outage
const EARLIER = 97; // seen before the outage, asked again after the mark's cache life
const AGENT = 98;
const BUSY = { status: 'error', message: 'The service is busy. Try again.' };

describe('Redis restart under the transactions service', () => {
  let redis: OwnServer;
  let database: TestDatabase;
  let storageDir: string;
  let sut: TestService<TransactionsConfig>;
  let origin: string;
  const tokens = new Map<number, string>();

  const timed = async (build: () => request.Test) => {
    const started = Date.now();
    const response = await build().timeout(10_000);
    return { response, ms: Date.now() - started };
  };
  const as = (agentId: number) => ({
    get: (route: string) =>
      timed(() =>
        request(origin)
          .get(`/api${route}`)
          .set('authorization', `Bearer ${tokens.get(agentId)}`),
      ),
    post: (route: string, body: object) =>
      timed(() =>
        request(origin)
          .post(`/api${route}`)
          .set('authorization', `Bearer ${tokens.get(agentId)}`)
          .send(body),
      ),
  });
  /** A query on a connection of the test's own, outside the service's pool (of one). */
  const probe = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: database.url, application_name: 'redis-restart-probe' });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const health = () => timed(() => request(origin).get('/api/transactions/health'));
  const LIST = '/transactions/records';

  let stoppedAt = 0;
  /** When EARLIER's mark was last read from Redis. */
  let earlierCheckedAt = 0;
  /** The create committed while Redis was away (201), if it was. */
  let writtenDuringOutage: number | undefined;

  beforeAll(async () => {
    redis = await startOwnRedis();
    database = await createTestDatabase();
    storageDir = mkdtempSync(path.join(tmpdir(), 'redis-restart-'));
    sut = await bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database, { STORAGE_DIR: storageDir, REDIS_URL: redis.url }),
      configSpec: transactionsConfigSpec,
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'all'),
    });
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(sut.app.getHttpServer().address() as AddressInfo).port}`;
    const factory = new TransactionsFactory(sut.dataSource);
    await factory.options(TEAM);
    for (const id of [ADMIN, NEWCOMER, EARLIER]) {
      await factory.agent(TEAM, id, ['ADMIN']);
      tokens.set(id, await signTestToken({ agent_id: id, team_id: TEAM, roles: ['ADMIN'], permissions: [], market_id: 0 }));
    }
    await factory.agent(TEAM, AGENT, ['AGENT']);
    expect(sut.config.REDIS_URL).toBe(redis.url);
    expect((await health()).response.status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
    await redis?.close();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  describe('while Redis is away', () => {
    beforeAll(async () => {
      expect((await as(ADMIN).get(LIST)).response.status).toBe(200);
      expect((await as(EARLIER).get(LIST)).response.status).toBe(200);
      earlierCheckedAt = Date.now();
      await redis.stop();
      stoppedAt = Date.now();
      // A create by a caller whose mark was read a moment ago (within the guard's cache life): the write itself
      // needs only Postgres. 201 commits its outbox row with Redis away; a 503 must have stored nothing.
      const { response } = await as(ADMIN).post('/transactions', { type: 'b', address_1: '1 Outage St', primary_agent_id: AGENT });
      expect([201, 503]).toContain(response.status);
      if (response.status === 201) writtenDuringOutage = response.body.client_id;
    });

    it('answers an authenticated GET that cannot be checked with 503, the busy message and Retry-After, within 2 s', async () => {
      const { response, ms } = await as(NEWCOMER).get(LIST);
      expect({ status: response.status, body: response.body, retryAfter: response.headers['retry-after'] }).toEqual({
        status: 503,
        body: BUSY,
        retryAfter: '2',
      });
      expect(ms).toBeLessThan(2_000);
    });

    it('answers readiness within 1 s with redis down', async () => {
      const { response, ms } = await health();
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ status: 'error', service: 'transactions', checks: { redis: 'down' } });
      console.log(`[redis-restart] readiness with Redis away: ${JSON.stringify(response.body)} in ${ms} ms`);
      expect(ms).toBeLessThan(1_000);
    });

    it('stores no create it refused', async () => {
      if (writtenDuringOutage !== undefined) return;
      expect(await probe(`SELECT client_id FROM transactions.transactions WHERE address_1 = '1 Outage St'`)).toEqual([]);
    });

    // The relay's pass opens its database transaction (outbox rows locked, a pooled connection held) only
    // once Redis is ready, and gives up its adds when the connection drops: with the suites' pool of one,
    // a pass waiting on Redis would hold the service's only connection.
    it('keeps no database session idle in transaction while Redis is away (the relay waits for Redis outside a transaction)', async () => {
      // The create above committed an outbox row and woke the relay; give its pass time to reach Redis.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + 2_500 - Date.now())));
      const idle = await probe<{ application_name: string; query: string }>(
        `SELECT application_name, left(query, 60) AS query FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%' AND now() - state_change > interval '1 second'`,
      );
      expect(idle).toEqual([]);
    }, 20_000);

    // A mark older than its cache life is not trusted while Redis is away: a revocation made just before the
    // outage is enforced. GET /tasks/statuses needs no database, so only the guard decides.
    it('refuses (503) a caller whose mark was read before the outage, once the mark is older than its cache life', async () => {
      const wait = earlierCheckedAt + REVOCATION_CACHE_MS + 500 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const { response, ms } = await as(EARLIER).get('/tasks/statuses');
      expect({ status: response.status, body: response.body, retryAfter: response.headers['retry-after'] }).toEqual({
        status: 503,
        body: BUSY,
        retryAfter: '2',
      });
      expect(ms).toBeLessThan(2_000);
    }, 15_000);
  });

  describe('once Redis is back', () => {
    let restartedAt = 0;
    beforeAll(async () => {
      await redis.start();
      restartedAt = Date.now();
    });

    it('answers the same GET with 200 again by itself within a few seconds', async () => {
      const back = await eventually(
        async () => ((await as(NEWCOMER).get(LIST)).response.status === 200 ? Date.now() : undefined),
        5_000,
        100,
      );
      console.log(
        `[redis-restart] Redis away ${restartedAt - stoppedAt} ms; the GET answered 200 again ${back - restartedAt} ms after it returned`,
      );
      expect(back - restartedAt).toBeLessThan(5_000);
      await eventually(async () => (await health()).response.status === 200, 5_000, 100);
    });

    it('relays the event committed during the outage, and its consumer applies it once', async () => {
      // Committed while Redis was away (the caller's mark had been read a moment before, within its cache life).
      expect(writtenDuringOutage).toBeDefined();
      const clientId = writtenDuringOutage!;
      const [event] = await eventually(
        async () => {
          const rows: { id: string; published: boolean }[] = await sut.dataSource.query(
            `SELECT id, published_at IS NOT NULL AS published FROM transactions.outbox WHERE type = 'transactions.transaction.created' AND (payload->>'client_id')::int = $1`,
            [clientId],
          );
          return rows.length === 1 && rows[0].published ? rows : undefined;
        },
        15_000,
        200,
      );
      // transactions consumes its own transaction events (Display Mode): one inbox row for the event.
      await eventually(
        async () => (await sut.dataSource.query(`SELECT 1 FROM transactions.inbox WHERE event_id = $1`, [event.id])).length === 1,
        15_000,
        200,
      );
      expect(
        await sut.dataSource.query(`SELECT count(*)::int AS n FROM transactions.transactions WHERE client_id = $1`, [clientId]),
      ).toEqual([{ n: 1 }]);
    }, 40_000);
  });
});
