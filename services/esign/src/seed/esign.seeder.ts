import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { DataSource } from 'typeorm';
import { esignFieldOf, type EsignField, type EsignTemplateSchema } from '@app/contracts';
import { readConfig } from '@app/platform';
import type { Seeder } from '@app/seed';
import { LocalStorageDriver, S3StorageDriver, storageConfigSpec, storageOptionsFrom, type StorageService } from '@app/storage';
import { OWN_TEMPLATE_PREFIX } from '../provider/own-esign-provider';
import { inspectPdf } from '../templates/pdf-inspector';

export const DEMO_TEMPLATE_NAME = 'Buyer Representation Agreement';

/** esign's storage as the running services have it (the seed runs with their environment). */
export function seedStorage(env: NodeJS.ProcessEnv = process.env): StorageService {
  const options = storageOptionsFrom({
    service: 'esign',
    NODE_ENV: env.NODE_ENV ?? 'development',
    JWT_PUBLIC_KEY: env.JWT_PUBLIC_KEY ?? '',
    ...readConfig(storageConfigSpec, env),
  } as never);
  return options.driver === 's3' && options.s3 ? new S3StorageDriver(options.s3, 'esign') : new LocalStorageDriver(options);
}

/** A two-page US Letter agreement with places to sign, made with pdf-lib. */
export async function demoAgreementPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.setTitle(DEMO_TEMPLATE_NAME);
  const font = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const line = (page: ReturnType<typeof document.addPage>, y: number, label: string) => {
    page.drawLine({ start: { x: 72, y }, end: { x: 300, y }, thickness: 0.5, color: rgb(0.3, 0.3, 0.3) });
    page.drawText(label, { x: 72, y: y - 12, size: 9, font, color: rgb(0.3, 0.3, 0.3) });
  };
  const first = document.addPage([612, 792]);
  first.drawText(DEMO_TEMPLATE_NAME, { x: 72, y: 720, size: 20, font: bold });
  const body = [
    'This agreement is made between the Buyer named below and Demo Realty (the Broker).',
    'The Buyer appoints the Broker to help locate and negotiate the purchase of a property.',
    'The term of this agreement begins on the date signed and ends 180 days later.',
  ];
  body.forEach((text, i) => first.drawText(text, { x: 72, y: 680 - i * 18, size: 11, font }));
  line(first, 560, 'Buyer name');
  line(first, 500, 'Buyer signature');
  line(first, 440, 'Date');
  const second = document.addPage([612, 792]);
  second.drawText('Broker compensation and signatures', { x: 72, y: 720, size: 14, font: bold });
  second.drawText('The Buyer has read and understood each page of this agreement.', { x: 72, y: 690, size: 11, font });
  line(second, 620, 'Buyer initials');
  line(second, 540, 'Agent signature');
  line(second, 480, 'Agent confirms the disclosure was delivered');
  return Buffer.from(await document.save());
}

const field = (
  role: string,
  name: string,
  type: EsignField['type'],
  page: number,
  x: number,
  y: number,
  w: number,
  h: number,
  extra: Partial<EsignField> = {},
): EsignField =>
  esignFieldOf({
    uuid: randomUUID(),
    role_uuid: role,
    name,
    type,
    required: type === 'signature' || type === 'initials',
    areas: [{ page, x, y, w, h }],
    ...extra,
  });

/** The demo template's schema: a Buyer and an Agent, fields on both pages (areas over the drawn lines). */
export function demoSchema(documentId: string): EsignTemplateSchema {
  const buyer = randomUUID();
  const agent = randomUUID();
  return {
    documents: [{ id: documentId, name: `${DEMO_TEMPLATE_NAME}.pdf`, pages: 2 }],
    roles: [
      { uuid: buyer, name: 'Buyer' },
      { uuid: agent, name: 'Agent' },
    ],
    fields: [
      field(buyer, 'Buyer name', 'text', 1, 0.118, 0.262, 0.372, 0.03, {
        mapped_entity: 'transaction',
        mapped_field: 'first_name',
        can_update: true,
        required: true,
      }),
      field(buyer, 'Buyer signature', 'signature', 1, 0.118, 0.33, 0.372, 0.05),
      field(buyer, 'Date signed', 'date', 1, 0.118, 0.414, 0.2, 0.03, {
        default_value: '{{date}}',
        readonly: true,
        preferences: { format: 'MM/DD/YYYY', font_size: null },
      }),
      field(buyer, 'Buyer initials', 'initials', 2, 0.118, 0.18, 0.12, 0.04),
      field(agent, 'Agent signature', 'signature', 2, 0.118, 0.27, 0.372, 0.05),
      field(agent, 'Disclosure delivered', 'checkbox', 2, 0.118, 0.365, 0.03, 0.025),
    ],
  };
}

/** Writes the demo template of a team unless it has one; answers whether it did. */
export async function seedDemoTemplate(dataSource: DataSource, storage: StorageService, teamId: number, agentId: number): Promise<boolean> {
  const existing: unknown[] = await dataSource.query(`SELECT 1 FROM esign.templates WHERE team_id = $1 AND name = $2 AND status = 'N'`, [
    teamId,
    DEMO_TEMPLATE_NAME,
  ]);
  if (existing.length) return false;
  const pdf = await demoAgreementPdf();
  const facts = (await inspectPdf(pdf))!;
  const key = `templates/${teamId}/seed/buyer-representation-agreement.pdf`;
  const stored = await storage.put(key, pdf, { contentType: 'application/pdf' });
  const documentId = randomUUID();
  await dataSource.transaction(async (manager) => {
    const [{ esig_template_id }]: { esig_template_id: number }[] = await manager.query(
      `INSERT INTO esign.templates (team_id, name, type_id, default_storage_path, default_document_type, external_id, schema, created_by, created_ts, updated_ts)
       VALUES ($1, $2, 'b', -1, NULL, $3, $4::jsonb, $5, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()))
       RETURNING esig_template_id`,
      [teamId, DEMO_TEMPLATE_NAME, `${OWN_TEMPLATE_PREFIX}${randomUUID()}`, JSON.stringify(demoSchema(documentId)), agentId],
    );
    await manager.query(
      `INSERT INTO esign.template_documents (document_uuid, esig_template_id, position, name, storage_key, size, pages, page_sizes)
       VALUES ($1, $2, 1, $3, $4, $5, $6, $7::jsonb)`,
      [documentId, esig_template_id, `${DEMO_TEMPLATE_NAME}.pdf`, key, stored.size, facts.pages, JSON.stringify(facts.pageSizes)],
    );
  });
  return true;
}

/**
 * esign's part of the seed: a demo template (a small PDF made with pdf-lib, stored with the storage's put) for
 * Demo Realty, with a Buyer and an Agent and fields on both pages. Only with --wait (the services running, so
 * the files land where esign serves them). Idempotent: a team that has it is left alone.
 */
export const esignSeeder: Seeder = {
  service: 'esign',
  after: ['identity'],
  async seed({ dataSource, state, options }) {
    if (!options.live) return 'the demo template comes with --wait (the services running)';
    const team = state.teams.find((t) => t.key === 'demo');
    if (!team) return 'no Demo Realty in this run';
    const admin = state.users.find((u) => u.team_id === team.team_id && u.email === 'admin@demo-realty.test');
    if (!admin) return 'admin@demo-realty.test not found; nothing seeded';
    return (await seedDemoTemplate(dataSource, seedStorage(), team.team_id, admin.agent_id))
      ? 'created the demo template'
      : 'demo template already present';
  },
};
