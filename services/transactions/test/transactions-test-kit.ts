import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { Global, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { rpcServerStrategy } from '@app/rpc';
import { type EventEnvelope, type EventPayloads, type EventType, type Role } from '@app/contracts';
import { rpcOptionsOf, type ProcessMode } from '@app/platform';
import {
  bootTestService,
  createTestDatabase,
  eventDelivery,
  signTestToken,
  testEnv,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { TransactionsEsignFieldsRpcModule } from '../src/fields/esign-fields-rpc.controller';
import { transactionsMigrations } from '../src/migrations';
import { transactionsConfigSpec, type TransactionsConfig } from '../src/transactions.config';
import { configureTransactionsApp, TransactionsModule } from '../src/transactions.module';

/**
 * A database of its own and the transactions app on it (mode 'all': its event consumer and worker jobs
 * too); close() drops both. deliver() puts an event on the service's events queue as a relay does (job
 * id = event id unless given, to redeliver the same event as a new job) and waits until it was consumed.
 */
export async function bootTransactions(mode: ProcessMode = 'api'): Promise<{
  database: TestDatabase;
  sut: TestService<TransactionsConfig>;
  deliver: (envelope: EventEnvelope, jobId?: string) => Promise<void>;
  storageDir: string;
  close: () => Promise<void>;
}> {
  const database = await createTestDatabase();
  const storageDir = mkdtempSync(path.join(tmpdir(), 'transactions-storage-'));
  const sut = await bootTestService<TransactionsConfig>({
    service: 'transactions',
    env: testEnv(database, { STORAGE_DIR: storageDir }),
    configSpec: transactionsConfigSpec,
    migrations: transactionsMigrations,
    module: (config) => TransactionsModule.forRoot(config, mode),
  });
  const events = eventDelivery('transactions', sut.config);
  return {
    database,
    sut,
    storageDir,
    deliver: events.deliver,
    close: async () => {
      await events.close();
      await sut.close();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

/**
 * The transactions app (mode 'all', with the Display Mode socket adapter) on a database another service's test
 * app already made: the cross-service tests (identity and transactions talking through the real bus).
 */
export function bootTransactionsBeside(database: TestDatabase, env: Record<string, string> = {}): Promise<TestService<TransactionsConfig>> {
  return bootTestService<TransactionsConfig>({
    service: 'transactions',
    env: testEnv(database, env),
    configSpec: transactionsConfigSpec,
    migrations: transactionsMigrations,
    module: (config) => TransactionsModule.forRoot(config, 'all'),
    configure: (app, config) => configureTransactionsApp(app, config),
  });
}

/** A request as a user: await it for the response, or `.expect(status)` to check the status too (the body shows on a mismatch). */
export type ApiCall = PromiseLike<request.Response> & { expect(status: number): Promise<request.Response> };

/** Requests to the app as `role` (agent and team ids given), each with a freshly signed token. */
export function apiAs(server: TestService<TransactionsConfig>['server'], role: Role, agentId: number, teamId: number) {
  const call = (build: (auth: string) => request.Test): ApiCall => {
    const send = async () =>
      build(`Bearer ${await signTestToken({ agent_id: agentId, team_id: teamId, roles: [role], permissions: [], market_id: 0 })}`);
    return {
      expect: async (status: number) => {
        const response = await send();
        expect({ status: response.status, body: response.status === status ? undefined : response.body }).toEqual({
          status,
          body: undefined,
        });
        return response;
      },
      then: (resolve, reject) => send().then(resolve, reject),
    };
  };
  return {
    get: (path: string, query: Record<string, unknown> = {}) =>
      call((auth) => request(server).get(`/api${path}`).query(query).set('authorization', auth)),
    patch: (path: string, body: unknown) =>
      call((auth) =>
        request(server)
          .patch(`/api${path}`)
          .send(body as object)
          .set('authorization', auth),
      ),
    post: (path: string, body: unknown) =>
      call((auth) =>
        request(server)
          .post(`/api${path}`)
          .send(body as object)
          .set('authorization', auth),
      ),
    delete: (path: string, body?: unknown) =>
      call((auth) => {
        const test = request(server).delete(`/api${path}`).set('authorization', auth);
        return body === undefined ? test : test.send(body as object);
      }),
  };
}

/** An event as its publisher's relay would deliver it (for feeding the consumer through deliver()). */
export function envelopeOf<T extends EventType>(type: T, teamId: number, payload: EventPayloads[T]): EventEnvelope<T> {
  return { id: randomUUID(), type, team_id: teamId, occurred_at: new Date().toISOString(), version: 1, payload };
}

/** The transactions outbox's events of one type whose row matches `filter` (SQL; $2.. are params), oldest first. */
export function publishedOf<T extends EventType>(
  dataSource: DataSource,
  type: T,
  filter: string,
  params: unknown[],
): Promise<{ payload: EventPayloads[T]; version: number }[]> {
  return dataSource.query(`SELECT payload, version FROM transactions.outbox WHERE type = $1 AND ${filter} ORDER BY seq`, [type, ...params]);
}

/**
 * The transactions worker's e-sign field answers over RPC (its real module) on the given service's database:
 * what an e-sign draft's step 1 values come from, for suites that boot esign beside transactions.
 */
export async function startEsignFieldsRpc(transactions: TestService<TransactionsConfig>): Promise<INestMicroservice> {
  @Global()
  @Module({ providers: [{ provide: DataSource, useValue: transactions.dataSource }], exports: [DataSource] })
  class TransactionsDatabase {}
  @Module({ imports: [TransactionsDatabase, TransactionsEsignFieldsRpcModule] })
  class TransactionsEsignAnswers {}
  const worker = await NestFactory.createMicroservice(TransactionsEsignAnswers, {
    ...rpcServerStrategy(rpcOptionsOf(transactions.config)),
    logger: false,
  });
  await worker.listen();
  return worker;
}
