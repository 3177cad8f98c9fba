import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DocumentFolderSnapshot, DocumentTypeSnapshot, EventType, Role } from '@app/contracts';
import { TasksFactory, TransactionsFactory, type TransactionOptionsRow } from '@app/testing';
import { ABANDONED_AFTER_SECONDS, RemoveAbandonedUploadsJob } from '../src/documents/remove-abandoned-uploads.job';
import { apiAs, bootTransactions, envelopeOf, publishedOf } from './transactions-test-kit';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const NOT_A_PDF = Buffer.from('MZ this is an executable renamed to contract.pdf');

describe('transaction documents', () => {
  let booted: Awaited<ReturnType<typeof bootTransactions>>;
  let sut: typeof booted.sut;
  let factory: TransactionsFactory;
  let tasks: TasksFactory;
  let team: TransactionOptionsRow;
  let rival: TransactionOptionsRow;
  const TEAM = 801;
  const RIVAL = 802;
  const ADMIN = 41;
  const AGENT = 42;
  const OTHER_AGENT = 43;
  const TC = 44;
  const VENDOR = 45;
  const CLIENT = 46;
  const RIVAL_ADMIN = 47;
  let buyer: number;
  let seller: number;
  let rivals: number;

  const as = (role: Role, agentId: number, teamId = TEAM) => apiAs(sut.server, role, agentId, teamId);
  const admin = () => as('ADMIN', ADMIN);
  const agent = () => as('AGENT', AGENT);
  const vendor = () => as('VENDOR', VENDOR);
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => sut.dataSource.query(sql, params);
  const envelope = envelopeOf;
  const published = <T extends EventType>(type: T, filter: string, params: unknown[]) => publishedOf(sut.dataSource, type, filter, params);
  const folder = (id: number, name: string, extra: Partial<DocumentFolderSnapshot> = {}): DocumentFolderSnapshot => ({
    client_document_folder_id: id,
    folder_name: name,
    transaction_type: null,
    client_visible: false,
    vendor_visible: false,
    ...extra,
  });
  const FOLDERS = [
    folder(-1, 'General'),
    folder(-2, 'Signed Documents'),
    folder(11, 'Buyer Docs', { transaction_type: 'b' }),
    folder(12, 'Listing Photos', { transaction_type: 's', vendor_visible: true }),
    folder(13, 'Vendor Uploads', { vendor_visible: true }),
  ];
  const TYPES: DocumentTypeSnapshot[] = [
    { team_document_type_id: 21, name: 'Purchase Agreement', team_document_category_id: 5, category_name: 'Contracts' },
    { team_document_type_id: 22, name: 'Inspection Report', team_document_category_id: null, category_name: null },
  ];
  const storedFiles = () => {
    const dir = path.join(booted.storageDir, 'transactions', 'documents');
    const walk = (at: string): string[] =>
      existsSync(at)
        ? readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(at, e.name)) : [e.name]))
        : [];
    return walk(dir);
  };
  /** The whole upload as the console does it: ask for the URL, PUT the bytes, confirm. */
  const upload = async (
    who: () => ReturnType<typeof admin>,
    clientId: number,
    body: Record<string, unknown>,
    bytes = PDF,
    contentType = 'application/pdf',
  ) => {
    const asked = await who().post(`/transaction/${clientId}/documents`, {
      name: 'contract.pdf',
      type: contentType,
      size: bytes.length,
      ...body,
    });
    if (asked.status !== 201) return { asked, put: null, confirmed: null };
    const put = await request(sut.server).put(asked.body.url).set('content-type', contentType).send(bytes);
    const confirmed = await who().post(`/transaction/${clientId}/documents/confirm`, { key: asked.body.key });
    return { asked, put, confirmed };
  };

  beforeAll(async () => {
    booted = await bootTransactions('all');
    sut = booted.sut;
    factory = new TransactionsFactory(sut.dataSource);
    tasks = new TasksFactory(sut.dataSource);
    team = await factory.options(TEAM);
    rival = await factory.options(RIVAL);
    await factory.agent(TEAM, ADMIN, ['ADMIN']);
    await factory.agent(TEAM, AGENT, ['AGENT'], { first_name: 'Alex', last_name: 'Agent' });
    await factory.agent(TEAM, OTHER_AGENT, ['AGENT']);
    await factory.agent(TEAM, TC, ['TRANC']);
    await factory.agent(TEAM, VENDOR, ['VENDOR']);
    await factory.agent(TEAM, CLIENT, ['CLIENT']);
    await factory.agent(RIVAL, RIVAL_ADMIN, ['ADMIN']);
    buyer = (await factory.transaction(team, { type: 'b', primary_agent_id: AGENT, vendor_user_ids: [VENDOR] })).client_id;
    seller = (await factory.transaction(team, { type: 's', primary_agent_id: OTHER_AGENT })).client_id;
    rivals = (await factory.transaction(rival, { type: 'b' })).client_id;
    await booted.deliver(envelope('team-admin.document-folders.changed', TEAM, { revision: 3, folders: FOLDERS }));
    await booted.deliver(envelope('team-admin.document-types.changed', TEAM, { revision: 3, types: TYPES }));
    await booted.deliver(
      envelope('team-admin.document-folders.changed', RIVAL, { revision: 1, folders: [folder(-1, 'General'), folder(91, 'Rival Folder')] }),
    );
    await booted.deliver(
      envelope('team-admin.document-types.changed', RIVAL, {
        revision: 1,
        types: [{ team_document_type_id: 92, name: 'Rival Type', team_document_category_id: null, category_name: null }],
      }),
    );
  }, 60_000);
  afterAll(() => booted.close());

  describe('folders and types', () => {
    it("keep the read copies of team-admin's lists: fed twice applied once, an older revision ignored", async () => {
      const older = envelope('team-admin.document-folders.changed', TEAM, { revision: 2, folders: [folder(-1, 'General')] });
      await booted.deliver(older);
      const same = envelope('team-admin.document-types.changed', TEAM, { revision: 3, types: [] });
      await booted.deliver(same);
      await booted.deliver(same, `${same.id}-again`);
      expect((await admin().get('/transaction/document-folders').expect(200)).body.records).toEqual(FOLDERS);
      expect((await admin().get('/transaction/document-types').expect(200)).body.records).toEqual(TYPES);
    });

    it("filter by side, show a VENDOR the vendor-visible ones, refuse CLIENT, and never show another team's", async () => {
      const ids = (records: DocumentFolderSnapshot[]) => records.map((f) => f.client_document_folder_id);
      expect(ids((await agent().get('/transaction/document-folders', { type: 'b' }).expect(200)).body.records)).toEqual([-1, -2, 11, 13]);
      expect(ids((await agent().get('/transaction/document-folders', { type: 's' }).expect(200)).body.records)).toEqual([-1, -2, 12, 13]);
      expect(ids((await vendor().get('/transaction/document-folders').expect(200)).body.records)).toEqual([12, 13]);
      await as('CLIENT', CLIENT).get('/transaction/document-folders').expect(403);
      await as('CLIENT', CLIENT).get('/transaction/document-types').expect(403);
      expect(ids((await as('ADMIN', RIVAL_ADMIN, RIVAL).get('/transaction/document-folders').expect(200)).body.records)).toEqual([-1, 91]);
      await agent().get('/transaction/document-folders', { type: 'x' }).expect(400);
    });
  });

  describe('upload', () => {
    it('records a PDF after the bytes are checked, attaches it to its task, and answers it; the events go out', async () => {
      const taskId = await tasks.task(TEAM, buyer, { doc_type_id: 21, assigned_to_agent_id: AGENT });
      const { asked, put, confirmed } = await upload(agent, buyer, { folder_id: 11, doc_type_id: 21, task_id: taskId });
      expect(asked.body).toMatchObject({
        key: expect.stringMatching(new RegExp(`^documents/${TEAM}/${buyer}/`)),
        expires_in: 900,
        max_bytes: 50_000_000,
      });
      expect(put!.status).toBe(200);
      expect(confirmed!.status).toBe(200);
      expect(confirmed!.body).toMatchObject({
        client_id: buyer,
        filename: 'contract.pdf',
        content_type: 'application/pdf',
        folder_id: 11,
        folder_name: 'Buyer Docs',
        type: { id: 21, name: 'Purchase Agreement' },
        size: PDF.length,
        task_id: taskId,
        uploaded_by: AGENT,
        uploaded_by_name: 'Alex Agent',
      });
      const [task] = await query<{ doc_id: number }>(`SELECT doc_id FROM transactions.tasks WHERE task_id = $1`, [taskId]);
      expect(task.doc_id).toBe(confirmed!.body.id);
      const [created] = await published('transactions.document.created', `(payload->>'document_id')::int = $2`, [confirmed!.body.id]);
      expect(created.payload).toEqual({
        document_id: confirmed!.body.id,
        client_id: buyer,
        team_id: TEAM,
        filename: 'contract.pdf',
        folder_id: 11,
        folder_name: 'Buyer Docs',
        doc_type_id: 21,
        task_id: taskId,
        uploaded_by: AGENT,
        version: 1,
      });
      const taskEvents = await published('transactions.task.updated', `(payload->>'task_id')::int = $2`, [taskId]);
      expect(taskEvents).toHaveLength(1);
      // The same key twice: the upload is spent.
      expect((await agent().post(`/transaction/${buyer}/documents/confirm`, { key: asked.body.key }).expect(400)).body.errors).toEqual([
        { field: 'key', error: 'Unknown upload' },
      ]);
    });

    it('refuses no folder, no type, a folder of another side or team, a declared size over the limit, and an unknown key', async () => {
      const body = { name: 'x.pdf', type: 'application/pdf', size: 10 };
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents`, { ...body, doc_type_id: 21 })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'folder_id', error: 'Upload folder is required.' }]);
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents`, { ...body, folder_id: 11 })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'doc_type_id', error: 'Document type is required.' }]);
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents`, { ...body, folder_id: 12, doc_type_id: 21 })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'folder_id', error: 'This folder does not take documents of this transaction' }]);
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents`, { ...body, folder_id: 91, doc_type_id: 92 })
            .expect(400)
        ).body.errors,
      ).toEqual([
        { field: 'folder_id', error: 'Upload folder is required.' },
        { field: 'doc_type_id', error: 'Document type is required.' },
      ]);
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents`, { ...body, size: 50_000_001, folder_id: 11, doc_type_id: 21 })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'size', error: 'File is larger than 50,000,000 bytes' }]);
      expect(
        (
          await admin()
            .post(`/transaction/${buyer}/documents/confirm`, { key: `documents/${TEAM}/${buyer}/${randomUUID()}` })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'key', error: 'Unknown upload' }]);
      // Another user's pending upload is not the caller's.
      const asked = await agent()
        .post(`/transaction/${buyer}/documents`, { ...body, folder_id: 11, doc_type_id: 21 })
        .expect(201);
      expect((await admin().post(`/transaction/${buyer}/documents/confirm`, { key: asked.body.key }).expect(400)).body.errors).toEqual([
        { field: 'key', error: 'Unknown upload' },
      ]);
      await admin()
        .post(`/transaction/${rivals}/documents`, { ...body, folder_id: 11, doc_type_id: 21 })
        .expect(404);
    });

    it('catches a renamed non-PDF by its bytes and leaves nothing stored', async () => {
      const before = storedFiles().length;
      const { put, confirmed } = await upload(admin, buyer, { folder_id: 11, doc_type_id: 21 }, NOT_A_PDF);
      expect(put!.status).toBe(415);
      expect(put!.body).toMatchObject({ message: 'allowed file types: PDF & Image (JPG, PNG)' });
      expect(confirmed!.status).toBe(404);
      expect(storedFiles().length).toBe(before);
      const [{ n }] = await query<{ n: number }>(
        `SELECT count(*)::int AS n FROM transactions.documents WHERE client_id = $1 AND filename = 'contract.pdf' AND uploaded_by = $2`,
        [buyer, ADMIN],
      );
      expect(n).toBe(0);
    });
  });

  describe('abandoned uploads', () => {
    it('are removed by the worker job once their URL expired an hour ago, file and row; a fresh one stays and confirms', async () => {
      const ask = async (name: string) => {
        const asked = await admin()
          .post(`/transaction/${buyer}/documents`, { name, type: 'application/pdf', size: PDF.length, folder_id: 11, doc_type_id: 21 })
          .expect(201);
        expect((await request(sut.server).put(asked.body.url).set('content-type', 'application/pdf').send(PDF)).status).toBeLessThan(300);
        return asked.body.key as string;
      };
      const stale = await ask('stale.pdf');
      const staleGone = await ask('stale-gone.pdf');
      const fresh = await ask('fresh.pdf');
      const fileOf = (key: string) => path.join(booted.storageDir, 'transactions', ...key.split('/'));
      await query(
        `UPDATE transactions.document_uploads SET created_ts = now() - make_interval(secs => $2) WHERE storage_key = ANY($1::text[])`,
        [[stale, staleGone], ABANDONED_AFTER_SECONDS + 60],
      );
      // As a run killed after deleting a file and before its rows committed leaves it: the file gone, the row there.
      rmSync(fileOf(staleGone));

      const job = sut.app.get(RemoveAbandonedUploadsJob);
      expect(await job.run()).toEqual({ removed: 2 });
      expect([stale, staleGone, fresh].map((key) => existsSync(fileOf(key)))).toEqual([false, false, true]);
      expect(await job.run()).toEqual({ removed: 0 });
      const pending = await query<{ storage_key: string }>(
        `SELECT storage_key FROM transactions.document_uploads WHERE storage_key = ANY($1::text[])`,
        [[stale, staleGone, fresh]],
      );
      expect(pending.map((row) => row.storage_key)).toEqual([fresh]);
      expect((await admin().post(`/transaction/${buyer}/documents/confirm`, { key: stale }).expect(400)).body.errors).toEqual([
        { field: 'key', error: 'Unknown upload' },
      ]);
      expect((await admin().post(`/transaction/${buyer}/documents/confirm`, { key: fresh }).expect(200)).body).toMatchObject({
        filename: 'fresh.pdf',
      });
    });
  });

  describe("'Document required'", () => {
    it('refuses a done status on a task that needs a document and has none, alone and in bulk; with one it completes', async () => {
      const needs = await tasks.task(TEAM, buyer, { doc_type_id: 22, assigned_to_agent_id: AGENT });
      const plain = await tasks.task(TEAM, buyer, { assigned_to_agent_id: AGENT });
      const refused = await agent().patch(`/tasks/${needs}`, { task_id: needs, preset: 'status', status_id: 3 }).expect(400);
      expect(refused.body.errors).toEqual([
        { field: 'status_id', error: 'You cannot complete this task without attaching a document first.' },
      ]);
      await agent().patch(`/tasks/${needs}`, { task_id: needs, preset: 'status', status_id: 4 }).expect(400);
      const bulk = await agent()
        .patch('/tasks/bulk', { task_ids: [plain, needs], status_id: 3 })
        .expect(400);
      expect(bulk.body.errors).toEqual([
        { field: `tasks.${needs}`, error: 'You cannot complete this task without attaching a document first.' },
      ]);
      await agent().patch(`/tasks/${needs}`, { task_id: needs, preset: 'status', status_id: 2 }).expect(200);
      const { confirmed } = await upload(agent, buyer, { folder_id: -1, doc_type_id: 22, task_id: needs });
      expect(confirmed!.status).toBe(200);
      expect(
        (
          await agent()
            .patch('/tasks/bulk', { task_ids: [plain, needs], status_id: 3 })
            .expect(200)
        ).body,
      ).toEqual({ updated: 2 });
    });
  });

  describe('reading and deleting', () => {
    let listingDoc: number;
    let vendorDoc: number;
    beforeAll(async () => {
      listingDoc = (await upload(admin, seller, { folder_id: 12, doc_type_id: 21, name: 'photos.pdf' })).confirmed!.body.id;
      const vendorTask = await tasks.task(TEAM, buyer, { assigned_to_agent_id: VENDOR, doc_type_id: 21 });
      vendorDoc = (await upload(vendor, buyer, { folder_id: 13, doc_type_id: 21, task_id: vendorTask, name: 'vendor.pdf' })).confirmed!.body
        .id;
    });

    it('lists the folders of its side with their documents and slugs', async () => {
      const { body } = await admin().get(`/transaction/${buyer}/documents`).expect(200);
      expect(body.records.map((f: { folder_id: number; slug: string }) => [f.folder_id, f.slug])).toEqual([
        [-1, 'general'],
        [-2, 'signed-documents'],
        [11, 'buyer-docs'],
        [13, 'vendor-uploads'],
      ]);
      expect(body.records[3].documents.map((d: { filename: string }) => d.filename)).toEqual(['vendor.pdf']);
      const vendorView = await vendor().get(`/transaction/${buyer}/documents`).expect(200);
      expect(vendorView.body.records.map((f: { folder_id: number }) => f.folder_id)).toEqual([13]);
      await as('CLIENT', CLIENT).get(`/transaction/${buyer}/documents`).expect(403);
      await agent().get(`/transaction/${seller}/documents`).expect(404);
      await as('ADMIN', RIVAL_ADMIN, RIVAL).get(`/transaction/${buyer}/documents`).expect(404);
    });

    it('answers a document with a signed URL that lives 5 minutes and serves the bytes; each role sees only its own', async () => {
      const { body } = await admin().get(`/transaction/documents/${vendorDoc}`).expect(200);
      expect(body).toMatchObject({ id: vendorDoc, filename: 'vendor.pdf', expires_in: 300 });
      const url = new URL(body.url, 'http://localhost');
      expect(Number(url.searchParams.get('expires')) - Math.floor(Date.now() / 1000)).toBeGreaterThan(280);
      expect(Number(url.searchParams.get('expires')) - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);
      const file = await request(sut.server).get(body.url).buffer(true).expect(200);
      expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
      // A URL whose lifetime is stretched is refused (the signature covers it).
      url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
      await request(sut.server).get(`${url.pathname}${url.search}`).expect(403);
      await vendor().get(`/transaction/documents/${vendorDoc}`).expect(200);
      await vendor().get(`/transaction/documents/${listingDoc}`).expect(404);
      await agent().get(`/transaction/documents/${listingDoc}`).expect(404);
      await as('ADMIN', RIVAL_ADMIN, RIVAL).get(`/transaction/documents/${vendorDoc}`).expect(404);
    });

    it('deletes for ADMIN, TRANC or the uploader; the task holding it loses it, and the event carries its last state', async () => {
      await agent().delete(`/transaction/documents/${vendorDoc}`).expect(403);
      const [holder] = await query<{ task_id: number }>(`SELECT task_id FROM transactions.tasks WHERE doc_id = $1`, [vendorDoc]);
      await vendor().delete(`/transaction/documents/${vendorDoc}`).expect(200);
      await admin().get(`/transaction/documents/${vendorDoc}`).expect(404);
      const [task] = await query<{ doc_id: number | null }>(`SELECT doc_id FROM transactions.tasks WHERE task_id = $1`, [holder.task_id]);
      expect(task.doc_id).toBeNull();
      const [deleted] = await published('transactions.document.deleted', `(payload->>'document_id')::int = $2`, [vendorDoc]);
      expect(deleted.payload).toMatchObject({
        filename: 'vendor.pdf',
        folder_name: 'Vendor Uploads',
        task_id: holder.task_id,
        uploaded_by: VENDOR,
      });
      await as('TRANC', TC).delete(`/transaction/documents/${listingDoc}`).expect(200);
    });
  });
});
