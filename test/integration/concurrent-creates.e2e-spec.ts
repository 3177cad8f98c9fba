import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import type { EsignTemplateDetail, Role } from '@app/contracts';
import {
  bootTestService,
  createTestDatabase,
  eventually,
  MessagingFactory,
  signTestToken,
  testEnv,
  TransactionsFactory,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { messagingConfigSpec, type MessagingConfig } from '../../services/messaging/src/messaging.config';
import { MessagingModule } from '../../services/messaging/src/messaging.module';
import { messagingMigrations } from '../../services/messaging/src/migrations';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { transactionsConfigSpec, type TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';
import {
  apiAs as esignApiAs,
  bootEsign,
  createSellerAgentTemplate,
  seededCallers,
  seedSenderAndTransaction,
  type BootedEsign,
} from '../../services/esign/test/esign-test-kit';

// The issue: 40 parallel POST /api/transactions as an admin all timed out, because create read the team's
// options on a second pooled connection while its transaction held the first. Here every creating endpoint
// takes 50 at once on a production-like pool (10 connections, 3 s acquire timeout): each answers 2xx, the
// rows are all there, and no session is left idle in a transaction. Then POST /transactions again on the
// suites' pool of one, where any nested acquisition would wait out the acquire timeout.

const PRODUCTION_POOL = { DATABASE_POOL_SIZE: '10', DATABASE_ACQUIRE_TIMEOUT_MS: '3000' };
const N = 50;
const TEAM = 801;
const ADMIN = 81;
const AGENT = 82;

type Caller = { agent_id: number; team_id: number; roles: Role[]; permissions?: string[] };

/** POSTs to a listening service as `caller` (one token for all 50), with the time each took. */
function poster(origin: string, caller: Caller) {
  let token: Promise<string> | undefined;
  return async (route: string, body: unknown) => {
    token ??= signTestToken({
      agent_id: caller.agent_id,
      team_id: caller.team_id,
      roles: caller.roles,
      permissions: (caller.permissions ?? []) as never,
      market_id: 0,
    });
    const auth = `Bearer ${await token}`;
    return request(origin)
      .post(`/api${route}`)
      .set('authorization', auth)
      .send(body as object);
  };
}

const originOf = async (app: TestService<never>['app']) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
};

/** Fires `N` requests at once; every one must answer `status` (the failures' bodies show on a mismatch). */
async function burst(send: (i: number) => Promise<request.Response>, status = 201): Promise<request.Response[]> {
  const responses = await Promise.all(Array.from({ length: N }, (_, i) => send(i)));
  const wrong = responses.map((r, i) => ({ i, status: r.status, body: r.body })).filter((r) => r.status !== status);
  expect({ wrong: wrong.slice(0, 3), count: wrong.length }).toEqual({ wrong: [], count: 0 });
  return responses;
}

describe('50 parallel creates of each creating endpoint answer 2xx and leave no session idle in transaction', () => {
  let database: TestDatabase;
  let storageDir: string;
  let probe: Client;
  let transactions: TestService<TransactionsConfig>;
  let messaging: TestService<MessagingConfig>;
  let esign: BootedEsign;
  let txOrigin: string;
  let msgOrigin: string;
  let esignOrigin: string;

  const count = async (sql: string, params: unknown[] = []) => Number((await probe.query(sql, params)).rows[0].n);
  /** Sessions of this database idle in a transaction (none once every request answered). */
  const idleInTransaction = async () =>
    count(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
  const expectNoIdleInTransaction = async () => {
    // Briefly: a session may still be between its COMMIT and its release when the last answer lands.
    await eventually(async () => (await idleInTransaction()) === 0, 2_000, 50).catch(() => undefined);
    expect(await idleInTransaction()).toBe(0);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    probe = new Client({ connectionString: database.url, application_name: 'concurrent-creates-probe' });
    await probe.connect();
    storageDir = mkdtempSync(path.join(tmpdir(), 'concurrent-creates-'));
    transactions = await bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database, { STORAGE_DIR: storageDir, ...PRODUCTION_POOL }),
      configSpec: transactionsConfigSpec,
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'api'),
    });
    messaging = await bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: path.join(storageDir, 'mail'), ...PRODUCTION_POOL }),
      configSpec: messagingConfigSpec,
      migrations: messagingMigrations,
      module: (config) => MessagingModule.forRoot(config, 'api'),
    });
    esign = await bootEsign('api', PRODUCTION_POOL, database);
    txOrigin = await originOf(transactions.app as never);
    msgOrigin = await originOf(messaging.app as never);
    esignOrigin = await originOf(esign.sut.app as never);
    expect(transactions.config.DATABASE_POOL_SIZE).toBe(10);
  }, 60_000);

  afterAll(async () => {
    await esign?.close();
    await messaging?.close();
    await transactions?.close();
    await probe?.end();
    await database?.drop();
    if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  });

  describe('transactions (pool of 10)', () => {
    const admin: Caller = { agent_id: ADMIN, team_id: TEAM, roles: ['ADMIN'] };
    let clientId: number;

    beforeAll(async () => {
      const factory = new TransactionsFactory(transactions.dataSource);
      const options = await factory.options(TEAM);
      await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Ada', last_name: 'Admin' });
      await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
      clientId = (await factory.transaction(options, { address_1: '1 Task St', primary_agent_id: AGENT })).client_id;
    });

    it("POST /transactions (the issue's body, as an admin naming an agent)", async () => {
      const post = poster(txOrigin, admin);
      await burst((i) => post('/transactions', { type: 'b', address_1: `${i + 1} X St`, primary_agent_id: AGENT }));
      expect(
        await count(`SELECT count(*) AS n FROM transactions.transactions WHERE team_id = $1 AND address_1 LIKE '% X St'`, [TEAM]),
      ).toBe(N);
      expect(
        await count(
          `SELECT count(*) AS n FROM transactions.outbox WHERE type = 'transactions.transaction.created' AND payload->>'address_1' LIKE '% X St'`,
        ),
      ).toBe(N);
      await expectNoIdleInTransaction();
    });

    it('POST /tasks', async () => {
      const post = poster(txOrigin, admin);
      await burst((i) => post('/tasks', { client_id: clientId, name: `Burst task ${i}` }));
      expect(
        await count(`SELECT count(*) AS n FROM transactions.tasks WHERE client_id = $1 AND name LIKE 'Burst task %'`, [clientId]),
      ).toBe(N);
      await expectNoIdleInTransaction();
    });

    it('POST /contacts', async () => {
      const post = poster(txOrigin, admin);
      await burst((i) => post('/contacts', { first_name: 'Burst', last_name: `Contact${i}`, email: `burst${i}@mail.test` }));
      expect(await count(`SELECT count(*) AS n FROM transactions.contacts WHERE team_id = $1 AND first_name = 'Burst'`, [TEAM])).toBe(N);
      await expectNoIdleInTransaction();
    });

    it('POST /transaction/filters', async () => {
      const post = poster(txOrigin, admin);
      await burst((i) =>
        post('/transaction/filters', {
          name: `Burst filter ${i}`,
          component: 'transactions',
          owner_type: i % 2 ? 'team' : 'personal',
          filters: { type_filter: 'b' },
        }),
      );
      expect(
        await count(`SELECT count(*) AS n FROM transactions.transaction_filters WHERE team_id = $1 AND filter_name LIKE 'Burst filter %'`, [
          TEAM,
        ]),
      ).toBe(N);
      await expectNoIdleInTransaction();
    });
  });

  describe('messaging (pool of 10)', () => {
    let author: Caller;
    let dealId: number;
    let mention: string;

    beforeAll(async () => {
      const factory = new MessagingFactory(messaging.dataSource);
      const ann = await factory.user(TEAM, { role: 'ADMIN', first_name: 'Ann' });
      const tina = await factory.user(TEAM, { role: 'TRANC', first_name: 'Tina' });
      author = { agent_id: ann.agent_id, team_id: TEAM, roles: ['ADMIN'] };
      mention = `<span data-mention="user:${tina.agent_id}">@Tina</span>`;
      dealId = await factory.transaction(TEAM, { primary_agent_id: ann.agent_id, tc_agent_id: tina.agent_id });
    });

    it('POST /messages/dms (a new thread each)', async () => {
      const post = poster(msgOrigin, author);
      await burst((i) => post('/messages/dms', { dm_value: `<p>Burst ${i} ${mention}</p>` }));
      expect(
        await count(`SELECT count(*) AS n FROM messaging.direct_messages WHERE author_agent_id = $1 AND parent_dm_id IS NULL`, [
          author.agent_id,
        ]),
      ).toBe(N);
      await expectNoIdleInTransaction();
    });

    it('POST /messages/comments (on one transaction)', async () => {
      const post = poster(msgOrigin, author);
      await burst((i) =>
        post('/messages/comments', { comment_type: 'trans', comment_on_id: dealId, comment_value: `<p>Burst comment ${i} ${mention}</p>` }),
      );
      expect(
        await count(`SELECT count(*) AS n FROM messaging.comments WHERE comment_type = 'trans' AND comment_on_id = $1`, [dealId]),
      ).toBe(N);
      await expectNoIdleInTransaction();
    });
  });

  describe('esign (pool of 10)', () => {
    const callers = seededCallers();
    const sender = callers.get('admin@demo-realty.test')!;
    const CLIENT_ID = 8801;
    let template: EsignTemplateDetail;

    beforeAll(async () => {
      await seedSenderAndTransaction(esign, sender, CLIENT_ID);
      template = await createSellerAgentTemplate(esign, esignApiAs(esign.sut.server, sender));
    });

    it('POST /esign/drafts', async () => {
      const post = poster(esignOrigin, sender);
      await burst(() => post('/esign/drafts', { client_id: CLIENT_ID, template_ids: [template.esig_template_id] }));
      expect(await count(`SELECT count(*) AS n FROM esign.drafts WHERE client_id = $1`, [CLIENT_ID])).toBe(N);
      await expectNoIdleInTransaction();
    });

    it('POST /esign/requests', async () => {
      const post = poster(esignOrigin, sender);
      await burst((i) =>
        post('/esign/requests', {
          client_id: CLIENT_ID,
          template_ids: [template.esig_template_id],
          signature_order: 'P',
          email_config: { default: { subject: 'Please sign', body: 'The listing agreement.' } },
          signers: [
            { role: 'Seller', name: `Sam Seller ${i}`, email: `seller${i}@mail.test` },
            { role: 'Agent', name: 'Ada Admin', email: sender.email },
          ],
          fields: [],
        }),
      );
      expect(await count(`SELECT count(*) AS n FROM esign.requests WHERE client_id = $1`, [CLIENT_ID])).toBe(N);
      await expectNoIdleInTransaction();
    }, 60_000);
  });

  describe("transactions on the suites' pool of one", () => {
    const TEAM_ONE = 802;
    let single: TestService<TransactionsConfig>;
    let origin: string;

    beforeAll(async () => {
      single = await bootTestService<TransactionsConfig>({
        service: 'transactions',
        // testEnv's own pool: one connection, a 10 s acquire timeout.
        env: testEnv(database, { STORAGE_DIR: storageDir }),
        configSpec: transactionsConfigSpec,
        migrations: transactionsMigrations,
        module: (config) => TransactionsModule.forRoot(config, 'api'),
      });
      origin = await originOf(single.app as never);
      const factory = new TransactionsFactory(single.dataSource);
      await factory.options(TEAM_ONE);
      await factory.agent(TEAM_ONE, ADMIN + 10, ['ADMIN']);
      await factory.agent(TEAM_ONE, AGENT + 10, ['AGENT']);
    }, 30_000);
    afterAll(() => single?.close());

    it('POST /transactions x50 all answer 201: create takes no second connection while its transaction holds the one', async () => {
      expect(single.config.DATABASE_POOL_SIZE).toBe(1);
      const post = poster(origin, { agent_id: ADMIN + 10, team_id: TEAM_ONE, roles: ['ADMIN'] });
      const started = Date.now();
      await burst((i) => post('/transactions', { type: 'b', address_1: `${i + 1} One St`, primary_agent_id: AGENT + 10 }));
      // A nested acquisition would hold every create to the 10 s acquire timeout (and answer 503).
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(
        await count(`SELECT count(*) AS n FROM transactions.transactions WHERE team_id = $1 AND address_1 LIKE '% One St'`, [TEAM_ONE]),
      ).toBe(N);
      await expectNoIdleInTransaction();
    }, 30_000);
  });
});
