import { BadGatewayException, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import request from 'supertest';
import type { DataSource, EntityManager } from 'typeorm';
import {
  esignFieldOf,
  type EsignField,
  type EsignFieldType,
  type EsignTemplateDetail,
  type TransactionSnapshot,
  type UserSnapshot,
} from '@app/contracts';
import type { QueuedMail } from '@app/mail';
import { StorageService } from '@app/storage';
import { eventually } from '@app/testing';
import { ESIGN_PROVIDER, type EsignProvider } from '../src/provider/esign-provider';
import { RequestsRepository } from '../src/requests/requests.repository';
import { SigningEngine } from '../src/requests/signing-engine';
import { apiAs, bootEsign, envelopeOf, makePdf, seededCallers, uploadPdf, type Api, type BootedEsign } from './esign-test-kit';

// The own engine's requests (spec 002): sending with the spec's checks, signer links, statuses and the audit log.

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('e-sign requests and signing', () => {
  let booted: BootedEsign;
  let redis: IORedis;
  let mailQueue: Queue<QueuedMail>;
  const callers = seededCallers();
  const as = (email: string): Api => apiAs(booted.sut.server, callers.get(email)!);
  const admin = () => as('admin@demo-realty.test');
  const bench = () => as('admin@bench-realty.test');
  const ADMIN = callers.get('admin@demo-realty.test')!;
  const DEMO = ADMIN.team_id;
  const BENCH = callers.get('admin@bench-realty.test')!.team_id;
  const CLIENT_ID = 5001;
  const BENCH_CLIENT_ID = 6001;
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => booted.sut.dataSource.query(sql, params);
  const requestCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n);
  let template: EsignTemplateDetail;

  let seq = 0;
  const field = (type: EsignFieldType, role: string, extra: Partial<EsignField> = {}): EsignField => {
    seq += 1;
    return esignFieldOf({
      uuid: `f-${seq}`,
      role_uuid: role,
      name: `${type} ${seq}`,
      type,
      options: ['select', 'radio', 'multiple'].includes(type)
        ? [
            { value: 'Yes', uuid: `o-${seq}-1` },
            { value: 'No', uuid: `o-${seq}-2` },
          ]
        : [],
      areas: [{ page: 1, x: 0.1, y: 0.1 + (seq % 10) * 0.07, w: 0.3, h: 0.05 }],
      ...extra,
    });
  };
  const FIELDS = {
    buyerName: field('text', 'role-buyer', { required: true, name: 'Buyer name' }),
    buyerSignature: field('signature', 'role-buyer', { required: true }),
    buyerDate: field('date', 'role-buyer', { default_value: '{{date}}' }),
    buyerPhone: field('phone', 'role-buyer'),
    sellerInitials: field('initials', 'role-seller', { required: true }),
    sellerAgree: field('checkbox', 'role-seller'),
  };

  const user = (caller: typeof ADMIN, first: string, last: string): UserSnapshot =>
    ({
      agent_id: caller.agent_id,
      team_id: caller.team_id,
      team_name: 'Demo Realty',
      first_name: first,
      last_name: last,
      email: caller.email,
      status: 'active',
      roles: caller.roles,
    }) as UserSnapshot;
  const transaction = (clientId: number, teamId: number, version: number, extra: Partial<TransactionSnapshot> = {}): TransactionSnapshot =>
    ({
      client_id: clientId,
      team_id: teamId,
      version,
      type: 'b',
      address_1: '12 Elm St',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      primary_agent_id: null,
      ...extra,
    }) as TransactionSnapshot;

  const body = (extra: Record<string, unknown> = {}) => ({
    client_id: CLIENT_ID,
    template_ids: [template.esig_template_id],
    signature_order: 'P',
    email_config: { default: { subject: 'Please sign', body: 'Here is the agreement.' } },
    signers: [
      { role: 'Buyer', name: 'Zoë Buyer', email: 'buyer@mail.test' },
      { role: 'Seller', name: 'Sam Seller', email: 'seller@mail.test' },
    ],
    fields: [{ fieldId: FIELDS.buyerPhone.uuid, value: '(555) 123-4567', readonly: false }],
    ...extra,
  });

  /** Mails esign queued for one request (messaging's worker would deliver them), once its outbox is relayed. */
  const mailsOf = async (requestId: number): Promise<QueuedMail[]> => {
    // Written in the change's transaction, put on mail.outgoing by the relay right after the commit.
    await eventually(
      async () => (await query<{ n: number }>(`SELECT count(*)::int AS n FROM esign.outbox WHERE published_at IS NULL`))[0].n === 0,
    );
    const jobs = await mailQueue.getJobs(['waiting', 'delayed', 'completed', 'failed', 'active', 'paused', 'prioritized']);
    return jobs
      .map((job) => job.data)
      .filter((mail) => mail.id.startsWith(`esign-${requestId}-`))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  };
  const tokenIn = (mail: QueuedMail) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  const invitationTo = async (requestId: number, email: string) => {
    const mails = (await mailsOf(requestId)).filter((mail) => mail.to === email && mail.id.includes('-invitation-'));
    return mails[mails.length - 1];
  };
  const sign = (token: string) => request(booted.sut.server).get(`/api/esign/sign/${token}`).set('user-agent', 'Jest Phone/1.0');
  const complete = (token: string, values: Record<string, unknown>) =>
    request(booted.sut.server)
      .post(`/api/esign/sign/${token}/complete`)
      .set('user-agent', 'Jest Phone/1.0')
      .send({ values, consent: true });
  const statusOf = async (id: number) =>
    (await query<{ status: string }>(`SELECT status FROM esign.requests WHERE esig_request_id = $1`, [id]))[0].status;
  const waitForStatus = async (id: number, status: string) => {
    for (let i = 0; i < 150 && (await statusOf(id)) !== status; i++) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await statusOf(id)).toBe(status);
  };
  const send = async (extra: Record<string, unknown> = {}) =>
    (await admin().post('/esign/requests', body(extra)).expect(201)).body.esig_request_id as number;

  beforeAll(async () => {
    booted = await bootEsign('all');
    redis = new IORedis(booted.sut.config.REDIS_URL, { maxRetriesPerRequest: null });
    mailQueue = new Queue('mail.outgoing', { connection: redis, prefix: booted.sut.config.QUEUE_PREFIX });
    await booted.deliver(
      envelopeOf('team-admin.document-folders.changed', DEMO, {
        revision: 1,
        folders: [
          { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: false, vendor_visible: false },
        ],
      }),
    );
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(ADMIN, 'Ada', 'Admin')));
    await booted.deliver(envelopeOf('transactions.transaction.created', DEMO, transaction(CLIENT_ID, DEMO, 1)));
    await booted.deliver(envelopeOf('transactions.transaction.created', BENCH, transaction(BENCH_CLIENT_ID, BENCH, 1)));
    const { key } = await uploadPdf(booted, admin(), await makePdf(2), 'agreement.pdf');
    const created = (
      await admin()
        .post('/esign/templates', {
          template_file: key,
          name: 'Buyer Agreement',
          storage_folder_id: -1,
          type_id: null,
          default_document_type: null,
        })
        .expect(201)
    ).body;
    template = (
      await admin()
        .put(`/esign/templates/${created.esig_template_id}/schema`, {
          documents: created.schema.documents,
          roles: [
            { uuid: 'role-buyer', name: 'Buyer' },
            { uuid: 'role-seller', name: 'Seller' },
          ],
          fields: Object.values(FIELDS),
          updated_ts: created.updated_ts,
        })
        .expect(200)
    ).body;
  }, 60_000);
  afterAll(async () => {
    await mailQueue?.close();
    redis?.disconnect();
    await booted?.close();
  });

  describe('sending', () => {
    it('checks signers, order and values with the spec words, and stores nothing on a 400', async () => {
      const before = await requestCount();
      const missing = await admin()
        .post(
          '/esign/requests',
          body({
            signers: [
              { role: 'Buyer', name: '', email: '' },
              { role: 'Seller', name: 'Sam', email: 'not-an-email' },
            ],
          }),
        )
        .expect(400);
      expect(missing.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'signers.0.name', error: 'Signer name is required' },
          { field: 'signers.0.email', error: 'Email is required' },
          { field: 'signers.1.email', error: 'Please enter a valid email address' },
        ]),
      );
      const order = await admin()
        .post('/esign/requests', body({ signature_order: 'X' }))
        .expect(400);
      expect(order.body.errors).toContainEqual({ field: 'signature_order', error: 'Signature order must be P or S' });
      const sequential = await admin()
        .post(
          '/esign/requests',
          body({
            signature_order: 'S',
            signers: [
              { role: 'Buyer', name: 'B', email: 'b@mail.test', order: 0 },
              { role: 'Seller', name: 'S', email: 's@mail.test', order: 1.5 },
            ],
          }),
        )
        .expect(400);
      expect(sequential.body.errors).toEqual([
        { field: 'signers.0.order', error: 'Order must be a whole number of 1 or more' },
        { field: 'signers.1.order', error: 'Order must be a whole number of 1 or more' },
      ]);
      const values = await admin()
        .post(
          '/esign/requests',
          body({
            fields: [
              { fieldId: FIELDS.buyerPhone.uuid, value: '555-12' },
              { fieldId: 'nope', value: 'x' },
            ],
          }),
        )
        .expect(400);
      expect(values.body.errors).toEqual([
        { field: 'fields.0.value', error: 'Please enter a valid phone number' },
        { field: 'fields.1.fieldId', error: 'Unknown field' },
      ]);
      const noSeller = await admin()
        .post('/esign/requests', body({ signers: [{ role: 'Buyer', name: 'B', email: 'b@mail.test' }] }))
        .expect(400);
      expect(noSeller.body.errors).toEqual([{ field: 'signers.Seller', error: 'Signer name is required' }]);
      const subject = await admin()
        .post('/esign/requests', body({ email_config: { default: { subject: '', body: '' } } }))
        .expect(400);
      expect(subject.body.errors).toEqual([{ field: 'email_config.default.subject', error: 'This field is required' }]);
      const roleSubjects = await admin()
        .post(
          '/esign/requests',
          body({
            email_config: { default: { subject: '', body: '' }, useRoleConfig: true, roles: { Buyer: { subject: 'For you', body: '' } } },
          }),
        )
        .expect(400);
      expect(roleSubjects.body.errors).toEqual([{ field: 'email_config.roles.Seller.subject', error: 'This field is required' }]);
      expect(await requestCount()).toBe(before);
    });

    it("answers 404 for another team's transaction, template or request, and 403 without the e-sign permissions", async () => {
      await admin()
        .post('/esign/requests', body({ client_id: BENCH_CLIENT_ID }))
        .expect(404);
      await bench()
        .post('/esign/requests', body({ client_id: BENCH_CLIENT_ID }))
        .expect(404);
      const id = await send();
      await bench().get(`/esign/requests/${id}/audit-log`).expect(404);
      await bench().post(`/esign/requests/${id}/cancel`).expect(404);
      const withoutEsign = [...callers.values()].find(
        (caller) => caller.team_id === DEMO && !caller.permissions.includes('agent_esign') && !caller.roles.includes('CLIENT'),
      );
      if (withoutEsign) await apiAs(booted.sut.server, withoutEsign).post('/esign/requests', body()).expect(403);
      const client = [...callers.values()].find((caller) => caller.team_id === DEMO && caller.roles.includes('CLIENT'))!;
      await apiAs(booted.sut.server, client).get(`/esign/requests/${id}/audit-log`).expect(403);
    });

    it("removes the PDF copies of a send the provider refuses, answering the provider's error", async () => {
      const before = await requestCount();
      const files = booted.storedFiles();
      const refusal = jest
        .spyOn(booted.sut.app.get<EsignProvider>(ESIGN_PROVIDER), 'send')
        .mockRejectedValueOnce(new BadGatewayException({ status: 'error', message: 'E-sign provider rejected the request' }));
      try {
        const refused = await admin().post('/esign/requests', body()).expect(502);
        expect(refused.body).toEqual({ status: 'error', message: 'E-sign provider rejected the request' });
        expect(refusal).toHaveBeenCalledTimes(1);
      } finally {
        refusal.mockRestore();
      }
      expect(await requestCount()).toBe(before);
      expect(booted.storedFiles().filter((file) => !files.includes(file))).toEqual([]);
    });

    it("logs the keys of copies it could not remove, still answering the provider's error", async () => {
      const storage = booted.sut.app.get(StorageService);
      const files = booted.storedFiles();
      const refusal = jest
        .spyOn(booted.sut.app.get<EsignProvider>(ESIGN_PROVIDER), 'send')
        .mockRejectedValueOnce(new BadGatewayException({ status: 'error', message: 'E-sign provider rejected the request' }));
      const removal = jest.spyOn(storage, 'delete').mockRejectedValueOnce(new Error('storage is away'));
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      let left: string[];
      try {
        expect((await admin().post('/esign/requests', body()).expect(502)).body.message).toBe('E-sign provider rejected the request');
        left = booted.storedFiles().filter((file) => !files.includes(file));
        expect(left).toEqual([expect.stringMatching(/^requests\/[0-9a-f-]{36}\/original-1\.pdf$/)]);
        expect(warn).toHaveBeenCalledWith(
          expect.stringContaining(`could not remove the PDF copies of a request that was not sent (${left[0]}): storage is away`),
        );
      } finally {
        warn.mockRestore();
        removal.mockRestore();
        refusal.mockRestore();
      }
      // What stays is the sweep's (a day later); this test removes it itself.
      await storage.delete(left[0]);
    });

    /**
     * The send's own transaction (the one its documents are inserted in) runs, then answers its COMMIT with an error:
     * after committing (`committed`), or instead of it, rolled back. The provider's send is given a discard to watch.
     */
    async function sendWithFailedCommit(committed: boolean) {
      const dataSource = booted.sut.dataSource;
      const transaction = dataSource.transaction.bind(dataSource) as (
        run: (manager: EntityManager) => Promise<unknown>,
      ) => Promise<unknown>;
      const documents = jest.spyOn(booted.sut.app.get(RequestsRepository), 'insertDocuments');
      const provider = booted.sut.app.get<EsignProvider>(ESIGN_PROVIDER);
      const realSend = provider.send.bind(provider);
      const discard = jest.fn(async () => undefined);
      const sending = jest
        .spyOn(provider, 'send')
        .mockImplementation(async (...args: Parameters<EsignProvider['send']>) => ({ ...(await realSend(...args)), discard }));
      const lostAnswer = jest.spyOn(dataSource, 'transaction').mockImplementation((async (
        run: (manager: EntityManager) => Promise<unknown>,
      ) => {
        let ours = false;
        const result = await transaction(async (manager) => {
          const value = await run(manager);
          ours = documents.mock.calls.some(([used]) => used === manager);
          if (ours && !committed) throw new Error('Connection terminated unexpectedly');
          return value;
        });
        if (ours) throw new Error('Connection terminated unexpectedly');
        return result;
      }) as DataSource['transaction']);
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        return { response: await admin().post('/esign/requests', body()), discard, warn: [...warn.mock.calls] };
      } finally {
        warn.mockRestore();
        lostAnswer.mockRestore();
        sending.mockRestore();
        documents.mockRestore();
      }
    }

    it('answers a send whose COMMIT went through but answered an error as sent: the request keeps its files and its provider submission', async () => {
      const before = await requestCount();
      const files = booted.storedFiles();
      const { response, discard, warn } = await sendWithFailedCommit(true);
      expect(response.status).toBe(201);
      expect(await requestCount()).toBe(before + 1);
      const id = response.body.esig_request_id as number;
      expect(response.body).toEqual({ esig_request_id: id, status: 'S' });
      expect(await statusOf(id)).toBe('S');
      expect(discard).not.toHaveBeenCalled();
      expect(warn.map(([message]) => String(message))).toContainEqual(
        expect.stringContaining(`the COMMIT of request ${id} answered an error`),
      );
      const keys = (
        await query<{ storage_key: string }>(`SELECT storage_key FROM esign.request_documents WHERE esig_request_id = $1`, [id])
      ).map((row) => row.storage_key);
      expect(keys).toHaveLength(1);
      expect(booted.storedFiles().filter((file) => !files.includes(file))).toEqual(keys);
    });

    it('takes back a send whose COMMIT failed and rolled back: no request, its copies removed, the provider submission discarded', async () => {
      const before = await requestCount();
      const files = booted.storedFiles();
      const { response, discard } = await sendWithFailedCommit(false);
      // A connection lost under the COMMIT is Postgres away: 503 with Retry-After, the client may retry.
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'error', message: 'The service is busy. Try again.' });
      expect(response.headers['retry-after']).toBe('2');
      expect(await requestCount()).toBe(before);
      expect(discard).toHaveBeenCalledTimes(1);
      expect(booted.storedFiles().filter((file) => !files.includes(file))).toEqual([]);
    });

    it('previews the filled PDF without storing or sending anything', async () => {
      const before = await requestCount();
      const files = booted.storedFiles().length;
      const preview = await admin()
        .post('/esign/requests', body({ preview: true }))
        .expect(201);
      expect(preview.body.url).toMatch(/^data:application\/pdf;base64,/);
      expect(Buffer.from(preview.body.url.split(',')[1], 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(await requestCount()).toBe(before);
      expect(booted.storedFiles().length).toBe(files);
    });
  });

  describe('signing', () => {
    it('P: invites every signer at once; views, completions and the seal move the request S, V, P, C', async () => {
      const id = await send();
      expect(await statusOf(id)).toBe('S');
      const invitations = (await mailsOf(id)).filter((mail) => mail.id.includes('-invitation-'));
      expect(invitations.map((mail) => mail.to).sort()).toEqual(['buyer@mail.test', 'seller@mail.test']);
      expect(invitations[0]).toMatchObject({ subject: 'Please sign', reply_to: ADMIN.email, from_name: 'Ada Admin' });
      expect(invitations[0].html).toContain('Review and Sign');
      const buyer = tokenIn(await invitationTo(id, 'buyer@mail.test'));
      const seller = tokenIn(await invitationTo(id, 'seller@mail.test'));
      // Only a hash is stored.
      expect(await query(`SELECT 1 FROM esign.request_links WHERE token_hash = $1`, [buyer])).toEqual([]);

      const opened = (await sign(buyer).expect(200)).body;
      expect(opened).toMatchObject({ state: 'open', title: 'Buyer Agreement', signer: { name: 'Zoë Buyer', role: 'Buyer' } });
      expect(opened.own_field_ids.sort()).toEqual(
        [FIELDS.buyerName.uuid, FIELDS.buyerSignature.uuid, FIELDS.buyerDate.uuid, FIELDS.buyerPhone.uuid].sort(),
      );
      expect(opened.values[FIELDS.buyerPhone.uuid]).toBe('5551234567');
      expect(opened.documents).toHaveLength(1);
      expect(await statusOf(id)).toBe('V');

      const refused = await complete(buyer, {
        [FIELDS.buyerName.uuid]: '',
        [FIELDS.buyerSignature.uuid]: { kind: 'typed', text: 'Zoë Buyer' },
      }).expect(400);
      expect(refused.body.errors).toEqual([{ field: `values.${FIELDS.buyerName.uuid}`, error: 'This field is required' }]);
      const noConsent = await request(booted.sut.server)
        .post(`/api/esign/sign/${buyer}/complete`)
        .send({ values: {}, consent: false })
        .expect(400);
      expect(noConsent.body.errors).toContainEqual({ field: 'consent', error: 'Please agree to use electronic records and signatures' });

      await complete(buyer, {
        [FIELDS.buyerName.uuid]: 'Zoë Buyer',
        [FIELDS.buyerSignature.uuid]: { kind: 'typed', text: 'Zoë Buyer' },
        [FIELDS.buyerPhone.uuid]: '5551234567',
      }).expect(200);
      expect(await statusOf(id)).toBe('P');
      expect((await sign(buyer).expect(200)).body).toMatchObject({
        state: 'signed',
        message: 'This document has already been signed',
        signed_document_url: null,
      });
      await complete(buyer, {}).expect(409);

      expect((await sign(seller).expect(200)).body.values[FIELDS.buyerName.uuid]).toBe('Zoë Buyer');
      await complete(seller, { [FIELDS.sellerInitials.uuid]: { kind: 'drawn', image: PNG }, [FIELDS.sellerAgree.uuid]: true }).expect(200);
      await waitForStatus(id, 'C');

      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(log.events.map((event: { type: string }) => event.type)).toEqual(
        expect.arrayContaining(['sent', 'mail_queued', 'viewed', 'signed', 'sealed', 'status_changed']),
      );
      expect(log.events.find((event: { type: string }) => event.type === 'signed')).toMatchObject({
        actor: 'Zoë Buyer',
        email: 'buyer@mail.test',
        user_agent: 'Jest Phone/1.0',
      });
      expect(
        log.events.filter((event: { type: string }) => event.type === 'status_changed').map((event: { detail: string }) => event.detail),
      ).toEqual(['- -> S', 'S -> V', 'V -> P', 'P -> C']);
      expect(log.documents).toEqual([{ name: 'agreement.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
      expect(log.final).toEqual({ name: 'Buyer Agreement (signed).pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const download = (await admin().get(`/esign/requests/${id}/documents`).expect(200)).body;
      expect(download).toMatchObject({ filename: 'Buyer Agreement (signed).pdf', sha256: log.final.sha256 });
      // The signer's link now offers the sealed PDF, and so does the completion mail's.
      expect((await sign(buyer).expect(200)).body.signed_document_url).toEqual(expect.any(String));
      const completed = (await mailsOf(id)).filter((mail) => mail.id.includes('-completed-'));
      expect(completed.map((mail) => mail.to).sort()).toEqual([ADMIN.email, 'buyer@mail.test', 'seller@mail.test'].sort());
      expect(completed.find((mail) => mail.to === ADMIN.email)).toMatchObject({
        notification_key: 'esign_completed',
        to_agent_id: ADMIN.agent_id,
      });
      const outbox = await query<{ type: string; payload: { file: { sha256: string } } }>(
        `SELECT type, payload FROM esign.outbox WHERE type = 'esign.request.completed' AND (payload->>'esig_request_id')::int = $1`,
        [id],
      );
      expect(outbox).toHaveLength(1);
      expect(outbox[0].payload.file.sha256).toBe(log.final.sha256);
      // A repeated seal writes nothing twice.
      await expect(booted.sut.app.get((await import('../src/requests/seal-request.job')).SealRequestJob).seal(id)).resolves.toBe(false);
    }, 60_000);

    it('S: invites the lowest order first and the next once it has signed', async () => {
      const id = await send({
        signature_order: 'S',
        signers: [
          { role: 'Buyer', name: 'B', email: 'first@mail.test', order: 1 },
          { role: 'Seller', name: 'S', email: 'second@mail.test', order: 2 },
        ],
      });
      expect((await mailsOf(id)).filter((mail) => mail.id.includes('-invitation-')).map((mail) => mail.to)).toEqual(['first@mail.test']);
      await complete(tokenIn(await invitationTo(id, 'first@mail.test')), {
        [FIELDS.buyerName.uuid]: 'B',
        [FIELDS.buyerSignature.uuid]: { kind: 'drawn', image: PNG },
      }).expect(200);
      expect((await mailsOf(id)).filter((mail) => mail.id.includes('-invitation-')).map((mail) => mail.to)).toEqual([
        'first@mail.test',
        'second@mail.test',
      ]);
    });

    it('declines, cancels and expires: each link shows its page; cancel only from S, V, P or F', async () => {
      const declined = await send();
      const token = tokenIn(await invitationTo(declined, 'buyer@mail.test'));
      const missingReason = await request(booted.sut.server).post(`/api/esign/sign/${token}/decline`).send({ reason: ' ' }).expect(400);
      expect(missingReason.body.errors).toEqual([{ field: 'reason', error: 'This field is required' }]);
      await request(booted.sut.server).post(`/api/esign/sign/${token}/decline`).send({ reason: 'Wrong price' }).expect(200);
      expect(await statusOf(declined)).toBe('D');
      expect((await sign(tokenIn(await invitationTo(declined, 'seller@mail.test'))).expect(200)).body).toMatchObject({
        state: 'declined',
        message: 'This request was declined',
      });
      expect((await mailsOf(declined)).find((mail) => mail.id.includes('-declined-'))).toMatchObject({
        to: ADMIN.email,
        notification_key: 'esign_declined',
      });
      await admin().post(`/esign/requests/${declined}/cancel`).expect(409);

      const cancelled = await send();
      const cancelledToken = tokenIn(await invitationTo(cancelled, 'seller@mail.test'));
      expect((await admin().post(`/esign/requests/${cancelled}/cancel`).expect(200)).body).toMatchObject({
        esig_request_id: cancelled,
        archived: true,
      });
      expect((await sign(cancelledToken).expect(200)).body).toMatchObject({ state: 'cancelled', message: 'This request was cancelled' });
      expect(
        (await mailsOf(cancelled))
          .filter((mail) => mail.id.includes('-cancelled-'))
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(['buyer@mail.test', 'seller@mail.test']);
      await admin().post(`/esign/requests/${cancelled}/cancel`).expect(409);

      const expired = await send();
      const expiredToken = tokenIn(await invitationTo(expired, 'buyer@mail.test'));
      await query(`UPDATE esign.requests SET expires_ts = now() - interval '1 minute' WHERE esig_request_id = $1`, [expired]);
      await booted.sut.app.get(SigningEngine).refresh(expired);
      await booted.sut.app.get(SigningEngine).refresh(expired);
      expect(await statusOf(expired)).toBe('E');
      expect((await sign(expiredToken).expect(200)).body).toMatchObject({ state: 'expired', message: 'This request has expired' });
      expect((await mailsOf(expired)).filter((mail) => mail.id.includes('-expired-')).map((mail) => mail.to)).toEqual([ADMIN.email]);

      await request(booted.sut.server)
        .get(`/api/esign/sign/${'x'.repeat(43)}`)
        .expect(404);
      expect((await request(booted.sut.server).get('/api/esign/sign/short').expect(404)).body.message).toBe(
        'This signing link is not valid',
      );
    });

    it('F from a failed invitation and back once the resend is queued; a mail esign did not send changes nothing', async () => {
      const id = await send();
      const first = await invitationTo(id, 'buyer@mail.test');
      await booted.deliver(envelopeOf('messaging.mail.failed', DEMO, { message_id: 'identity-reset-123' }));
      expect(await statusOf(id)).toBe('S');
      await booted.deliver(envelopeOf('messaging.mail.failed', DEMO, { message_id: first.id }));
      expect(await statusOf(id)).toBe('F');
      await query(`UPDATE esign.request_mails SET retry_due_ts = now() - interval '1 second' WHERE mail_id = $1`, [first.id]);
      await booted.sut.app.get(SigningEngine).refresh(id);
      expect(await statusOf(id)).toBe('S');
      const resent = await invitationTo(id, 'buyer@mail.test');
      expect(resent.id).not.toBe(first.id);
      // The old link went with the undelivered mail; the new one signs.
      await sign(tokenIn(first)).expect(404);
      expect((await sign(tokenIn(resent)).expect(200)).body.state).toBe('open');
      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(
        log.events.filter((event: { type: string }) => event.type === 'status_changed').map((event: { detail: string }) => event.detail),
      ).toEqual(['- -> S', 'S -> F', 'F -> S', 'S -> V']);
    });

    it('a packet is one request: its templates one after another, a role both share one signer', async () => {
      const { key } = await uploadPdf(booted, admin(), await makePdf(1, 'Addendum'), 'addendum.pdf');
      const second = (
        await admin()
          .post('/esign/templates', {
            template_file: key,
            name: 'Addendum',
            storage_folder_id: -1,
            type_id: null,
            default_document_type: null,
          })
          .expect(201)
      ).body;
      await admin()
        .put(`/esign/templates/${second.esig_template_id}/schema`, {
          documents: second.schema.documents,
          roles: [{ uuid: 'addendum-buyer', name: 'buyer' }],
          fields: [field('signature', 'addendum-buyer', { uuid: 'addendum-sign', required: true })],
          updated_ts: second.updated_ts,
        })
        .expect(200);
      const packet = (
        await admin()
          .post('/esign/packets', { name: 'Buyer packet', type_id: null, templates: [template.esig_template_id, second.esig_template_id] })
          .expect(201)
      ).body;
      const id = (
        await admin()
          .post('/esign/requests', { ...body(), template_ids: undefined, packet_id: packet.esig_packet_blueprint_id })
          .expect(201)
      ).body.esig_request_id;
      expect(
        (await mailsOf(id))
          .filter((mail) => mail.id.includes('-invitation-'))
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(['buyer@mail.test', 'seller@mail.test']);
      const opened = (await sign(tokenIn(await invitationTo(id, 'buyer@mail.test'))).expect(200)).body;
      expect(opened.title).toBe('Buyer Agreement, Addendum');
      expect(opened.documents.map((document: { name: string; first_page: number }) => [document.name, document.first_page])).toEqual([
        ['agreement.pdf', 1],
        ['addendum.pdf', 3],
      ]);
      // The addendum's field, on the request's third page, is the same Buyer's to sign.
      expect(opened.own_field_ids).toContain('addendum-sign');
      expect(opened.fields.find((entry: EsignField) => entry.uuid === 'addendum-sign').areas[0].page).toBe(3);
      expect(
        (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body.documents.map(
          (document: { name: string }) => document.name,
        ),
      ).toEqual(['agreement.pdf', 'addendum.pdf']);
    });

    it('the worker expires an overdue request on its own schedule', async () => {
      const worker = await bootEsign('worker', { ESIGN_POLL_INTERVAL_SECONDS: '1' }, booted.database);
      try {
        const id = await send();
        await query(`UPDATE esign.requests SET expires_ts = now() - interval '1 minute' WHERE esig_request_id = $1`, [id]);
        await waitForStatus(id, 'E');
        expect((await mailsOf(id)).filter((mail) => mail.id.includes('-expired-')).map((mail) => mail.to)).toEqual([ADMIN.email]);
      } finally {
        await worker.close();
      }
    }, 60_000);

    it('keeps the audit log append-only', async () => {
      await expect(query(`UPDATE esign.audit_events SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
      await expect(query(`DELETE FROM esign.audit_events`)).rejects.toThrow(/append-only/);
    });
  });

  describe('read copies', () => {
    it('keep the newest transaction and user whatever the order and however often they arrive', async () => {
      const update = envelopeOf('transactions.transaction.updated', DEMO, transaction(7001, DEMO, 3, { address_1: 'Newer' }));
      await booted.deliver(update);
      await booted.deliver(update, `${update.id}-again`);
      await booted.deliver(envelopeOf('transactions.transaction.created', DEMO, transaction(7001, DEMO, 1, { address_1: 'Older' })));
      expect(await query(`SELECT address_1, version FROM esign.transactions WHERE client_id = 7001`)).toEqual([
        { address_1: 'Newer', version: 3 },
      ]);
      await booted.deliver(envelopeOf('transactions.transaction.deleted', DEMO, transaction(7001, DEMO, 3)));
      await admin()
        .post('/esign/requests', body({ client_id: 7001 }))
        .expect(404);
      const later = {
        ...envelopeOf('identity.user.updated', DEMO, user(ADMIN, 'Ada', 'Later')),
        occurred_at: new Date(Date.now() + 60_000).toISOString(),
      };
      await booted.deliver(later);
      await booted.deliver(envelopeOf('identity.user.updated', DEMO, user(ADMIN, 'Ada', 'Earlier')));
      expect(await query(`SELECT last_name FROM esign.users WHERE agent_id = $1`, [ADMIN.agent_id])).toEqual([{ last_name: 'Later' }]);
    });
  });

  describe('throttling', () => {
    it('answers 429 to an IP past its signing calls per minute, guessed tokens included', async () => {
      const limited = await bootEsign('api', { ESIGN_SIGNING_CALLS_PER_MINUTE: '3' });
      try {
        for (let i = 0; i < 3; i++)
          await request(limited.sut.server)
            .get(`/api/esign/sign/${'a'.repeat(43)}`)
            .expect(404);
        const refused = await request(limited.sut.server)
          .post(`/api/esign/sign/${'b'.repeat(43)}/complete`)
          .send({})
          .expect(429);
        expect(refused.body.message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
      } finally {
        await limited.close();
      }
    });
  });
});
