import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ESIGN_MESSAGES, type MappableField } from '@app/contracts';
import { rpcOptionsOf } from '@app/platform';
import { rpcServerStrategy } from '@app/rpc';
import { createTestDatabase, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { EsignFieldsRpcController } from '../../services/transactions/src/fields/esign-fields-rpc.controller';
import { TeamOptionsRepository } from '../../services/transactions/src/fields/team-options.repository';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';
import { apiAs, bootEsign, seededCallers, type BootedEsign } from '../../services/esign/test/esign-test-kit';

/**
 * GET /esign/mappable-fields asks the transactions worker over RPC (transactions.esign.mappable-fields, 3 s) for
 * the field catalogue behind GET /transaction/fields; answered here by the worker's controller on the
 * transactions schema, then with that worker stopped.
 */
describe('e-sign mappable fields over RPC', () => {
  let database: TestDatabase;
  let transactions: TestService<TransactionsConfig>;
  let esign: BootedEsign;
  let worker: INestMicroservice | undefined;
  const callers = seededCallers();
  const admin = () => apiAs(esign.sut.server, callers.get('admin@demo-realty.test')!);
  const bench = () => apiAs(esign.sut.server, callers.get('admin@bench-realty.test')!);

  beforeAll(async () => {
    database = await createTestDatabase();
    transactions = await bootTransactionsBeside(database);
    esign = await bootEsign('api', {}, database);
    // Demo Realty (team 1) has the factory's custom fields; Bench Realty (team 3) none.
    await new TransactionsFactory(transactions.dataSource).options(callers.get('admin@demo-realty.test')!.team_id);

    @Module({
      controllers: [EsignFieldsRpcController],
      providers: [TeamOptionsRepository, { provide: DataSource, useValue: transactions.dataSource }],
    })
    class EsignFieldsAnswerModule {}
    worker = await NestFactory.createMicroservice(EsignFieldsAnswerModule, {
      ...rpcServerStrategy(rpcOptionsOf(transactions.config)),
      logger: false,
    });
    await worker.listen();
  }, 90_000);

  afterAll(async () => {
    await worker?.close();
    await esign?.close();
    await transactions?.close();
    await database?.drop();
  });

  it("answers the team's catalogue: system fields, then its custom fields, each with its e-sign field type", async () => {
    const fields: MappableField[] = (await admin().get('/esign/mappable-fields').expect(200)).body;
    expect(fields.slice(0, 3)).toEqual([
      { label: 'First Name', mapped_entity: 'transaction', mapped_field: 'first_name', fieldType: 'text', can_update: true },
      { label: 'Last Name', mapped_entity: 'transaction', mapped_field: 'last_name', fieldType: 'text', can_update: true },
      { label: 'Email', mapped_entity: 'transaction', mapped_field: 'email', fieldType: 'text', can_update: true },
    ]);
    expect(fields).toContainEqual({
      label: 'Mobile Phone',
      mapped_entity: 'transaction',
      mapped_field: 'mobile_phone',
      fieldType: 'phone',
      can_update: true,
    });
    expect(fields).toContainEqual({
      label: 'Price',
      mapped_entity: 'transaction',
      mapped_field: 'trans_amt',
      fieldType: 'number',
      can_update: true,
    });
    expect(fields).toContainEqual({
      label: 'Est. Close Date',
      mapped_entity: 'transaction',
      mapped_field: 'est_close_dt',
      fieldType: 'date',
      can_update: true,
    });
    const custom = fields.filter((field) => field.mapped_entity === 'transaction_field');
    expect(custom.map((field) => [field.mapped_field, field.fieldType])).toEqual([
      ['mls_number', 'text'],
      ['square_feet', 'number'],
      ['listing_link', 'text'],
      ['hoa', 'checkbox'],
      ['loan_type', 'select'],
      ['referral_pct', 'number'],
      ['co_op_email', 'text'],
      ['title_company', 'text'],
    ]);
    // Another team's custom fields are not its.
    const benchFields: MappableField[] = (await bench().get('/esign/mappable-fields').expect(200)).body;
    expect(benchFields.filter((field) => field.mapped_entity === 'transaction_field')).toEqual([]);
    expect(benchFields.length).toBe(fields.length - custom.length);
  });

  it("answers 503 'Transaction data is unavailable. Please try again.' after 3 s when the transactions worker does not answer", async () => {
    await worker!.close();
    worker = undefined;
    const started = Date.now();
    const response = await admin().get('/esign/mappable-fields').expect(503);
    expect(response.body).toEqual({ status: 'error', message: ESIGN_MESSAGES.transactionDataUnavailable });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
  }, 20_000);
});
