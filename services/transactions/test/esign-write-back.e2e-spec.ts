import { Logger } from '@nestjs/common';
import type { EsignTransactionFieldChange, EsignTransactionFieldsUpdateRequested, TransactionHistoryRecord } from '@app/contracts';
import { TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { ApplyEsignFieldChangesWhenUpdateRequested } from '../src/transactions/esign-field-changes.listener';
import { apiAs, bootTransactions, envelopeOf, publishedOf } from './transactions-test-kit';

// Spec 002 section 2.2: the values an e-sign sender marked Update Transaction, written back once per request.

describe(ApplyEsignFieldChangesWhenUpdateRequested.name, () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  let other: TransactionOptionsRow;
  let referralLeadType: number;
  const TEAM = 2301;
  const OTHER_TEAM = 2302;
  const ADMIN = 230_001;
  const SENDER = 230_002;
  let nextRequestId = 23_000;

  const admin = () => apiAs(booted.sut.server, 'ADMIN', ADMIN, TEAM);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => booted.sut.dataSource.query(sql, params);
  const change = (
    mapped_entity: 'transaction' | 'transaction_field' | string,
    mapped_field: string,
    value: unknown,
  ): EsignTransactionFieldChange => ({ mapped_entity, mapped_field, value });
  const requested = (clientId: number, requestId: number, changes: EsignTransactionFieldChange[], teamId = TEAM) =>
    envelopeOf('esign.transaction-fields.update-requested', teamId, {
      client_id: clientId,
      esig_request_id: requestId,
      agent_id: SENDER,
      changes,
    } satisfies EsignTransactionFieldsUpdateRequested);
  const rowOf = async (clientId: number) =>
    (
      await query<{
        version: number;
        est_close_dt: string | null;
        trans_amt: number | null;
        mobile_phone: string | null;
        lead_type_id: number;
        appt_set_by_agent_id: number | null;
        city: string;
        custom_values: Record<string, unknown>;
      }>(
        `SELECT version, to_char(est_close_dt, 'YYYY-MM-DD') AS est_close_dt, trans_amt::float8 AS trans_amt, mobile_phone, lead_type_id, appt_set_by_agent_id, city, custom_values
           FROM transactions.transactions WHERE client_id = $1`,
        [clientId],
      )
    )[0];
  const historyOf = async (clientId: number): Promise<TransactionHistoryRecord[]> =>
    (
      (await admin().get(`/transaction/${clientId}/history`, { per_page: 60 }).expect(200)).body.records as TransactionHistoryRecord[]
    ).filter((record) => record.field !== 'created');
  const updatedEvents = (clientId: number) =>
    publishedOf(booted.sut.dataSource, 'transactions.transaction.updated', `(payload->>'client_id')::int = $2`, [clientId]);
  const claimOf = async (requestId: number) =>
    (
      await query<{ client_id: number; changed: string[]; left_out: { mapped_entity: string; mapped_field: string; reason: string }[] }>(
        `SELECT client_id, changed, left_out FROM transactions.esign_field_updates WHERE esig_request_id = $1`,
        [requestId],
      )
    )[0];
  const transaction = async (type: 'b' | 's' = 'b', options = team) =>
    (await factory.transaction(options, { type, primary_agent_id: SENDER, est_close_dt: null, trans_amt: 300_000, gci_pct: 3 })).client_id;

  beforeAll(async () => {
    booted = await bootTransactions('all');
    factory = new TransactionsFactory(booted.sut.dataSource);
    team = await factory.options(TEAM);
    other = await factory.options(OTHER_TEAM);
    await factory.agent(TEAM, ADMIN, ['ADMIN'], { first_name: 'Avery', last_name: 'Admin' });
    await factory.agent(TEAM, SENDER, ['AGENT'], { first_name: 'Sam', last_name: 'Sender' });
    [{ lead_type_id: referralLeadType }] = await query<{ lead_type_id: number }>(
      `INSERT INTO transactions.lead_types (team_id, label, group_name) VALUES ($1, 'Referral', 'Offline') RETURNING lead_type_id`,
      [TEAM],
    );
    // A field the team does not let e-sign change.
    await query(`UPDATE transactions.custom_fields SET can_update = false WHERE team_id = $1 AND field_key = 'title_company'`, [TEAM]);
  }, 60_000);
  afterAll(() => booted?.close());
  afterEach(() => jest.restoreAllMocks());

  it('applies the values once per request: the same event twice and a new event for the same request change it once', async () => {
    const clientId = await transaction('b');
    const before = await rowOf(clientId);
    const requestId = nextRequestId++;
    const event = requested(clientId, requestId, [
      change('transaction', 'est_close_dt', '2026-06-30'),
      change('transaction', 'trans_amt', 425_000.5),
      change('transaction', 'mobile_phone', '5551234567'),
      change('transaction', 'lead_type_id', 'referral'),
      change('transaction', 'appt_set_by_agent_id', 'Sam Sender'),
      change('transaction_field', 'mls_number', ' MLS-123 '),
      change('transaction_field', 'hoa', true),
      change('transaction_field', 'square_feet', 1850),
    ]);

    await booted.deliver(event);
    await booted.deliver(event, `${event.id}-again`);
    await booted.deliver(
      requested(clientId, requestId, [change('transaction_field', 'mls_number', 'SECOND'), change('transaction', 'city', 'Elsewhere')]),
    );

    const after = await rowOf(clientId);
    expect(after).toMatchObject({
      version: before.version + 1,
      est_close_dt: '2026-06-30',
      trans_amt: 425_000.5,
      mobile_phone: '5551234567',
      lead_type_id: referralLeadType,
      appt_set_by_agent_id: SENDER,
      city: 'Chicago',
      custom_values: { mls_number: 'MLS-123', hoa: 'Y', square_feet: 1850 },
    });

    const history = await historyOf(clientId);
    expect(history.map((record) => [record.field, record.new_value])).toEqual(
      expect.arrayContaining([
        ['est_close_dt', '2026-06-30'],
        ['trans_amt', '425000.5'],
        ['mobile_phone', '5551234567'],
        ['lead_type_id', String(referralLeadType)],
        ['appt_set_by_agent_id', String(SENDER)],
        ['values.mls_number', 'MLS-123'],
        ['values.hoa', 'Y'],
        ['values.square_feet', '1850'],
        // The gross follows the new price (trans_amt x gci_pct), in the same change.
        ['gross_commission_amt', '12750.02'],
      ]),
    );
    expect(history).toHaveLength(9);
    for (const record of history) expect(record).toMatchObject({ source: 'esign', agent_id: SENDER, agent_name: 'Sam Sender' });

    const events = await updatedEvents(clientId);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ client_id: clientId, version: before.version + 1, est_close_dt: expect.anything() });
    expect((await claimOf(requestId)).changed).toHaveLength(9);
  });

  it("leaves out a value its field's type refuses (logged, kept on the request's row) and applies the others", async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const clientId = await transaction('s');
    const before = await rowOf(clientId);
    const requestId = nextRequestId++;
    await booted.deliver(
      requested(clientId, requestId, [
        change('transaction', 'est_close_dt', '02/30/2026'),
        change('transaction_field', 'square_feet', 12.5),
        change('transaction_field', 'co_op_email', 'not-an-email'),
        change('transaction', 'lead_type_id', 'No Such Source'),
        // A buyer-side field on a seller transaction.
        change('transaction_field', 'loan_type', 'FHA'),
        change('transaction_field', 'mls_number', 'MLS-777'),
      ]),
    );

    const after = await rowOf(clientId);
    expect(after.version).toBe(before.version + 1);
    expect(after.est_close_dt).toBeNull();
    expect(after.lead_type_id).toBe(before.lead_type_id);
    expect(after.custom_values).toEqual({ mls_number: 'MLS-777' });
    expect((await historyOf(clientId)).map((record) => record.field)).toEqual(['values.mls_number']);
    const claim = await claimOf(requestId);
    expect(claim.changed).toEqual(['values.mls_number']);
    expect(claim.left_out.map((left) => left.mapped_field)).toEqual([
      'est_close_dt',
      'square_feet',
      'co_op_email',
      'lead_type_id',
      'loan_type',
    ]);
    expect(claim.left_out[0].reason).toBe('Please enter a valid date (MM/DD/YYYY)');
    expect(claim.left_out[3].reason).toBe('Not one of the options');
    expect(claim.left_out[4].reason).toBe('Not allowed here');
    const logged = warn.mock.calls.map((call) => String(call[0]));
    expect(logged).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`e-sign request ${requestId}: transaction_field square_feet not written back`)),
      ]),
    );
    expect(await updatedEvents(clientId)).toHaveLength(1);
  });

  it('leaves out a field whose can_update is false, one not in the catalogue, and one named with the wrong mapped_entity', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const clientId = await transaction('b');
    const before = await rowOf(clientId);
    const requestId = nextRequestId++;
    await booted.deliver(
      requested(clientId, requestId, [
        change('transaction_field', 'title_company', 'Acme Title'),
        change('transaction_field', 'no_such_field', 'x'),
        change('transaction', 'mls_number', 'MLS-1'),
        change('transaction_field', 'city', 'Springfield'),
        change('listing', 'city', 'Springfield'),
        change('transaction', 'city', 'Evanston'),
      ]),
    );

    const after = await rowOf(clientId);
    expect(after).toMatchObject({ version: before.version + 1, city: 'Evanston', custom_values: {} });
    expect((await claimOf(requestId)).left_out).toEqual([
      { mapped_entity: 'transaction_field', mapped_field: 'title_company', reason: 'This field cannot update the transaction' },
      { mapped_entity: 'transaction_field', mapped_field: 'no_such_field', reason: 'Not a field of the transaction' },
      { mapped_entity: 'transaction', mapped_field: 'mls_number', reason: 'Not a field of the transaction' },
      { mapped_entity: 'transaction_field', mapped_field: 'city', reason: 'Not a field of the transaction' },
      { mapped_entity: 'listing', mapped_field: 'city', reason: 'Not a field of the transaction' },
    ]);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(
      expect.arrayContaining([
        `e-sign request ${requestId}: transaction_field title_company not written back to transaction ${clientId}: This field cannot update the transaction`,
      ]),
    );
  });

  it("changes nothing on another team's transaction or a missing one, and claims nothing", async () => {
    const theirs = await transaction('b', other);
    const before = await rowOf(theirs);
    const requestId = nextRequestId++;
    await booted.deliver(requested(theirs, requestId, [change('transaction', 'city', 'Hijacked')]));
    await booted.deliver(requested(99_999_999, nextRequestId++, [change('transaction', 'city', 'Nowhere')]));

    expect(await rowOf(theirs)).toEqual(before);
    expect(await updatedEvents(theirs)).toEqual([]);
    expect(await claimOf(requestId)).toBeUndefined();
    // The same request arriving from its own team later is still applied.
    await booted.deliver(requested(theirs, requestId, [change('transaction', 'city', 'Oak Park')], OTHER_TEAM));
    expect((await rowOf(theirs)).city).toBe('Oak Park');
  });

  it('raises no version and publishes nothing when every value is already the transaction’s', async () => {
    const clientId = await transaction('b');
    const before = await rowOf(clientId);
    const requestId = nextRequestId++;
    await booted.deliver(
      requested(clientId, requestId, [change('transaction', 'city', 'Chicago'), change('transaction', 'trans_amt', 300_000)]),
    );
    expect(await rowOf(clientId)).toEqual(before);
    expect(await updatedEvents(clientId)).toEqual([]);
    expect(await claimOf(requestId)).toMatchObject({ client_id: clientId, changed: [], left_out: [] });
  });
});
