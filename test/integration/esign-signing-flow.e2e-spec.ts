import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { readMailbox, type MailboxEntry } from '@app/mail';
import { createTestDatabase, eventually, TransactionsFactory, type TestDatabase, type TestService } from '@app/testing';
import { StorageService } from '@app/storage';
import {
  apiAs,
  bootEsign,
  createSellerAgentTemplate,
  seededCallers,
  seedSenderAndTransaction,
  type BootedEsign,
} from '../../services/esign/test/esign-test-kit';
import type { MessagingConfig } from '../../services/messaging/src/messaging.config';
import { bootMessagingBeside } from '../../services/messaging/test/mail-test-kit';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';

/**
 * The own signing engine end to end across services, talking only through the bus and the file handoff: esign sends a
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

  const mailTo = (email: string) =>
    eventually(
      async () => (await readMailbox(mailDir)).find((mail: MailboxEntry) => mail.to === email && /\/sign\//.test(mail.text)),
      20_000,
    );
  const tokenOf = (mail: MailboxEntry) => /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

  it('S order from the mailbox, both signatures, a valid seal, and one document on the transaction', async () => {
    const factory = new TransactionsFactory(transactions.dataSource);
    const { client_id: clientId } = await factory.transaction(await factory.options(ADMIN.team_id), { primary_agent_id: ADMIN.agent_id });
    await seedSenderAndTransaction(esign, ADMIN, clientId);

    const api = apiAs(esign.sut.server, ADMIN);
    const created = await createSellerAgentTemplate(esign, api);

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
      request(esign.sut.server)
        .post(`/api/esign/sign/${token}/complete`)
        .set('user-agent', 'Flow Browser/2.0')
        .send({ values: { [field]: value }, consent: true })
        .expect(200);
    await request(esign.sut.server)
      .get(`/api/esign/sign/${tokenOf(first)}`)
      .expect(200);
    await sign(tokenOf(first), { kind: 'typed', text: 'Renée Seller' }, 'seller-sign');
    const second = await mailTo('ada@mail.test');
    await sign(tokenOf(second), { kind: 'typed', text: 'Ada Admin' }, 'agent-sign');

    const document = await eventually(async () => {
      const rows = await transactions.dataSource.query(
        `SELECT document_id, filename, folder_id, storage_key, uploaded_by FROM transactions.documents WHERE client_id = $1`,
        [clientId],
      );
      return rows.length ? rows : null;
    }, 30_000);
    expect(document).toEqual([
      expect.objectContaining({ filename: 'Listing Agreement (signed).pdf', folder_id: -2, uploaded_by: ADMIN.agent_id }),
    ]);

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
