import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { rpcOptionsOf } from '@app/platform';
import { rpcServerStrategy } from '@app/rpc';
import type { TestService } from '@app/testing';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import { DEFAULTS_MESSAGES } from '../../services/identity/src/defaults/defaults.service';
import { FormsRpcController } from '../../services/transactions/src/forms/forms-rpc.controller';
import { FormsRepository } from '../../services/transactions/src/forms/forms.repository';
import { seedTransactionsDemoForms } from '../../services/transactions/src/forms/forms-demo-seed';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * Stored input: PATCH /user/profile/defaults keeps each default form to the caller's team's
 * forms of the right side. Forms live in the transactions service; identity asks it over RPC
 * (transactions.forms.list, answered here by the worker's controller on the transactions schema).
 */
describe('default forms: identity asks transactions for the team forms', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let transactions: TestService<TransactionsConfig>;
  let worker: INestMicroservice;
  let token: string;
  let forms: Array<{ team_form_id: number; client_type_id: 'b' | 's'; team_id: number }>;
  let teamId: number;

  const login = async (email: string) =>
    (await request(identity.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body;
  const patch = (body: object) =>
    request(identity.server).patch('/api/user/profile/defaults').set('authorization', `Bearer ${token}`).send(body);
  const stored = async () =>
    (await request(identity.server).get('/api/user/profile/defaults').set('authorization', `Bearer ${token}`).expect(200)).body;

  beforeAll(async () => {
    identity = await bootIdentity();
    transactions = await bootTransactionsBeside(identity.database);
    const tc = await login('tc@demo-realty.test');
    const bench = await login('admin@bench-realty.test');
    token = tc.access_token;
    teamId = tc.user.team.team_id;
    await seedTransactionsDemoForms(transactions.dataSource, [tc.user.team.team_id, bench.user.team.team_id]);
    forms = await transactions.dataSource.query(
      `SELECT team_form_id, client_type_id, team_id FROM transactions.team_forms WHERE purpose = 'side'`,
    );

    @Module({ controllers: [FormsRpcController], providers: [FormsRepository, { provide: DataSource, useValue: transactions.dataSource }] })
    class FormsAnswerModule {}
    worker = await NestFactory.createMicroservice(FormsAnswerModule, {
      ...rpcServerStrategy(rpcOptionsOf(transactions.config)),
      logger: false,
    });
    await worker.listen();
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await transactions?.close();
    await identity?.close();
  });

  /** A form of the caller's team (own) or of Bench Realty, of one side. */
  const formOf = (own: boolean, side: 'b' | 's') =>
    forms.find((f) => (f.team_id === teamId) === own && f.client_type_id === side)!.team_form_id;

  it("saves the team's own forms of the right side", async () => {
    const body = {
      default_buyer_form: formOf(true, 'b'),
      default_seller_form: formOf(true, 's'),
      default_form: formOf(true, 's'),
      default_transaction_page_form: formOf(true, 'b'),
    };
    expect((await patch(body).expect(200)).body).toMatchObject(body);
    // Sent back unchanged, nothing is asked again; null clears.
    await patch({ ...body, default_form: null }).expect(200);
    expect((await stored()).default_form).toBeNull();
  });

  it("refuses another team's form, an unknown id and a form of the other side, and saves nothing", async () => {
    const before = await stored();
    const response = await patch({
      default_buyer_form: formOf(true, 's'),
      default_seller_form: formOf(false, 's'),
      default_form: 2_000_000_000,
      default_transaction_page_form: formOf(false, 'b'),
      dark_mode: !before.dark_mode,
    }).expect(400);
    expect(response.body.errors).toEqual([
      { field: 'default_form', error: DEFAULTS_MESSAGES.notTeamForm },
      { field: 'default_buyer_form', error: DEFAULTS_MESSAGES.notBuyerForm },
      { field: 'default_seller_form', error: DEFAULTS_MESSAGES.notSellerForm },
      { field: 'default_transaction_page_form', error: DEFAULTS_MESSAGES.notTeamForm },
    ]);
    expect(await stored()).toEqual(before);
    expect((await patch({ default_buyer_form: formOf(false, 'b') }).expect(400)).body.errors).toEqual([
      { field: 'default_buyer_form', error: DEFAULTS_MESSAGES.notBuyerForm },
    ]);
  });
});
