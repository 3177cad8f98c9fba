import { createHash } from 'node:crypto';
import request from 'supertest';
import type { EsignTemplateDetail, EsignTemplateSchema } from '@app/contracts';
import { FAKE_DOCUSEAL_API_KEY } from '../fake-docuseal';
import { ESIGN_PROVIDER, type EsignProvider } from '../src/provider/esign-provider';
import { makePdf } from './esign-test-kit';
import {
  ADMIN,
  apiAs,
  bootProvider,
  createTemplate,
  purchaseFields,
  purchaseTemplate,
  seedReadCopies,
  sendBody,
  settlesAt,
  signerFor,
  statusOf,
  type BootedProvider,
  type EngineName,
  type PurchaseFields,
  type Signer,
} from './provider-test-kit';

// The EsignProvider contract (spec 002): the same calls give the same product whichever engine is behind them, the
// own engine or DocuSeal (the fake DocuSeal, in process, with ESIGN_PROVIDER=docuseal). Templates: create from a PDF,
// save the schema, clone, merge, archive, as the provider's own copy shows them. Requests: send P and S, the statuses
// the signers move them through (own: the mailed links and the signing page; DocuSeal: the fake's control API), a
// bounced invitation, decline, cancel, the audit log, and the completed document in esign's storage handed to
// transactions once.

/** A template as the provider keeps it: roles, and each field's role, document (index) and page within it (from 0). */
interface ProviderCopy {
  documents: number;
  roles: string[];
  fields: { uuid: string; role: string; document: number; page: number }[];
  archived: boolean;
}

/** The provider's copy of a template. own: the template row itself (its copy is esign's); DocuSeal: GET /templates/{id}. */
async function providerCopy(booted: BootedProvider, externalId: string): Promise<ProviderCopy | null> {
  if (booted.engine === 'own') {
    const rows = await booted.query<{ schema: EsignTemplateSchema; status: string }>(
      `SELECT schema, status FROM esign.templates WHERE external_id = $1`,
      [externalId],
    );
    if (!rows[0]) return null;
    const { schema } = rows[0];
    const locate = (page: number) => {
      let offset = 0;
      for (const [index, document] of schema.documents.entries()) {
        if (page <= offset + document.pages) return { document: index, page: page - offset - 1 };
        offset += document.pages;
      }
      return { document: -1, page: -1 };
    };
    return {
      documents: schema.documents.length,
      roles: schema.roles.map((role) => role.name),
      fields: schema.fields.map((field) => ({
        uuid: field.uuid,
        role: schema.roles.find((r) => r.uuid === field.role_uuid)!.name,
        ...locate(field.areas[0].page),
      })),
      archived: rows[0].status === 'D',
    };
  }
  const response = await fetch(`${booted.fake!.apiUrl}/templates/${externalId}`, { headers: { 'x-auth-token': FAKE_DOCUSEAL_API_KEY } });
  if (response.status === 404) return null;
  const template = (await response.json()) as {
    schema: { attachment_uuid: string }[];
    submitters: { name: string; uuid: string }[];
    fields: { uuid: string; submitter_uuid: string; areas: { attachment_uuid: string; page: number }[] }[];
    archived_at: string | null;
  };
  return {
    documents: template.schema.length,
    roles: template.submitters.map((s) => s.name),
    fields: template.fields.map((field) => ({
      uuid: field.uuid,
      role: template.submitters.find((s) => s.uuid === field.submitter_uuid)!.name,
      document: template.schema.findIndex((d) => d.attachment_uuid === field.areas[0].attachment_uuid),
      page: field.areas[0].page,
    })),
    archived: template.archived_at !== null,
  };
}

describe.each<EngineName>(['own', 'docuseal'])('the EsignProvider contract: %s', (engine) => {
  let booted: BootedProvider;
  let signer: Signer;
  let fields: PurchaseFields;
  let template: EsignTemplateDetail;
  const admin = () => apiAs(booted.server, ADMIN);
  const provider = () => booted.app.get<EsignProvider>(ESIGN_PROVIDER);
  const send = async (extra: Record<string, unknown> = {}) =>
    (
      await admin()
        .post('/esign/requests', sendBody(template, fields, extra))
        .expect(201)
    ).body.esig_request_id as number;
  const statusChanges = async (id: number) =>
    (
      await booted.query<{ detail: string }>(
        `SELECT detail FROM esign.audit_events WHERE esig_request_id = $1 AND type = 'status_changed' ORDER BY audit_event_id`,
        [id],
      )
    ).map((e) => e.detail);
  const completedEvents = (id: number) =>
    booted.query<{ payload: { file: Record<string, string> } }>(
      `SELECT payload FROM esign.outbox WHERE type = 'esign.request.completed' AND (payload->>'esig_request_id')::int = $1`,
      [id],
    );

  beforeAll(async () => {
    booted = await bootProvider(engine);
    signer = signerFor(booted);
    await seedReadCopies(booted);
    fields = purchaseFields();
    template = await purchaseTemplate(booted, admin(), fields);
  }, 60_000);
  afterAll(async () => {
    await signer?.close();
    await booted?.close();
  });

  describe('templates', () => {
    it('a template from a PDF, its schema saved: the provider keeps its roles and fields on the right document and page', async () => {
      expect(provider().name).toBe(engine);
      expect(provider().owns(template.external_id)).toBe(true);
      const copy = await providerCopy(booted, template.external_id!);
      expect(copy).toMatchObject({ documents: 1, roles: ['Buyer', 'Seller'], archived: false });
      expect(copy!.fields).toEqual([
        { uuid: fields.buyerName.uuid, role: 'Buyer', document: 0, page: 0 },
        { uuid: fields.buyerSignature.uuid, role: 'Buyer', document: 0, page: 0 },
        { uuid: fields.buyerPhone.uuid, role: 'Buyer', document: 0, page: 0 },
        { uuid: fields.sellerInitials.uuid, role: 'Seller', document: 0, page: 0 },
        // Page 2 of our numbering: the document's second page.
        { uuid: fields.sellerAgree.uuid, role: 'Seller', document: 0, page: 1 },
      ]);
    });

    it('a clone is a template of its own with the same roles and fields; archiving leaves the original', async () => {
      const copy = (await admin().post(`/esign/templates/${template.esig_template_id}/clone`).expect(201)).body as EsignTemplateDetail;
      expect(copy.name).toBe('Purchase Agreement (Copy)');
      expect(copy.external_id).not.toBe(template.external_id);
      expect(provider().owns(copy.external_id)).toBe(true);
      const cloned = await providerCopy(booted, copy.external_id!);
      expect(cloned).toMatchObject({ documents: 1, roles: ['Buyer', 'Seller'], archived: false });
      expect(cloned!.fields).toEqual((await providerCopy(booted, template.external_id!))!.fields);

      await admin().delete(`/esign/templates/${copy.esig_template_id}`).expect(200);
      expect((await providerCopy(booted, copy.external_id!))!.archived).toBe(true);
      expect((await providerCopy(booted, template.external_id!))!.archived).toBe(false);
    });

    it('a PDF added to a template: the provider has both documents and the fields stay on theirs', async () => {
      const second = await createTemplate(booted, admin(), 'Two documents', 1);
      const bytes = await makePdf(2, 'Addendum');
      const asked = await admin()
        .post('/esign/templates/upload', { name: 'addendum.pdf', type: 'application/pdf', size: bytes.length })
        .expect(201);
      await request(booted.server).put(asked.body.url).set('content-type', 'application/pdf').send(bytes).expect(200);
      const added = (
        await admin().post(`/esign/templates/${second.esig_template_id}/documents`, { template_file: asked.body.key }).expect(201)
      ).body as EsignTemplateDetail;
      expect(added.schema.documents).toHaveLength(2);
      const saved = (
        await admin()
          .put(`/esign/templates/${second.esig_template_id}/schema`, {
            documents: added.schema.documents,
            roles: [{ uuid: 'two-buyer', name: 'Buyer' }],
            fields: [
              { ...fields.buyerName, uuid: 'two-name', role_uuid: 'two-buyer' },
              { ...fields.buyerSignature, uuid: 'two-sign', role_uuid: 'two-buyer', areas: [{ page: 3, x: 0.2, y: 0.2, w: 0.2, h: 0.05 }] },
            ],
            updated_ts: added.updated_ts,
          })
          .expect(200)
      ).body as EsignTemplateDetail;
      expect((await providerCopy(booted, saved.external_id!))!.fields).toEqual([
        { uuid: 'two-name', role: 'Buyer', document: 0, page: 0 },
        // Page 3: the second document's second page.
        { uuid: 'two-sign', role: 'Buyer', document: 1, page: 1 },
      ]);
    });

    it('merges templates into one (a packet): a template of the provider', async () => {
      const other = await createTemplate(booted, admin(), 'Addendum', 1);
      const merged = await provider().mergeTemplates(ADMIN.team_id, [template.external_id!, other.external_id!], 'Buyer packet');
      expect(provider().owns(merged.externalId)).toBe(true);
      // One document after the other; the addendum's own role ('First Party', a new template's) joins.
      if (engine === 'docuseal')
        expect(await providerCopy(booted, merged.externalId)).toMatchObject({ documents: 2, roles: ['Buyer', 'Seller', 'First Party'] });
    });

    it("the builder token: DocuSeal's for DocuSeal, 409 for the own engine", async () => {
      const response = await admin().get(`/esign/templates/${template.esig_template_id}/builder-token`);
      if (engine === 'own') {
        expect(response.status).toBe(409);
        expect(response.body.message).toBe('The template builder of DocuSeal is only available when ESIGN_PROVIDER is docuseal');
      } else {
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          provider: 'docuseal',
          esig_template_id: template.esig_template_id,
          template_id: Number(template.external_id),
        });
      }
      expect((await admin().get('/esign/provider').expect(200)).body).toEqual({ provider: engine });
    });
  });

  describe('requests', () => {
    it('P: everyone invited at once; S, V, P, C through the signers; the signed document in storage and handed to transactions once', async () => {
      const id = await send();
      const [row] = await booted.query<{ provider: string; external_id: string | null; status: string }>(
        `SELECT provider, external_id, status FROM esign.requests WHERE esig_request_id = $1`,
        [id],
      );
      expect(row).toMatchObject({ provider: engine, status: 'S', external_id: expect.any(String) });
      expect(await signer.invited(id)).toEqual(['buyer@mail.test', 'seller@mail.test']);

      await signer.open(id, 'Buyer');
      await settlesAt(booted, signer, id, 'V');
      await signer.complete(id, 'Buyer');
      await settlesAt(booted, signer, id, 'P');
      await signer.complete(id, 'Seller');
      await settlesAt(booted, signer, id, 'C');

      const download = (await admin().get(`/esign/requests/${id}/documents`).expect(200)).body;
      expect(download).toMatchObject({ filename: 'Purchase Agreement (signed).pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const stored = booted.stored(`requests/${id}/signed.pdf`)!;
      expect(stored.subarray(0, 5).toString()).toBe('%PDF-');
      expect(createHash('sha256').update(stored).digest('hex')).toBe(download.sha256);
      const completed = await completedEvents(id);
      expect(completed).toHaveLength(1);
      expect(completed[0].payload.file).toEqual({
        namespace: 'esign',
        key: `requests/${id}/signed.pdf`,
        sha256: download.sha256,
        filename: 'Purchase Agreement (signed).pdf',
        content_type: 'application/pdf',
      });

      // The poller keeps coming: nothing changes twice.
      await signer.poll(id);
      await signer.poll(id);
      expect(await completedEvents(id)).toHaveLength(1);
      expect(await statusChanges(id)).toEqual(['- -> S', 'S -> V', 'V -> P', 'P -> C']);

      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(log.status).toBe('C');
      const types = log.events.map((event: { type: string }) => event.type);
      expect(types).toEqual(expect.arrayContaining(['sent', 'mail_queued', 'viewed', 'signed', 'sealed', 'status_changed']));
      expect(log.events.find((event: { type: string }) => event.type === 'signed')).toMatchObject({
        actor: 'Zoë Buyer',
        email: 'buyer@mail.test',
      });
      expect(log.final).toEqual({ name: 'Purchase Agreement (signed).pdf', sha256: download.sha256 });
      expect(log.documents).toEqual([{ name: 'Purchase Agreement.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    }, 60_000);

    it('S: the first in order is invited first, the next once they have signed', async () => {
      const id = await send({ signature_order: 'S' });
      expect(await signer.invited(id)).toEqual(['buyer@mail.test']);
      await signer.complete(id, 'Buyer');
      await settlesAt(booted, signer, id, 'P');
      expect(await signer.invited(id)).toEqual(['buyer@mail.test', 'seller@mail.test']);
    });

    it('a decline: D with its reason in the audit log; a declined request cannot be cancelled', async () => {
      const id = await send();
      await signer.decline(id, 'Seller', 'Wrong price');
      await settlesAt(booted, signer, id, 'D');
      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(log.events.find((event: { type: string }) => event.type === 'declined')).toMatchObject({
        actor: 'Sam Seller',
        email: 'seller@mail.test',
        detail: expect.stringContaining('Wrong price'),
      });
      await admin().post(`/esign/requests/${id}/cancel`).expect(409);
      await signer.poll(id);
      expect(await statusChanges(id)).toEqual(['- -> S', 'S -> D']);
    });

    it('cancel: archived here and at the provider; the poller leaves it', async () => {
      const id = await send();
      expect((await admin().post(`/esign/requests/${id}/cancel`).expect(200)).body).toMatchObject({
        esig_request_id: id,
        status: 'S',
        archived: true,
      });
      // The signer can no longer sign (own: their link shows 'This request was cancelled'; DocuSeal: the submission is archived).
      expect(await signer.canSign(id, 'Buyer')).toBe(false);
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('S');
      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(log.events.map((event: { type: string }) => event.type)).toContain('cancelled');
      await admin().post(`/esign/requests/${id}/cancel`).expect(409);
    });

    it('an invitation that bounced: F, and it stays F however often the poller looks', async () => {
      const id = await send();
      await signer.bounce(id, 'Buyer');
      await settlesAt(booted, signer, id, 'F');
      await signer.poll(id);
      await signer.poll(id);
      expect(await statusOf(booted, id)).toBe('F');
      expect(await statusChanges(id)).toEqual(['- -> S', 'S -> F']);
    });

    it('the audit log: each event once, however often the poller and the log are read', async () => {
      const id = await send();
      await signer.open(id, 'Buyer');
      await signer.poll(id);
      const count = async () =>
        Number((await booted.query<{ n: string }>(`SELECT count(*) AS n FROM esign.audit_events WHERE esig_request_id = $1`, [id]))[0].n);
      const before = await count();
      await signer.poll(id);
      await admin().get(`/esign/requests/${id}/audit-log`).expect(200);
      await provider().audit(id);
      expect(await count()).toBe(before);
      const log = (await admin().get(`/esign/requests/${id}/audit-log`).expect(200)).body;
      expect(
        log.events.filter((event: { type: string; email: string }) => event.type === 'viewed' && event.email === 'buyer@mail.test').length,
      ).toBeGreaterThanOrEqual(1);
    });

    it("preview is the engine's own stamping: nothing sent to the provider, nothing stored", async () => {
      const before = (await booted.query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n;
      booted.fake?.control.clearRequests();
      const preview = await admin()
        .post('/esign/requests', { ...sendBody(template, fields), preview: true })
        .expect(201);
      expect(preview.body.url).toMatch(/^data:application\/pdf;base64,/);
      expect((await booted.query<{ n: string }>(`SELECT count(*) AS n FROM esign.requests`))[0].n).toBe(before);
      if (booted.fake) expect(booted.fake.control.requests()).toEqual([]);
    });
  });
});
