import { Queue } from 'bullmq';
import request from 'supertest';
import { JOB_QUEUES } from '@app/contracts';
import { EventConsumer } from '@app/events';
import { eventually } from '@app/testing';
import { FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID, FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID } from '../fake-skyslope';
import { bearerOf, bootIntegrationsSync } from './skyslope-test-kit';
import {
  connectTeam,
  envelopeOf,
  FAST_SYNC_ENV,
  filesOf,
  seedTeamUsers,
  ssGuidOf,
  syncRowOf,
  transactionRow,
  until,
} from './transaction-sync-kit';

// SkySlope transaction sync (spec 002 section 2.6) against the fake SkySlope: transaction events become one sale or
// listing per transaction, kept up to date with PUTs, never duplicated.

describe('SkySlope transaction sync', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  const TEAM = 61;
  const RIVAL = 62;
  let nextClient = 5000;
  const newClientId = () => (nextClient += 1);
  const created = (row: ReturnType<typeof transactionRow>) =>
    booted.deliver(envelopeOf('transactions.transaction.created', row.team_id, row));
  const updated = (row: ReturnType<typeof transactionRow>) =>
    booted.deliver(envelopeOf('transactions.transaction.updated', row.team_id, row));
  const admin = () => bearerOf(1, TEAM, 'ADMIN');
  const setPrefs = async (prefs: Record<string, boolean>) =>
    request(booted.sut.server)
      .post('/api/skyslope/settings')
      .set(await admin())
      .send({ accessKey: '••••4b2a', accessSecret: '••••41d7', prefs })
      .expect(200);

  beforeAll(async () => {
    booted = await bootIntegrationsSync('all', FAST_SYNC_ENV);
    await seedTeamUsers(booted, TEAM);
    await seedTeamUsers(booted, RIVAL, 100);
    await connectTeam(booted, TEAM, 1);
    await connectTeam(booted, RIVAL, 101);
  }, 60_000);
  afterAll(() => booted?.close());
  afterEach(() => {
    booted.fake.control.set({ failureRate: 0, failureStatus: 503, retryAfterSeconds: 1 });
  });

  it('makes one sale of a buyer transaction and one listing of a seller transaction, with the mapped fields and contacts', async () => {
    const buyer = transactionRow(TEAM, newClientId());
    const seller = transactionRow(TEAM, newClientId(), {
      type: 's',
      primary_agent_id: 1,
      address_1: '77 Lake Shore Blvd',
      address_2: '',
      contacts: [],
    });
    await created(buyer);
    await created(seller);
    const saleRow = await until(booted, buyer.client_id, 'synced', 1);
    await until(booted, seller.client_id, 'synced', 1);

    const [sale] = filesOf(booted, buyer.client_id);
    expect(filesOf(booted, buyer.client_id)).toHaveLength(1);
    expect(sale.kind).toBe('sale');
    expect(sale.guid).toBe(saleRow.guid);
    expect(sale.body).toEqual({
      fileId: String(buyer.client_id),
      agentGuid: ssGuidOf('agent@demo-realty.test'),
      officeGuid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
      checklistTypeId: 101,
      property: { streetNumber: '1208', streetAddress: 'Oak Hollow Dr', unit: 'Unit 4', city: 'Austin', state: 'TX', zip: '78704' },
      salePrice: 450000,
      contractAcceptanceDate: '2026-11-02',
      escrowClosingDate: '2026-12-15',
      actualClosingDate: null,
    });
    expect(sale.contacts).toEqual([
      { firstName: 'Brianna', lastName: 'Buyer', email: 'brianna.buyer@mail.test', phoneNumber: '5125550101' },
      { firstName: 'Carl', lastName: 'Cobuyer' },
    ]);
    const [listing] = filesOf(booted, seller.client_id);
    expect(filesOf(booted, seller.client_id)).toHaveLength(1);
    expect(listing.kind).toBe('listing');
    expect(listing.body).toMatchObject({
      agentGuid: ssGuidOf('admin@demo-realty.test'),
      checklistTypeId: 201,
      listingPrice: 450000,
      property: { streetNumber: '77', streetAddress: 'Lake Shore Blvd', unit: '' },
    });
    expect(listing.body).not.toHaveProperty('salePrice');
    expect(listing.contacts).toHaveLength(1);
  });

  it('updates the same file with a PUT; the same event twice and an unchanged payload make no call', async () => {
    const row = transactionRow(TEAM, newClientId());
    await created(row);
    await until(booted, row.client_id, 'synced', 1);
    const v2 = {
      ...row,
      version: 2,
      trans_amt: 465000,
      closed_dt: '2026-12-20',
      contacts: [...row.contacts, { name: 'Dana Lender', email: 'dana@lender.test' }],
    };
    const event = envelopeOf('transactions.transaction.updated', TEAM, v2);
    await booted.deliver(event);
    await until(booted, row.client_id, 'synced', 2);
    let [file] = filesOf(booted, row.client_id);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    expect(file.updates).toBe(1);
    expect(file.body).toMatchObject({ salePrice: 465000, actualClosingDate: '2026-12-20' });
    // The new contact only, once.
    expect(file.contacts.map((c) => c.firstName)).toEqual(['Brianna', 'Carl', 'Dana']);

    // Redelivered as a new job: the inbox applies it once.
    await booted.deliver(event, `${event.id}-again`);
    // A new version with nothing SkySlope sees changed: no call.
    await updated({ ...v2, version: 3, hidden_on_boards: true });
    await until(booted, row.client_id, 'synced', 3);
    [file] = filesOf(booted, row.client_id);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    expect(file.updates).toBe(1);
    expect(file.contacts).toHaveLength(3);
  });

  it('applies a created event delivered twice at once only once: one inbox row, one create, one file', async () => {
    const row = transactionRow(TEAM, newClientId());
    const event = envelopeOf('transactions.transaction.created', TEAM, row);
    const creates = () => booted.fake.control.stats().byPath['/api/files/sales'] ?? 0;
    const before = creates();
    await Promise.all([booted.deliver(event), booted.deliver(event, `${event.id}-again`)]);
    await until(booted, row.client_id, 'synced', 1);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    expect(creates() - before).toBe(1);
    const inbox = await booted.sut.dataSource.query(`SELECT event_type FROM integrations_sync.inbox WHERE event_id = $1`, [event.id]);
    expect(inbox).toEqual([{ event_type: 'transactions.transaction.created' }]);
  });

  it('ends with the latest values when events arrive out of order', async () => {
    const row = transactionRow(TEAM, newClientId());
    await updated({ ...row, version: 3, trans_amt: 500000 });
    await until(booted, row.client_id, 'synced', 3);
    await created(row);
    await updated({ ...row, version: 2, trans_amt: 480000 });
    // A status change older than the row changes nothing; a newer one merges its dates.
    await booted.deliver(
      envelopeOf('transactions.transaction.status-changed', TEAM, {
        client_id: row.client_id,
        version: 2,
        from_status_id: 1,
        to_status_id: 2,
        dates: { closed_dt: '2026-01-01' },
      }),
    );
    await booted.deliver(
      envelopeOf('transactions.transaction.status-changed', TEAM, {
        client_id: row.client_id,
        version: 4,
        from_status_id: 1,
        to_status_id: 3,
        dates: { closed_dt: '2026-12-18' },
      }),
    );
    await until(booted, row.client_id, 'synced', 4);
    const files = filesOf(booted, row.client_id);
    expect(files).toHaveLength(1);
    expect(files[0].body).toMatchObject({ salePrice: 500000, actualClosingDate: '2026-12-18' });
    // A closing newer still: price and commission from it.
    await booted.deliver(
      envelopeOf('transactions.transaction.closed', TEAM, {
        client_id: row.client_id,
        version: 5,
        primary_agent_id: 3,
        type: 'b',
        closed_dt: '2026-12-19',
        trans_amt: 505000,
        gross_commission_amt: 15150,
      }),
    );
    await until(booted, row.client_id, 'synced', 5);
    expect(filesOf(booted, row.client_id)[0].body).toMatchObject({ salePrice: 505000, actualClosingDate: '2026-12-19' });
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
  });

  it('gets through a 429 storm and a 30 % failure rate to exactly one file per transaction', async () => {
    booted.fake.control.failNext(429, { count: 12, retryAfterSeconds: 0, pathPrefix: '/api/files' });
    const storm = transactionRow(TEAM, newClientId());
    await created(storm);
    await until(booted, storm.client_id, 'synced', 1, 30_000);
    expect(filesOf(booted, storm.client_id)).toHaveLength(1);

    booted.fake.control.set({ failureRate: 0.3, failureStatus: 503, retryAfterSeconds: 0 });
    const rows = Array.from({ length: 6 }, (_, i) => transactionRow(TEAM, newClientId(), { type: i % 2 ? 's' : 'b' }));
    for (const row of rows) await created(row);
    for (const row of rows) await updated({ ...row, version: 2, trans_amt: 600000 + row.client_id });
    for (const row of rows) await until(booted, row.client_id, 'synced', 2, 60_000);
    booted.fake.control.set({ failureRate: 0 });
    for (const row of rows) {
      const files = filesOf(booted, row.client_id);
      expect(files).toHaveLength(1);
      expect(files[0].body).toMatchObject(
        row.type === 's' ? { listingPrice: 600000 + row.client_id } : { salePrice: 600000 + row.client_id },
      );
      expect(files[0].contacts).toHaveLength(row.contacts.length);
    }
  }, 90_000);

  it('sends commission, splits and referral only with their preference', async () => {
    const row = transactionRow(TEAM, newClientId(), { appt_set_by_agent_id: 4 });
    await created(row);
    await until(booted, row.client_id, 'synced', 1);
    let body = filesOf(booted, row.client_id)[0].body;
    expect(body).not.toHaveProperty('commissionAmount');
    expect(body).not.toHaveProperty('commissionSplits');
    expect(body).not.toHaveProperty('referral');
    try {
      await setPrefs({ send_commission: true, send_commission_splits: false, send_referral: false });
      await updated({ ...row, version: 2 });
      await until(booted, row.client_id, 'synced', 2);
      body = filesOf(booted, row.client_id)[0].body;
      expect(body).toMatchObject({ commissionAmount: 13500, commissionPercent: 3 });
      expect(body).not.toHaveProperty('commissionSplits');

      await setPrefs({ send_commission: false, send_commission_splits: true, send_referral: false });
      await updated({ ...row, version: 3 });
      await until(booted, row.client_id, 'synced', 3);
      body = filesOf(booted, row.client_id)[0].body;
      expect(body).not.toHaveProperty('commissionAmount');
      expect(body.commissionSplits).toEqual([
        { agentGuid: ssGuidOf('agent@demo-realty.test'), splitPercent: 50, amount: 6750 },
        { agentGuid: ssGuidOf('restricted@demo-realty.test'), splitPercent: 50, amount: 6750 },
      ]);

      await setPrefs({ send_commission: false, send_commission_splits: false, send_referral: true });
      await updated({ ...row, version: 4 });
      await until(booted, row.client_id, 'synced', 4);
      body = filesOf(booted, row.client_id)[0].body;
      expect(body).toMatchObject({ referral: { referralPercent: 25 } });
      expect(body).not.toHaveProperty('commissionSplits');
      expect(filesOf(booted, row.client_id)).toHaveLength(1);
    } finally {
      await setPrefs({ send_commission: false, send_commission_splits: false, send_referral: false });
    }
  });

  it("uses the chosen primary agent, and the transaction's own agent when the choice is null", async () => {
    const row = transactionRow(TEAM, newClientId(), { primary_agent_id: 3 });
    try {
      await request(booted.sut.server)
        .post('/api/skyslope/primary-agent')
        .set(await admin())
        .send({ selected_primary_agent_guid: ssGuidOf('tc@demo-realty.test') })
        .expect(200);
      await created(row);
      await until(booted, row.client_id, 'synced', 1);
      expect(filesOf(booted, row.client_id)[0].body.agentGuid).toBe(ssGuidOf('tc@demo-realty.test'));
    } finally {
      await request(booted.sut.server)
        .post('/api/skyslope/primary-agent')
        .set(await admin())
        .send({ selected_primary_agent_guid: null })
        .expect(200);
    }
    await updated({ ...row, version: 2 });
    await until(booted, row.client_id, 'synced', 2);
    expect(filesOf(booted, row.client_id)[0].body.agentGuid).toBe(ssGuidOf('agent@demo-realty.test'));
  });

  it('retries a transaction that failed for its unmatched agent when the team chooses a primary agent', async () => {
    // isa@ (5) has no SkySlope user: failed until a primary agent is chosen for every transaction.
    const row = transactionRow(TEAM, newClientId(), { primary_agent_id: 5 });
    await created(row);
    expect((await until(booted, row.client_id, 'failed')).reason).toBe("The transaction's primary agent has no matched SkySlope user");
    try {
      await request(booted.sut.server)
        .post('/api/skyslope/primary-agent')
        .set(await admin())
        .send({ selected_primary_agent_guid: ssGuidOf('tc@demo-realty.test') })
        .expect(200);
      await until(booted, row.client_id, 'synced', 1);
    } finally {
      await request(booted.sut.server)
        .post('/api/skyslope/primary-agent')
        .set(await admin())
        .send({ selected_primary_agent_guid: null })
        .expect(200);
    }
    expect(filesOf(booted, row.client_id)).toEqual([
      expect.objectContaining({ kind: 'sale', body: expect.objectContaining({ agentGuid: ssGuidOf('tc@demo-realty.test') }) }),
    ]);
  });

  it('records an unmatched agent, then syncs once matching finds them', async () => {
    // isa@ (5) has no SkySlope user yet.
    const row = transactionRow(TEAM, newClientId(), { primary_agent_id: 5 });
    await created(row);
    const failed = await until(booted, row.client_id, 'failed');
    expect(failed.reason).toBe("The transaction's primary agent has no matched SkySlope user");
    expect(filesOf(booted, row.client_id)).toHaveLength(0);
    const isa = {
      userGuid: 'a1b2c3d4-0000-4000-8000-000000000099',
      firstName: 'Ira',
      lastName: 'Isa',
      email: 'isa@demo-realty.test',
      publicId: 'SS1099',
      userType: 'Agent',
      officeGuid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID,
      isActive: true,
    };
    booted.fake.control.addUsers([isa]);
    try {
      await request(booted.sut.server)
        .post('/api/skyslope/matched-users')
        .set(await admin())
        .send({ match_skyslope_users: true })
        .expect(200);
      await until(booted, row.client_id, 'synced', 1);
      expect(filesOf(booted, row.client_id)).toHaveLength(1);
      expect(filesOf(booted, row.client_id)[0].body.agentGuid).toBe(isa.userGuid);
    } finally {
      booted.fake.control.setUsers(booted.fake.control.users().filter((user) => user.userGuid !== isa.userGuid));
    }
  });

  it("records SkySlope's 422 with its reason, and Retry syncs it; Sync Activity lists it (ADMIN only; another team's 404)", async () => {
    booted.fake.control.failNext(422, { pathPrefix: '/api/files/sales', body: { Error: 'zip is not a valid postal code' } });
    const row = transactionRow(TEAM, newClientId());
    await created(row);
    const failed = await until(booted, row.client_id, 'failed');
    expect(failed.reason).toBe('SkySlope refused the file: zip is not a valid postal code');

    const { body } = await request(booted.sut.server)
      .get('/api/skyslope/sync-activity')
      .query({ page: 1, per_page: 5 })
      .set(await admin())
      .expect(200);
    expect(body.records[0]).toEqual({
      client_id: row.client_id,
      transaction: row.formatted_address,
      kind: 'sale',
      guid: null,
      last_synced_ts: null,
      result: 'failed',
      reason: failed.reason,
      synced_version: null,
    });
    expect(body.pagination).toMatchObject({ page: 1, per_page: 5, has_prev: false });
    expect(body.pagination.total).toBeGreaterThan(5);

    await request(booted.sut.server)
      .get('/api/skyslope/sync-activity')
      .set(await bearerOf(3, TEAM, 'AGENT'))
      .expect(403);
    await request(booted.sut.server)
      .get('/api/skyslope/sync-activity')
      .set(await bearerOf(1, TEAM, 'ADMIN', []))
      .expect(403);
    await request(booted.sut.server)
      .get('/api/skyslope/sync-activity')
      .query({ per_page: 500 })
      .set(await admin())
      .expect(400);
    await request(booted.sut.server)
      .post(`/api/skyslope/sync-activity/${row.client_id}/retry`)
      .set(await bearerOf(101, RIVAL, 'ADMIN'))
      .expect(404);
    await request(booted.sut.server)
      .post(`/api/skyslope/sync-activity/${row.client_id}/retry`)
      .set(await bearerOf(3, TEAM, 'AGENT'))
      .expect(403);
    await request(booted.sut.server)
      .post('/api/skyslope/sync-activity/99999999999/retry')
      .set(await admin())
      .expect(404);

    const retried = await request(booted.sut.server)
      .post(`/api/skyslope/sync-activity/${row.client_id}/retry`)
      .set(await admin())
      .expect(202);
    expect(retried.body).toEqual({ message: 'Sync queued' });
    const synced = await until(booted, row.client_id, 'synced', 1);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    const after = await request(booted.sut.server)
      .get('/api/skyslope/sync-activity')
      .set(await admin())
      .expect(200);
    const listed = after.body.records.find((record: { client_id: number }) => record.client_id === row.client_id);
    expect(listed).toMatchObject({ guid: synced.guid, result: 'synced', reason: null, synced_version: 1 });
    expect(new Date(listed.last_synced_ts).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps no rows for a team without SkySlope, and retries failed rows when the office changes', async () => {
    const other = transactionRow(777, newClientId());
    await created(other);
    expect(
      (await booted.sut.dataSource.query(`SELECT 1 FROM integrations_sync.skyslope_transactions WHERE client_id = $1`, [other.client_id]))
        .length,
    ).toBe(0);

    booted.fake.control.failNext(422, { pathPrefix: '/api/files/sales', body: { Error: 'office closed' } });
    const row = transactionRow(TEAM, newClientId());
    await created(row);
    await until(booted, row.client_id, 'failed');
    try {
      await request(booted.sut.server)
        .post('/api/skyslope/offices')
        .set(await admin())
        .send({ skyslope_guid: FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID })
        .expect(200);
      await until(booted, row.client_id, 'synced', 1);
      expect(filesOf(booted, row.client_id)[0].body.officeGuid).toBe(FAKE_SKYSLOPE_WESTSIDE_OFFICE_GUID);
    } finally {
      await request(booted.sut.server)
        .post('/api/skyslope/offices')
        .set(await admin())
        .send({ skyslope_guid: FAKE_SKYSLOPE_DOWNTOWN_OFFICE_GUID })
        .expect(200);
    }
    expect(await syncRowOf(booted, row.client_id)).toMatchObject({ result: 'synced' });
  });

  it('syncs a transaction whose event was applied while the sync queue refused: its job was written with the row, and a second relay of it makes no second file', async () => {
    const row = transactionRow(TEAM, newClientId());
    const creates = () => booted.fake.control.stats().byPath['/api/files/sales'] ?? 0;
    const before = creates();
    const refused = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const spies = [
      jest.spyOn(Queue.prototype, 'add').mockRejectedValue(refused),
      jest.spyOn(Queue.prototype, 'addBulk').mockRejectedValue(refused),
    ];
    let jobId: string;
    try {
      // Applied as the consumer does (its inbox row and the stored row commit); no queue answers meanwhile.
      expect(await booted.sut.app.get(EventConsumer).consume(envelopeOf('transactions.transaction.created', TEAM, row))).toBe('applied');
      const waiting: { job_id: string }[] = await booted.sut.dataSource.query(
        `SELECT job_id FROM integrations_sync.outbox WHERE queue = $1 AND payload->>'client_id' = $2 AND published_at IS NULL`,
        [JOB_QUEUES.skyslopeSyncTransaction, String(row.client_id)],
      );
      expect(waiting).toEqual([{ job_id: `${TEAM}-${row.client_id}-v1` }]);
      jobId = waiting[0].job_id;
      expect(await syncRowOf(booted, row.client_id)).toBeUndefined();
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    // The queue answers again: the relay's next pass queues the job and the worker syncs.
    await until(booted, row.client_id, 'synced', 1);
    expect(creates() - before).toBe(1);

    // The relay publishes the row again (it died between adding and marking): the sync sees nothing new to send.
    await booted.sut.dataSource.query(`UPDATE integrations_sync.outbox SET published_at = NULL WHERE job_id = $1`, [jobId]);
    await eventually(
      async () =>
        (
          await booted.sut.dataSource.query(`SELECT 1 FROM integrations_sync.outbox WHERE job_id = $1 AND published_at IS NOT NULL`, [
            jobId,
          ])
        ).length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await until(booted, row.client_id, 'synced', 1);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    expect(creates() - before).toBe(1);
    expect(filesOf(booted, row.client_id)[0].updates).toBe(0);
  });
});
