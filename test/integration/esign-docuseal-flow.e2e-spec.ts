import { createTestDatabase, eventually, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { FAKE_DOCUSEAL_API_KEY, startFakeDocuseal, type FakeDocuseal } from '../../services/esign/fake-docuseal';
import {
  apiAs,
  bootEsign,
  createSellerAgentTemplate,
  seededCallers,
  seedSenderAndTransaction,
  type BootedEsign,
} from '../../services/esign/test/esign-test-kit';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * The DocuSeal adapter end to end with ESIGN_PROVIDER=docuseal, as `npm start` runs it against the fake DocuSeal: a request sent
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
    esign = await bootEsign(
      'all',
      { ESIGN_PROVIDER: 'docuseal', DOCUSEAL_URL: fake.apiUrl, DOCUSEAL_API_KEY: FAKE_DOCUSEAL_API_KEY, ESIGN_POLL_INTERVAL_SECONDS: '1' },
      database,
    );
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
    await seedSenderAndTransaction(esign, ADMIN, clientId);

    const api = apiAs(esign.sut.server, ADMIN);
    const created = await createSellerAgentTemplate(esign, api);
    expect(created.external_id).toMatch(/^\d+$/);

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
    const [{ external_id: submissionId }] = await esign.sut.dataSource.query(
      `SELECT external_id FROM esign.requests WHERE esig_request_id = $1`,
      [requestId],
    );

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
      const rows = await transactions.dataSource.query(
        `SELECT document_id, filename, folder_id, uploaded_by FROM transactions.documents WHERE client_id = $1`,
        [clientId],
      );
      return rows.length ? rows : null;
    }, 30_000);
    expect(document).toEqual([expect.objectContaining({ filename: 'Listing Agreement (signed).pdf', uploaded_by: ADMIN.agent_id })]);
    const log = (await api.get(`/esign/requests/${requestId}/audit-log`).expect(200)).body;
    expect(log.status).toBe('C');
    expect(
      log.events
        .filter((event: { type: string }) => event.type === 'signed')
        .map((event: { actor: string }) => event.actor)
        .sort(),
    ).toEqual(['Ada Admin', 'Renée Seller']);

    // The poller keeps its schedule: still one document, one completion, the files downloaded once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(
      await transactions.dataSource.query(`SELECT count(*)::int AS n FROM transactions.documents WHERE client_id = $1`, [clientId]),
    ).toEqual([{ n: 1 }]);
    expect(await esign.sut.dataSource.query(`SELECT count(*)::int AS n FROM esign.outbox WHERE type = 'esign.request.completed'`)).toEqual([
      { n: 1 },
    ]);
    expect(fake.control.requests({ method: 'GET', pathPrefix: '/file/' })).toHaveLength(2);
  }, 120_000);
});
