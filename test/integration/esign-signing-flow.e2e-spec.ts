import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { esignFieldOf, type EsignField } from '@app/contracts';
import { readMailbox, type MailboxEntry } from '@app/mail';
import { createTestDatabase, eventually, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { StorageService } from '@app/storage';
import { apiAs, bootEsign, makePdf, seededCallers, uploadPdf, type BootedEsign } from '../../services/esign/test/esign-test-kit';
import type { MessagingConfig } from '../../services/messaging/src/messaging.config';
import { bootMessagingBeside } from '../../services/messaging/test/mail-test-kit';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * Issue 22 end to end across services, talking only through the bus and the file handoff: esign sends a
 * sequential request, messaging's worker delivers the invitations to the local mailbox (the second signer's only
 * once the first has signed), both sign from their mailed links, esign seals the PDF (pdfsig finds the signature
 * valid), and transactions adds it once to the transaction's documents.
 */
describe('an e-sign request from sending to the signed document on the transaction', () => {
  let database: TestDatabase;
  let esign: BootedEsign;
  let transactions: TestService<TransactionsConfig>;
  let messaging: TestService<MessagingConfig>;
  let mailDir: string;
  const ADMIN = seededCallers().get('admin@demo-realty.test')!;

  beforeAll(async () => {
    database = await createTestDatabase();
    mailDir = mkdtempSync(path.join(tmpdir(), 'esign-flow-mail-'));
    esign = await bootEsign('all', {}, database);
    // One storage root: transactions copies the sealed PDF out of esign's namespace.
    transactions = await bootTransactionsBeside(database, { STORAGE_DIR: esign.storageDir });
    messaging = await bootMessagingBeside(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mailDir });
  }, 90_000);
  afterAll(async () => {
    await messaging?.close();
    await transactions?.close();
    await esign?.close();
    await database?.drop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  const mailTo = (email: string) => eventually(async () => (await readMailbox(mailDir)).find((mail: MailboxEntry) => mail.to === email && /\/sign\//.test(mail.text)), 20_000);
  const tokenOf = (mail: MailboxEntry) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

  it('S order from the mailbox, both signatures, a valid seal, and one document on the transaction', async () => {
    const factory = new TransactionsFactory(transactions.dataSource);
    const { client_id: clientId } = await factory.transaction(await factory.options(ADMIN.team_id), { primary_agent_id: ADMIN.agent_id });
    // esign's read copies as identity's and transactions' events leave them.
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
    const area = (y: number) => [{ page: 1, x: 0.1, y, w: 0.35, h: 0.06 }];
    const fields: EsignField[] = [
      esignFieldOf({ uuid: 'seller-sign', role_uuid: 'seller', name: 'Seller signature', type: 'signature', required: true, areas: area(0.3) }),
      esignFieldOf({ uuid: 'agent-sign', role_uuid: 'agent', name: 'Agent signature', type: 'signature', required: true, areas: area(0.5) }),
    ];
    await api
      .put(`/esign/templates/${created.esig_template_id}/schema`, { documents: created.schema.documents, roles: [{ uuid: 'seller', name: 'Seller' }, { uuid: 'agent', name: 'Agent' }], fields, updated_ts: created.updated_ts })
      .expect(200);

    const sent = await api
      .post('/esign/requests', {
        client_id: clientId,
        template_ids: [created.esig_template_id],
        signature_order: 'S',
        email_config: { default: { subject: 'Listing agreement to sign', body: 'Please review.' } },
        signers: [
          { role: 'Seller', name: 'Renée Seller', email: 'renee@mail.test', order: 1 },
          { role: 'Agent', name: 'Ada Admin', email: 'ada@mail.test', order: 2 },
        ],
      })
      .expect(201);
    const requestId = sent.body.esig_request_id as number;

    const first = await mailTo('renee@mail.test');
    expect(first).toMatchObject({ subject: 'Listing agreement to sign', reply_to: ADMIN.email });
    // Sequential: the second signer hears nothing until the first has signed.
    expect((await readMailbox(mailDir)).some((mail) => mail.to === 'ada@mail.test')).toBe(false);
    const sign = (token: string, value: unknown, field: string) =>
      request(esign.sut.server).post(`/api/esign/sign/${token}/complete`).set('user-agent', 'Flow Browser/2.0').send({ values: { [field]: value }, consent: true }).expect(200);
    await request(esign.sut.server).get(`/api/esign/sign/${tokenOf(first)}`).expect(200);
    await sign(tokenOf(first), { kind: 'typed', text: 'Renée Seller' }, 'seller-sign');
    const second = await mailTo('ada@mail.test');
    await sign(tokenOf(second), { kind: 'typed', text: 'Ada Admin' }, 'agent-sign');

    const document = await eventually(async () => {
      const rows = await transactions.dataSource.query(`SELECT document_id, filename, folder_id, storage_key, uploaded_by FROM transactions.documents WHERE client_id = $1`, [clientId]);
      return rows.length ? rows : null;
    }, 30_000);
    expect(document).toEqual([expect.objectContaining({ filename: 'Listing Agreement (signed).pdf', folder_id: -2, uploaded_by: ADMIN.agent_id })]);

    // The sealed file as transactions holds it passes pdfsig.
    const file = await transactions.app.get(StorageService).get(document[0].storage_key);
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const pdfPath = path.join(mailDir, 'sealed.pdf');
    writeFileSync(pdfPath, Buffer.concat(chunks));
    const checked = spawnSync('pdfsig', [pdfPath], { encoding: 'utf8' });
    expect(checked.stdout).toContain('Signature Validation: Signature is Valid.');
    expect(checked.stdout).toContain('Total document signed');

    // Every signer and the sender got the completion mail.
    const completed = await eventually(async () => {
      const mails = (await readMailbox(mailDir)).filter((mail) => mail.subject === 'Completed: Listing Agreement');
      return mails.length === 3 ? mails : null;
    }, 20_000);
    expect(completed.map((mail) => mail.to).sort()).toEqual(['ada@mail.test', ADMIN.email, 'renee@mail.test'].sort());
    expect((await api.get(`/esign/requests/${requestId}/audit-log`).expect(200)).body.status).toBe('C');
  }, 120_000);
});
