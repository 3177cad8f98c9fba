import { mkdtempSync, rmSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import request from 'supertest';
import {
  esignFieldOf,
  schemaOf,
  type EsignField,
  type EsignFieldType,
  type EsignSigningSession,
  type EsignTemplateDetail,
} from '@app/contracts';
import { createServiceDataSource, migrateServiceSchema } from '@app/database';
import type { QueuedMail } from '@app/mail';
import { baseConfigSpec, createHttpApp, createLogger, readConfig } from '@app/platform';
import { createTestDatabase, eventually, testEnv, type TestDatabase } from '@app/testing';
import { FAKE_DOCUSEAL_API_KEY, startFakeDocuseal, type FakeDocuseal } from '../fake-docuseal';
import { esignConfigSpec, type EsignConfig } from '../src/esign.config';
import { EsignModule } from '../src/esign.module';
import { esignMigrations } from '../src/migrations';
import { RequestProviders } from '../src/provider/request-providers';
import { SigningEngine } from '../src/requests/signing-engine';
import { apiAs, makePdf, seededCallers, type Api, type SeededCaller } from './esign-test-kit';

// What the provider contract suite and the DocuSeal adapter's tests share: esign booted on a database of its own with
// either engine (DocuSeal: the fake, in process), its log lines captured when asked, the read copies a request needs,
// a two-role template, and a "signer" per engine who opens, signs and declines (own: through the mailed links and the
// public signing page; DocuSeal: through the fake's control API).

export type EngineName = 'own' | 'docuseal';

export interface BootedProvider {
  engine: EngineName;
  fake: FakeDocuseal | null;
  config: EsignConfig;
  server: import('http').Server;
  dataSource: DataSource;
  app: Awaited<ReturnType<typeof createHttpApp>>;
  storageDir: string;
  /** Every log line the service wrote (JSON), when booted with captureLogs. */
  logs: string[];
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** A stored file of esign's namespace. */
  stored(key: string): Buffer | null;
  storedFiles(): string[];
  close(): Promise<void>;
}

/** esign (mode 'all': its jobs too) with the engine; DocuSeal: a fake started for it. Polls only when a test asks. */
export async function bootProvider(
  engine: EngineName,
  options: { captureLogs?: boolean; env?: Record<string, string> } = {},
): Promise<BootedProvider> {
  const database: TestDatabase = await createTestDatabase();
  const storageDir = mkdtempSync(path.join(tmpdir(), `esign-${engine}-`));
  const fake = engine === 'docuseal' ? await startFakeDocuseal() : null;
  const logs: string[] = [];
  const env = testEnv(database, {
    STORAGE_DIR: storageDir,
    ESIGN_DATA_DIR: path.join(storageDir, '.esign-data'),
    ESIGN_PROVIDER: engine,
    // The scheduler stays out of the way: the tests run the poller's step themselves.
    ESIGN_POLL_INTERVAL_SECONDS: '86400',
    ...(fake ? { DOCUSEAL_URL: fake.apiUrl, DOCUSEAL_API_KEY: FAKE_DOCUSEAL_API_KEY } : {}),
    ...(options.captureLogs ? { LOG_LEVEL: 'debug' } : {}),
    ...options.env,
  });
  const config = { service: 'esign', ...readConfig({ ...baseConfigSpec('esign'), ...esignConfigSpec }, env) } as unknown as EsignConfig;
  await migrateServiceSchema(
    createServiceDataSource({ url: config.DATABASE_URL, schema: schemaOf('esign'), entities: [], migrations: esignMigrations }),
  );
  const destination = options.captureLogs ? { write: (line: string) => void logs.push(line) } : undefined;
  const app = await createHttpApp({
    config,
    module: EsignModule.forRoot(config, 'all'),
    logger: createLogger('esign', config.LOG_LEVEL, destination),
  });
  const dataSource = app.get(DataSource);
  const root = path.join(storageDir, 'esign');
  return {
    engine,
    fake,
    config,
    app,
    server: app.getHttpServer(),
    dataSource,
    storageDir,
    logs,
    query: (sql, params = []) => dataSource.query(sql, params),
    stored: (key) => (existsSync(path.join(root, key)) ? readFileSync(path.join(root, key)) : null),
    storedFiles: () => {
      const walk = (at: string): string[] =>
        existsSync(at)
          ? readdirSync(at, { withFileTypes: true }).flatMap((e) =>
              e.isDirectory() ? walk(path.join(at, e.name)) : [path.relative(root, path.join(at, e.name))],
            )
          : [];
      return walk(root).filter((file) => !file.startsWith('.meta'));
    },
    close: async () => {
      await app.close();
      await fake?.close();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export const CALLERS = seededCallers();
export const ADMIN: SeededCaller = CALLERS.get('admin@demo-realty.test')!;
export const BENCH_ADMIN: SeededCaller = CALLERS.get('admin@bench-realty.test')!;
export const CLIENT_ID = 5001;

/** esign's read copies a request needs: the team's folder, the sender, a transaction (as their events would leave them). */
export async function seedReadCopies(booted: BootedProvider): Promise<void> {
  await booted.query(
    `INSERT INTO esign.document_folders (team_id, folder_id, folder_name, transaction_type, client_visible, vendor_visible, sort) VALUES ($1, -1, 'General', NULL, false, false, 1)`,
    [ADMIN.team_id],
  );
  await booted.query(
    `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at) VALUES ($1, $2, 'Ada', 'Admin', $3, 'active', '{ADMIN}', now())`,
    [ADMIN.agent_id, ADMIN.team_id, ADMIN.email],
  );
  await booted.query(
    `INSERT INTO esign.transactions (client_id, team_id, version, type, address_1, city, state, postal_code) VALUES ($1, $2, 1, 'b', '12 Elm St', 'Austin', 'TX', '78701')`,
    [CLIENT_ID, ADMIN.team_id],
  );
}

let seq = 0;
export function fieldOf(type: EsignFieldType, role: string, extra: Partial<EsignField> = {}): EsignField {
  seq += 1;
  return esignFieldOf({
    uuid: `field-${seq}`,
    role_uuid: role,
    name: `${type} ${seq}`,
    type,
    options: ['select', 'radio', 'multiple'].includes(type)
      ? [
          { value: 'Yes', uuid: `o-${seq}-1` },
          { value: 'No', uuid: `o-${seq}-2` },
        ]
      : [],
    areas: [{ page: 1, x: 0.1, y: 0.1 + (seq % 8) * 0.08, w: 0.3, h: 0.05 }],
    ...extra,
  });
}

/** Buyer: name (required text), signature, phone (the sender's, read-only); Seller: initials and a checkbox on page 2. */
export function purchaseFields() {
  return {
    buyerName: fieldOf('text', 'role-buyer', { required: true, name: 'Buyer name' }),
    buyerSignature: fieldOf('signature', 'role-buyer', { required: true, name: 'Buyer signature' }),
    buyerPhone: fieldOf('phone', 'role-buyer', { name: 'Buyer phone' }),
    sellerInitials: fieldOf('initials', 'role-seller', { required: true, name: 'Seller initials' }),
    sellerAgree: fieldOf('checkbox', 'role-seller', { name: 'Seller agrees', areas: [{ page: 2, x: 0.5, y: 0.5, w: 0.05, h: 0.03 }] }),
  };
}
export type PurchaseFields = ReturnType<typeof purchaseFields>;

/** Upload, confirm and create a template of a `pages`-page PDF. */
export async function createTemplate(booted: BootedProvider, api: Api, name: string, pages = 2): Promise<EsignTemplateDetail> {
  const bytes = await makePdf(pages, name);
  const asked = await api.post('/esign/templates/upload', { name: `${name}.pdf`, type: 'application/pdf', size: bytes.length }).expect(201);
  await request(booted.server).put(asked.body.url).set('content-type', 'application/pdf').send(bytes).expect(200);
  await api.post('/esign/templates/upload/confirm', { key: asked.body.key }).expect(200);
  return (
    await api
      .post('/esign/templates', { template_file: asked.body.key, name, storage_folder_id: -1, type_id: null, default_document_type: null })
      .expect(201)
  ).body;
}

/** A template with the two roles and purchaseFields, saved through the builder's autosave call. */
export async function purchaseTemplate(
  booted: BootedProvider,
  api: Api,
  fields: PurchaseFields,
  name = 'Purchase Agreement',
): Promise<EsignTemplateDetail> {
  const created = await createTemplate(booted, api, name);
  return (
    await api
      .put(`/esign/templates/${created.esig_template_id}/schema`, {
        documents: created.schema.documents,
        roles: [
          { uuid: 'role-buyer', name: 'Buyer' },
          { uuid: 'role-seller', name: 'Seller' },
        ],
        fields: Object.values(fields),
        updated_ts: created.updated_ts,
      })
      .expect(200)
  ).body;
}

/** The body of POST /esign/requests for the purchase template: Buyer and Seller, the buyer's phone set read-only. */
export function sendBody(template: EsignTemplateDetail, fields: PurchaseFields, extra: Record<string, unknown> = {}) {
  return {
    client_id: CLIENT_ID,
    template_ids: [template.esig_template_id],
    signature_order: 'P',
    email_config: { default: { subject: 'Please sign', body: 'Here is the agreement.' } },
    signers: [
      { role: 'Buyer', name: 'Zoë Buyer', email: 'buyer@mail.test', order: 1 },
      { role: 'Seller', name: 'Sam Seller', email: 'seller@mail.test', order: 2 },
    ],
    fields: [{ fieldId: fields.buyerPhone.uuid, value: '(555) 123-4567', readonly: true }],
    ...extra,
  };
}

export const SIGNER_EMAILS: Record<string, string> = { Buyer: 'buyer@mail.test', Seller: 'seller@mail.test' };
export const SIGNER_UA = 'Mozilla/5.0 (Contract; Jest) Signer/1.0';

/**
 * Plays the signers of a request, whichever engine sent it. own: their invitations on the mail.outgoing queue carry
 * the links; they open, sign and decline on the public signing page. DocuSeal: the fake's control API.
 */
export interface Signer {
  /** Who has been invited so far (emails, sorted). */
  invited(requestId: number): Promise<string[]>;
  open(requestId: number, role: string): Promise<void>;
  complete(requestId: number, role: string): Promise<void>;
  decline(requestId: number, role: string, reason: string): Promise<void>;
  /** Whether the signer could still act at the provider (own: their link opens to sign; DocuSeal: the submission is live). */
  canSign(requestId: number, role: string): Promise<boolean>;
  /** The invitation could not be delivered. */
  bounce(requestId: number, role: string): Promise<void>;
  /** The provider's news brought in, as the poller does (own: its expiry/resend step; DocuSeal: GET the submission). */
  poll(requestId: number): Promise<void>;
  close(): Promise<void>;
}

export function signerFor(booted: BootedProvider): Signer {
  const poll = (requestId: number) => booted.app.get(RequestProviders).refresh(requestId);
  if (booted.engine === 'docuseal') {
    const fake = booted.fake!;
    const submissionOf = async (requestId: number) => {
      const rows = await booted.query<{ external_id: string }>(`SELECT external_id FROM esign.requests WHERE esig_request_id = $1`, [
        requestId,
      ]);
      return Number(rows[0].external_id);
    };
    const party = async (requestId: number, role: string) => fake.control.submitterId(await submissionOf(requestId), role);
    return {
      invited: async (requestId) => {
        const submission = (await fake.control.submission(await submissionOf(requestId))) as {
          submitters: { email: string; sent_at: string | null }[];
        };
        return submission.submitters
          .filter((s) => s.sent_at)
          .map((s) => s.email)
          .sort();
      },
      open: async (requestId, role) => void (await fake.control.open(await party(requestId, role), { ip: '203.0.113.7', ua: SIGNER_UA })),
      complete: async (requestId, role) =>
        void (await fake.control.complete(await party(requestId, role), { ip: '203.0.113.7', ua: SIGNER_UA })),
      decline: async (requestId, role, reason) =>
        void (await fake.control.decline(await party(requestId, role), { ip: '203.0.113.7', ua: SIGNER_UA, reason })),
      canSign: async (requestId) =>
        ((await fake.control.submission(await submissionOf(requestId))) as { archived_at: string | null }).archived_at === null,
      bounce: async (requestId, role) => void (await fake.control.bounce(await party(requestId, role), { reason: 'mailbox unavailable' })),
      poll,
      close: async () => undefined,
    };
  }
  const redis = new IORedis(booted.config.REDIS_URL, { maxRetriesPerRequest: null });
  const mailQueue = new Queue<QueuedMail>('mail.outgoing', { connection: redis, prefix: booted.config.QUEUE_PREFIX });
  const invitations = async (requestId: number) => {
    // Written in the change's transaction, put on mail.outgoing by the relay right after the commit.
    await eventually(
      async () =>
        ((await booted.dataSource.query(`SELECT count(*)::int AS n FROM esign.outbox WHERE published_at IS NULL`)) as { n: number }[])[0]
          .n === 0,
    );
    const jobs = await mailQueue.getJobs(['waiting', 'delayed', 'completed', 'failed', 'active', 'paused', 'prioritized']);
    return jobs
      .map((job) => job.data)
      .filter((mail) => mail.id.startsWith(`esign-${requestId}-invitation-`))
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
  };
  const tokenOf = async (requestId: number, role: string) => {
    const mail = (await invitations(requestId)).filter((m) => m.to === SIGNER_EMAILS[role]).pop();
    if (!mail) throw new Error(`${role} of request ${requestId} has no invitation`);
    return /\/sign\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  };
  const session = async (token: string): Promise<EsignSigningSession> =>
    (await request(booted.server).get(`/api/esign/sign/${token}`).set('user-agent', SIGNER_UA).expect(200)).body;
  const valueOf = (field: EsignField): unknown => {
    switch (field.type) {
      case 'signature':
        return { kind: 'typed', text: 'Zoë Buyer' };
      case 'initials':
        return { kind: 'typed', text: 'SS' };
      case 'checkbox':
        return true;
      case 'phone':
        return '5551234567';
      case 'date':
        return '2026-01-02';
      case 'number':
        return 1;
      case 'select':
      case 'radio':
        return field.options[0]?.value;
      case 'multiple':
        return [field.options[0]?.value];
      default:
        return 'Signed value';
    }
  };
  return {
    invited: async (requestId) => [...new Set((await invitations(requestId)).map((mail) => mail.to))].sort(),
    open: async (requestId, role) => void (await session(await tokenOf(requestId, role))),
    complete: async (requestId, role) => {
      const token = await tokenOf(requestId, role);
      const opened = await session(token);
      const values = Object.fromEntries(
        opened.fields
          .filter((f) => opened.own_field_ids.includes(f.uuid) && f.default_value !== '{{date}}')
          .map((f) => [f.uuid, valueOf(f)]),
      );
      await request(booted.server)
        .post(`/api/esign/sign/${token}/complete`)
        .set('user-agent', SIGNER_UA)
        .send({ values, consent: true })
        .expect(200);
    },
    decline: async (requestId, role, reason) => {
      await request(booted.server)
        .post(`/api/esign/sign/${await tokenOf(requestId, role)}/decline`)
        .set('user-agent', SIGNER_UA)
        .send({ reason })
        .expect(200);
    },
    canSign: async (requestId, role) => (await session(await tokenOf(requestId, role))).state === 'open',
    bounce: async (requestId, role) => {
      // As messaging.mail.failed for the invitation's mail id arrives.
      const mail = (await invitations(requestId)).filter((m) => m.to === SIGNER_EMAILS[role]).pop()!;
      await booted.dataSource.transaction((manager) => booted.app.get(SigningEngine).invitationFailed(manager, mail.id));
    },
    poll,
    close: async () => {
      await mailQueue.close();
      redis.disconnect();
    },
  };
}

/** The request's status as esign has it (settlesAt runs the poller's step first). */
export async function statusOf(booted: BootedProvider, requestId: number): Promise<string> {
  return (await booted.query<{ status: string }>(`SELECT status FROM esign.requests WHERE esig_request_id = $1`, [requestId]))[0].status;
}

/** Polls (the poller's step) until the request has `status` (the own engine seals C in its job). */
export async function settlesAt(
  booted: BootedProvider,
  signer: Signer,
  requestId: number,
  status: string,
  timeoutMs = 30_000,
): Promise<void> {
  await eventually(
    async () => {
      await signer.poll(requestId);
      return (await statusOf(booted, requestId)) === status;
    },
    timeoutMs,
    200,
  ).catch(async (error: Error) => {
    throw new Error(`request ${requestId} is ${await statusOf(booted, requestId)}, not ${status}: ${error.message}`);
  });
}

export { apiAs };
