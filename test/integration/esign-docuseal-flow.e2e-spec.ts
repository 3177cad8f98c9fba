import type { EsignField } from '@app/contracts';
import { createTestDatabase, eventually, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { FAKE_DOCUSEAL_API_KEY, startFakeDocuseal, type FakeDocuseal } from '../../services/esign/fake-docuseal';
import { apiAs, bootEsign, makePdf, seededCallers, uploadPdf, type BootedEsign } from '../../services/esign/test/esign-test-kit';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * Issue 24 end to end with ESIGN_PROVIDER=docuseal, as `npm start` runs it against the fake DocuSeal: a request sent
 * through esign's API becomes a DocuSeal submission, the signers sign through the fake's control endpoint (HTTP), the
 * esign worker's poller (every second here) brings the submission back, downloads the combined document, makes the
 * request C, and transactions adds the signed document to the transaction once, however often the poller comes.
 */
describe('an e-sign request signed in DocuSeal, to the signed document on the transaction', () => {
  let database: TestDatabase;
  let fake: FakeDocuseal;
  let esign: BootedEsign;
  let transactions: TestService<TransactionsConfig>;
  const ADMIN = seededCallers().get('admin@demo-realty.test')!;

  beforeAll(async () => {
    database = await createTestDatabase();
    fake = await startFakeDocuseal();
    esign = await bootEsign('all', { ESIGN_PROVIDER: 'docuseal', DOCUSEAL_URL: fake.apiUrl, DOCUSEAL_API_KEY: FAKE_DOCUSEAL_API_KEY, ESIGN_POLL_INTERVAL_SECONDS: '1' }, database);
    // One storage root: transactions copies the signed PDF out of esign's namespace.
    transactions = await bootTransactionsBeside(database, { STORAGE_DIR: esign.storageDir });
  }, 90_000);
  afterAll(async () => {
    await transactions?.close();
    await esign?.close();
    await fake?.close();
    await database?.drop();
  });

  it('P order, both signers through the fake, one document on the transaction', async () => {
    const factory = new TransactionsFactory(transactions.dataSource);
    const { client_id: clientId } = await factory.transaction(await factory.options(ADMIN.team_id), { primary_agent_id: ADMIN.agent_id });
    await esign.sut.dataSource.query(
      `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at) VALUES ($1, $2, 'Ada', 'Admin', $3, 'active', '{ADMIN}', now())`,
      [ADMIN.agent_id, ADMIN.team_id, ADMIN.email],
    );
    await esign.sut.dataSource.query(`INSERT INTO esign.transactions (client_id, team_id, version, type, address_1, city, state, postal_code) VALUES ($1, $2, 1, 'b', '12 Elm St', 'Austin', 'TX', '78701')`, [
      clientId,
      ADMIN.team_id,
    ]);
    await esign.sut.dataSource.query(
      `INSERT INTO esign.document_folders (team_id, folder_id, folder_name, transaction_type, client_visible, vendor_visible, sort) VALUES ($1, -1, 'General', NULL, false, false, 0)`,
      [ADMIN.team_id],
    );

    const api = apiAs(esign.sut.server, ADMIN);
    const { key } = await uploadPdf(esign, api, await makePdf(1, 'Listing Agreement'), 'listing.pdf');
    const created = (await api.post('/esign/templates', { template_file: key, name: 'Listing Agreement', storage_folder_id: -1, type_id: null, default_document_type: null }).expect(201)).body;
    expect(created.external_id).toMatch(/^\d+$/);
    const area = (y: number) => [{ page: 1, x: 0.1, y, w: 0.35, h: 0.06 }];
    const base = { required: true, readonly: false, default_value: null, title: null, description: null, options: [], validation: { pattern: null, host: null }, preferences: { format: null, font_size: null }, platform_type: null, mapped_entity: null, mapped_field: null, can_update: false };
    const fields: EsignField[] = [
      { ...base, uuid: 'seller-sign', role_uuid: 'seller', name: 'Seller signature', type: 'signature', areas: area(0.3) },
      { ...base, uuid: 'agent-sign', role_uuid: 'agent', name: 'Agent signature', type: 'signature', areas: area(0.5) },
    ];
    await api
      .put(`/esign/templates/${created.esig_template_id}/schema`, { documents: created.schema.documents, roles: [{ uuid: 'seller', name: 'Seller' }, { uuid: 'agent', name: 'Agent' }], fields, updated_ts: created.updated_ts })
      .expect(200);

    const sent = await api
      .post('/esign/requests', {
        client_id: clientId,
        template_ids: [created.esig_template_id],
        signature_order: 'P',
        email_config: { default: { subject: 'Listing agreement to sign', body: 'Please review.' } },
        signers: [
          { role: 'Seller', name: 'Renée Seller', email: 'renee@mail.test' },
          { role: 'Agent', name: 'Ada Admin', email: 'ada@mail.test' },
        ],
      })
      .expect(201);
    const requestId = sent.body.esig_request_id as number;
    const [{ external_id: submissionId }] = await esign.sut.dataSource.query(`SELECT external_id FROM esign.requests WHERE esig_request_id = $1`, [requestId]);

    // The signers, through the fake's control endpoint as a developer would.
    for (const role of ['Seller', 'Agent']) {
      const response = await fetch(`${fake.url}/__control/submissions/${submissionId}/submitters/${role}/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ip: '198.51.100.4', ua: 'Flow Browser/2.0' }),
      });
      expect(response.status).toBe(200);
    }

    const document = await eventually(async () => {
      const rows = await transactions.dataSource.query(`SELECT document_id, filename, folder_id, uploaded_by FROM transactions.documents WHERE client_id = $1`, [clientId]);
      return rows.length ? rows : null;
    }, 30_000);
    expect(document).toEqual([expect.objectContaining({ filename: 'Listing Agreement (signed).pdf', uploaded_by: ADMIN.agent_id })]);
    const log = (await api.get(`/esign/requests/${requestId}/audit-log`).expect(200)).body;
    expect(log.status).toBe('C');
    expect(log.events.filter((event: { type: string }) => event.type === 'signed').map((event: { actor: string }) => event.actor).sort()).toEqual(['Ada Admin', 'Renée Seller']);

    // The poller keeps its schedule: still one document, one completion, the files downloaded once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await transactions.dataSource.query(`SELECT count(*)::int AS n FROM transactions.documents WHERE client_id = $1`, [clientId])).toEqual([{ n: 1 }]);
    expect(await esign.sut.dataSource.query(`SELECT count(*)::int AS n FROM esign.outbox WHERE type = 'esign.request.completed'`)).toEqual([{ n: 1 }]);
    expect(fake.control.requests({ method: 'GET', pathPrefix: '/file/' })).toHaveLength(2);
  }, 120_000);
});
