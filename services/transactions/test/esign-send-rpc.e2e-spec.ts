import { Global, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ESIGN_SIGNER_OPTIONS_LIMIT } from '@app/contracts';
import { rpcOptionsOf } from '@app/platform';
import { RpcClient, RpcUnavailableException, rpcServerStrategy } from '@app/rpc';
import { TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { TransactionsEsignFieldsRpcModule } from '../src/fields/esign-fields-rpc.controller';
import { bootTransactions } from './transactions-test-kit';

// The transactions worker's answers to the e-sign send stepper (spec 002 sections 2.2 and 2.5): transactions.esign.field-values (the
// transaction's values of mapped fields) and transactions.esign.signer-contacts (the signer choices), asked over the
// real Redis transport as esign asks them.

describe('transactions.esign.field-values and transactions.esign.signer-contacts', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let worker: INestMicroservice;
  let rpc: RpcClient;
  let factory: TransactionsFactory;
  let demo: TransactionOptionsRow;
  let other: TransactionOptionsRow;
  const TEAM = 1;
  const OTHER_TEAM = 2;
  const AGENT_ID = 501;

  beforeAll(async () => {
    booted = await bootTransactions('api');
    @Global()
    @Module({ providers: [{ provide: DataSource, useValue: booted.sut.dataSource }], exports: [DataSource] })
    class TransactionsDatabase {}
    @Module({ imports: [TransactionsDatabase, TransactionsEsignFieldsRpcModule] })
    class TransactionsEsignAnswers {}
    worker = await NestFactory.createMicroservice(TransactionsEsignAnswers, {
      ...rpcServerStrategy(rpcOptionsOf(booted.sut.config)),
      logger: false,
    });
    await worker.listen();
    rpc = new RpcClient({ ...rpcOptionsOf(booted.sut.config), service: 'esign' });
    factory = new TransactionsFactory(booted.sut.dataSource);
    demo = await factory.options(TEAM);
    other = await factory.options(OTHER_TEAM);
    await factory.agent(TEAM, AGENT_ID, ['AGENT'], { first_name: 'Sam', last_name: 'Setter' });
  }, 60_000);

  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    await worker?.close();
    await booted?.close();
  });

  describe('transactions.esign.field-values', () => {
    const ask = (clientId: number, fields: [string, string][], teamId = TEAM) =>
      rpc.send('transactions.esign.field-values', {
        team_id: teamId,
        client_id: clientId,
        fields: fields.map(([mapped_entity, mapped_field]) => ({ mapped_entity, mapped_field })),
      });

    it("answers the transaction's columns and custom fields as it keeps them, id selects by label", async () => {
      const tx = await factory.transaction(demo, {
        type: 'b',
        address_1: '12 Elm St',
        mobile_phone: '5551234567',
        trans_amt: 450_000.5,
        gci_pct: 3,
        est_close_dt: '2031-06-30',
        appt_set_by_agent_id: AGENT_ID,
        custom_values: { mls_number: 'MLS-778', hoa: 'Y', square_feet: 1850, loan_type: 'FHA' },
      });
      const reply = await ask(tx.client_id, [
        ['transaction', 'address_1'],
        ['transaction', 'mobile_phone'],
        ['transaction', 'trans_amt'],
        ['transaction', 'gci_pct'],
        ['transaction', 'est_close_dt'],
        ['transaction', 'closed_dt'],
        ['transaction', 'lead_type_id'],
        ['transaction', 'appt_set_by_agent_id'],
        ['transaction_field', 'mls_number'],
        ['transaction_field', 'hoa'],
        ['transaction_field', 'square_feet'],
        ['transaction_field', 'loan_type'],
        ['transaction_field', 'title_company'],
        // Unknown to the catalogue (a column that is not a field, a custom field of no team, the wrong entity): left out.
        ['transaction', 'team_id'],
        ['transaction_field', 'nope'],
        ['transaction_field', 'address_1'],
        // Asked twice: answered once.
        ['transaction', 'address_1'],
      ]);
      expect(reply).toEqual([
        { mapped_entity: 'transaction', mapped_field: 'address_1', value: '12 Elm St' },
        { mapped_entity: 'transaction', mapped_field: 'mobile_phone', value: '5551234567' },
        { mapped_entity: 'transaction', mapped_field: 'trans_amt', value: 450000.5 },
        { mapped_entity: 'transaction', mapped_field: 'gci_pct', value: 3 },
        { mapped_entity: 'transaction', mapped_field: 'est_close_dt', value: '2031-06-30' },
        { mapped_entity: 'transaction', mapped_field: 'closed_dt', value: null },
        { mapped_entity: 'transaction', mapped_field: 'lead_type_id', value: 'Zillow' },
        { mapped_entity: 'transaction', mapped_field: 'appt_set_by_agent_id', value: 'Sam Setter' },
        { mapped_entity: 'transaction_field', mapped_field: 'mls_number', value: 'MLS-778' },
        { mapped_entity: 'transaction_field', mapped_field: 'hoa', value: 'Y' },
        { mapped_entity: 'transaction_field', mapped_field: 'square_feet', value: 1850 },
        { mapped_entity: 'transaction_field', mapped_field: 'loan_type', value: 'FHA' },
        { mapped_entity: 'transaction_field', mapped_field: 'title_company', value: null },
      ]);
    });

    it("gives a seller's transaction no value of a buyer-only custom field", async () => {
      const tx = await factory.transaction(demo, { type: 's', custom_values: { loan_type: 'FHA', mls_number: 'S-1' } });
      expect(
        await ask(tx.client_id, [
          ['transaction_field', 'loan_type'],
          ['transaction_field', 'mls_number'],
        ]),
      ).toEqual([
        { mapped_entity: 'transaction_field', mapped_field: 'loan_type', value: null },
        { mapped_entity: 'transaction_field', mapped_field: 'mls_number', value: 'S-1' },
      ]);
    });

    it("answers only within the caller's team: another team's transaction or an unknown one gives an empty list", async () => {
      const theirs = await factory.transaction(other, { address_1: '1 Other Rd', custom_values: { mls_number: 'THEIRS' } });
      expect(
        await ask(theirs.client_id, [
          ['transaction', 'address_1'],
          ['transaction_field', 'mls_number'],
        ]),
      ).toEqual([]);
      expect(await ask(2_000_000_000, [['transaction', 'address_1']])).toEqual([]);
      expect(await ask(theirs.client_id, [['transaction', 'address_1']], OTHER_TEAM)).toEqual([
        { mapped_entity: 'transaction', mapped_field: 'address_1', value: '1 Other Rd' },
      ]);
    });

    it('answers a malformed request with an error, which the caller turns into its 503', async () => {
      await expect(rpc.send('transactions.esign.field-values', { team_id: TEAM, client_id: 0, fields: [] })).rejects.toBeInstanceOf(
        RpcUnavailableException,
      );
      await expect(
        rpc.send('transactions.esign.field-values', { team_id: TEAM, client_id: 1, fields: 'x' as never }),
      ).rejects.toBeInstanceOf(RpcUnavailableException);
    }, 15_000);
  });

  describe('transactions.esign.signer-contacts', () => {
    const ask = (clientId: number, term: string, extra: { team_id?: number; agent_id?: number } = {}) =>
      rpc.send('transactions.esign.signer-contacts', { team_id: TEAM, client_id: clientId, term, ...extra });

    it("offers the transaction's contacts with an email first (primary first), then the team's active contacts matching the term", async () => {
      const tx = await factory.transaction(demo, { first_name: 'Zed', last_name: 'Primary', email: 'zed@mail.test' });
      const ann = await factory.contact(TEAM, { first_name: 'Ann', last_name: 'Cobuyer', email: 'ann@mail.test' });
      const quiet = await factory.contact(TEAM, { first_name: 'Quinn', last_name: 'Quiet' });
      const merged = await factory.contact(TEAM, { first_name: 'Mo', last_name: 'Merged', email: 'mo@mail.test' });
      for (const contact of [ann, quiet, merged]) await factory.link(tx.client_id, contact.contact_id);
      await booted.sut.dataSource.query(
        `UPDATE transactions.contacts SET status = 'merged', merged_into_contact_id = $2 WHERE contact_id = $1`,
        [merged.contact_id, ann.contact_id],
      );
      const mine = await factory.contact(TEAM, { first_name: 'Kit', last_name: 'Searchable', email: 'kit@mail.test', agent_id: AGENT_ID });
      const byEmail = await factory.contact(TEAM, { first_name: 'Lee', last_name: 'Other', email: 'lee.searchable@mail.test' });
      await factory.contact(TEAM, { first_name: 'Ina', last_name: 'Searchable', email: 'ina@mail.test', status: 'inactive' });
      await factory.contact(TEAM, { first_name: 'Nob', last_name: 'Searchable' });
      await factory.contact(OTHER_TEAM, { first_name: 'Far', last_name: 'Searchable', email: 'far@mail.test' });

      expect(await ask(tx.client_id, 'SEARCHABLE')).toEqual([
        { contact_id: tx.contact_id, name: 'Zed Primary', email: 'zed@mail.test', on_transaction: true },
        { contact_id: ann.contact_id, name: 'Ann Cobuyer', email: 'ann@mail.test', on_transaction: true },
        { contact_id: mine.contact_id, name: 'Kit Searchable', email: 'kit@mail.test', on_transaction: false },
        { contact_id: byEmail.contact_id, name: 'Lee Other', email: 'lee.searchable@mail.test', on_transaction: false },
      ]);
      // An AGENT's choice: only the team contacts they own.
      expect((await ask(tx.client_id, 'searchable', { agent_id: AGENT_ID })).map((c) => c.contact_id)).toEqual([
        tx.contact_id,
        ann.contact_id,
        mine.contact_id,
      ]);
      // LIKE's wildcards are taken literally.
      expect((await ask(tx.client_id, '%')).filter((c) => !c.on_transaction)).toEqual([]);
    });

    it(`offers at most ${ESIGN_SIGNER_OPTIONS_LIMIT} contacts beyond the transaction's own, by name`, async () => {
      const tx = await factory.transaction(demo, { first_name: 'Lim', last_name: 'Primary', email: 'lim@mail.test' });
      for (let i = 0; i < ESIGN_SIGNER_OPTIONS_LIMIT + 5; i++) {
        await factory.contact(TEAM, { first_name: `Many${String(i).padStart(2, '0')}`, last_name: 'Crowd', email: `crowd${i}@mail.test` });
      }
      const options = await ask(tx.client_id, 'crowd');
      expect(options[0]).toMatchObject({ contact_id: tx.contact_id, on_transaction: true });
      expect(options.slice(1).map((c) => c.name)).toEqual(
        Array.from({ length: ESIGN_SIGNER_OPTIONS_LIMIT }, (_, i) => `Many${String(i).padStart(2, '0')} Crowd`),
      );
    });

    it("answers an empty list for another team's transaction", async () => {
      const theirs = await factory.transaction(other, { email: 'theirs@mail.test' });
      expect(await ask(theirs.client_id, '')).toEqual([]);
      expect((await ask(theirs.client_id, '', { team_id: OTHER_TEAM }))[0]).toEqual({
        contact_id: theirs.contact_id,
        name: expect.any(String),
        email: 'theirs@mail.test',
        on_transaction: true,
      });
    });
  });
});
