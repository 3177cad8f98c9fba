import request from 'supertest';
import type { EsignTemplateDetail } from '@app/contracts';
import { StorageService } from '@app/storage';
import { DEMO_TEMPLATE_NAME, seedDemoTemplate } from '../src/seed/esign.seeder';
import { apiAs, bootEsign, seededCallers, type BootedEsign } from './esign-test-kit';

describe('esign seed: the demo template', () => {
  let booted: BootedEsign;
  const callers = seededCallers();
  const admin = () => apiAs(booted.sut.server, callers.get('admin@demo-realty.test')!);
  const DEMO = callers.get('admin@demo-realty.test')!;

  beforeAll(async () => {
    booted = await bootEsign('api');
  }, 60_000);
  afterAll(() => booted.close());

  it('writes a two-page PDF template with a Buyer and an Agent that the API serves and the builder can save, once', async () => {
    const storage = booted.sut.app.get(StorageService);
    expect(await seedDemoTemplate(booted.sut.dataSource, storage, DEMO.team_id, DEMO.agent_id)).toBe(true);
    expect(await seedDemoTemplate(booted.sut.dataSource, storage, DEMO.team_id, DEMO.agent_id)).toBe(false);
    const list = (await admin().get('/esign/templates').expect(200)).body;
    expect(list.records.map((t: { name: string }) => t.name)).toEqual([DEMO_TEMPLATE_NAME]);
    const template: EsignTemplateDetail = (await admin().get(`/esign/templates/${list.records[0].esig_template_id}`).expect(200)).body;
    expect(template).toMatchObject({
      type_id: 'b',
      storage_paths: { default_storage_path: -1, default_document_type: null },
      external_id: expect.stringMatching(/^own-/),
    });
    expect(template.schema.roles.map((r) => r.name)).toEqual(['Buyer', 'Agent']);
    expect(template.schema.fields.map((f) => f.type)).toEqual(['text', 'signature', 'date', 'initials', 'signature', 'checkbox']);
    expect(template.files[0]).toMatchObject({
      pages: 2,
      page_sizes: [
        { width: 612, height: 792 },
        { width: 612, height: 792 },
      ],
    });
    const pdf = await request(booted.sut.server).get(template.files[0].url).expect(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    // The seeded schema passes the builder's own checks.
    await admin()
      .put(`/esign/templates/${template.esig_template_id}/schema`, { ...template.schema, updated_ts: template.updated_ts })
      .expect(200);
  });
});
