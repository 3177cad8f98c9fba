import { createHash } from 'node:crypto';
import request from 'supertest';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import {
  eventsQueueOf,
  type DocumentFolderSnapshot,
  type DocumentFolderWithDocuments,
  type DocumentTypeSnapshot,
  type EsignRequestCompleted,
  type FileHandoff,
  type TransactionDocument,
} from '@app/contracts';
import { EventConsumer } from '@app/events';
import { FileHashMismatchError, LocalStorageDriver, StorageService } from '@app/storage';
import { eventually, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { AddSignedDocumentWhenEsignRequestCompleted } from '../src/documents/signed-document.listener';
import { apiAs, bootTransactions, envelopeOf, publishedOf } from './transactions-test-kit';

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A sealed PDF of its own per request, so each test can tell its file from another's. */
const sealedPdf = (requestId: number, note = 'sealed') =>
  Buffer.from(`%PDF-1.7\n% e-sign request ${requestId} ${note}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

describe(AddSignedDocumentWhenEsignRequestCompleted.name, () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let team: TransactionOptionsRow;
  /** esign's namespace in the same storage folder: the sender's side of the handoff. */
  let esignStorage: LocalStorageDriver;
  const TEAM = 2201;
  const ADMIN = 220_001;
  const SENDER = 220_002;
  let nextRequestId = 9_000;

  const FOLDERS: DocumentFolderSnapshot[] = [
    { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: false, vendor_visible: false },
    {
      client_document_folder_id: -2,
      folder_name: 'Signed Documents',
      transaction_type: null,
      client_visible: false,
      vendor_visible: false,
    },
    { client_document_folder_id: 11, folder_name: 'Buyer Contracts', transaction_type: 'b', client_visible: false, vendor_visible: false },
    {
      client_document_folder_id: 12,
      folder_name: 'Listing Contracts',
      transaction_type: 's',
      client_visible: false,
      vendor_visible: false,
    },
    { client_document_folder_id: 13, folder_name: 'Agreements', transaction_type: null, client_visible: false, vendor_visible: false },
    { client_document_folder_id: 15, folder_name: 'Old Contracts', transaction_type: null, client_visible: false, vendor_visible: false },
  ];
  const TYPES: DocumentTypeSnapshot[] = [
    { team_document_type_id: 21, name: 'Purchase Agreement', team_document_category_id: null, category_name: null },
  ];

  const admin = () => apiAs(sut.server, 'ADMIN', ADMIN, TEAM);
  const transaction = async (type: 'b' | 's') => (await factory.transaction(team, { type, primary_agent_id: SENDER })).client_id;
  /** esign's sealed file of a request, stored in its namespace and described for the handoff. */
  const sealed = async (requestId: number, bytes = sealedPdf(requestId)): Promise<FileHandoff> => {
    const key = `requests/${requestId}/sealed.pdf`;
    await esignStorage.put(key, bytes, { contentType: 'application/pdf' });
    return esignStorage.describeForHandoff(key, `Purchase Agreement ${requestId} (signed).pdf`);
  };
  const completed = (clientId: number, requestId: number, file: FileHandoff, folderId: number, typeId: number | null = 21) =>
    envelopeOf('esign.request.completed', TEAM, {
      esig_request_id: requestId,
      client_id: clientId,
      created_by_agent_id: SENDER,
      file,
      storage_paths: { default_document_type: typeId, default_storage_path: folderId },
    } satisfies EsignRequestCompleted);
  /** The transaction's documents as its page lists them, each with its folder. */
  const documentsOf = async (clientId: number): Promise<TransactionDocument[]> => {
    const { body } = await admin().get(`/transaction/${clientId}/documents`).expect(200);
    return (body.records as DocumentFolderWithDocuments[]).flatMap((folder) => folder.documents);
  };
  const downloaded = async (documentId: number): Promise<Buffer> => {
    const { body } = await admin().get(`/transaction/documents/${documentId}`).expect(200);
    return (await request(sut.server).get(body.url).buffer(true).expect(200)).body as Buffer;
  };
  const createdEvents = (clientId: number) =>
    publishedOf(sut.dataSource, 'transactions.document.created', `(payload->>'client_id')::int = $2`, [clientId]);
  const count = async (sql: string, params: unknown[]) => ((await sut.dataSource.query(sql, params)) as { n: number }[])[0].n;

  beforeAll(async () => {
    booted = await bootTransactions('all');
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    team = await factory.options(TEAM);
    await factory.agent(TEAM, ADMIN, ['ADMIN']);
    await factory.agent(TEAM, SENDER, ['AGENT'], { first_name: 'Sam', last_name: 'Sender' });
    await booted.deliver(envelopeOf('team-admin.document-folders.changed', TEAM, { revision: 3, folders: FOLDERS }));
    await booted.deliver(envelopeOf('team-admin.document-types.changed', TEAM, { revision: 3, types: TYPES }));
    esignStorage = new LocalStorageDriver({
      service: 'esign',
      driver: 'local',
      storageDir: booted.storageDir,
      signingSecret: 'esign-test-secret',
      publicUrl: '',
    });
  }, 60_000);
  afterAll(() => booted.close());

  it("adds the sealed PDF once, in the template's folder with its type, uploaded by the sender, with the same bytes", async () => {
    const buyer = await transaction('b');
    const requestId = nextRequestId++;
    const file = await sealed(requestId);
    const event = completed(buyer, requestId, file, 11);

    await booted.deliver(event);
    // The same event again (the inbox), then esign re-publishing it under a new event id (the request's claim).
    await booted.deliver(event, `${event.id}-again`);
    await booted.deliver(completed(buyer, requestId, file, 11));

    const documents = await documentsOf(buyer);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      client_id: buyer,
      filename: `Purchase Agreement ${requestId} (signed).pdf`,
      content_type: 'application/pdf',
      folder_id: 11,
      folder_name: 'Buyer Contracts',
      type: { id: 21, name: 'Purchase Agreement' },
      size: sealedPdf(requestId).length,
      task_id: null,
      uploaded_by: SENDER,
      uploaded_by_name: 'Sam Sender',
    });
    expect(Buffer.compare(await downloaded(documents[0].id), sealedPdf(requestId))).toBe(0);
    // Copied into transactions' own namespace under a key derived from the request.
    const [{ storage_key }] = await sut.dataSource.query(`SELECT storage_key FROM transactions.documents WHERE document_id = $1`, [
      documents[0].id,
    ]);
    expect(storage_key).toBe(`documents/${TEAM}/${buyer}/esign-${requestId}.pdf`);

    const events = await createdEvents(buyer);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toEqual({
      document_id: documents[0].id,
      client_id: buyer,
      team_id: TEAM,
      filename: `Purchase Agreement ${requestId} (signed).pdf`,
      folder_id: 11,
      folder_name: 'Buyer Contracts',
      doc_type_id: 21,
      task_id: null,
      uploaded_by: SENDER,
      version: 1,
    });
  });

  it('is not brought back by a late duplicate once a user deleted the signed document', async () => {
    const buyer = await transaction('b');
    const requestId = nextRequestId++;
    const file = await sealed(requestId);
    await booted.deliver(completed(buyer, requestId, file, 13));
    const [document] = await documentsOf(buyer);
    await admin().delete(`/transaction/documents/${document.id}`).expect(200);

    await booted.deliver(completed(buyer, requestId, file, 13));
    expect(await documentsOf(buyer)).toEqual([]);
    expect(await createdEvents(buyer)).toHaveLength(1);
  });

  it("goes to -2 Signed Documents when the template's folder was deleted or takes only the other side; a folder for all stays", async () => {
    // team-admin deleted 'Old Contracts' (15): the read copy's next revision no longer has it.
    await booted.deliver(
      envelopeOf('team-admin.document-folders.changed', TEAM, {
        revision: 4,
        folders: FOLDERS.filter((f) => f.client_document_folder_id !== 15),
      }),
    );
    const buyer = await transaction('b');
    const seller = await transaction('s');
    const intoDeleted = nextRequestId++;
    const intoOtherSide = nextRequestId++;
    const intoAll = nextRequestId++;

    await booted.deliver(completed(buyer, intoDeleted, await sealed(intoDeleted), 15));
    await booted.deliver(completed(seller, intoOtherSide, await sealed(intoOtherSide), 11));
    await booted.deliver(completed(seller, intoAll, await sealed(intoAll), 13, null));

    const [fromDeleted] = await documentsOf(buyer);
    expect(fromDeleted).toMatchObject({
      folder_id: -2,
      folder_name: 'Signed Documents',
      type: { id: 21, name: 'Purchase Agreement' },
      uploaded_by: SENDER,
    });
    expect(Buffer.compare(await downloaded(fromDeleted.id), sealedPdf(intoDeleted))).toBe(0);
    const sellers = await documentsOf(seller);
    expect(sellers.map((d) => [d.filename, d.folder_id, d.folder_name, d.type])).toEqual(
      expect.arrayContaining([
        [`Purchase Agreement ${intoOtherSide} (signed).pdf`, -2, 'Signed Documents', { id: 21, name: 'Purchase Agreement' }],
        [`Purchase Agreement ${intoAll} (signed).pdf`, 13, 'Agreements', null],
      ]),
    );
    expect(sellers).toHaveLength(2);
  });

  it('adds nothing for a wrong sha256 and throws so the event is retried; the right file then succeeds', async () => {
    const buyer = await transaction('b');
    const requestId = nextRequestId++;
    const file = await sealed(requestId);
    const consumer = sut.app.get(EventConsumer);
    const wrong = completed(buyer, requestId, { ...file, sha256: sha256Of(Buffer.from('some other file')) }, 11);

    const error = await consumer.consume(wrong).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileHashMismatchError);
    expect(error).toMatchObject({
      expected: wrong.payload.file.sha256,
      actual: file.sha256,
      key: `documents/${TEAM}/${buyer}/esign-${requestId}.pdf`,
    });
    // Rolled back whole: no document, no claim, no inbox row (so a retry applies it), no copy left behind.
    expect(await documentsOf(buyer)).toEqual([]);
    expect(await count(`SELECT count(*)::int AS n FROM transactions.esign_signed_documents WHERE esig_request_id = $1`, [requestId])).toBe(
      0,
    );
    expect(await count(`SELECT count(*)::int AS n FROM transactions.inbox WHERE event_id = $1`, [wrong.id])).toBe(0);
    expect(await sut.app.get(StorageService).exists(`documents/${TEAM}/${buyer}/esign-${requestId}.pdf`)).toBe(false);
    expect(await createdEvents(buyer)).toEqual([]);

    expect(await consumer.consume(completed(buyer, requestId, file, 11))).toBe('applied');
    const documents = await documentsOf(buyer);
    expect(documents.map((d) => d.folder_id)).toEqual([11]);
    expect(Buffer.compare(await downloaded(documents[0].id), sealedPdf(requestId))).toBe(0);
    expect(await createdEvents(buyer)).toHaveLength(1);
  });

  it("is retried by BullMQ while esign's file does not match its sha256, and adds the document once it does", async () => {
    const buyer = await transaction('b');
    const requestId = nextRequestId++;
    const file = await sealed(requestId);
    // The file esign holds is damaged when the event first arrives (its sha256 is the announced one's no more).
    await esignStorage.put(file.key, sealedPdf(requestId, 'damaged'), { contentType: 'application/pdf' });
    const event = completed(buyer, requestId, file, 11);
    const redis = new IORedis(sut.config.REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(eventsQueueOf('transactions'), { connection: redis, prefix: sut.config.QUEUE_PREFIX });
    try {
      // As the outbox relay adds it: attempts with backoff.
      await queue.add(event.type, event, { jobId: event.id, attempts: 5, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: false });
      const failedOnce = await eventually(async () => {
        const job = await queue.getJob(event.id);
        return job && job.attemptsMade >= 1 ? job : null;
      });
      expect(failedOnce.failedReason).toMatch(/sha256 of the copy/);
      expect(await documentsOf(buyer)).toEqual([]);

      await esignStorage.put(file.key, sealedPdf(requestId), { contentType: 'application/pdf' });
      await eventually(async () => (await queue.getJob(event.id))?.isCompleted());
    } finally {
      await queue.close();
      await redis.quit();
    }
    const documents = await documentsOf(buyer);
    expect(documents).toHaveLength(1);
    expect(Buffer.compare(await downloaded(documents[0].id), sealedPdf(requestId))).toBe(0);
    expect(await createdEvents(buyer)).toHaveLength(1);
  });

  it('skips a transaction deleted since the request was sent, without failing the event', async () => {
    const buyer = await transaction('b');
    const requestId = nextRequestId++;
    const file = await sealed(requestId);
    await sut.dataSource.query(`DELETE FROM transactions.transactions WHERE client_id = $1`, [buyer]);

    expect(await sut.app.get(EventConsumer).consume(completed(buyer, requestId, file, 11))).toBe('applied');
    expect(await count(`SELECT count(*)::int AS n FROM transactions.documents WHERE client_id = $1`, [buyer])).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM transactions.esign_signed_documents WHERE esig_request_id = $1`, [requestId])).toBe(
      0,
    );
    expect(await createdEvents(buyer)).toEqual([]);
  });
});
