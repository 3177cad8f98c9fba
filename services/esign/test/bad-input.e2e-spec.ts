import { ESIGN_MESSAGES as M, type EsignTemplateDetail } from '@app/contracts';
import { apiAs, bootEsign, envelopeOf, makePdf, seededCallers, uploadPdf, type Api, type BootedEsign } from './esign-test-kit';

/** Bad input answers 400 with field errors, each on the field at fault, and changes nothing (spec 002 sections 2.3 and 2.4). */
describe('e-sign bad input', () => {
  let booted: BootedEsign;
  const callers = seededCallers();
  const admin = (): Api => apiAs(booted.sut.server, callers.get('admin@demo-realty.test')!);
  const DEMO = callers.get('admin@demo-realty.test')!.team_id;

  beforeAll(async () => {
    booted = await bootEsign('all');
    await booted.deliver(
      envelopeOf('team-admin.document-folders.changed', DEMO, {
        revision: 1,
        folders: [
          { client_document_folder_id: -1, folder_name: 'General', transaction_type: null, client_visible: false, vendor_visible: false },
        ],
      }),
    );
  }, 60_000);
  afterAll(() => booted.close());

  it("answers any size over 50,000,000 bytes, however large the number, with 'File is larger than 50,000,000 bytes'", async () => {
    for (const size of [50_000_001, 2 ** 53, 1e300]) {
      const answer = await admin().post('/esign/templates/upload', { name: 'huge.pdf', type: 'application/pdf', size }).expect(400);
      expect(answer.body.errors).toEqual([{ field: 'size', error: M.fileTooLarge }]);
    }
    for (const size of ['100', -1, 0, 1.5, [100]]) {
      const answer = await admin().post('/esign/templates/upload', { name: 'odd.pdf', type: 'application/pdf', size }).expect(400);
      expect(answer.body.errors).toEqual([{ field: 'size', error: M.notAPdf }]);
    }
    expect(booted.storedFiles()).toEqual([]);
  });

  it('answers an updated_ts Postgres cannot read with a field error on updated_ts, and saves nothing', async () => {
    const { key } = await uploadPdf(booted, admin(), await makePdf(1), 'dates.pdf');
    const template: EsignTemplateDetail = (
      await admin().post('/esign/templates', { template_file: key, name: 'Dates', storage_folder_id: -1 }).expect(201)
    ).body;
    const save = (updated_ts: unknown) =>
      admin().put(`/esign/templates/${template.esig_template_id}/schema`, {
        documents: template.schema.documents,
        roles: template.schema.roles,
        fields: [],
        updated_ts,
      });
    for (const updated_ts of [
      '99999-01-01',
      '+099999-01-01T00:00:00.000Z',
      '-271821-04-20T00:00:00.000Z',
      'yesterday',
      12345,
      ['2026-01-01T00:00:00.000Z'],
      { at: 1 },
    ]) {
      const answer = await save(updated_ts).expect(400);
      expect(answer.body.errors).toEqual([{ field: 'updated_ts', error: M.fieldInvalid('updated_ts') }]);
    }
    const unchanged: EsignTemplateDetail = (await admin().get(`/esign/templates/${template.esig_template_id}`).expect(200)).body;
    expect(unchanged.updated_ts).toBe(template.updated_ts);
    await save(template.updated_ts).expect(200);
  });
});
