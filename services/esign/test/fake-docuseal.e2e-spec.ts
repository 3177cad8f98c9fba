import { DocusealApi, DocusealApiError, type CreateSubmissionData, type UpdateTemplateData } from '@docuseal/api';
import { PDFDocument } from 'pdf-lib';
import {
  FAKE_DOCUSEAL_API_KEY,
  buildFakeDocuseal,
  fakeDocusealOptionsFromEnv,
  startFakeDocuseal,
  type FakeDocuseal,
} from '../fake-docuseal';

// The fake DocuSeal must speak the real API: DocuSeal's own JavaScript client drives it here with its
// own paths, headers and bodies, and what comes back has the fields the client's types declare. The
// control API (not DocuSeal) plays the signers. No Postgres needed; the integration project's global
// setup still starts one.

const UA = 'Mozilla/5.0 (X11; Linux x86_64) FakeSigner/1.0';

async function pdfBase64(pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save()).toString('base64');
}

/** Downloads a URL the fake answered with and checks it is a PDF; its page count. */
async function pdfPages(url: string): Promise<number> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await response.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

/** What the client's rejection says (DocusealApiError: "HTTP Error: <status> - <body>"). */
async function rejection(call: Promise<unknown>): Promise<Error> {
  try {
    await call;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('fake DocuSeal, driven by @docuseal/api', () => {
  let fake: FakeDocuseal;
  let api: DocusealApi;
  const control = (path: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') =>
    fetch(`${fake.url}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    fake = await startFakeDocuseal();
    api = new DocusealApi({ key: FAKE_DOCUSEAL_API_KEY, url: fake.apiUrl });
  });
  beforeEach(async () => {
    expect((await control('/reset', {})).status).toBe(200);
  });
  afterAll(() => fake.close());

  /** Buyer and Seller each sign page 1 and 2; the seller's area given in PDF points. */
  const purchaseTemplate = async () =>
    api.createTemplateFromPdf({
      name: 'Purchase Agreement',
      external_id: 'our-template-7',
      documents: [
        {
          name: 'purchase-agreement',
          file: await pdfBase64(2),
          fields: [
            { name: 'Buyer Name', type: 'text', role: 'Buyer', areas: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.03, page: 1 }] },
            { name: 'Buyer Signature', type: 'signature', role: 'Buyer', areas: [{ x: 0.1, y: 0.8, w: 0.3, h: 0.05, page: 1 }] },
            { name: 'Seller Signature', type: 'signature', role: 'Seller', areas: [{ x: 306, y: 396, w: 153, h: 39.6, page: 2 }] },
          ],
        },
      ],
    });

  const send = (templateId: number, order: 'preserved' | 'random' = 'preserved', extra: Partial<CreateSubmissionData> = {}) =>
    api.createSubmission({
      template_id: templateId,
      send_email: true,
      order,
      message: { subject: 'Please sign', body: 'Sign here: {{submitter.link}}' },
      submitters: [
        {
          role: 'Buyer',
          name: 'Bea Buyer',
          email: 'bea@buyers.test',
          order: 0,
          message: { subject: 'For you', body: 'Bea, {{submitter.link}}' },
          values: { 'Buyer Name': 'Bea Buyer' },
          fields: [{ name: 'Buyer Name', default_value: 'Bea Buyer', readonly: true }],
        },
        { role: 'Seller', name: 'Sam Seller', email: 'sam@sellers.test', order: order === 'preserved' ? 1 : 0 },
      ],
      ...extra,
    });

  describe('templates', () => {
    it("createTemplateFromPdf: the client POSTs /templates/pdf with its headers and gets DocuSeal's template", async () => {
      const template = await purchaseTemplate();

      expect(template).toMatchObject({
        id: expect.any(Number),
        slug: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{14}$/),
        name: 'Purchase Agreement',
        external_id: 'our-template-7',
        folder_name: 'Default',
        folder_id: expect.any(Number),
        source: 'api',
        archived_at: null,
        author_id: expect.any(Number),
        author: { id: expect.any(Number), email: expect.any(String) },
        preferences: {},
        variables_schema: {},
      });
      expect(template.submitters.map((s) => s.name)).toEqual(['Buyer', 'Seller']);
      const [buyer, seller] = template.submitters;
      const attachment = template.schema[0].attachment_uuid;
      expect(template.schema).toEqual([{ attachment_uuid: expect.any(String), name: 'purchase-agreement' }]);
      // Stored as DocuSeal stores areas: shares of the page, pages from 0; points converted.
      expect(template.fields).toEqual([
        expect.objectContaining({
          uuid: expect.any(String),
          name: 'Buyer Name',
          type: 'text',
          required: true,
          submitter_uuid: buyer.uuid,
          areas: [{ x: 0.1, y: 0.1, w: 0.3, h: 0.03, page: 0, attachment_uuid: attachment }],
        }),
        expect.objectContaining({ name: 'Buyer Signature', type: 'signature', submitter_uuid: buyer.uuid }),
        expect.objectContaining({
          name: 'Seller Signature',
          submitter_uuid: seller.uuid,
          areas: [{ x: 0.5, y: 0.5, w: 0.25, h: 0.05, page: 1, attachment_uuid: attachment }],
        }),
      ]);
      expect(template.documents).toEqual([
        {
          id: expect.any(Number),
          uuid: attachment,
          url: expect.stringMatching(/\/file\/.+\/purchase-agreement\.pdf$/),
          preview_image_url: expect.any(String),
          filename: 'purchase-agreement.pdf',
        },
      ]);
      expect(await pdfPages(template.documents[0].url)).toBe(2);

      const [sent] = fake.control.requests({ pathPrefix: '/api/templates/pdf' });
      expect(sent).toMatchObject({
        method: 'POST',
        auth: 'accepted',
        status: 200,
        headers: { 'content-type': 'application/json', 'user-agent': expect.stringMatching(/^DocuSeal JS v/) },
      });
      expect((sent.body as { documents: { fields: unknown[] }[] }).documents[0].fields).toHaveLength(3);
      expect(sent.headers).not.toHaveProperty('x-auth-token');
    });

    it("createTemplateFromPdf with the same external_id replaces that template's document; a file that is not a PDF is 422", async () => {
      const first = await purchaseTemplate();
      const again = await api.createTemplateFromPdf({
        external_id: 'our-template-7',
        documents: [{ name: 'v2', file: await pdfBase64(1) }],
      });

      expect(again.id).toBe(first.id);
      expect(again.schema.map((s) => s.name)).toEqual(['v2']);
      expect(
        (await rejection(api.createTemplateFromPdf({ documents: [{ name: 'x', file: Buffer.from('not a pdf').toString('base64') }] })))
          .message,
      ).toBe('HTTP Error: 422 - {"error":"Invalid PDF file in `documents[0]`."}');
    });

    it("updateTemplate: {id, updated_at}; name, roles and (as the Rails controller permits, beyond the client's type) fields and submitters", async () => {
      const template = await purchaseTemplate();
      const [buyer, seller] = template.submitters;

      const updated = await api.updateTemplate(template.id, {
        name: 'Purchase Agreement v2',
        roles: ['Buyer 1', 'Seller 1'],
        folder_name: 'Sales',
      });
      expect(updated).toEqual({ id: template.id, updated_at: expect.any(String) });
      const renamed = await api.getTemplate(template.id);
      expect(renamed).toMatchObject({
        name: 'Purchase Agreement v2',
        folder_name: 'Sales',
        submitters: [
          { name: 'Buyer 1', uuid: buyer.uuid },
          { name: 'Seller 1', uuid: seller.uuid },
        ],
      });

      const attachment = template.schema[0].attachment_uuid;
      const schema = {
        submitters: [
          { name: 'Buyer', uuid: buyer.uuid },
          { name: 'Seller', uuid: seller.uuid },
        ],
        fields: [
          {
            uuid: 'f-1',
            submitter_uuid: seller.uuid,
            name: 'Seller Initials',
            type: 'initials',
            required: true,
            areas: [{ x: 0.2, y: 0.2, w: 0.1, h: 0.04, page: 0, attachment_uuid: attachment }],
          },
        ],
      };
      await api.updateTemplate(template.id, schema as UpdateTemplateData);
      const saved = await api.getTemplate(template.id);
      expect(saved.submitters).toEqual(schema.submitters);
      expect(saved.fields).toEqual([expect.objectContaining({ ...schema.fields[0], preferences: {} })]);
    });

    it('cloneTemplate: a new template with new uuids, its fields pointing at its own parties and documents', async () => {
      const template = await purchaseTemplate();

      const copy = await api.cloneTemplate(template.id, { name: 'Purchase (copy)', external_id: 'our-template-8' });

      expect(copy).toMatchObject({ name: 'Purchase (copy)', external_id: 'our-template-8', source: 'api', archived_at: null });
      expect(copy.id).not.toBe(template.id);
      expect(copy.submitters.map((s) => s.name)).toEqual(['Buyer', 'Seller']);
      expect(copy.submitters.map((s) => s.uuid)).not.toEqual(template.submitters.map((s) => s.uuid));
      expect(copy.fields.map((f) => f.submitter_uuid)).toEqual([copy.submitters[0].uuid, copy.submitters[0].uuid, copy.submitters[1].uuid]);
      expect(copy.fields.flatMap((f) => f.areas ?? []).map((a) => a.attachment_uuid)).toEqual(
        Array(3).fill(copy.schema[0].attachment_uuid),
      );
      expect(await pdfPages(copy.documents[0].url)).toBe(2);
      expect((await api.cloneTemplate(template.id, {})).name).toBe('Purchase Agreement (Clone)');
    });

    it('mergeTemplates: one template with every document, parties of the same name merged', async () => {
      const purchase = await purchaseTemplate();
      const disclosure = await api.createTemplateFromPdf({
        name: 'Disclosure',
        documents: [
          {
            name: 'disclosure',
            file: await pdfBase64(1),
            fields: [{ name: 'Ack', type: 'initials', role: 'buyer', areas: [{ x: 0.1, y: 0.1, w: 0.1, h: 0.05, page: 1 }] }],
          },
        ],
      });

      const packet = await api.mergeTemplates({ template_ids: [purchase.id, disclosure.id], name: 'Buyer packet' });

      expect(packet).toMatchObject({ name: 'Buyer packet', archived_at: null });
      expect(packet.schema.map((s) => s.name)).toEqual(['purchase-agreement', 'disclosure']);
      expect(packet.documents).toHaveLength(2);
      expect(packet.submitters.map((s) => s.name)).toEqual(['Buyer', 'Seller']);
      expect(packet.fields.find((f) => f.name === 'Ack')!.submitter_uuid).toBe(packet.submitters[0].uuid);
      expect((await rejection(api.mergeTemplates({ template_ids: [purchase.id, 999] }))).message).toBe('HTTP Error: 404 - {"status":404}');
    });

    it('archiveTemplate: {id, archived_at}; the template leaves the list and takes no more submissions', async () => {
      const template = await purchaseTemplate();

      const archived = await api.archiveTemplate(template.id);

      expect(archived).toEqual({ id: template.id, archived_at: expect.any(String) });
      expect((await api.getTemplate(template.id)).archived_at).toBe(archived.archived_at);
      expect((await api.listTemplates()).data).toEqual([]);
      expect((await api.listTemplates({ archived: true })).data.map((t) => t.id)).toEqual([template.id]);
      expect((await rejection(send(template.id))).message).toBe('HTTP Error: 422 - {"error":"Template has been archived"}');
      const [deleted] = fake.control.requests({ method: 'DELETE' });
      expect(deleted).toMatchObject({ path: `/api/templates/${template.id}`, auth: 'accepted', status: 200 });
    });
  });

  describe('submissions', () => {
    it('createSubmission: the client POSTs /submissions/init and gets {id, submitters, expire_at, created_at}; preserved order invites the first party only', async () => {
      const template = await purchaseTemplate();

      const created = await send(template.id, 'preserved');

      expect(created).toEqual({ id: expect.any(Number), submitters: expect.any(Array), expire_at: null, created_at: expect.any(String) });
      expect(created.submitters).toEqual([
        expect.objectContaining({
          id: expect.any(Number),
          submission_id: created.id,
          role: 'Buyer',
          name: 'Bea Buyer',
          email: 'bea@buyers.test',
          status: 'sent',
          sent_at: expect.any(String),
          opened_at: null,
          embed_src: expect.stringContaining('/s/'),
        }),
        expect.objectContaining({ role: 'Seller', email: 'sam@sellers.test', status: 'awaiting', sent_at: null }),
      ]);
      expect(created.submitters[0].values).toEqual([{ field: 'Buyer Name', value: 'Bea Buyer' }]);
      const [sent] = fake.control.requests({ pathPrefix: '/api/submissions/init' });
      expect(sent).toMatchObject({ method: 'POST', auth: 'accepted', status: 200 });
      expect(sent.body).toMatchObject({
        template_id: template.id,
        send_email: true,
        order: 'preserved',
        message: { subject: 'Please sign', body: 'Sign here: {{submitter.link}}' },
        submitters: [
          {
            role: 'Buyer',
            order: 0,
            values: { 'Buyer Name': 'Bea Buyer' },
            fields: [{ name: 'Buyer Name', default_value: 'Bea Buyer', readonly: true }],
          },
          { role: 'Seller', order: 1 },
        ],
      });
    });

    it('order random invites every party at once; POST /submissions (without /init) answers the bare array', async () => {
      const template = await purchaseTemplate();

      const created = await send(template.id, 'random');
      expect(created.submitters.map((s) => s.status)).toEqual(['sent', 'sent']);

      const response = await fetch(`${fake.apiUrl}/submissions`, {
        method: 'POST',
        headers: { 'X-Auth-Token': FAKE_DOCUSEAL_API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({ template_id: template.id, submitters: [{ role: 'Buyer', email: 'b@x.test' }] }),
      });
      const body = await response.json();
      expect(Array.isArray(body)).toBe(true);
      expect(body).toEqual([expect.objectContaining({ role: 'Buyer', status: 'sent' })]);
    });

    it('getSubmission: pending, its parties, send_email events, no documents yet', async () => {
      const template = await purchaseTemplate();
      const created = await send(template.id);

      const submission = await api.getSubmission(created.id);

      expect(submission).toMatchObject({
        id: created.id,
        status: 'pending',
        source: 'api',
        submitters_order: 'preserved',
        completed_at: null,
        archived_at: null,
        audit_log_url: null,
        combined_document_url: null,
        documents: [],
        template: { id: template.id, name: 'Purchase Agreement', external_id: 'our-template-7', folder_name: 'Default' },
        created_by_user: expect.objectContaining({ email: expect.any(String) }),
      });
      expect(submission.submitters.map((s) => [s.role, s.status])).toEqual([
        ['Buyer', 'sent'],
        ['Seller', 'awaiting'],
      ]);
      expect(submission.submission_events).toEqual([
        {
          id: expect.any(Number),
          submitter_id: created.submitters[0].id,
          event_type: 'send_email',
          event_timestamp: expect.any(String),
          data: {},
        },
      ]);
    });

    it('control: opening, signing in order and completing change the status and events; the next party is invited after the previous signed', async () => {
      const template = await purchaseTemplate();
      const { id, submitters } = await send(template.id);
      const [buyer, seller] = submitters;

      // Out of turn: the seller cannot act before the buyer signed.
      expect((await control(`/submitters/${seller.id}/complete`, { ip: '198.51.100.2', ua: UA })).status).toBe(409);

      expect((await control(`/submitters/${buyer.id}/open`, { ip: '198.51.100.1', ua: UA })).status).toBe(200);
      let submission = await api.getSubmission(id);
      expect(submission.submitters.map((s) => s.status)).toEqual(['opened', 'awaiting']);
      expect(submission.submitters[0].opened_at).toEqual(expect.any(String));
      expect(submission.submission_events.map((e) => e.event_type)).toEqual(['send_email', 'view_form']);

      expect((await control(`/submissions/${id}/submitters/Buyer/complete`, { ip: '198.51.100.1', ua: UA })).status).toBe(200);
      submission = await api.getSubmission(id);
      expect(submission.status).toBe('pending');
      expect(submission.submitters.map((s) => s.status)).toEqual(['completed', 'sent']);
      expect(submission.submitters[1].sent_at).toEqual(expect.any(String));
      expect(submission.submission_events.map((e) => [e.event_type, e.submitter_id])).toEqual([
        ['send_email', buyer.id],
        ['view_form', buyer.id],
        ['start_form', buyer.id],
        ['complete_form', buyer.id],
        ['send_email', seller.id],
      ]);
      expect(submission.submitters[0].documents).toEqual([{ name: 'purchase-agreement', url: expect.any(String) }]);

      expect((await control(`/submissions/${id}/submitters/sam@sellers.test/complete`, { ip: '198.51.100.2', ua: UA })).status).toBe(200);
      submission = await api.getSubmission(id);
      expect(submission).toMatchObject({
        status: 'completed',
        completed_at: submission.submitters[1].completed_at,
        combined_document_url: null,
      });
      expect(submission.submitters.map((s) => s.status)).toEqual(['completed', 'completed']);
      expect(submission.documents).toEqual([{ name: 'purchase-agreement', url: expect.any(String) }]);
      expect(submission.audit_log_url).toMatch(/\/file\/.+\/Audit%20Log%20-%20Purchase%20Agreement\.pdf$/);
      expect(submission.submitters[1].values).toEqual([{ field: 'Seller Signature', value: expect.stringContaining('/file/') }]);
      // DocuSeal's API shows no ip or ua in events (serialize_events slices them off); the control view has them.
      expect(submission.submission_events.every((e) => Object.keys(e.data ?? {}).length === 0)).toBe(true);
      const full = (await (await control(`/submissions/${id}`)).json()) as {
        submission_events: { event_type: string; data: Record<string, string> }[];
      };
      expect(full.submission_events.find((e) => e.event_type === 'complete_form')!.data).toEqual({ ip: '198.51.100.1', ua: UA });
    });

    it('a completed submission gives the combined document on include=combined_document_url, and every file is a real PDF', async () => {
      const template = await purchaseTemplate();
      const { id } = await send(template.id, 'random');
      await fake.control.completeAll(id, { ip: '203.0.113.5', ua: UA });

      const submission = await api.getSubmission(id, { include: 'combined_document_url' });

      expect(submission.status).toBe('completed');
      expect(await pdfPages(submission.documents[0].url)).toBe(2);
      const auditPages = await pdfPages(submission.audit_log_url!);
      expect(auditPages).toBeGreaterThanOrEqual(1);
      expect(await pdfPages(submission.combined_document_url!)).toBe(2 + auditPages);
      const documents = await api.getSubmissionDocuments(id);
      expect(documents).toEqual({ id, documents: [{ name: 'purchase-agreement', url: expect.any(String) }] });
      expect(await pdfPages(documents.documents[0].url)).toBe(2);
    });

    it('getSubmissionDocuments before completion: the documents as filled so far (preview PDFs)', async () => {
      const template = await purchaseTemplate();
      const { id, submitters } = await send(template.id);
      await fake.control.complete(submitters[0].id, { ip: '203.0.113.5', ua: UA });

      const documents = await api.getSubmissionDocuments(id);

      expect(documents).toEqual({ id, documents: [{ name: 'purchase-agreement', url: expect.any(String) }] });
      expect(await pdfPages(documents.documents[0].url)).toBe(2);
    });

    it('decline: status declined, a decline_form event with its reason (which the API shows)', async () => {
      const template = await purchaseTemplate();
      const { id, submitters } = await send(template.id, 'random');

      expect(
        (await control(`/submitters/${submitters[1].id}/decline`, { reason: 'Price changed', ip: '198.51.100.7', ua: UA })).status,
      ).toBe(200);

      const submission = await api.getSubmission(id);
      expect(submission.status).toBe('declined');
      expect(submission.submitters.map((s) => s.status)).toEqual(['sent', 'declined']);
      expect(submission.submitters[1].declined_at).toEqual(expect.any(String));
      expect(submission.submission_events.at(-1)).toMatchObject({
        event_type: 'decline_form',
        submitter_id: submitters[1].id,
        data: { reason: 'Price changed' },
      });
      expect((await control(`/submitters/${submitters[0].id}/complete`, {})).status).toBe(409);
    });

    it('bounce adds a bounce_email event; expire makes the submission expired and stops the signers', async () => {
      const template = await purchaseTemplate();
      const { id, submitters } = await send(template.id);

      expect((await control(`/submitters/${submitters[0].id}/bounce`, {})).status).toBe(200);
      expect((await control(`/submitters/${submitters[1].id}/bounce`, {})).status).toBe(409); // never emailed yet
      let submission = await api.getSubmission(id);
      expect(submission.status).toBe('pending');
      expect(submission.submission_events.map((e) => e.event_type)).toEqual(['send_email', 'bounce_email']);

      expect((await control(`/submissions/${id}/expire`, {})).status).toBe(200);
      submission = await api.getSubmission(id);
      expect(submission.status).toBe('expired');
      expect(submission.expire_at).toEqual(expect.any(String));
      expect((await control(`/submitters/${submitters[0].id}/complete`, {})).status).toBe(409);
    });

    it('archiveSubmission: {id, archived_at}; the submission shows it and its signers can no longer act', async () => {
      const template = await purchaseTemplate();
      const { id, submitters } = await send(template.id);

      const archived = await api.archiveSubmission(id);

      expect(archived).toEqual({ id, archived_at: expect.any(String) });
      expect((await api.getSubmission(id)).archived_at).toBe(archived.archived_at);
      expect((await control(`/submitters/${submitters[0].id}/complete`, {})).status).toBe(409);
      expect((await rejection(api.getSubmission(9999))).message).toBe('HTTP Error: 404 - {"status":404}');
    });

    it("bad parameters: DocuSeal's 422 messages", async () => {
      const template = await purchaseTemplate();

      const noContact = await rejection(api.createSubmission({ template_id: template.id, submitters: [{ role: 'Buyer' }] }));
      expect(noContact.message).toBe('HTTP Error: 422 - {"error":"email or phone or name is required in `submitters[0]`."}');
      const badOrder = await rejection(
        api.createSubmission({ template_id: template.id, order: 'sideways' as 'random', submitters: [{ email: 'a@b.test' }] }),
      );
      expect(badOrder.message).toBe('HTTP Error: 422 - {"error":"order must be one of preserved, random"}');
      const badEmail = await rejection(api.createSubmission({ template_id: template.id, submitters: [{ email: 'not-an-email' }] }));
      expect(badEmail.message).toBe('HTTP Error: 422 - {"error":"email is invalid in `submitters[0]`."}');
      expect((await rejection(api.createSubmission({ template_id: 4242, submitters: [{ email: 'a@b.test' }] }))).message).toBe(
        'HTTP Error: 404 - {"status":404}',
      );
      expect(fake.control.counts().submissions).toBe(0);
      // As DocuSeal does (find_submitter_uuid), a party matching no role takes the role at its position; past the last, it is dropped silently.
      const three = await api.createSubmission({
        template_id: template.id,
        submitters: [{ email: 'a@b.test' }, { email: 'c@d.test', role: 'Nobody' }, { email: 'e@f.test' }],
      });
      expect(three.submitters.map((s) => [s.role, s.email])).toEqual([
        ['Buyer', 'a@b.test'],
        ['Seller', 'c@d.test'],
      ]);
    });
  });

  describe('the API key', () => {
    it("a wrong or missing key: every call rejects with DocuSeal's 401, and the key is kept nowhere", async () => {
      const template = await purchaseTemplate();
      const { id } = await send(template.id);
      const wrong = new DocusealApi({ key: 'not-the-key', url: fake.apiUrl });
      const missing = new DocusealApi({ key: '', url: fake.apiUrl });
      const expected = 'HTTP Error: 401 - {"error":"Not authenticated"}';

      const calls = [
        wrong.createTemplateFromPdf({ documents: [{ name: 'x', file: await pdfBase64() }] }),
        wrong.updateTemplate(template.id, { name: 'x' }),
        wrong.cloneTemplate(template.id, {}),
        wrong.mergeTemplates({ template_ids: [template.id] }),
        wrong.archiveTemplate(template.id),
        wrong.createSubmission({ template_id: template.id, submitters: [{ email: 'a@b.test' }] }),
        wrong.getSubmission(id),
        wrong.getSubmissionDocuments(id),
        wrong.archiveSubmission(id),
        missing.getSubmission(id),
      ];
      for (const call of calls) {
        const error = await rejection(call);
        expect(error).toBeInstanceOf(DocusealApiError);
        expect(error.message).toBe(expected);
      }

      expect((await api.getTemplate(template.id)).archived_at).toBeNull();
      expect((await api.getSubmission(id)).archived_at).toBeNull();
      const auths = fake.control.requests({ pathPrefix: '/api/' }).map((r) => r.auth);
      expect(auths.filter((a) => a === 'rejected')).toHaveLength(9);
      expect(auths.filter((a) => a === 'missing')).toHaveLength(1);
      const recorded = await (await control('/requests')).text();
      expect(recorded).not.toContain(FAKE_DOCUSEAL_API_KEY);
      expect(recorded).not.toContain('not-the-key');
    });
  });

  describe('injected trouble', () => {
    it("the next N calls answer 429 or 500 (DocuSeal's bodies), then calls succeed again", async () => {
      const template = await purchaseTemplate();
      expect((await control('/fail', { status: 429, count: 2, retryAfterSeconds: 3 })).status).toBe(200);

      for (let i = 0; i < 2; i++)
        expect((await rejection(api.getTemplate(template.id))).message).toBe('HTTP Error: 429 - {"error":"Too many requests"}');
      expect((await api.getTemplate(template.id)).id).toBe(template.id);

      await control('/fail', { status: 500, pathPrefix: '/api/submissions' });
      expect((await api.getTemplate(template.id)).id).toBe(template.id); // another path: not failed
      expect((await rejection(send(template.id))).message).toBe('HTTP Error: 500 - {"status":500}');
      expect(fake.control.counts().submissions).toBe(0);
      expect((await send(template.id)).id).toEqual(expect.any(Number));

      const answered = fake.control.requests().map((r) => [r.status, r.injected ?? false]);
      expect(answered.filter(([, injected]) => injected)).toEqual([
        [429, true],
        [429, true],
        [500, true],
      ]);
    });

    it('401 and 403 on demand, file downloads too; latency delays answers', async () => {
      const template = await purchaseTemplate();
      await control('/fail', { status: 401 });
      await control('/fail', { status: 403, pathPrefix: '/file' });

      expect((await rejection(api.getTemplate(template.id))).message).toBe('HTTP Error: 401 - {"error":"Not authenticated"}');
      const download = await fetch(template.documents[0].url);
      expect(download.status).toBe(403);
      expect(await download.json()).toEqual({ error: 'Not authorized' });

      await control('/latency', { ms: 150 });
      const started = Date.now();
      await api.getTemplate(template.id);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    });
  });

  describe('in-process and configured', () => {
    it('file URLs expire after linkLifetimeSeconds (403 Not authorized); a fresh read gives working ones', async () => {
      let clock = Date.parse('2026-05-01T10:00:00Z');
      const timed = await startFakeDocuseal({ now: () => clock, linkLifetimeSeconds: 60 });
      try {
        const client = new DocusealApi({ key: FAKE_DOCUSEAL_API_KEY, url: timed.apiUrl });
        const template = await client.createTemplateFromPdf({
          documents: [
            {
              name: 'one',
              file: await pdfBase64(),
              fields: [{ name: 'Sig', type: 'signature', areas: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.05, page: 1 }] }],
            },
          ],
        });
        const { id } = await client.createSubmission({ template_id: template.id, submitters: [{ email: 'a@b.test' }] });
        await timed.control.completeAll(id, { ip: '203.0.113.1', ua: UA });
        const first = await client.getSubmission(id);
        expect(await pdfPages(first.audit_log_url!)).toBeGreaterThanOrEqual(1);

        clock += 61_000;
        const expired = await fetch(first.audit_log_url!);
        expect(expired.status).toBe(403);
        expect(await expired.json()).toEqual({ error: 'Not authorized' });
        expect(await pdfPages((await client.getSubmission(id)).audit_log_url!)).toBeGreaterThanOrEqual(1);
        expect(first.submitters[0].completed_at).toBe('2026-05-01T10:00:00.000Z');
      } finally {
        await timed.close();
      }
    });

    it('buildFakeDocuseal answers in-process (inject); eventTrackingData shows ip and ua in events', async () => {
      const app = buildFakeDocuseal({ eventTrackingData: true, publicUrl: 'http://docuseal.local' });
      try {
        const headers = { 'x-auth-token': FAKE_DOCUSEAL_API_KEY, 'content-type': 'application/json' };
        const created = await app.inject({
          method: 'POST',
          url: '/api/templates/pdf',
          headers,
          payload: {
            documents: [
              {
                name: 'one',
                file: await pdfBase64(),
                fields: [{ name: 'Sig', type: 'signature', areas: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.05, page: 1 }] }],
              },
            ],
          },
        });
        expect(created.statusCode).toBe(200);
        expect(created.json().documents[0].url).toMatch(/^http:\/\/docuseal\.local\/file\//);
        const submitters = (
          await app.inject({
            method: 'POST',
            url: '/api/submissions',
            headers,
            payload: { template_id: created.json().id, submitters: [{ email: 'a@b.test' }] },
          })
        ).json();
        await app.docuseal.complete(submitters[0].id, { ip: '192.0.2.1', ua: UA });
        const submission = (await app.inject({ method: 'GET', url: `/api/submissions/${submitters[0].submission_id}`, headers })).json();
        expect(submission.submission_events.find((e: { event_type: string }) => e.event_type === 'complete_form').data).toEqual({
          ip: '192.0.2.1',
          ua: UA,
        });
        expect((await app.inject({ method: 'GET', url: '/api/submissions/1' })).json()).toEqual({ error: 'Not authenticated' });
      } finally {
        await app.close();
      }
    });

    it('reads FAKE_DOCUSEAL_* settings', () => {
      const options = fakeDocusealOptionsFromEnv({
        FAKE_DOCUSEAL_PORT: '4011',
        FAKE_DOCUSEAL_HOST: '0.0.0.0',
        FAKE_DOCUSEAL_LATENCY_MS: '25',
        FAKE_DOCUSEAL_FAILURE_STATUS: '429',
        FAKE_DOCUSEAL_LINK_LIFETIME_SECONDS: '0',
        FAKE_DOCUSEAL_COMBINE_PDF_RESULT: '1',
      });
      expect(options).toEqual({
        port: 4011,
        host: '0.0.0.0',
        latencyMs: 25,
        failureStatus: 429,
        linkLifetimeSeconds: 0,
        combinePdfResult: true,
      });
      expect(() => fakeDocusealOptionsFromEnv({ FAKE_DOCUSEAL_LATENCY_MS: 'soon' })).toThrow(
        'FAKE_DOCUSEAL_LATENCY_MS must be a number of 0 or more',
      );
    });
  });
});
