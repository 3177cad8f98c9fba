import request from 'supertest';
import {
  esignFieldOf,
  ESIGN_FIELD_TYPES,
  ESIGN_MESSAGES as M,
  type DocumentFolderSnapshot,
  type DocumentTypeSnapshot,
  type EsignField,
  type EsignFieldType,
  type EsignTemplateDetail,
} from '@app/contracts';
import { StorageService } from '@app/storage';
import { apiAs, bootEsign, envelopeOf, makePdf, seededCallers, uploadPdf, type Api, type BootedEsign } from './esign-test-kit';

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
  folder(12, 'Listing Docs', { transaction_type: 's' }),
];
const TYPES: DocumentTypeSnapshot[] = [
  { team_document_type_id: 21, name: 'Purchase Agreement', team_document_category_id: 5, category_name: 'Contracts' },
  { team_document_type_id: 22, name: 'Listing Agreement', team_document_category_id: null, category_name: null },
];

describe('e-sign templates and packets', () => {
  let booted: BootedEsign;
  let storage: StorageService;
  const callers = seededCallers();
  const as = (email: string): Api => apiAs(booted.sut.server, callers.get(email)!);
  const admin = () => as('admin@demo-realty.test');
  const agent = () => as('agent@demo-realty.test');
  const tc = () => as('tc@demo-realty.test');
  const bench = () => as('admin@bench-realty.test');
  const DEMO = callers.get('admin@demo-realty.test')!.team_id;
  const BENCH = callers.get('admin@bench-realty.test')!.team_id;
  const query = <T>(sql: string, params: unknown[] = []): Promise<T[]> => booted.sut.dataSource.query(sql, params);
  const templateCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.templates`))[0].n);
  const uploadCount = async () => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM esign.template_uploads`))[0].n);

  /** Uploads a PDF and makes a template of it. */
  const createTemplate = async (api: Api, name: string, extra: Record<string, unknown> = {}, pages = 2): Promise<EsignTemplateDetail> => {
    const { key, confirmed } = await uploadPdf(booted, api, await makePdf(pages), `${name}.pdf`);
    expect(confirmed.status).toBe(200);
    const created = await api
      .post('/esign/templates', { template_file: key, name, storage_folder_id: -1, type_id: null, default_document_type: 21, ...extra })
      .expect(201);
    return created.body;
  };

  beforeAll(async () => {
    booted = await bootEsign('all');
    storage = booted.sut.app.get(StorageService);
    await booted.deliver(envelopeOf('team-admin.document-folders.changed', DEMO, { revision: 2, folders: FOLDERS }));
    await booted.deliver(envelopeOf('team-admin.document-types.changed', DEMO, { revision: 2, types: TYPES }));
    await booted.deliver(
      envelopeOf('team-admin.document-folders.changed', BENCH, {
        revision: 1,
        folders: [folder(-1, 'General'), folder(91, 'Bench Folder')],
      }),
    );
    await booted.deliver(
      envelopeOf('team-admin.document-types.changed', BENCH, {
        revision: 1,
        types: [{ team_document_type_id: 92, name: 'Bench Type', team_document_category_id: null, category_name: null }],
      }),
    );
  }, 60_000);
  afterAll(() => booted.close());

  describe('permissions', () => {
    it('needs team_esign and agent_esign: isa (no agent_esign), Rival Homes (no team_esign), the client and the vendor get 403 everywhere', async () => {
      const template = await createTemplate(admin(), 'Permission check');
      for (const email of ['isa@demo-realty.test', 'admin@rival-homes.test', 'client@demo-realty.test', 'vendor@demo-realty.test']) {
        const api = as(email);
        await api.get('/esign/templates').expect(403);
        await api.get(`/esign/templates/${template.esig_template_id}`).expect(403);
        await api.post('/esign/templates/upload', { name: 'a.pdf', type: 'application/pdf', size: 100 }).expect(403);
        await api.post('/esign/templates', {}).expect(403);
        await api.patch(`/esign/templates/${template.esig_template_id}`, { name: 'x' }).expect(403);
        await api.put(`/esign/templates/${template.esig_template_id}/schema`, {}).expect(403);
        await api.post(`/esign/templates/${template.esig_template_id}/clone`).expect(403);
        await api.delete(`/esign/templates/${template.esig_template_id}`).expect(403);
        await api.get('/esign/packets').expect(403);
        await api.post('/esign/packets', {}).expect(403);
        await api.get('/esign/transaction-types').expect(403);
        await api.get('/esign/storage-options').expect(403);
        await api.get('/esign/mappable-fields').expect(403);
      }
      expect((await query(`SELECT 1 FROM esign.templates WHERE name = 'x'`)).length).toBe(0);
    });

    it("shares the team's templates with everyone who has both; another team's id answers 404", async () => {
      const template = await createTemplate(admin(), 'Shared template');
      expect((await agent().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body.name).toBe('Shared template');
      expect(
        (await tc().get('/esign/templates', { quick_search_filter: 'Shared template' }).expect(200)).body.records.map(
          (t: { name: string }) => t.name,
        ),
      ).toEqual(['Shared template']);
      const id = template.esig_template_id;
      await bench().get(`/esign/templates/${id}`).expect(404);
      await bench().patch(`/esign/templates/${id}`, { name: 'Taken' }).expect(404);
      await bench()
        .put(`/esign/templates/${id}/schema`, { documents: [], roles: [], fields: [], updated_ts: template.updated_ts })
        .expect(404);
      await bench().post(`/esign/templates/${id}/clone`).expect(404);
      await bench().post(`/esign/templates/${id}/documents`, { template_file: 'x' }).expect(404);
      await bench().delete(`/esign/templates/${id}`).expect(404);
      expect(
        (await bench().get('/esign/templates', { per_page: 100 }).expect(200)).body.records.map(
          (t: { esig_template_id: number }) => t.esig_template_id,
        ),
      ).not.toContain(id);
      expect((await admin().get(`/esign/templates/${id}`).expect(200)).body.name).toBe('Shared template');
      await admin().get('/esign/templates/0').expect(400);
      await admin().get('/esign/templates/abc').expect(400);
    });
  });

  describe('upload', () => {
    it('asks for a signed PUT of the document purpose narrowed to PDF', async () => {
      const asked = await admin()
        .post('/esign/templates/upload', { name: 'contract.pdf', type: 'application/pdf', size: 1234 })
        .expect(201);
      expect(asked.body).toEqual({
        url: expect.any(String),
        key: expect.stringMatching(/^templates\/\d+\/uploads\/.+\.pdf$/),
        expires_in: 900,
        max_bytes: 50_000_000,
      });
    });

    it('refuses each missing field, a non-PDF type and an oversized file, storing nothing', async () => {
      const before = await uploadCount();
      const errors = async (body: Record<string, unknown>) => (await admin().post('/esign/templates/upload', body).expect(400)).body.errors;
      expect(await errors({ type: 'application/pdf', size: 10 })).toEqual([{ field: 'name', error: M.required }]);
      expect(await errors({ name: 'a.pdf', size: 10 })).toEqual([{ field: 'type', error: M.required }]);
      expect(await errors({ name: 'a.pdf', type: 'application/pdf' })).toEqual([{ field: 'size', error: M.required }]);
      expect(
        await errors({ name: 'a.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 10 }),
      ).toEqual([{ field: 'type', error: M.notAPdf }]);
      expect(await errors({ name: 'big.pdf', type: 'application/pdf', size: 50_000_001 })).toEqual([
        { field: 'size', error: 'File is larger than 50,000,000 bytes' },
      ]);
      expect(await uploadCount()).toBe(before);
    });

    it('makes a template of an uploaded PDF: page count and sizes from its bytes, one role, signed file URLs', async () => {
      const bytes = await makePdf(3);
      const { key, put, confirmed } = await uploadPdf(booted, admin(), bytes, 'Listing Agreement.pdf');
      expect(put.status).toBe(200);
      expect(confirmed.body).toEqual({ key, pages: 3, size: bytes.length });
      const created = await admin()
        .post('/esign/templates', {
          template_file: key,
          name: '  Listing Agreement  ',
          storage_folder_id: 12,
          type_id: 's',
          default_document_type: 22,
        })
        .expect(201);
      const template: EsignTemplateDetail = created.body;
      expect(template).toMatchObject({
        name: 'Listing Agreement',
        type_id: 's',
        status: 'N',
        storage_paths: { default_storage_path: 12, default_document_type: 22 },
        folder_name: 'Listing Docs',
        document_type_name: 'Listing Agreement',
        external_id: expect.stringMatching(/^own-/),
      });
      expect(template.schema.documents).toEqual([{ id: expect.any(String), name: 'Listing Agreement.pdf', pages: 3 }]);
      expect(template.schema.roles).toEqual([{ uuid: expect.any(String), name: 'First Party' }]);
      expect(template.schema.fields).toEqual([]);
      expect(template.files).toEqual([
        {
          id: template.schema.documents[0].id,
          name: 'Listing Agreement.pdf',
          pages: 3,
          url: expect.any(String),
          page_sizes: [
            { width: 612, height: 792 },
            { width: 612, height: 792 },
            { width: 612, height: 792 },
          ],
        },
      ]);
      const pdf = await request(booted.sut.server)
        .get(template.files[0].url)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(pdf.status).toBe(200);
      expect(Buffer.compare(pdf.body as Buffer, bytes)).toBe(0);
      // A key makes one template only.
      const again = await admin().post('/esign/templates', { template_file: key, name: 'Twice', storage_folder_id: -1 }).expect(400);
      expect(again.body.errors).toEqual([{ field: 'template_file', error: M.uploadNotFound }]);
    });

    it("requires template_file, name and storage_folder_id ('This field is required' on each) and the team's folder and type, creating nothing", async () => {
      const { key } = await uploadPdf(booted, admin(), await makePdf(1));
      const before = await templateCount();
      const errorsOf = async (body: Record<string, unknown>) => (await admin().post('/esign/templates', body).expect(400)).body.errors;
      const full = { template_file: key, name: 'Buyer Rep', storage_folder_id: 11, type_id: 'b', default_document_type: 21 };
      expect(await errorsOf({ ...full, template_file: undefined })).toEqual([{ field: 'template_file', error: M.required }]);
      expect(await errorsOf({ ...full, name: '' })).toEqual([{ field: 'name', error: M.required }]);
      expect(await errorsOf({ ...full, name: '   ' })).toEqual([{ field: 'name', error: M.required }]);
      expect(await errorsOf({ ...full, storage_folder_id: undefined })).toEqual([{ field: 'storage_folder_id', error: M.required }]);
      expect(await errorsOf({})).toEqual([
        { field: 'name', error: M.required },
        { field: 'template_file', error: M.required },
        { field: 'storage_folder_id', error: M.required },
      ]);
      expect(await errorsOf({ ...full, storage_folder_id: 91 })).toEqual([{ field: 'storage_folder_id', error: M.folderNotFound }]);
      expect(await errorsOf({ ...full, default_document_type: 92 })).toEqual([
        { field: 'default_document_type', error: M.documentTypeNotFound },
      ]);
      expect(await errorsOf({ ...full, type_id: 'x' })).toEqual([{ field: 'type_id', error: M.invalidTransactionType }]);
      expect(await errorsOf({ ...full, name: 'n'.repeat(256) })).toEqual([{ field: 'name', error: M.nameTooLong }]);
      // Another team's upload key is unknown here.
      const benchUpload = await uploadPdf(booted, bench(), await makePdf(1));
      expect(await errorsOf({ ...full, template_file: benchUpload.key })).toEqual([{ field: 'template_file', error: M.uploadNotFound }]);
      expect(await templateCount()).toBe(before);
      // The same upload still makes the template once the form is right.
      await admin().post('/esign/templates', full).expect(201);
      expect(await templateCount()).toBe(before + 1);
    });

    it('refuses a renamed non-PDF at the PUT (local driver) and at the confirm (bytes written as an object store would take them), leaving nothing stored', async () => {
      const filesBefore = booted.storedFiles();
      const text = Buffer.from('Just some text saved as contract.pdf\n');
      // Local driver: the signed PUT judges the bytes against the document purpose.
      const asked = await admin()
        .post('/esign/templates/upload', { name: 'contract.pdf', type: 'application/pdf', size: text.length })
        .expect(201);
      const put = await request(booted.sut.server).put(asked.body.url).set('content-type', 'application/pdf').send(text);
      expect(put.status).toBe(415);
      expect((await admin().post('/esign/templates/upload/confirm', { key: asked.body.key }).expect(400)).body.errors).toEqual([
        { field: 'key', error: M.uploadNotFound },
      ]);
      // Bytes that an object store accepts unchecked: a PNG, and a forged PDF (header and %%EOF, no readable structure).
      const png = Buffer.from(
        '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
          '1f15c4890000000a49444154789c63000100000500010d0a2db40000000049454e44ae426082',
        'hex',
      );
      const forged = Buffer.from('%PDF-1.7\nthis is not a pdf body at all\n%%EOF\n');
      for (const bytes of [png, forged, text]) {
        const next = await admin()
          .post('/esign/templates/upload', { name: 'renamed.pdf', type: 'application/pdf', size: bytes.length })
          .expect(201);
        await storage.put(next.body.key, bytes, { contentType: 'application/pdf' });
        const refused = await admin().post('/esign/templates/upload/confirm', { key: next.body.key }).expect(400);
        expect(refused.body.errors).toEqual([{ field: 'key', error: M.notAPdf }]);
        expect(await storage.exists(next.body.key)).toBe(false);
        await admin().post('/esign/templates/upload/confirm', { key: next.body.key }).expect(400);
      }
      // Straight to POST /esign/templates without the confirm: the same check, named on template_file.
      const direct = await admin()
        .post('/esign/templates/upload', { name: 'renamed.pdf', type: 'application/pdf', size: forged.length })
        .expect(201);
      await storage.put(direct.body.key, forged, { contentType: 'application/pdf' });
      const before = await templateCount();
      const refused = await admin()
        .post('/esign/templates', { template_file: direct.body.key, name: 'Forged', storage_folder_id: -1 })
        .expect(400);
      expect(refused.body.errors).toEqual([{ field: 'template_file', error: M.notAPdf }]);
      expect(await templateCount()).toBe(before);
      expect(booted.storedFiles()).toEqual(filesBefore);
      expect(
        await query(`SELECT storage_key FROM esign.template_uploads WHERE storage_key = ANY($1)`, [[asked.body.key, direct.body.key]]),
      ).toEqual([]);
    });

    it("refuses a file over 50,000,000 bytes with the storage policy's message, leaving nothing stored", async () => {
      const filesBefore = booted.storedFiles();
      const big = Buffer.alloc(50_000_001, 0x20);
      (await makePdf(1)).copy(big);
      const asked = await admin().post('/esign/templates/upload', { name: 'big.pdf', type: 'application/pdf', size: 1000 }).expect(201);
      const put = await request(booted.sut.server).put(asked.body.url).set('content-type', 'application/pdf').send(big);
      expect(put.status).toBe(413);
      expect(put.body.message).toBe('File is larger than 50,000,000 bytes');
      // Written unchecked (an object store): the confirm refuses and removes it.
      await storage.put(asked.body.key, big, { contentType: 'application/pdf' });
      const refused = await admin().post('/esign/templates/upload/confirm', { key: asked.body.key }).expect(400);
      expect(refused.body.errors).toEqual([{ field: 'key', error: 'File is larger than 50,000,000 bytes' }]);
      expect(await storage.exists(asked.body.key)).toBe(false);
      expect(booted.storedFiles()).toEqual(filesBefore);
    }, 60_000);

    it("removes the team's uploads no template took, files and rows, once they are abandoned", async () => {
      const old = await uploadPdf(booted, admin(), await makePdf(1), 'old.pdf');
      const recent = await uploadPdf(booted, admin(), await makePdf(1), 'recent.pdf');
      const benchOld = await uploadPdf(booted, bench(), await makePdf(1), 'bench.pdf');
      await query(`UPDATE esign.template_uploads SET created_ts = now() - interval '2 hours' WHERE storage_key = ANY($1)`, [
        [old.key, benchOld.key],
      ]);
      await admin().post('/esign/templates/upload', { name: 'next.pdf', type: 'application/pdf', size: 100 }).expect(201);
      expect(await storage.exists(old.key)).toBe(false);
      expect(await storage.exists(recent.key)).toBe(true);
      expect(await storage.exists(benchOld.key)).toBe(true);
      const left = (
        await query<{ storage_key: string }>(`SELECT storage_key FROM esign.template_uploads WHERE storage_key = ANY($1)`, [
          [old.key, recent.key, benchOld.key],
        ])
      ).map((r) => r.storage_key);
      expect(left.sort()).toEqual([recent.key, benchOld.key].sort());
      expect(
        (await admin().post('/esign/templates', { template_file: old.key, name: 'Too late', storage_folder_id: -1 }).expect(400)).body
          .errors,
      ).toEqual([{ field: 'template_file', error: M.uploadNotFound }]);
      await admin().post('/esign/templates', { template_file: recent.key, name: 'In time', storage_folder_id: -1 }).expect(201);
    });

    it('adds a second PDF to a template; its pages follow the first document', async () => {
      const template = await createTemplate(admin(), 'Two documents', {}, 2);
      const { key } = await uploadPdf(booted, admin(), await makePdf(3, 'Addendum'), 'Addendum.pdf');
      const added: EsignTemplateDetail = (
        await admin().post(`/esign/templates/${template.esig_template_id}/documents`, { template_file: key }).expect(201)
      ).body;
      expect(added.schema.documents.map((d) => [d.name, d.pages])).toEqual([
        ['Two documents.pdf', 2],
        ['Addendum.pdf', 3],
      ]);
      expect(added.files).toHaveLength(2);
      const role = added.schema.roles[0].uuid;
      const onLastPage = field('text', role, { areas: [{ page: 5, x: 0.1, y: 0.1, w: 0.2, h: 0.05 }] });
      await admin()
        .put(`/esign/templates/${template.esig_template_id}/schema`, {
          ...added.schema,
          fields: [onLastPage],
          updated_ts: added.updated_ts,
        })
        .expect(200);
      const pageSix = field('text', role, { areas: [{ page: 6, x: 0.1, y: 0.1, w: 0.2, h: 0.05 }] });
      const latest = (await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body;
      await admin()
        .put(`/esign/templates/${template.esig_template_id}/schema`, { ...latest.schema, fields: [pageSix], updated_ts: latest.updated_ts })
        .expect(400);
      expect((await admin().post(`/esign/templates/${template.esig_template_id}/documents`, {}).expect(400)).body.errors).toEqual([
        { field: 'template_file', error: M.required },
      ]);
    });
  });

  let fieldSeq = 0;
  /** A field of `type` on role `role`, one area on page 1 unless given. */
  function field(type: EsignFieldType, role: string, extra: Partial<EsignField> = {}): EsignField {
    fieldSeq += 1;
    return esignFieldOf({
      uuid: `f-${fieldSeq}`,
      role_uuid: role,
      name: `${type} ${fieldSeq}`,
      type,
      options: ['select', 'radio', 'multiple'].includes(type)
        ? [
            { value: 'Yes', uuid: `o-${fieldSeq}-1` },
            { value: 'No', uuid: `o-${fieldSeq}-2` },
          ]
        : [],
      areas: [{ page: 1, x: 0.1, y: 0.1 + (fieldSeq % 10) * 0.05, w: 0.2, h: 0.04 }],
      ...extra,
    });
  }

  describe('schema (builder autosave)', () => {
    it('saves every field type for two roles with their properties, and answers them as saved', async () => {
      const template = await createTemplate(admin(), 'Builder template');
      const buyer = { uuid: 'role-buyer', name: 'Buyer' };
      const seller = { uuid: 'role-seller', name: 'Seller' };
      const fields = ESIGN_FIELD_TYPES.map((type, i) =>
        field(type, i % 2 ? seller.uuid : buyer.uuid, { areas: [{ page: (i % 2) + 1, x: 0.05 * i, y: 0.05 * i, w: 0.1, h: 0.03 }] }),
      );
      fields[0] = {
        ...fields[0],
        required: true,
        title: 'Buyer email',
        description: 'Where the copy goes',
        default_value: 'buyer@mail.test',
        validation: { pattern: '^\\S+@\\S+$', host: null },
        preferences: { format: null, font_size: 12 },
        mapped_entity: 'transaction',
        mapped_field: 'email',
        can_update: true,
      };
      const date = fields.findIndex((f) => f.type === 'date');
      fields[date] = { ...fields[date], default_value: '{{date}}', readonly: true, preferences: { format: 'MM/DD/YYYY', font_size: null } };
      const hyperlink = field('text', buyer.uuid, { platform_type: 'hyperlink', validation: { pattern: null, host: 'zillow.com' } });
      const amount = field('number', seller.uuid, { platform_type: 'amount', mapped_entity: 'transaction', mapped_field: 'trans_amt' });
      const body = {
        documents: template.schema.documents,
        roles: [buyer, seller],
        fields: [...fields, hyperlink, amount],
        updated_ts: template.updated_ts,
      };
      const saved: EsignTemplateDetail = (await admin().put(`/esign/templates/${template.esig_template_id}/schema`, body).expect(200)).body;
      expect(saved.schema).toEqual({
        documents: template.schema.documents,
        roles: [buyer, seller],
        fields: [...fields, hyperlink, amount],
      });
      expect(saved.updated_ts > template.updated_ts).toBe(true);
      const reloaded: EsignTemplateDetail = (await agent().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body;
      expect(reloaded.schema).toEqual(saved.schema);
      // Optional keys left out take their defaults.
      const minimal = {
        uuid: 'min-1',
        role_uuid: buyer.uuid,
        name: 'Minimal',
        type: 'signature',
        areas: [{ page: 1, x: 0, y: 0, w: 1, h: 1 }],
      };
      const again = (
        await admin()
          .put(`/esign/templates/${template.esig_template_id}/schema`, { ...body, fields: [minimal], updated_ts: saved.updated_ts })
          .expect(200)
      ).body;
      expect(again.schema.fields).toEqual([
        { ...field('signature', buyer.uuid), uuid: 'min-1', name: 'Minimal', options: [], areas: [{ page: 1, x: 0, y: 0, w: 1, h: 1 }] },
      ]);
    });

    it('refuses every schema error with 400 naming the field, and changes nothing', async () => {
      const template = await createTemplate(admin(), 'Schema errors');
      const role = template.schema.roles[0];
      const base = { documents: template.schema.documents, roles: [role], updated_ts: template.updated_ts };
      const errorsOf = async (fields: unknown[], extra: Record<string, unknown> = {}) =>
        (
          await admin()
            .put(`/esign/templates/${template.esig_template_id}/schema`, { ...base, fields, ...extra })
            .expect(400)
        ).body.errors;
      const named = (type: EsignFieldType, extra: Partial<EsignField> = {}) => field(type, role.uuid, { name: 'Buyer Sign', ...extra });

      expect(await errorsOf([{ ...named('text'), type: 'barcode' }])).toEqual([
        { field: 'fields[0].type', error: M.invalidFieldType('Buyer Sign') },
      ]);
      expect(await errorsOf([named('signature', { role_uuid: 'someone-else' })])).toEqual([
        { field: 'fields[0].role_uuid', error: M.fieldRoleUnknown('Buyer Sign') },
      ]);
      expect(await errorsOf([named('signature', { areas: [] })])).toEqual([
        { field: 'fields[0].areas', error: M.fieldWithoutArea('Buyer Sign') },
      ]);
      for (const area of [
        { page: 3, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
        { page: 0, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
        { page: 1, x: 0.95, y: 0.1, w: 0.1, h: 0.1 },
        { page: 1, x: 0.1, y: 0.95, w: 0.1, h: 0.1 },
        { page: 1, x: -0.1, y: 0.1, w: 0.1, h: 0.1 },
        { page: 1, x: 0.1, y: 0.1, w: 0, h: 0.1 },
        { page: 1.5, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
      ]) {
        expect(await errorsOf([named('initials', { areas: [area] })])).toEqual([
          { field: 'fields[0].areas[0]', error: M.fieldAreaOutsidePage('Buyer Sign') },
        ]);
      }
      for (const type of ['select', 'radio', 'multiple'] as const) {
        expect(await errorsOf([named(type, { options: [] })])).toEqual([
          { field: 'fields[0].options', error: M.fieldOptionsRequired('Buyer Sign') },
        ]);
        expect(await errorsOf([named(type, { options: [{ value: '', uuid: 'x' }] })])).toEqual([
          { field: 'fields[0].options[0]', error: M.fieldOptionsRequired('Buyer Sign') },
        ]);
      }
      expect(await errorsOf([named('text', { platform_type: 'email' as never })])).toEqual([
        { field: 'fields[0].platform_type', error: M.invalidPlatformType('Buyer Sign') },
      ]);
      expect(await errorsOf([named('text', { validation: { pattern: '([', host: null } })])).toEqual([
        { field: 'fields[0].validation.pattern', error: M.fieldInvalid('Buyer Sign') },
      ]);
      expect(await errorsOf([named('text', { required: 'yes' as never })])).toEqual([
        { field: 'fields[0].required', error: M.fieldInvalid('Buyer Sign') },
      ]);
      expect(await errorsOf([named('text', { uuid: 'same' }), named('date', { uuid: 'same', name: 'Closing' })])).toEqual([
        { field: 'fields[1].uuid', error: M.duplicateUuid('Closing') },
      ]);
      // The second field is the one named.
      expect(await errorsOf([named('text'), named('checkbox', { name: 'HOA', areas: [] })])).toEqual([
        { field: 'fields[1].areas', error: M.fieldWithoutArea('HOA') },
      ]);
      expect(await errorsOf([], { roles: [{ uuid: 'r', name: '' }] })).toEqual([{ field: 'roles[0].name', error: M.roleNameRequired }]);
      expect(await errorsOf([], { documents: [] })).toEqual([{ field: 'documents', error: M.documentsMismatch }]);
      expect(await errorsOf([], { documents: [{ id: 'not-ours', name: 'x', pages: 1 }] })).toEqual([
        { field: 'documents', error: M.documentsMismatch },
      ]);
      expect(await errorsOf([], { updated_ts: undefined })).toEqual([{ field: 'updated_ts', error: M.required }]);
      expect(
        (
          await admin()
            .put(`/esign/templates/${template.esig_template_id}/schema`, {
              documents: base.documents,
              roles: [role],
              updated_ts: template.updated_ts,
            })
            .expect(400)
        ).body.errors,
      ).toEqual([{ field: 'fields', error: M.required }]);
      await admin()
        .put(`/esign/templates/${template.esig_template_id}/schema`, { ...base, fields: [], extra: 1 })
        .expect(400);

      const unchanged: EsignTemplateDetail = (await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body;
      expect(unchanged.schema).toEqual(template.schema);
      expect(unchanged.updated_ts).toBe(template.updated_ts);
    });

    it("answers a stale updated_ts with 409 'This template was changed elsewhere. Reload to see the latest version.' and keeps the other save", async () => {
      const template = await createTemplate(admin(), 'Two tabs');
      const role = template.schema.roles[0].uuid;
      const first = {
        documents: template.schema.documents,
        roles: template.schema.roles,
        fields: [field('signature', role, { name: 'From tab one' })],
        updated_ts: template.updated_ts,
      };
      const saved = (await admin().put(`/esign/templates/${template.esig_template_id}/schema`, first).expect(200)).body;
      const second = { ...first, fields: [field('initials', role, { name: 'From tab two' })] };
      const stale = await agent().put(`/esign/templates/${template.esig_template_id}/schema`, second).expect(409);
      expect(stale.body).toEqual({ status: 'error', message: 'This template was changed elsewhere. Reload to see the latest version.' });
      expect(
        (await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body.schema.fields.map((f: EsignField) => f.name),
      ).toEqual(['From tab one']);
      // A rename is a change too; after a reload the save goes through.
      const renamed = (await admin().patch(`/esign/templates/${template.esig_template_id}`, { name: 'Two tabs renamed' }).expect(200)).body;
      await agent()
        .put(`/esign/templates/${template.esig_template_id}/schema`, { ...second, updated_ts: saved.updated_ts })
        .expect(409);
      await agent()
        .put(`/esign/templates/${template.esig_template_id}/schema`, { ...second, updated_ts: renamed.updated_ts })
        .expect(200);
    });
  });

  describe('name, type and storage paths', () => {
    it('changes only the keys sent and checks them', async () => {
      const template = await createTemplate(admin(), 'Editable');
      const id = template.esig_template_id;
      const renamed = (await admin().patch(`/esign/templates/${id}`, { name: 'Edited name' }).expect(200)).body;
      expect(renamed).toMatchObject({
        name: 'Edited name',
        type_id: null,
        storage_paths: { default_storage_path: -1, default_document_type: 21 },
      });
      const moved = (
        await agent()
          .patch(`/esign/templates/${id}`, { type_id: 'b', storage_paths: { default_storage_path: 11, default_document_type: null } })
          .expect(200)
      ).body;
      expect(moved).toMatchObject({
        name: 'Edited name',
        type_id: 'b',
        storage_paths: { default_storage_path: 11, default_document_type: null },
        folder_name: 'Buyer Docs',
        document_type_name: null,
      });
      const errorsOf = async (body: Record<string, unknown>) =>
        (await admin().patch(`/esign/templates/${id}`, body).expect(400)).body.errors;
      expect(await errorsOf({ name: '' })).toEqual([{ field: 'name', error: M.required }]);
      expect(await errorsOf({ type_id: 'x' })).toEqual([{ field: 'type_id', error: M.invalidTransactionType }]);
      expect(await errorsOf({ storage_paths: { default_storage_path: 91, default_document_type: 92 } })).toEqual([
        { field: 'storage_paths.default_storage_path', error: M.folderNotFound },
        { field: 'storage_paths.default_document_type', error: M.documentTypeNotFound },
      ]);
      expect(await errorsOf({ storage_paths: {} })).toEqual([{ field: 'storage_paths.default_storage_path', error: M.required }]);
      await admin().patch(`/esign/templates/${id}`, { status: 'D' }).expect(400);
      // Saving the same name again changes nothing, updated_ts included (an open builder keeps autosaving).
      const same = (await admin().patch(`/esign/templates/${id}`, { name: 'Edited name', type_id: 'b' }).expect(200)).body;
      expect(same.updated_ts).toBe(moved.updated_ts);
      expect((await admin().get(`/esign/templates/${id}`).expect(200)).body).toMatchObject({
        name: 'Edited name',
        type_id: 'b',
        status: 'N',
      });
    });
  });

  describe('clone and delete', () => {
    it("clones a template as '{name} (Copy)' with its documents, roles and fields", async () => {
      const template = await createTemplate(admin(), 'Original');
      const role = template.schema.roles[0].uuid;
      const saved = (
        await admin()
          .put(`/esign/templates/${template.esig_template_id}/schema`, {
            ...template.schema,
            fields: [field('signature', role)],
            updated_ts: template.updated_ts,
          })
          .expect(200)
      ).body;
      const copy: EsignTemplateDetail = (await agent().post(`/esign/templates/${template.esig_template_id}/clone`).expect(201)).body;
      expect(copy.esig_template_id).not.toBe(template.esig_template_id);
      expect(copy).toMatchObject({
        name: 'Original (Copy)',
        type_id: template.type_id,
        storage_paths: template.storage_paths,
        status: 'N',
      });
      expect(copy.schema.roles).toEqual(saved.schema.roles);
      expect(copy.schema.fields).toEqual(saved.schema.fields);
      expect(copy.schema.documents.map((d) => [d.name, d.pages])).toEqual(
        saved.schema.documents.map((d: { name: string; pages: number }) => [d.name, d.pages]),
      );
      expect(copy.schema.documents[0].id).not.toBe(saved.schema.documents[0].id);
      expect(copy.files[0].url).toEqual(expect.any(String));
      // Editing the copy leaves the original alone.
      await admin()
        .put(`/esign/templates/${copy.esig_template_id}/schema`, { ...copy.schema, fields: [], updated_ts: copy.updated_ts })
        .expect(200);
      expect((await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body.schema.fields).toHaveLength(1);
      const copyOfCopy = (await admin().post(`/esign/templates/${copy.esig_template_id}/clone`).expect(201)).body;
      expect(copyOfCopy.name).toBe('Original (Copy) (Copy)');
    });

    it('deletes a template as status D: gone from the list and from GET, listed under status=D', async () => {
      const template = await createTemplate(admin(), 'To be deleted');
      expect((await admin().delete(`/esign/templates/${template.esig_template_id}`).expect(200)).body).toEqual({
        esig_template_id: template.esig_template_id,
        status: 'D',
      });
      expect((await query(`SELECT status FROM esign.templates WHERE esig_template_id = $1`, [template.esig_template_id]))[0]).toEqual({
        status: 'D',
      });
      await admin().get(`/esign/templates/${template.esig_template_id}`).expect(404);
      await admin().delete(`/esign/templates/${template.esig_template_id}`).expect(404);
      await admin().post(`/esign/templates/${template.esig_template_id}/clone`).expect(404);
      const names = async (status: string) =>
        (
          await admin().get('/esign/templates', { status, quick_search_filter: 'To be deleted', per_page: 100 }).expect(200)
        ).body.records.map((t: { name: string }) => t.name);
      expect(await names('N')).toEqual([]);
      expect(await names('D')).toEqual(['To be deleted']);
    });
  });

  describe('packets', () => {
    it('creates, lists, edits and deletes packet blueprints with their templates in order', async () => {
      const a = await createTemplate(admin(), 'Packet A');
      const b = await createTemplate(admin(), 'Packet B');
      const c = await createTemplate(admin(), 'Packet C');
      const created = (
        await admin()
          .post('/esign/packets', { name: ' Buyer packet ', type_id: 'b', templates: [b.esig_template_id, a.esig_template_id] })
          .expect(201)
      ).body;
      expect(created).toMatchObject({
        name: 'Buyer packet',
        type_id: 'b',
        status: 'N',
        templates: [
          { esig_template_id: b.esig_template_id, name: 'Packet B' },
          { esig_template_id: a.esig_template_id, name: 'Packet A' },
        ],
      });
      const id = created.esig_packet_blueprint_id;
      const listed = (await agent().get('/esign/packets', { status: 'N' }).expect(200)).body;
      expect(listed.records.map((p: { esig_packet_blueprint_id: number }) => p.esig_packet_blueprint_id)).toContain(id);
      expect(listed.pagination).toMatchObject({ page: 1, per_page: 25 });

      const edited = (
        await tc()
          .patch(`/esign/packets/${id}`, {
            name: 'All packet',
            type_id: null,
            templates: [c.esig_template_id, a.esig_template_id, b.esig_template_id],
          })
          .expect(200)
      ).body;
      expect(edited).toMatchObject({ name: 'All packet', type_id: null });
      expect(edited.templates.map((t: { esig_template_id: number }) => t.esig_template_id)).toEqual([
        c.esig_template_id,
        a.esig_template_id,
        b.esig_template_id,
      ]);
      const renamedOnly = (await admin().patch(`/esign/packets/${id}`, { name: 'Renamed packet' }).expect(200)).body;
      expect(renamedOnly.templates).toEqual(edited.templates);

      const errorsOf = async (body: Record<string, unknown>) => (await admin().post('/esign/packets', body).expect(400)).body.errors;
      expect(await errorsOf({ type_id: null, templates: [a.esig_template_id] })).toEqual([{ field: 'name', error: M.required }]);
      expect(await errorsOf({ name: 'P', templates: [] })).toEqual([{ field: 'templates', error: M.packetTemplatesRequired }]);
      expect(await errorsOf({ name: 'P' })).toEqual([{ field: 'templates', error: M.packetTemplatesRequired }]);
      expect(await errorsOf({ name: 'P', templates: [a.esig_template_id, a.esig_template_id] })).toEqual([
        { field: 'templates', error: M.packetTemplatesDuplicate },
      ]);
      expect(await errorsOf({ name: 'P', templates: ['1'] })).toEqual([{ field: 'templates', error: M.packetTemplateNotFound }]);
      expect(await errorsOf({ name: 'P', type_id: 'z', templates: [a.esig_template_id] })).toEqual([
        { field: 'type_id', error: M.invalidTransactionType },
      ]);
      const benchTemplate = await createTemplate(bench(), 'Bench only', { storage_folder_id: 91, default_document_type: 92 });
      expect(await errorsOf({ name: 'P', templates: [a.esig_template_id, benchTemplate.esig_template_id] })).toEqual([
        { field: 'templates', error: M.packetTemplateNotFound },
      ]);
      await bench().patch(`/esign/packets/${id}`, { name: 'Taken' }).expect(404);
      await bench().delete(`/esign/packets/${id}`).expect(404);
      expect(
        (await admin().get('/esign/packets').expect(200)).body.records.find(
          (p: { esig_packet_blueprint_id: number }) => p.esig_packet_blueprint_id === id,
        ).name,
      ).toBe('Renamed packet');

      // A template in a packet cannot be deleted: 409 naming the packets.
      const second = (
        await admin()
          .post('/esign/packets', { name: 'Another packet', templates: [a.esig_template_id] })
          .expect(201)
      ).body;
      const refused = await admin().delete(`/esign/templates/${a.esig_template_id}`).expect(409);
      expect(refused.body.message).toBe(M.templateInPackets(['Another packet', 'Renamed packet']));
      expect(refused.body.message).toContain("'Another packet'");
      expect(refused.body.message).toContain("'Renamed packet'");
      expect((await admin().get(`/esign/templates/${a.esig_template_id}`).expect(200)).body.status).toBe('N');

      expect((await admin().delete(`/esign/packets/${id}`).expect(200)).body).toEqual({ esig_packet_blueprint_id: id, status: 'D' });
      await admin().delete(`/esign/packets/${id}`).expect(404);
      await admin().patch(`/esign/packets/${id}`, { name: 'Back' }).expect(404);
      expect((await admin().delete(`/esign/templates/${a.esig_template_id}`).expect(409)).body.message).toBe(
        M.templateInPackets(['Another packet']),
      );
      await admin().delete(`/esign/packets/${second.esig_packet_blueprint_id}`).expect(200);
      await admin().delete(`/esign/templates/${a.esig_template_id}`).expect(200);
      const deleted = (await admin().get('/esign/packets', { status: 'D' }).expect(200)).body.records.map((p: { name: string }) => p.name);
      expect(deleted).toEqual(expect.arrayContaining(['Renamed packet', 'Another packet']));
      // A deleted template cannot join a packet.
      expect(await errorsOf({ name: 'P', templates: [a.esig_template_id] })).toEqual([
        { field: 'templates', error: M.packetTemplateNotFound },
      ]);
    });
  });

  describe('list', () => {
    it('searches on name and type, pages and sorts in SQL', async () => {
      // A team of its own (with both permissions), so that no other test's templates are in its list.
      const LIST_TEAM = 50;
      const lister = () =>
        apiAs(booted.sut.server, {
          email: 'lister@list-team.test',
          agent_id: 5_001,
          team_id: LIST_TEAM,
          roles: ['ADMIN'],
          permissions: ['team_esign', 'agent_esign'],
        });
      await booted.deliver(
        envelopeOf('team-admin.document-folders.changed', LIST_TEAM, {
          revision: 1,
          folders: [folder(-1, 'General'), folder(51, 'List Folder')],
        }),
      );
      const make = (name: string, type_id: 'b' | 's' | null) =>
        createTemplate(lister(), name, { type_id, storage_folder_id: 51, default_document_type: null }, 1);
      const made = [
        await make('Alpha Offer', 'b'),
        await make('bravo listing', 's'),
        await make('Charlie Addendum', null),
        await make('Delta 100%_done', 'b'),
      ];
      for (let i = 0; i < 8; i++) await lister().post(`/esign/templates/${made[2].esig_template_id}/clone`).expect(201);
      const list = async (params: Record<string, unknown>) => (await lister().get('/esign/templates', params).expect(200)).body;
      const names = async (params: Record<string, unknown>) =>
        (await list({ per_page: 100, ...params })).records.map((t: { name: string }) => t.name);

      expect(await names({ quick_search_filter: 'ALPHA' })).toEqual(['Alpha Offer']);
      expect(await names({ quick_search_filter: 'buyer' })).toEqual(['Alpha Offer', 'Delta 100%_done']);
      // 'b': the names with a b, and the Buyer templates.
      expect(await names({ quick_search_filter: 'b' })).toEqual(['Alpha Offer', 'bravo listing', 'Delta 100%_done']);
      expect(await names({ quick_search_filter: 'Seller' })).toEqual(['bravo listing']);
      expect(await names({ quick_search_filter: '100%_' })).toEqual(['Delta 100%_done']);
      expect(await names({ quick_search_filter: '%' })).toEqual(['Delta 100%_done']);
      expect(await names({ quick_search_filter: 'all' })).toEqual(['Charlie Addendum', ...Array(8).fill('Charlie Addendum (Copy)')]);

      const first = await list({ page: 1, per_page: 10 });
      expect(first.records).toHaveLength(10);
      expect(first.pagination).toEqual({ total: 12, page: 1, per_page: 10, pages: 2, has_next: true, has_prev: false });
      const second = await list({ page: 2, per_page: 10 });
      expect(second.records).toHaveLength(2);
      expect([...first.records, ...second.records].map((t: { esig_template_id: number }) => t.esig_template_id).sort()).toEqual(
        (await list({ per_page: 100 })).records.map((t: { esig_template_id: number }) => t.esig_template_id).sort(),
      );
      expect(second.pagination).toMatchObject({ page: 2, has_next: false, has_prev: true });
      expect((await list({})).pagination.per_page).toBe(25);

      const byName = await names({ order_by: 'name', order_dir: 'asc' });
      expect(byName.slice(0, 3)).toEqual(['Alpha Offer', 'bravo listing', 'Charlie Addendum']);
      expect(byName[byName.length - 1]).toBe('Delta 100%_done');
      expect((await names({ order_by: 'name', order_dir: 'desc' }))[0]).toBe('Delta 100%_done');
      const byType = await names({ order_by: 'type_id', order_dir: 'asc', quick_search_filter: 'a' });
      expect(byType.indexOf('Alpha Offer')).toBeLessThan(byType.indexOf('bravo listing'));
      const newest = await names({ order_by: 'updated_ts', order_dir: 'desc' });
      expect(newest[0]).toBe('Charlie Addendum (Copy)');
      await lister().patch(`/esign/templates/${made[0].esig_template_id}`, { name: 'Alpha Offer (renamed)' }).expect(200);
      expect((await names({ order_by: 'updated_ts', order_dir: 'desc' }))[0]).toBe('Alpha Offer (renamed)');
      const byFolder = (await list({ order_by: 'folder_name', per_page: 10 })).records;
      expect(byFolder.every((t: { folder_name: string }) => t.folder_name === 'List Folder')).toBe(true);

      for (const bad of [{ per_page: 7 }, { page: 0 }, { order_by: 'secret' }, { order_dir: 'up' }, { status: 'X' }]) {
        await lister().get('/esign/templates', bad).expect(400);
      }
    }, 60_000);
  });

  describe('options', () => {
    it('answers the transaction types and the storage options from the read copies', async () => {
      expect((await agent().get('/esign/transaction-types').expect(200)).body).toEqual([
        { id: null, label: 'All' },
        { id: 'b', label: 'Buyer' },
        { id: 's', label: 'Seller' },
      ]);
      expect((await tc().get('/esign/storage-options').expect(200)).body).toEqual({
        folders: FOLDERS.map(({ client_document_folder_id, folder_name, transaction_type }) => ({
          client_document_folder_id,
          folder_name,
          transaction_type,
        })),
        document_types: TYPES,
      });
      expect(
        (await bench().get('/esign/storage-options').expect(200)).body.folders.map((f: { folder_name: string }) => f.folder_name),
      ).toEqual(['General', 'Bench Folder']);
    });
  });

  describe("team-admin's folder and type events", () => {
    it('replace the copies, applied once when fed twice, an older revision ignored even when it comes last', async () => {
      const TEAM = 77;
      const options = async () => {
        const rows = await query<{ folder_name: string }>(
          `SELECT folder_name FROM esign.document_folders WHERE team_id = $1 ORDER BY sort`,
          [TEAM],
        );
        const types = await query<{ name: string }>(`SELECT name FROM esign.document_types WHERE team_id = $1 ORDER BY sort`, [TEAM]);
        return { folders: rows.map((r) => r.folder_name), types: types.map((t) => t.name) };
      };
      const v3Folders = envelopeOf('team-admin.document-folders.changed', TEAM, {
        revision: 3,
        folders: [folder(-1, 'General'), folder(-2, 'Signed Documents'), folder(5, 'Third')],
      });
      const v2Folders = envelopeOf('team-admin.document-folders.changed', TEAM, {
        revision: 2,
        folders: [folder(-1, 'General'), folder(4, 'Second')],
      });
      const v3Types = envelopeOf('team-admin.document-types.changed', TEAM, {
        revision: 3,
        types: [{ team_document_type_id: 7, name: 'Type three', team_document_category_id: null, category_name: null }],
      });
      const v1Types = envelopeOf('team-admin.document-types.changed', TEAM, { revision: 1, types: [] });
      await booted.deliver(v3Folders);
      await booted.deliver(v3Folders, `${v3Folders.id}-again`);
      await booted.deliver(v2Folders);
      await booted.deliver(v3Types);
      await booted.deliver(v1Types);
      await booted.deliver(v3Types, `${v3Types.id}-again`);
      expect(await options()).toEqual({ folders: ['General', 'Signed Documents', 'Third'], types: ['Type three'] });
      const v4 = envelopeOf('team-admin.document-folders.changed', TEAM, { revision: 4, folders: [folder(-1, 'General')] });
      await booted.deliver(v4);
      await booted.deliver(v4, `${v4.id}-again`);
      expect((await options()).folders).toEqual(['General']);
    });
  });
});
