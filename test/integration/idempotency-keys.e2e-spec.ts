import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { INestMicroservice } from '@nestjs/common';
import type request from 'supertest';
import { DataSource } from 'typeorm';
import { IDEMPOTENCY_MESSAGES, type Permission, type Role } from '@app/contracts';
import { IdempotencyKeysRepository } from '@app/platform';
import {
  createTestDatabase,
  signedInClient,
  TransactionsFactory,
  type SignedInClient,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside, startEsignFieldsRpc } from '../../services/transactions/test/transactions-test-kit';
import { bootInbox, groupOf, type InboxKit } from '../../services/messaging/test/inbox-test-kit';
import {
  apiAs,
  bootEsign,
  createSellerAgentTemplate,
  seedSenderAndTransaction,
  type BootedEsign,
} from '../../services/esign/test/esign-test-kit';

// Idempotency-Key on creating POSTs (ARCHITECTURE.md section 3, docs/idempotency.md): a client retry never doubles
// a write. Three operations of three services, each against its real schema: a transaction, a direct message and
// an e-sign send draft (whose create asks the transactions worker over RPC).

/** One creating operation under test: how to send it as a user, a body and another, and how many rows it made. */
interface Operation {
  name: string;
  path: string;
  status: number;
  body: () => Record<string, unknown>;
  otherBody: () => Record<string, unknown>;
  rows: () => Promise<number>;
  /** Its service's rows of idempotency_keys. */
  keys: () => Promise<number>;
  /** Two users of the same team who may both call it. */
  users: () => [SignedInClient, SignedInClient];
}

describe('Idempotency-Key on creating POSTs', () => {
  let database: TestDatabase;
  let transactions: TestService<TransactionsConfig>;
  let esign: BootedEsign;
  let inbox: InboxKit;
  let worker: INestMicroservice;
  const TEAM = 1; // the seeded Demo Realty's id, as the e-sign callers of esign-test-kit are
  let transactionsUsers: [SignedInClient, SignedInClient];
  let messagingUsers: [SignedInClient, SignedInClient];
  let esignUsers: [SignedInClient, SignedInClient];
  let clientId: number;
  let templateId: number;

  const count = async (dataSource: DataSource, table: string) =>
    Number((await dataSource.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  beforeAll(async () => {
    database = await createTestDatabase();
    transactions = await bootTransactionsBeside(database);
    esign = await bootEsign('api', {}, database);
    inbox = await bootInbox();

    // The transactions worker's RPC answers, which an e-sign draft's step 1 values come from.
    worker = await startEsignFieldsRpc(transactions);

    const factory = new TransactionsFactory(transactions.dataSource);
    const options = await factory.options(TEAM);
    const staff = (server: Server, agentId: number, roles: Role[], permissions: Permission[] = []) =>
      signedInClient(server, { agent_id: agentId, team_id: TEAM, roles, permissions });
    await factory.agent(TEAM, 9101, ['ADMIN'], { first_name: 'Ida', last_name: 'Admin' });
    await factory.agent(TEAM, 9102, ['ADMIN'], { first_name: 'Ike', last_name: 'Admin' });
    transactionsUsers = [await staff(transactions.server, 9101, ['ADMIN']), await staff(transactions.server, 9102, ['ADMIN'])];

    const ann = await inbox.userAs(TEAM, { role: 'AGENT', first_name: 'Ann', last_name: 'Agent' });
    const bob = await inbox.userAs(TEAM, { role: 'AGENT', first_name: 'Bob', last_name: 'Broker' });
    await inbox.userAs(TEAM, { role: 'TRANC', first_name: 'Tia', last_name: 'Coordinator' });
    messagingUsers = [ann.api, bob.api];

    clientId = (
      await factory.transaction(options, { address_1: '12 Elm St', first_name: 'Jo', last_name: 'Primary', email: 'jo@mail.test' })
    ).client_id;
    const esignCaller = (agentId: number, email: string) => ({
      agent_id: agentId,
      team_id: TEAM,
      email,
      roles: ['ADMIN'] as Role[],
      permissions: ['team_esign', 'agent_esign'] as Permission[],
    });
    const first = esignCaller(9201, 'first@demo-realty.test');
    const second = esignCaller(9202, 'second@demo-realty.test');
    await seedSenderAndTransaction(esign, first, clientId);
    await esign.sut.dataSource.query(
      `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at) VALUES ($1, $2, 'Sid', 'Second', $3, 'active', $4, now())`,
      [second.agent_id, TEAM, second.email, second.roles],
    );
    templateId = (await createSellerAgentTemplate(esign, apiAs(esign.sut.server, first))).esig_template_id;
    esignUsers = [
      await staff(esign.sut.server, first.agent_id, first.roles, first.permissions),
      await staff(esign.sut.server, second.agent_id, second.roles, second.permissions),
    ];
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await esign?.close();
    await transactions?.close();
    await database?.drop();
    await inbox?.close();
  });

  let seq = 0;
  const operations: Operation[] = [
    {
      name: 'POST /transactions',
      path: '/api/transactions',
      status: 201,
      body: () => ({ type: 'b', address_1: `${++seq} Retry Rd` }),
      otherBody: () => ({ type: 's', address_1: `${++seq} Other Ave` }),
      rows: () => count(transactions.dataSource, 'transactions.transactions'),
      keys: () => count(transactions.dataSource, 'transactions.idempotency_keys'),
      users: () => transactionsUsers,
    },
    {
      name: 'POST /messages/dms',
      path: '/api/messages/dms',
      status: 201,
      body: () => ({ dm_value: `<p>${groupOf('tcs')} retry ${++seq}</p>` }),
      otherBody: () => ({ dm_value: `<p>${groupOf('tcs')} another ${++seq}</p>` }),
      rows: () => count(inbox.sut.dataSource, 'messaging.direct_messages'),
      keys: () => count(inbox.sut.dataSource, 'messaging.idempotency_keys'),
      users: () => messagingUsers,
    },
    {
      name: 'POST /esign/drafts',
      path: '/api/esign/drafts',
      status: 201,
      body: () => ({ client_id: clientId, template_ids: [templateId] }),
      otherBody: () => ({ client_id: clientId, template_ids: [templateId, templateId] }),
      rows: () => count(esign.sut.dataSource, 'esign.drafts'),
      keys: () => count(esign.sut.dataSource, 'esign.idempotency_keys'),
      users: () => esignUsers,
    },
  ];

  const send = (client: SignedInClient, operation: Operation, body: Record<string, unknown>, key?: string): request.Test => {
    const test = client.post(operation.path).send(body);
    return key === undefined ? test : test.set('Idempotency-Key', key);
  };

  describe.each(operations.map((operation) => [operation.name, operation] as const))('%s', (_name, operation) => {
    it('the same key twice, one after the other: one row, the same status and body, the second marked replayed', async () => {
      const [user] = operation.users();
      const key = randomUUID();
      const body = operation.body();
      const before = await operation.rows();
      const first = await send(user, operation, body, key);
      expect(first.status).toBe(operation.status);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const second = await send(user, operation, body, key);
      expect({ status: second.status, text: second.text }).toEqual({ status: first.status, text: first.text });
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await operation.rows()).toBe(before + 1);
      // The body's key order does not make it another request.
      const reordered = Object.fromEntries(Object.entries(body).reverse());
      expect((await send(user, operation, reordered, key)).text).toBe(first.text);
      expect(await operation.rows()).toBe(before + 1);
    });

    it('ten at once with one key: one row, and every one answers the same status and body', async () => {
      const [user] = operation.users();
      const key = randomUUID();
      const body = operation.body();
      const before = await operation.rows();
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(user, operation, body, key)));
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect(answers[0].status).toBe(operation.status);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
      expect(await operation.rows()).toBe(before + 1);
    }, 60_000);

    it('the same key with another body: 422, and nothing written', async () => {
      const [user] = operation.users();
      const key = randomUUID();
      await send(user, operation, operation.body(), key).expect(operation.status);
      const before = await operation.rows();
      const refused = await send(user, operation, operation.otherBody(), key);
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 422,
        body: { status: 'error', message: 'This Idempotency-Key was used for another request' },
      });
      expect(await operation.rows()).toBe(before);
    });

    it("another user's same key is their own request", async () => {
      const [one, other] = operation.users();
      const key = randomUUID();
      const body = operation.body();
      const before = await operation.rows();
      const mine = await send(one, operation, body, key).expect(operation.status);
      const theirs = await send(other, operation, body, key).expect(operation.status);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(theirs.text).not.toBe(mine.text);
      expect(await operation.rows()).toBe(before + 2);
    });

    it('without a key it behaves as before: each request writes', async () => {
      const [user] = operation.users();
      const body = operation.body();
      const before = await operation.rows();
      const keys = await operation.keys();
      await send(user, operation, body).expect(operation.status);
      await send(user, operation, body).expect(operation.status);
      expect(await operation.rows()).toBe(before + 2);
      expect(await operation.keys()).toBe(keys);
    });
  });

  it('refuses a malformed key with a field error, before anything is written', async () => {
    const [user] = transactionsUsers;
    const operation = operations[0];
    const before = await operation.rows();
    for (const key of ['', 'x'.repeat(256), 'caf\u00e9']) {
      const refused = await user.post(operation.path).set('Idempotency-Key', key).send(operation.body());
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 400,
        body: {
          status: 'error',
          message: IDEMPOTENCY_MESSAGES.invalidKey,
          errors: [{ field: 'Idempotency-Key', error: IDEMPOTENCY_MESSAGES.invalidKeyField }],
        },
      });
    }
    expect(await operation.rows()).toBe(before);
  });

  it('a refused request keeps nothing under its key: its retry runs again (a 4xx is not replayed)', async () => {
    const [user] = transactionsUsers;
    const key = randomUUID();
    // Refused while the agent's read copy has not arrived yet, then accepted with the same key and body.
    const body = { type: 'b', address_1: '1 Later St', primary_agent_id: 9150 };
    const refused = await user.post('/api/transactions').set('Idempotency-Key', key).send(body).expect(400);
    expect(refused.body.errors).toEqual([{ field: 'primary_agent_id', error: expect.any(String) }]);
    expect(await transactions.dataSource.query(`SELECT 1 FROM transactions.idempotency_keys WHERE idempotency_key = $1`, [key])).toEqual(
      [],
    );
    await new TransactionsFactory(transactions.dataSource).agent(TEAM, 9150, ['AGENT'], { first_name: 'Lou', last_name: 'Later' });
    const created = await user.post('/api/transactions').set('Idempotency-Key', key).send(body).expect(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
    const replayed = await user.post('/api/transactions').set('Idempotency-Key', key).send(body).expect(201);
    expect(replayed.text).toBe(created.text);
  });

  it('an answer past its 24 hours is not replayed: the key runs again, and the sweep removes old rows', async () => {
    const [user] = transactionsUsers;
    const operation = operations[0];
    const key = randomUUID();
    const first = await send(user, operation, operation.body(), key).expect(201);
    expect(
      await transactions.dataSource.query(
        `SELECT team_id, agent_id, operation, status_code FROM transactions.idempotency_keys WHERE idempotency_key = $1`,
        [key],
      ),
    ).toEqual([{ team_id: TEAM, agent_id: 9101, operation: 'POST /api/transactions', status_code: 201 }]);
    await transactions.dataSource.query(
      `UPDATE transactions.idempotency_keys SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`,
      [key],
    );
    const again = await send(user, operation, operation.otherBody(), key).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.client_id).not.toBe(first.body.client_id);
    await transactions.dataSource.query(
      `UPDATE transactions.idempotency_keys SET created_at = now() - interval '25 hours' WHERE idempotency_key = $1`,
      [key],
    );
    expect(await new IdempotencyKeysRepository(transactions.dataSource).purgeExpired(24 * 3600_000, 1000)).toBeGreaterThanOrEqual(1);
    expect(await transactions.dataSource.query(`SELECT 1 FROM transactions.idempotency_keys WHERE idempotency_key = $1`, [key])).toEqual(
      [],
    );
  });
});
