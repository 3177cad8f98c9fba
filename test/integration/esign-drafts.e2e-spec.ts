import { randomUUID } from 'node:crypto';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { Queue } from 'bullmq';
import {
  ESIGN_MESSAGES,
  esignFieldOf,
  type EsignDraft,
  type EsignField,
  type EsignFieldType,
  type EsignSendField,
  type EsignTemplateDetail,
  type EsignTransactionFieldsUpdateRequested,
  type Role,
  type TransactionSnapshot,
  type UserSnapshot,
} from '@app/contracts';
import { createRedis } from '@app/platform';
import { StorageService } from '@app/storage';
import { createTestDatabase, eventually, sideDataSource, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { DraftsRepository } from '../../services/esign/src/drafts/drafts.repository';
import { REMOVE_OLD_DRAFTS, REMOVE_OLD_DRAFTS_EVERY_MS, RemoveOldDraftsJob } from '../../services/esign/src/drafts/remove-old-drafts.job';
import { RequestsService } from '../../services/esign/src/requests/requests.service';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside, startEsignFieldsRpc } from '../../services/transactions/test/transactions-test-kit';
import {
  apiAs,
  bootEsign,
  envelopeOf,
  makePdf,
  seededCallers,
  uploadPdf,
  type Api,
  type BootedEsign,
  type SeededCaller,
} from '../../services/esign/test/esign-test-kit';

// Send drafts and signer options (spec 002 sections 2.2 and 2.5): step 1 built from the templates with the transaction's values (asked of
// the transactions worker over RPC), the draft's own schema copy, the stepper's form state, the signer choices, and
// sending from a draft (once: a sent draft answers 409 to another send) with the write-back of values marked Update
// Transaction, and the worker's removal of old drafts. Two services (esign and the
// transactions worker's RPC answers on one database), so the test lives here rather than in services/esign/test.

describe('e-sign send drafts and signer options', () => {
  let database: TestDatabase;
  let transactions: TestService<TransactionsConfig>;
  let booted: BootedEsign;
  let worker: INestMicroservice | undefined;
  const callers = seededCallers();
  const caller = (email: string) => callers.get(email)!;
  const as = (email: string): Api => apiAs(booted.sut.server, caller(email));
  const admin = () => as('admin@demo-realty.test');
  const agent = () => as('agent@demo-realty.test');
  const bench = () => as('admin@bench-realty.test');
  const ADMIN = caller('admin@demo-realty.test');
  const DEMO = ADMIN.team_id;
  const BENCH = caller('admin@bench-realty.test').team_id;
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => booted.sut.dataSource.query(sql, params);
  let clientId: number;
  let agentsClientId: number;
  let benchClientId: number;
  let contactIds: Record<'primary' | 'tina' | 'nora' | 'noel' | 'agentOwn', number>;
  let buyerTemplate: EsignTemplateDetail;
  let addendum: EsignTemplateDetail;

  // ---------------------------------------------------------------- the transactions worker's answers

  /** The transactions worker's RPC answers (its real module) on the transactions schema of the shared database. */
  const startWorker = async () => {
    worker = await startEsignFieldsRpc(transactions);
  };
  const stopWorker = async () => {
    await worker?.close();
    worker = undefined;
  };
  /** Runs `check` while no transactions worker answers, then starts it again. */
  const withWorkerDown = async (check: () => Promise<void>) => {
    await stopWorker();
    try {
      await check();
    } finally {
      await startWorker();
    }
  };

  // ---------------------------------------------------------------- templates

  let seq = 0;
  const field = (type: EsignFieldType, role: string, extra: Partial<EsignField> = {}): EsignField => {
    seq += 1;
    return esignFieldOf({
      uuid: `d-${seq}`,
      role_uuid: role,
      name: `${type} ${seq}`,
      type,
      options: ['select', 'radio', 'multiple'].includes(type)
        ? [
            { value: 'Cash', uuid: `o-${seq}-1` },
            { value: 'FHA', uuid: `o-${seq}-2` },
          ]
        : [],
      areas: [{ page: 1, x: 0.1, y: 0.05 + (seq % 12) * 0.07, w: 0.3, h: 0.05 }],
      ...extra,
    });
  };
  const mapped = (entity: 'transaction' | 'transaction_field', key: string, canUpdate = true) => ({
    mapped_entity: entity,
    mapped_field: key,
    can_update: canUpdate,
  });

  // Buyer Agreement: 2 pages, roles Buyer then Seller.
  const F = {
    address: field('text', 'r-buyer', { name: 'address', title: 'Property address', ...mapped('transaction', 'address_1') }),
    price: field('number', 'r-buyer', { name: 'Price', platform_type: 'amount', ...mapped('transaction', 'trans_amt') }),
    phone: field('phone', 'r-buyer', { name: 'Phone', ...mapped('transaction', 'mobile_phone', false) }),
    mls: field('text', 'r-buyer', { name: 'MLS number', ...mapped('transaction_field', 'mls_number') }),
    hoa: field('checkbox', 'r-buyer', { name: 'HOA', ...mapped('transaction_field', 'hoa', false) }),
    closing: field('date', 'r-buyer', { name: 'Closing', title: 'Estimated closing', ...mapped('transaction', 'est_close_dt') }),
    notes: field('text', 'r-buyer', { name: 'Notes', default_value: 'n/a', areas: [{ page: 2, x: 0.1, y: 0.1, w: 0.3, h: 0.05 }] }),
    signature: field('signature', 'r-buyer', { required: true }),
    signedOn: field('date', 'r-buyer', { default_value: '{{date}}', readonly: true }),
    strike: field('strikethrough', 'r-seller'),
    initials: field('initials', 'r-seller', { required: true }),
    financing: field('select', 'r-seller', { name: 'financing', title: 'Financing' }),
  };
  // Addendum: 1 page, roles Seller (shared by name) then Witness.
  const A = {
    witnessName: field('text', 'r-witness', { name: 'Witness name', required: true }),
    sellerSignature: field('signature', 'r-seller-2', { required: true }),
  };

  const makeTemplate = async (
    name: string,
    pages: number,
    roles: { uuid: string; name: string }[],
    fields: EsignField[],
  ): Promise<EsignTemplateDetail> => {
    const { key } = await uploadPdf(booted, admin(), await makePdf(pages, name), `${name}.pdf`);
    const created = (
      await admin()
        .post('/esign/templates', { template_file: key, name, storage_folder_id: -1, type_id: null, default_document_type: null })
        .expect(201)
    ).body;
    return (
      await admin()
        .put(`/esign/templates/${created.esig_template_id}/schema`, {
          documents: created.schema.documents,
          roles,
          fields,
          updated_ts: created.updated_ts,
        })
        .expect(200)
    ).body;
  };

  // ---------------------------------------------------------------- read copies

  const user = (
    who: SeededCaller,
    first: string,
    last: string,
    status: 'active' | 'inactive' = 'active',
    roles: Role[] = who.roles,
  ): UserSnapshot =>
    ({
      agent_id: who.agent_id,
      team_id: who.team_id,
      team_name: 'Demo Realty',
      first_name: first,
      last_name: last,
      email: who.email,
      status,
      roles,
    }) as UserSnapshot;
  const transaction = (id: number, teamId: number): TransactionSnapshot =>
    ({
      client_id: id,
      team_id: teamId,
      version: 1,
      type: 'b',
      address_1: '12 Elm St',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      postal_code: '78701',
      primary_agent_id: null,
    }) as TransactionSnapshot;

  const newDraft = async (api: Api = admin(), body: Record<string, unknown> = {}): Promise<EsignDraft> =>
    (
      await api
        .post('/esign/drafts', { client_id: clientId, template_ids: [buyerTemplate.esig_template_id, addendum.esig_template_id], ...body })
        .expect(201)
    ).body;
  const fieldOf = (draft: EsignDraft, uuid: string) => draft.fields.find((candidate) => candidate.fieldId === uuid);
  const draftCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.drafts`))[0].n);
  /** The request's PDF copies, as its documents name them. */
  const copiesOf = async (requestId: number) =>
    (
      await query<{ storage_key: string }>(
        `SELECT storage_key FROM esign.request_documents WHERE esig_request_id = $1 ORDER BY storage_key`,
        [requestId],
      )
    ).map((row) => row.storage_key);
  /** Files under requests/ stored since `before` (a booted.storedFiles()). */
  const newRequestFiles = (before: string[]) =>
    booted
      .storedFiles()
      .filter((file) => file.startsWith('requests/') && !before.includes(file))
      .sort();
  const requestCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n);
  /** The stepper's send of a draft (P order, a signer for each role, a few step 1 values). */
  const sendBody = (draftId: string, extra: Record<string, unknown> = {}) => ({
    draft_id: draftId,
    signature_order: 'P',
    email_config: { default: { subject: 'Please sign', body: 'The agreement.' } },
    signers: [
      { role: 'Buyer', name: 'Tina Cobuyer', email: 'tina@mail.test', contact_id: contactIds.tina },
      { role: 'Seller', name: 'Sam Seller', email: 'seller@mail.test' },
      { role: 'Witness', name: 'Wendy Witness', email: 'witness@mail.test' },
    ],
    fields: [
      { fieldId: F.address.uuid, value: '14 Elm St', readonly: true, update_transaction: true },
      { fieldId: F.price.uuid, value: '455000.5', readonly: true, update_transaction: true },
      { fieldId: F.mls.uuid, value: 'MLS-900', readonly: true, update_transaction: false },
      { fieldId: F.phone.uuid, value: '(555) 123-4567', readonly: true },
      { fieldId: A.witnessName.uuid, value: 'Wendy Witness', readonly: false },
    ],
    ...extra,
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    transactions = await bootTransactionsBeside(database);
    booted = await bootEsign('all', {}, database);
    await startWorker();

    const factory = new TransactionsFactory(transactions.dataSource);
    const options = await factory.options(DEMO);
    const tx = await factory.transaction(options, {
      address_1: '12 Elm St',
      first_name: 'Jordan',
      last_name: 'Primary',
      email: 'jordan@mail.test',
      mobile_phone: '5551234567',
      trans_amt: 450_000,
      custom_values: { mls_number: 'MLS-778', hoa: 'Y', square_feet: 1850 },
    });
    clientId = tx.client_id;
    await transactions.dataSource.query(`UPDATE transactions.transactions SET est_close_dt = '2031-06-30' WHERE client_id = $1`, [
      clientId,
    ]);
    const tina = await factory.contact(DEMO, { first_name: 'Tina', last_name: 'Cobuyer', email: 'tina@mail.test' });
    const noEmail = await factory.contact(DEMO, { first_name: 'Nemo', last_name: 'Noemail' });
    await factory.link(clientId, tina.contact_id);
    await factory.link(clientId, noEmail.contact_id);
    const nora = await factory.contact(DEMO, {
      first_name: 'Nora',
      last_name: 'Neighbour',
      email: 'nora@mail.test',
      agent_id: ADMIN.agent_id,
    });
    const noel = await factory.contact(DEMO, {
      first_name: 'Noel',
      last_name: 'Nearby',
      email: 'noel@mail.test',
      agent_id: caller('agent@demo-realty.test').agent_id,
    });
    await factory.contact(DEMO, { first_name: 'Norm', last_name: 'Inactive', email: 'norm@mail.test', status: 'inactive' });
    await factory.contact(DEMO, { first_name: 'Nova', last_name: 'Noemail' });
    const agentsTx = await factory.transaction(options, {
      first_name: 'Ari',
      last_name: 'Agentsclient',
      email: 'ari@mail.test',
      primary_agent_id: caller('agent@demo-realty.test').agent_id,
    });
    agentsClientId = agentsTx.client_id;
    const benchOptions = await factory.options(BENCH);
    const benchTx = await factory.transaction(benchOptions, { email: 'bench-client@mail.test', custom_values: { mls_number: 'BENCH-1' } });
    benchClientId = benchTx.client_id;
    await factory.contact(BENCH, { first_name: 'Nora', last_name: 'Benchwood', email: 'nora@bench.test' });
    contactIds = {
      primary: tx.contact_id,
      tina: tina.contact_id,
      nora: nora.contact_id,
      noel: noel.contact_id,
      agentOwn: agentsTx.contact_id,
    };

    await booted.deliver(
      envelopeOf('team-admin.document-folders.changed', DEMO, {
        revision: 1,
        folders: [
          { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: false, vendor_visible: false },
        ],
      }),
    );
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(ADMIN, 'Avery', 'Admin')));
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(caller('tc@demo-realty.test'), 'Taylor', 'Coordinator')));
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(caller('agent@demo-realty.test'), 'Alex', 'Agent')));
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(caller('isa@demo-realty.test'), 'Isabel', 'Inside', 'inactive')));
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(caller('client@demo-realty.test'), 'Casey', 'Client')));
    await booted.deliver(envelopeOf('identity.user.created', DEMO, user(caller('vendor@demo-realty.test'), 'Vic', 'Vendor')));
    // An agent who is also a client of the team is never offered as an agent.
    await booted.deliver(
      envelopeOf(
        'identity.user.created',
        DEMO,
        user(caller('restricted@demo-realty.test'), 'Robin', 'Restricted', 'active', ['AGENT', 'CLIENT']),
      ),
    );
    await booted.deliver(envelopeOf('identity.user.created', BENCH, user(caller('admin@bench-realty.test'), 'Blake', 'Bench')));
    for (const id of [clientId, agentsClientId])
      await booted.deliver(envelopeOf('transactions.transaction.created', DEMO, transaction(id, DEMO)));
    await booted.deliver(envelopeOf('transactions.transaction.created', BENCH, transaction(benchClientId, BENCH)));

    buyerTemplate = await makeTemplate(
      'Buyer Agreement',
      2,
      [
        { uuid: 'r-buyer', name: 'Buyer' },
        { uuid: 'r-seller', name: 'Seller' },
      ],
      Object.values(F),
    );
    addendum = await makeTemplate(
      'Addendum',
      1,
      [
        { uuid: 'r-seller-2', name: 'Seller' },
        { uuid: 'r-witness', name: 'Witness' },
      ],
      Object.values(A),
    );
  }, 120_000);

  afterAll(async () => {
    await stopWorker();
    await booted?.close();
    await transactions?.close();
    await database?.drop();
  });

  describe('building a draft', () => {
    it('lists step 1 fields without signature, initials, strikethrough or {{date}} fields, labelled title or name, placed in the documents', async () => {
      const draft = await newDraft();
      expect(draft).toMatchObject({
        client_id: clientId,
        template_ids: [buyerTemplate.esig_template_id, addendum.esig_template_id],
        packet_id: null,
        title: 'Buyer Agreement, Addendum',
        form_state: null,
      });
      const ids = draft.fields.map((f) => f.fieldId);
      for (const left of [F.signature, F.signedOn, F.strike, F.initials, A.sellerSignature]) expect(ids).not.toContain(left.uuid);
      // By role (Buyer, Seller, Witness), then document, page, top to bottom.
      expect(ids).toEqual([F.address, F.price, F.phone, F.mls, F.hoa, F.closing, F.notes, F.financing, A.witnessName].map((f) => f.uuid));
      expect(draft.fields.map((f) => [f.label, f.signer, f.document_name, f.document_order, f.document_page])).toEqual([
        ['Property address', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['Price', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['Phone', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['MLS number', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['HOA', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['Estimated closing', 'Buyer', 'Buyer Agreement.pdf', 1, 1],
        ['Notes', 'Buyer', 'Buyer Agreement.pdf', 1, 2],
        ['Financing', 'Seller', 'Buyer Agreement.pdf', 1, 1],
        ['Witness name', 'Witness', 'Addendum.pdf', 2, 1],
      ]);
      expect(draft.roles).toEqual([
        { uuid: 'r-buyer', name: 'Buyer', order: 1 },
        { uuid: 'r-seller', name: 'Seller', order: 2 },
        { uuid: 'r-witness', name: 'Witness', order: 3 },
      ]);
      expect(fieldOf(draft, A.witnessName.uuid)).toMatchObject({
        required: true,
        fieldType: 'text',
        readonly: false,
        can_update: false,
        value: null,
        transaction_value: null,
      });
      expect(fieldOf(draft, F.financing.uuid)).toMatchObject({ fieldType: 'select', options: F.financing.options, value: null });
      // The schema copy: both templates merged, pages numbered across the documents.
      expect(draft.schema.documents.map((d) => [d.name, d.pages])).toEqual([
        ['Buyer Agreement.pdf', 2],
        ['Addendum.pdf', 1],
      ]);
      expect(draft.schema.fields.find((f) => f.uuid === A.witnessName.uuid)!.areas[0].page).toBe(3);
      expect(draft.files.map((file) => [file.name, file.pages, file.page_sizes.length])).toEqual([
        ['Buyer Agreement.pdf', 2, 2],
        ['Addendum.pdf', 1, 1],
      ]);
      expect(draft.files.every((file) => typeof file.url === 'string' && file.url.length > 0)).toBe(true);
      expect(await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).toMatchObject({
        body: { ...draft, files: expect.any(Array) },
      });
    });

    it('prefills mapped fields from the transaction (its columns and custom fields), read-only, and unmapped ones from their default', async () => {
      const draft = await newDraft();
      const pick = (f: EsignSendField | undefined) =>
        f && {
          value: f.value,
          transaction_value: f.transaction_value,
          readonly: f.readonly,
          can_update: f.can_update,
          mapped: [f.mapped_entity, f.mapped_field],
        };
      expect(pick(fieldOf(draft, F.address.uuid))).toEqual({
        value: '12 Elm St',
        transaction_value: '12 Elm St',
        readonly: true,
        can_update: true,
        mapped: ['transaction', 'address_1'],
      });
      expect(pick(fieldOf(draft, F.price.uuid))).toEqual({
        value: 450000,
        transaction_value: 450000,
        readonly: true,
        can_update: true,
        mapped: ['transaction', 'trans_amt'],
      });
      expect(pick(fieldOf(draft, F.phone.uuid))).toEqual({
        value: '5551234567',
        transaction_value: '5551234567',
        readonly: true,
        can_update: false,
        mapped: ['transaction', 'mobile_phone'],
      });
      expect(pick(fieldOf(draft, F.mls.uuid))).toEqual({
        value: 'MLS-778',
        transaction_value: 'MLS-778',
        readonly: true,
        can_update: true,
        mapped: ['transaction_field', 'mls_number'],
      });
      expect(pick(fieldOf(draft, F.hoa.uuid))).toEqual({
        value: true,
        transaction_value: 'Y',
        readonly: true,
        can_update: false,
        mapped: ['transaction_field', 'hoa'],
      });
      expect(pick(fieldOf(draft, F.closing.uuid))).toEqual({
        value: '2031-06-30',
        transaction_value: '2031-06-30',
        readonly: true,
        can_update: true,
        mapped: ['transaction', 'est_close_dt'],
      });
      expect(fieldOf(draft, F.closing.uuid)!.preferences).toEqual({ format: 'MM/DD/YYYY' });
      expect(fieldOf(draft, F.price.uuid)).toMatchObject({ platform_type: 'amount', placeholder: '$0.00', fieldType: 'number' });
      expect(pick(fieldOf(draft, F.notes.uuid))).toEqual({
        value: 'n/a',
        transaction_value: null,
        readonly: false,
        can_update: false,
        mapped: [null, null],
      });
      expect(fieldOf(draft, F.address.uuid)).toMatchObject({
        uuid: F.address.uuid,
        external_service_field_name: 'address',
        title: 'Property address',
        update_transaction: false,
        disabled: false,
      });
    });

    it("refuses bad input with 400 and another team's transaction or template with 404, storing nothing", async () => {
      const before = await draftCount();
      expect(
        (
          await admin()
            .post('/esign/drafts', { template_ids: [buyerTemplate.esig_template_id] })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'client_id', error: 'This field is required' }]);
      expect((await admin().post('/esign/drafts', { client_id: clientId }).expect(400)).body.errors).toEqual([
        { field: 'template_ids', error: 'Choose a template or a packet' },
      ]);
      await admin()
        .post('/esign/drafts', { client_id: benchClientId, template_ids: [buyerTemplate.esig_template_id] })
        .expect(404);
      await bench()
        .post('/esign/drafts', { client_id: benchClientId, template_ids: [buyerTemplate.esig_template_id] })
        .expect(404);
      await admin().post('/esign/drafts', { client_id: clientId, packet_id: 999_999 }).expect(404);
      expect(await draftCount()).toBe(before);
    });

    it("answers 503 'Transaction data is unavailable. Please try again.' when the transactions worker does not answer, storing nothing", async () => {
      const before = await draftCount();
      await withWorkerDown(async () => {
        const started = Date.now();
        const response = await admin()
          .post('/esign/drafts', { client_id: clientId, template_ids: [buyerTemplate.esig_template_id] })
          .expect(503);
        expect(response.body).toEqual({ status: 'error', message: ESIGN_MESSAGES.transactionDataUnavailable });
        expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
        // Nothing mapped, nothing to ask: the addendum alone needs no transaction data.
        await admin()
          .post('/esign/drafts', { client_id: clientId, template_ids: [addendum.esig_template_id] })
          .expect(201);
      });
      expect(await draftCount()).toBe(before + 1);
    }, 30_000);

    it("is its creator's alone: another user of the team and another team get 404", async () => {
      const draft = await newDraft();
      for (const other of [agent(), as('tc@demo-realty.test'), bench()]) {
        await other.get(`/esign/drafts/${draft.draft_id}`).expect(404);
        await other.put(`/esign/drafts/${draft.draft_id}`, { activeStep: 1 }).expect(404);
        await other.put(`/esign/drafts/${draft.draft_id}/schema`, draft.schema).expect(404);
      }
      await admin().get('/esign/drafts/not-a-uuid').expect(400);
      await admin().get('/esign/drafts/5f0c8a5e-0000-4000-8000-000000000000').expect(404);
      expect((await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body.form_state).toBeNull();
    });

    it('answers 403 without team_esign and agent_esign, and to CLIENT and VENDOR', async () => {
      const draft = await newDraft();
      for (const email of [
        'isa@demo-realty.test',
        'restricted@demo-realty.test',
        'client@demo-realty.test',
        'vendor@demo-realty.test',
        'admin@rival-homes.test',
      ]) {
        await as(email)
          .post('/esign/drafts', { client_id: clientId, template_ids: [buyerTemplate.esig_template_id] })
          .expect(403);
        await as(email).get(`/esign/drafts/${draft.draft_id}`).expect(403);
        await as(email).get('/esign/signer-options', { client_id: clientId }).expect(403);
      }
    });
  });

  describe('form state', () => {
    it('keeps the form state and gives it back', async () => {
      const draft = await newDraft();
      const state = {
        fields: draft.fields,
        formValues: {
          [F.notes.uuid]: { value: 'Keys at the office', readonly: false, update_transaction: false },
          [F.mls.uuid]: { value: 'MLS-900', readonly: true, update_transaction: true },
        },
        fieldMetadata: { [F.notes.uuid]: { touched: true, dirty: true } },
        signers: {
          buyer: {
            selectedValue: `contact:${contactIds.tina}`,
            name: 'Tina Cobuyer',
            email: 'tina@mail.test',
            contact_id: contactIds.tina,
            fields: [],
            role: 'Buyer',
            order: 1,
          },
        },
        signatureOrder: 'S',
        activeStep: 2,
        emailConfig: { default: { subject: 'Please sign', body: '' }, useRoleConfig: false },
        submitters: [{ role: 'Buyer', uuid: 'r-buyer', order: 1 }],
      };
      const saved = (await admin().put(`/esign/drafts/${draft.draft_id}`, state).expect(200)).body;
      expect(saved).toEqual({ draft_id: draft.draft_id, updated_ts: expect.any(String) });
      expect(Date.parse(saved.updated_ts)).toBeGreaterThanOrEqual(Date.parse(draft.updated_ts));
      const again = (await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body as EsignDraft;
      expect(again.form_state).toEqual(state);
      expect(again.updated_ts).toBe(saved.updated_ts);
      // Loosely: missing keys take their empty values, unknown ones are not kept.
      await admin().put(`/esign/drafts/${draft.draft_id}`, { activeStep: 1, extra: 'x' }).expect(200);
      expect((await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body.form_state).toEqual({
        fields: [],
        formValues: {},
        fieldMetadata: {},
        signers: {},
        signatureOrder: 'P',
        activeStep: 1,
        emailConfig: { default: { subject: '', body: '' } },
        submitters: [],
      });
    });

    it('refuses a form state that is not an object, has the wrong kinds or is too large (400), keeping the saved one', async () => {
      const draft = await newDraft();
      await admin().put(`/esign/drafts/${draft.draft_id}`, { activeStep: 2 }).expect(200);
      expect((await admin().put(`/esign/drafts/${draft.draft_id}`, [1, 2]).expect(400)).body.errors).toEqual([
        { field: 'form_state', error: 'Please enter a valid value' },
      ]);
      const kinds = await admin()
        .put(`/esign/drafts/${draft.draft_id}`, {
          fields: {},
          formValues: [],
          signers: { buyer: 'x' },
          signatureOrder: 'X',
          activeStep: 7,
          emailConfig: 'hi',
          submitters: 'no',
        })
        .expect(400);
      expect(kinds.body.errors).toEqual([
        { field: 'fields', error: 'Please enter a valid value' },
        { field: 'formValues', error: 'Please enter a valid value' },
        { field: 'signers', error: 'Please enter a valid value' },
        { field: 'signatureOrder', error: 'Signature order must be P or S' },
        { field: 'activeStep', error: 'Please enter a valid value' },
        { field: 'emailConfig', error: 'Please enter a valid value' },
        { field: 'submitters', error: 'Please enter a valid value' },
      ]);
      const large = await admin()
        .put(`/esign/drafts/${draft.draft_id}`, { fields: [{ note: 'x'.repeat(950_000) }] })
        .expect(400);
      expect(large.body.errors).toEqual([{ field: 'form_state', error: 'The form is too large to save' }]);
      expect((await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body.form_state.activeStep).toBe(2);
    });
  });

  describe("step 2: the draft's schema copy", () => {
    it('changes only the draft: the template keeps its schema, and step 1 is built again (a newly mapped field prefilled)', async () => {
      const draft = await newDraft();
      const templateBefore = (await admin().get(`/esign/templates/${buyerTemplate.esig_template_id}`).expect(200))
        .body as EsignTemplateDetail;
      const added: EsignField = {
        ...field('text', 'r-seller', { name: 'Seller MLS', ...mapped('transaction_field', 'square_feet') }),
        type: 'number',
      };
      const schema = {
        documents: draft.schema.documents,
        roles: draft.schema.roles,
        fields: [...draft.schema.fields.filter((f) => f.uuid !== F.notes.uuid), added],
      };
      const saved = (await admin().put(`/esign/drafts/${draft.draft_id}/schema`, schema).expect(200)).body as EsignDraft;
      expect(saved.schema.fields.map((f) => f.uuid)).toEqual(schema.fields.map((f) => f.uuid));
      expect(fieldOf(saved, F.notes.uuid)).toBeUndefined();
      expect(fieldOf(saved, added.uuid)).toMatchObject({
        signer: 'Seller',
        value: 1850,
        transaction_value: 1850,
        readonly: true,
        can_update: true,
      });
      expect(fieldOf(saved, F.address.uuid)).toMatchObject({ value: '12 Elm St', transaction_value: '12 Elm St' });
      expect((await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body.schema).toEqual(saved.schema);
      const templateAfter = (await admin().get(`/esign/templates/${buyerTemplate.esig_template_id}`).expect(200))
        .body as EsignTemplateDetail;
      expect(templateAfter.schema).toEqual(templateBefore.schema);
      expect(templateAfter.updated_ts).toBe(templateBefore.updated_ts);
    });

    it("checks the schema with the template validator's messages and keeps the documents the draft's, in order (400, nothing saved)", async () => {
      const draft = await newDraft();
      const bad = await admin()
        .put(`/esign/drafts/${draft.draft_id}/schema`, {
          documents: draft.schema.documents,
          roles: draft.schema.roles,
          fields: [
            { ...draft.schema.fields[0], areas: [] },
            { ...draft.schema.fields[1], role_uuid: 'nobody' },
            { ...draft.schema.fields[2], type: 'video' },
          ],
        })
        .expect(400);
      expect(bad.body.errors).toEqual([
        { field: 'fields[0].areas', error: `${draft.schema.fields[0].name}: place the field on a page` },
        { field: 'fields[1].role_uuid', error: `${draft.schema.fields[1].name}: the field must belong to a role of the template` },
        { field: 'fields[2].type', error: expect.stringContaining(`${draft.schema.fields[2].name}: the field type must be one of`) },
      ]);
      const reordered = await admin()
        .put(`/esign/drafts/${draft.draft_id}/schema`, { ...draft.schema, documents: [...draft.schema.documents].reverse() })
        .expect(400);
      expect(reordered.body.errors).toEqual([{ field: 'documents', error: "The documents must be the template's documents" }]);
      const foreign = await admin()
        .put(`/esign/drafts/${draft.draft_id}/schema`, { ...draft.schema, documents: [{ id: 'other', name: 'x', pages: 1 }] })
        .expect(400);
      expect(foreign.body.errors).toEqual([{ field: 'documents', error: "The documents must be the template's documents" }]);
      expect((await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200)).body.schema).toEqual(draft.schema);
    });
  });

  describe('signer options', () => {
    it("offers the transaction's contacts first, then the team's matching the term, and the team's active agents", async () => {
      const options = (await admin().get('/esign/signer-options', { client_id: clientId, term: 'no' }).expect(200)).body;
      expect(options.contacts).toEqual([
        { contact_id: contactIds.primary, name: 'Jordan Primary', email: 'jordan@mail.test', on_transaction: true },
        { contact_id: contactIds.tina, name: 'Tina Cobuyer', email: 'tina@mail.test', on_transaction: true },
        // By term: Noel and Nora (neither inactive Norm nor the contacts without an email, nor Bench's Nora).
        { contact_id: contactIds.noel, name: 'Noel Nearby', email: 'noel@mail.test', on_transaction: false },
        { contact_id: contactIds.nora, name: 'Nora Neighbour', email: 'nora@mail.test', on_transaction: false },
      ]);
      // Active users who are neither CLIENT nor VENDOR (Isabel is inactive, Robin is also a CLIENT); no term: all of them.
      const all = (await admin().get('/esign/signer-options', { client_id: clientId }).expect(200)).body;
      expect(all.agents).toEqual([
        { agent_id: caller('agent@demo-realty.test').agent_id, name: 'Alex Agent', email: 'agent@demo-realty.test' },
        { agent_id: ADMIN.agent_id, name: 'Avery Admin', email: 'admin@demo-realty.test' },
        { agent_id: caller('tc@demo-realty.test').agent_id, name: 'Taylor Coordinator', email: 'tc@demo-realty.test' },
      ]);
      expect(all.contacts.filter((c: { on_transaction: boolean }) => !c.on_transaction).map((c: { name: string }) => c.name)).toEqual(
        expect.arrayContaining(['Noel Nearby', 'Nora Neighbour', 'Ari Agentsclient']),
      );
      const byEmail = (await admin().get('/esign/signer-options', { client_id: clientId, term: 'TAYLOR' }).expect(200)).body;
      expect(byEmail.agents.map((a: { name: string }) => a.name)).toEqual(['Taylor Coordinator']);
      expect(byEmail.contacts.map((c: { on_transaction: boolean }) => c.on_transaction)).toEqual([true, true]);
    });

    it("offers an AGENT only the team contacts they own (beside the transaction's own)", async () => {
      const options = (await agent().get('/esign/signer-options', { client_id: clientId, term: 'no' }).expect(200)).body;
      expect(options.contacts.map((c: { contact_id: number }) => c.contact_id)).toEqual([
        contactIds.primary,
        contactIds.tina,
        contactIds.noel,
      ]);
    });

    it("answers 400 without a client_id, 404 for another team's transaction, and 503 when transactions does not answer", async () => {
      expect((await admin().get('/esign/signer-options').expect(400)).body.errors).toContainEqual({
        field: 'client_id',
        error: expect.any(String),
      });
      await admin().get('/esign/signer-options', { client_id: benchClientId }).expect(404);
      await admin()
        .get('/esign/signer-options', { client_id: clientId, term: 'x'.repeat(101) })
        .expect(400);
      await withWorkerDown(async () => {
        const response = await admin().get('/esign/signer-options', { client_id: clientId }).expect(503);
        expect(response.body).toEqual({ status: 'error', message: ESIGN_MESSAGES.transactionDataUnavailable });
      });
    }, 30_000);
  });

  describe('sending from a draft', () => {
    const updates = (requestId: number) =>
      query<{ payload: EsignTransactionFieldsUpdateRequested; team_id: number }>(
        `SELECT payload, team_id FROM esign.outbox WHERE type = 'esign.transaction-fields.update-requested' AND (payload->>'esig_request_id')::int = $1`,
        [requestId],
      );

    it("sends with the draft's transaction, schema copy and title, publishes the marked can_update values once, and marks the draft sent", async () => {
      const draft = await newDraft();
      // A step 2 edit: the request must carry the draft's copy, not the template's schema.
      const edited = {
        ...draft.schema,
        fields: draft.schema.fields.map((f) => (f.uuid === F.notes.uuid ? { ...f, title: 'Notes for the buyer' } : f)),
      };
      await admin().put(`/esign/drafts/${draft.draft_id}/schema`, edited).expect(200);
      const outboxBefore = Number(
        (await query<{ n: string }>(`SELECT count(*) AS n FROM esign.outbox WHERE type = 'esign.transaction-fields.update-requested'`))[0]
          .n,
      );

      // A preview changes nothing: no request, no event, the draft stays.
      const preview = await admin()
        .post('/esign/requests', sendBody(draft.draft_id, { preview: true }))
        .expect(201);
      expect(preview.body.url).toMatch(/^data:application\/pdf;base64,/);
      await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200);

      const sent = (await admin().post('/esign/requests', sendBody(draft.draft_id)).expect(201)).body;
      expect(sent).toEqual({ esig_request_id: expect.any(Number), status: 'S' });
      const [request] = await query<{
        client_id: number;
        title: string;
        schema: { fields: EsignField[] };
        template_ids: number[];
        sender_values: Record<string, unknown>;
      }>(`SELECT client_id, title, schema, template_ids, sender_values FROM esign.requests WHERE esig_request_id = $1`, [
        sent.esig_request_id,
      ]);
      expect(request).toMatchObject({
        client_id: clientId,
        title: 'Buyer Agreement, Addendum',
        template_ids: [buyerTemplate.esig_template_id, addendum.esig_template_id],
      });
      expect(request.schema.fields.find((f) => f.uuid === F.notes.uuid)!.title).toBe('Notes for the buyer');
      expect(request.sender_values).toMatchObject({
        [F.address.uuid]: '14 Elm St',
        [F.price.uuid]: 455000.5,
        [F.phone.uuid]: '5551234567',
      });

      const published = await updates(sent.esig_request_id);
      expect(published).toEqual([
        {
          team_id: DEMO,
          payload: {
            client_id: clientId,
            esig_request_id: sent.esig_request_id,
            agent_id: ADMIN.agent_id,
            changes: [
              { mapped_entity: 'transaction', mapped_field: 'address_1', value: '14 Elm St' },
              { mapped_entity: 'transaction', mapped_field: 'trans_amt', value: 455000.5 },
            ],
          },
        },
      ]);
      expect(
        Number(
          (await query<{ n: string }>(`SELECT count(*) AS n FROM esign.outbox WHERE type = 'esign.transaction-fields.update-requested'`))[0]
            .n,
        ),
      ).toBe(outboxBefore + 1);

      // The draft is marked sent with its request: no longer a draft to read or save, and never sent again.
      expect(
        await query(`SELECT esig_request_id, sent_ts IS NOT NULL AS sent FROM esign.drafts WHERE draft_id = $1`, [draft.draft_id]),
      ).toEqual([{ esig_request_id: sent.esig_request_id, sent: true }]);
      await admin().get(`/esign/drafts/${draft.draft_id}`).expect(404);
    });

    it("answers a second send of a sent draft 409 'This request was already sent', sending it once", async () => {
      const draft = await newDraft();
      const before = await requestCount();
      const sent = (await admin().post('/esign/requests', sendBody(draft.draft_id)).expect(201)).body;
      const again = await admin().post('/esign/requests', sendBody(draft.draft_id)).expect(409);
      expect(again.body).toEqual({ status: 'error', message: 'This request was already sent' });
      // A preview of it too, and its saves find no draft (as once it is deleted).
      await admin()
        .post('/esign/requests', sendBody(draft.draft_id, { preview: true }))
        .expect(409);
      await admin().put(`/esign/drafts/${draft.draft_id}`, { activeStep: 2 }).expect(404);
      await admin().put(`/esign/drafts/${draft.draft_id}/schema`, draft.schema).expect(404);
      expect(await requestCount()).toBe(before + 1);
      expect(await query(`SELECT esig_request_id, form_state FROM esign.drafts WHERE draft_id = $1`, [draft.draft_id])).toEqual([
        { esig_request_id: sent.esig_request_id, form_state: null },
      ]);
      // Another user's send of it is still 404: the draft is not theirs.
      await agent().post('/esign/requests', sendBody(draft.draft_id)).expect(404);
    });

    it('sends a draft once when two sends of it race (another tab, a double click): one 201, one 409, one request and only its PDF copies', async () => {
      const draft = await newDraft();
      const before = await requestCount();
      const files = booted.storedFiles();
      const answers = await Promise.all([
        admin().post('/esign/requests', sendBody(draft.draft_id)),
        admin().post('/esign/requests', sendBody(draft.draft_id)),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(answers.find((answer) => answer.status === 409)!.body.message).toBe('This request was already sent');
      expect(await requestCount()).toBe(before + 1);
      const created = answers.find((answer) => answer.status === 201)!.body.esig_request_id;
      expect(await query(`SELECT esig_request_id FROM esign.drafts WHERE draft_id = $1`, [draft.draft_id])).toEqual([
        { esig_request_id: created },
      ]);
      // Whichever way the other lost (before or after copying the PDFs), nothing of it stays in storage.
      expect(newRequestFiles(files)).toEqual(await copiesOf(created));
    });

    it('refuses with 409 a send that found the draft unsent but waited on it while another send committed, storing no request and no PDF copy', async () => {
      const draft = await newDraft();
      const before = await requestCount();
      const files = booted.storedFiles();
      // Another send of the draft, in the middle of its database transaction: the draft's row is locked.
      // On connections of the test's own: the service's pool (of one here) must stay free for the send.
      const side = await sideDataSource(booted.sut.dataSource);
      const other = side.createQueryRunner();
      await other.connect();
      await other.startTransaction();
      try {
        await other.query(`SELECT 1 FROM esign.drafts WHERE draft_id = $1 FOR UPDATE`, [draft.draft_id]);
        const sending = admin()
          .post('/esign/requests', sendBody(draft.draft_id))
          .then((response) => response);
        // Until the send waits on the draft's lock, inside its own transaction.
        await eventually(
          async () =>
            (
              await side.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%UPDATE esign.drafts SET sent_ts%'`,
              )
            )[0].n > 0,
        );
        await other.query(`UPDATE esign.drafts SET sent_ts = now(), esig_request_id = 0 WHERE draft_id = $1`, [draft.draft_id]);
        await other.commitTransaction();
        const answer = await sending;
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 409,
          body: { status: 'error', message: 'This request was already sent' },
        });
      } finally {
        if (other.isTransactionActive) await other.rollbackTransaction();
        await other.release();
        await side.destroy();
      }
      expect(await requestCount()).toBe(before);
      expect(await query(`SELECT esig_request_id FROM esign.drafts WHERE draft_id = $1`, [draft.draft_id])).toEqual([
        { esig_request_id: 0 },
      ]);
      // It had copied the PDFs before waiting on the draft: the copies went with its rollback.
      expect(newRequestFiles(files)).toEqual([]);
    }, 30_000);

    it('publishes nothing when no value is marked Update Transaction', async () => {
      const draft = await newDraft();
      const sent = (
        await admin()
          .post('/esign/requests', sendBody(draft.draft_id, { fields: [{ fieldId: A.witnessName.uuid, value: 'W', readonly: false }] }))
          .expect(201)
      ).body;
      expect(await updates(sent.esig_request_id)).toEqual([]);
    });

    it('refuses update_transaction on a field whose can_update is false (400), keeping the draft and sending nothing', async () => {
      const draft = await newDraft();
      const requestsBefore = Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n);
      const fields = [
        { fieldId: F.address.uuid, value: '14 Elm St', readonly: true, update_transaction: true },
        { fieldId: F.phone.uuid, value: '5559876543', readonly: true, update_transaction: true },
        { fieldId: F.notes.uuid, value: 'x', readonly: false, update_transaction: true },
        { fieldId: F.hoa.uuid, value: false, readonly: true, update_transaction: 'yes' },
      ];
      const refused = await admin().post('/esign/requests', sendBody(draft.draft_id, { fields })).expect(400);
      expect(refused.body.errors).toEqual([
        { field: 'fields.1.update_transaction', error: 'This field cannot update the transaction' },
        { field: 'fields.2.update_transaction', error: 'This field cannot update the transaction' },
        { field: 'fields.3.update_transaction', error: 'Please enter a valid value' },
      ]);
      // The engine's plain send refuses it too.
      const plain = await admin()
        .post('/esign/requests', {
          ...sendBody(draft.draft_id, { fields: [fields[1]] }),
          draft_id: undefined,
          client_id: clientId,
          template_ids: [buyerTemplate.esig_template_id, addendum.esig_template_id],
        })
        .expect(400);
      expect(plain.body.errors).toEqual([{ field: 'fields.0.update_transaction', error: 'This field cannot update the transaction' }]);
      expect(Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n)).toBe(requestsBefore);
      await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200);
    });

    it("sends only the caller's own draft, on its own transaction", async () => {
      const draft = await newDraft();
      await agent().post('/esign/requests', sendBody(draft.draft_id)).expect(404);
      await bench().post('/esign/requests', sendBody(draft.draft_id)).expect(404);
      expect(
        (
          await admin()
            .post('/esign/requests', sendBody(draft.draft_id, { client_id: agentsClientId }))
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'client_id', error: 'Please enter a valid value' }]);
      expect((await admin().post('/esign/requests', sendBody('nope')).expect(400)).body.errors).toEqual([
        { field: 'draft_id', error: 'Please enter a valid value' },
      ]);
      await admin().get(`/esign/drafts/${draft.draft_id}`).expect(200);
    });
  });

  describe('removing old drafts (the worker job esign-remove-old-drafts)', () => {
    const job = () => booted.sut.app.get(RemoveOldDraftsJob);
    const age = (draftId: string, column: 'updated_ts' | 'sent_ts', hours: number) =>
      query(`UPDATE esign.drafts SET ${column} = now() - make_interval(hours => $2) WHERE draft_id = $1`, [draftId, hours]);
    const remaining = async (ids: string[]) =>
      (await query<{ draft_id: string }>(`SELECT draft_id FROM esign.drafts WHERE draft_id = ANY($1::uuid[])`, [ids]))
        .map((row) => row.draft_id)
        .sort();

    it('is scheduled hourly on its own queue, with retries', async () => {
      const redis = createRedis(booted.sut.config.REDIS_URL, 'esign-drafts-spec');
      const queue = new Queue(REMOVE_OLD_DRAFTS, { connection: redis, prefix: booted.sut.config.QUEUE_PREFIX });
      try {
        const schedulers = await queue.getJobSchedulers();
        expect(schedulers).toEqual([expect.objectContaining({ key: REMOVE_OLD_DRAFTS, every: REMOVE_OLD_DRAFTS_EVERY_MS })]);
        expect(schedulers[0].template?.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 5_000 } });
      } finally {
        await queue.close();
        await redis.quit();
      }
    });

    it('deletes drafts sent over a day ago and unsent ones not updated for 30 days, keeping the rest; a second run deletes nothing', async () => {
      const [fresh, idle29Days, idle31Days, sentNow, sent23Hours, sent25Hours, sentLongAgo] = await Promise.all(
        Array.from({ length: 7 }, () => newDraft()),
      );
      for (const sent of [sentNow, sent23Hours, sent25Hours, sentLongAgo])
        await admin().post('/esign/requests', sendBody(sent.draft_id)).expect(201);
      await age(idle29Days.draft_id, 'updated_ts', 29 * 24);
      await age(idle31Days.draft_id, 'updated_ts', 31 * 24);
      await age(sent23Hours.draft_id, 'sent_ts', 23);
      await age(sent25Hours.draft_id, 'sent_ts', 25);
      // Sent after a long time unsent: its age counts from the sending.
      await age(sentLongAgo.draft_id, 'updated_ts', 40 * 24);
      await age(sentLongAgo.draft_id, 'sent_ts', 2);
      const ids = [fresh, idle29Days, idle31Days, sentNow, sent23Hours, sent25Hours, sentLongAgo].map((draft) => draft.draft_id);

      expect(await job().run()).toEqual({ sent: 1, abandoned: 1, orphanedCopies: 0 });
      expect(await remaining(ids)).toEqual([fresh, idle29Days, sentNow, sent23Hours, sentLongAgo].map((draft) => draft.draft_id).sort());
      // The requests stay; the draft deleted a day after sending now answers 404 like any unknown draft.
      await admin().post('/esign/requests', sendBody(sent25Hours.draft_id)).expect(404);
      await admin().get(`/esign/drafts/${idle31Days.draft_id}`).expect(404);
      await admin().get(`/esign/drafts/${idle29Days.draft_id}`).expect(200);

      expect(await job().run()).toEqual({ sent: 0, abandoned: 0, orphanedCopies: 0 });
      expect(await remaining(ids)).toHaveLength(5);
      // Still usable: the 29-day-old draft saves (and so starts its 30 days again) and sends.
      await admin().put(`/esign/drafts/${idle29Days.draft_id}`, { activeStep: 2 }).expect(200);
      await admin().post('/esign/requests', sendBody(idle29Days.draft_id)).expect(201);
    }, 60_000);

    it('deletes in batches, every old draft in one run', async () => {
      const draft = await newDraft();
      // 1,201 abandoned copies of it: three batches of 500.
      await query(
        `INSERT INTO esign.drafts (team_id, agent_id, client_id, template_ids, packet_id, title, schema, documents, fields, created_ts, updated_ts)
         SELECT team_id, agent_id, client_id, template_ids, packet_id, 'old ' || n, schema, documents, fields, now() - interval '60 days', now() - interval '60 days'
         FROM esign.drafts, generate_series(1, 1201) AS n WHERE draft_id = $1`,
        [draft.draft_id],
      );
      expect(await job().run()).toEqual({ sent: 0, abandoned: 1201, orphanedCopies: 0 });
      expect(await query(`SELECT count(*)::int AS n FROM esign.drafts WHERE title LIKE 'old %'`)).toEqual([{ n: 0 }]);
      expect(await remaining([draft.draft_id])).toEqual([draft.draft_id]);
    }, 60_000);

    describe('and the PDF copies of sends that never committed', () => {
      const PDF = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1');
      const storage = () => booted.sut.app.get(StorageService);
      /** Sets a stored file's time `hours` back, as if written then. */
      const age = (key: string, hours: number) => {
        const at = new Date(Date.now() - hours * 3_600_000);
        utimesSync(path.join(booted.storageDir, 'esign', ...key.split('/')), at, at);
      };
      /** What a send killed between its copies and its commit leaves: copies in a folder no request names. */
      const strandedCopies = async (count: number, hours: number) => {
        const folder = `requests/${randomUUID()}`;
        const keys = Array.from({ length: count }, (_, index) => `${folder}/original-${index + 1}.pdf`);
        for (const key of keys) {
          await storage().put(key, PDF, { contentType: 'application/pdf' });
          age(key, hours);
        }
        return keys;
      };

      it("removes those a day old, keeping fresh ones, a sent request's copies and its signed document; a second run removes nothing", async () => {
        const sent = (
          await admin()
            .post('/esign/requests', sendBody((await newDraft()).draft_id))
            .expect(201)
        ).body;
        const committed = await copiesOf(sent.esig_request_id);
        expect(committed).toHaveLength(2);
        for (const key of committed) age(key, 48);
        // requests/<id>/ holds a request's signed document: never a send's copy, whatever its age.
        const signed = `requests/${sent.esig_request_id}/signed.pdf`;
        await storage().put(signed, PDF, { contentType: 'application/pdf' });
        age(signed, 48);
        const stranded = await strandedCopies(2, 25);
        const fresh = await strandedCopies(2, 23);

        expect(await job().run()).toMatchObject({ orphanedCopies: 2 });
        const stored = booted.storedFiles();
        expect(stranded.filter((key) => stored.includes(key))).toEqual([]);
        expect([...committed, signed, ...fresh].filter((key) => !stored.includes(key))).toEqual([]);
        // The request still opens its copies.
        for (const key of committed) expect((await storage().getBytes(key)).subarray(0, 5).toString()).toBe('%PDF-');

        expect(await job().run()).toMatchObject({ orphanedCopies: 0 });
        expect(booted.storedFiles()).toEqual(stored);
        for (const key of [signed, ...fresh]) await storage().delete(key);
      }, 60_000);

      it('goes through every page of storage in one run', async () => {
        // 1,001 stranded copies: two pages of 1,000 keys.
        const stranded = (await Promise.all(Array.from({ length: 7 }, () => strandedCopies(143, 30)))).flat();
        expect(stranded).toHaveLength(1001);
        expect(await job().run()).toMatchObject({ orphanedCopies: 1001 });
        const stored = booted.storedFiles();
        expect(stranded.filter((key) => stored.includes(key))).toEqual([]);
      }, 60_000);
    });

    it('takes its retention from ESIGN_DRAFT_RETENTION_DAYS', async () => {
      // The job as a worker with ESIGN_DRAFT_RETENTION_DAYS=7 has it (not started: no schedule of its own racing this run).
      const sevenDays = new RemoveOldDraftsJob(
        { ...booted.sut.config, ESIGN_DRAFT_RETENTION_DAYS: 7 },
        booted.sut.app.get(DraftsRepository),
        booted.sut.app.get(RequestsService),
      );
      const [idle6Days, idle8Days] = await Promise.all([newDraft(), newDraft()]);
      await age(idle6Days.draft_id, 'updated_ts', 6 * 24);
      await age(idle8Days.draft_id, 'updated_ts', 8 * 24);
      expect(await sevenDays.run()).toEqual({ sent: 0, abandoned: 1, orphanedCopies: 0 });
      expect(await remaining([idle6Days.draft_id, idle8Days.draft_id])).toEqual([idle6Days.draft_id]);
      expect(await job().run()).toEqual({ sent: 0, abandoned: 0, orphanedCopies: 0 });
    });
  });
});
