import request from 'supertest';
import { bootTestService, createTestDatabase, signTestToken, testEnv, type TestDatabase } from '@app/testing';
import { seedTransactionsDemoForms } from '../src/forms/forms-demo-seed';
import { transactionsMigrations } from '../src/migrations';
import type { TransactionsConfig } from '../src/transactions.config';
import { TransactionsModule } from '../src/transactions.module';

describe('team forms (GET /user/forms, GET /transaction/forms)', () => {
  let database: TestDatabase;
  let sut: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;
  const TEAM_A = 101;
  const TEAM_B = 202;

  beforeAll(async () => {
    database = await createTestDatabase();
    sut = await bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database),
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'api'),
    });
    await seedTransactionsDemoForms(sut.dataSource, [TEAM_A]);
    await sut.dataSource.query(
      `INSERT INTO transactions.team_forms (team_id, name, client_type_id, sort) VALUES ($1, 'Rival Buyer Form', 'b', 1)`,
      [TEAM_B],
    );
  });
  afterAll(async () => {
    await sut.close();
    await database.drop();
  });

  const tokenFor = (teamId: number) => signTestToken({ agent_id: 1, team_id: teamId, roles: ['AGENT'], permissions: [], market_id: 0 });

  it.each(['/api/user/forms', '/api/transaction/forms'])('%s answers 401 without a caller', async (path) => {
    await request(sut.server).get(path).expect(401);
  });

  it.each(['/api/user/forms', '/api/transaction/forms'])("%s lists the caller's team forms in order", async (path) => {
    const { body } = await request(sut.server)
      .get(path)
      .set('authorization', `Bearer ${await tokenFor(TEAM_A)}`)
      .expect(200);
    expect(body).toEqual({
      records: [
        { team_form_id: expect.any(Number), name: 'Buyer Representation', client_type_id: 'b', edit_only: false },
        { team_form_id: expect.any(Number), name: 'Buyer Offer', client_type_id: 'b', edit_only: false },
        { team_form_id: expect.any(Number), name: 'Seller Listing', client_type_id: 's', edit_only: false },
        { team_form_id: expect.any(Number), name: 'Seller Disclosure', client_type_id: 's', edit_only: true },
      ],
    });
  });

  it("never shows another team's forms", async () => {
    const { body } = await request(sut.server)
      .get('/api/user/forms')
      .set('authorization', `Bearer ${await tokenFor(TEAM_B)}`)
      .expect(200);
    expect(body.records.map((f: { name: string }) => f.name)).toEqual(['Rival Buyer Form']);
    const none = await request(sut.server)
      .get('/api/transaction/forms')
      .set('authorization', `Bearer ${await tokenFor(999)}`)
      .expect(200);
    expect(none.body).toEqual({ records: [] });
  });

  it('seeds idempotently', async () => {
    expect(await seedTransactionsDemoForms(sut.dataSource, [TEAM_A])).toBe(0);
    expect(await seedTransactionsDemoForms(sut.dataSource, [TEAM_A, 303])).toBe(4);
  });
});
