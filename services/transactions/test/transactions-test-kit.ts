import request from 'supertest';
import type { Role } from '@app/contracts';
import { bootTestService, createTestDatabase, signTestToken, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { transactionsMigrations } from '../src/migrations';
import type { TransactionsConfig } from '../src/transactions.config';
import { TransactionsModule } from '../src/transactions.module';

/** A database of its own and the transactions HTTP app on it; close() drops both. */
export async function bootTransactions(): Promise<{ database: TestDatabase; sut: TestService<TransactionsConfig>; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const sut = await bootTestService<TransactionsConfig>({
    service: 'transactions',
    env: testEnv(database),
    migrations: transactionsMigrations,
    module: (config) => TransactionsModule.forRoot(config, 'api'),
  });
  return {
    database,
    sut,
    close: async () => {
      await sut.close();
      await database.drop();
    },
  };
}

/** A request as a user: await it for the response, or `.expect(status)` to check the status too (the body shows on a mismatch). */
export type ApiCall = PromiseLike<request.Response> & { expect(status: number): Promise<request.Response> };

/** Requests to the app as `role` (agent and team ids given), each with a freshly signed token. */
export function apiAs(server: TestService<TransactionsConfig>['server'], role: Role, agentId: number, teamId: number) {
  const call = (build: (auth: string) => request.Test): ApiCall => {
    const send = async () => build(`Bearer ${await signTestToken({ agent_id: agentId, team_id: teamId, roles: [role], permissions: [], market_id: 0 })}`);
    return {
      expect: async (status: number) => {
        const response = await send();
        expect({ status: response.status, body: response.status === status ? undefined : response.body }).toEqual({ status, body: undefined });
        return response;
      },
      then: (resolve, reject) => send().then(resolve, reject),
    };
  };
  return {
    get: (path: string, query: Record<string, unknown> = {}) => call((auth) => request(server).get(`/api${path}`).query(query).set('authorization', auth)),
    patch: (path: string, body: unknown) => call((auth) => request(server).patch(`/api${path}`).send(body as object).set('authorization', auth)),
    post: (path: string, body: unknown) => call((auth) => request(server).post(`/api${path}`).send(body as object).set('authorization', auth)),
  };
}
