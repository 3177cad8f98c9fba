import { mkdtempSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import {
  esignFieldOf,
  type EsignField,
  type EsignTemplateDetail,
  type EventEnvelope,
  type EventPayloads,
  type EventType,
  type Permission,
  type Role,
} from '@app/contracts';
import type { ProcessMode } from '@app/platform';
import { SEED_TEAMS } from '@app/seed';
import {
  bootTestService,
  createTestDatabase,
  eventDelivery,
  signTestToken,
  testEnv,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { esignConfigSpec, type EsignConfig } from '../src/esign.config';
import { EsignModule } from '../src/esign.module';
import { esignMigrations } from '../src/migrations';

/**
 * A database of its own and the esign app on it (mode 'all': its event consumer too); close() drops both.
 * deliver() puts an event on esign's events queue as a relay does and waits until it was consumed.
 */
export async function bootEsign(mode: ProcessMode = 'all', extraEnv: Record<string, string> = {}, database?: TestDatabase) {
  const db = database ?? (await createTestDatabase());
  const storageDir = mkdtempSync(path.join(tmpdir(), 'esign-storage-'));
  const sut = await bootTestService<EsignConfig>({
    service: 'esign',
    // The development sealing certificate is generated into a folder of the test's own.
    env: testEnv(db, { STORAGE_DIR: storageDir, ESIGN_DATA_DIR: path.join(storageDir, '.esign-data'), ...extraEnv }),
    configSpec: esignConfigSpec,
    migrations: esignMigrations,
    module: (config) => EsignModule.forRoot(config, mode),
  });
  const events = eventDelivery('esign', sut.config);
  return {
    database: db,
    sut,
    storageDir,
    deliver: events.deliver,
    /** Every file esign stores, relative to its namespace. */
    storedFiles: (): string[] => {
      const root = path.join(storageDir, 'esign');
      const walk = (at: string): string[] =>
        existsSync(at)
          ? readdirSync(at, { withFileTypes: true }).flatMap((e) =>
              e.isDirectory() ? walk(path.join(at, e.name)) : [path.relative(root, path.join(at, e.name))],
            )
          : [];
      // Content files only (not the driver's .meta folder).
      return walk(root).filter((file) => !file.startsWith('.meta'));
    },
    close: async () => {
      await events.close();
      await sut.close();
      if (!database) await db.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

export type BootedEsign = Awaited<ReturnType<typeof bootEsign>>;

/** A seeded user as identity signs them: the team plan's permissions, agent_esign from esign_enabled, none for CLIENT/VENDOR. */
export interface SeededCaller {
  email: string;
  agent_id: number;
  team_id: number;
  roles: Role[];
  permissions: Permission[];
}

/** Team ids of the test: the seed list's teams in order (demo 1, rival 2, bench 3); agent ids in order across them. */
export function seededCallers(): Map<string, SeededCaller> {
  const callers = new Map<string, SeededCaller>();
  let agentId = 100;
  SEED_TEAMS.forEach((team, index) => {
    for (const user of team.users) {
      agentId += 1;
      const outsider = user.roles.some((role) => role === 'CLIENT' || role === 'VENDOR');
      const plan = team.permissions.filter((p) => p === 'team_esign' || p === 'transaction_sync');
      const own = user.permissions ?? [];
      const derived: Permission[] = user.esign_enabled && team.permissions.includes('team_esign') ? ['agent_esign'] : [];
      callers.set(user.email, {
        email: user.email,
        agent_id: agentId,
        team_id: index + 1,
        roles: user.roles,
        permissions: outsider ? [] : [...plan, ...derived, ...own],
      });
    }
  });
  return callers;
}

/** A request as a user: await it for the response, or `.expect(status)` to check the status too (the body shows on a mismatch). */
export type ApiCall = PromiseLike<request.Response> & { expect(status: number): Promise<request.Response> };

/** Requests to the app as `caller`, each with a freshly signed token. */
export function apiAs(server: TestService<EsignConfig>['server'], caller: SeededCaller) {
  const call = (build: (auth: string) => request.Test): ApiCall => {
    const send = async () =>
      build(
        `Bearer ${await signTestToken({ agent_id: caller.agent_id, team_id: caller.team_id, roles: caller.roles, permissions: caller.permissions, market_id: 0 })}`,
      );
    return {
      expect: async (status: number) => {
        const response = await send();
        expect({ status: response.status, body: response.status === status ? undefined : response.body }).toEqual({
          status,
          body: undefined,
        });
        return response;
      },
      then: (resolve, reject) => send().then(resolve, reject),
    };
  };
  return {
    get: (path: string, query: Record<string, unknown> = {}) =>
      call((auth) => request(server).get(`/api${path}`).query(query).set('authorization', auth)),
    patch: (path: string, body: unknown) =>
      call((auth) =>
        request(server)
          .patch(`/api${path}`)
          .send(body as object)
          .set('authorization', auth),
      ),
    put: (path: string, body: unknown) =>
      call((auth) =>
        request(server)
          .put(`/api${path}`)
          .send(body as object)
          .set('authorization', auth),
      ),
    post: (path: string, body: unknown = {}) =>
      call((auth) =>
        request(server)
          .post(`/api${path}`)
          .send(body as object)
          .set('authorization', auth),
      ),
    delete: (path: string) => call((auth) => request(server).delete(`/api${path}`).set('authorization', auth)),
  };
}

export type Api = ReturnType<typeof apiAs>;

/** An event as its publisher's relay would deliver it. */
export function envelopeOf<T extends EventType>(type: T, teamId: number, payload: EventPayloads[T]): EventEnvelope<T> {
  return { id: randomUUID(), type, team_id: teamId, occurred_at: new Date().toISOString(), version: 1, payload } as EventEnvelope<T>;
}

/** A small real PDF: `pages` pages of US Letter (612 x 792 points) with a line of text each. */
export async function makePdf(pages = 2, title = 'Purchase Agreement'): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = document.addPage([612, 792]);
    page.drawText(`${title} - page ${i}`, { x: 72, y: 720, size: 18, font });
  }
  return Buffer.from(await document.save());
}

/** The whole upload as the console does it: ask for the URL, PUT the bytes, confirm. */
export async function uploadPdf(booted: BootedEsign, api: Api, bytes: Buffer, name = 'agreement.pdf') {
  const asked = await api.post('/esign/templates/upload', { name, type: 'application/pdf', size: bytes.length }).expect(201);
  const put = await request(booted.sut.server).put(asked.body.url).set('content-type', 'application/pdf').send(bytes);
  const confirmed = await api.post('/esign/templates/upload/confirm', { key: asked.body.key });
  return { key: asked.body.key as string, put, confirmed };
}

/**
 * esign's read copies of a sender and of a transaction as identity's and transactions' events leave them, and the
 * team's General folder (-1): what a test that sends a request on a transaction of another service needs.
 */
export async function seedSenderAndTransaction(booted: BootedEsign, sender: SeededCaller, clientId: number): Promise<void> {
  const query = (sql: string, params: unknown[]) => booted.sut.dataSource.query(sql, params);
  await query(
    `INSERT INTO esign.users (agent_id, team_id, first_name, last_name, email, status, roles, source_occurred_at) VALUES ($1, $2, 'Ada', 'Admin', $3, 'active', $4, now())`,
    [sender.agent_id, sender.team_id, sender.email, sender.roles],
  );
  await query(
    `INSERT INTO esign.transactions (client_id, team_id, version, type, address_1, city, state, postal_code) VALUES ($1, $2, 1, 'b', '12 Elm St', 'Austin', 'TX', '78701')`,
    [clientId, sender.team_id],
  );
  await query(
    `INSERT INTO esign.document_folders (team_id, folder_id, folder_name, transaction_type, client_visible, vendor_visible, sort) VALUES ($1, -1, 'General', NULL, false, false, 0)
     ON CONFLICT DO NOTHING`,
    [sender.team_id],
  );
}

/** A one-page template through the API with a signature for a Seller and one for an Agent (field uuids seller-sign, agent-sign). */
export async function createSellerAgentTemplate(booted: BootedEsign, api: Api, name = 'Listing Agreement'): Promise<EsignTemplateDetail> {
  const { key } = await uploadPdf(booted, api, await makePdf(1, name), 'listing.pdf');
  const created: EsignTemplateDetail = (
    await api
      .post('/esign/templates', { template_file: key, name, storage_folder_id: -1, type_id: null, default_document_type: null })
      .expect(201)
  ).body;
  const area = (y: number) => [{ page: 1, x: 0.1, y, w: 0.35, h: 0.06 }];
  const fields: EsignField[] = [
    esignFieldOf({
      uuid: 'seller-sign',
      role_uuid: 'seller',
      name: 'Seller signature',
      type: 'signature',
      required: true,
      areas: area(0.3),
    }),
    esignFieldOf({ uuid: 'agent-sign', role_uuid: 'agent', name: 'Agent signature', type: 'signature', required: true, areas: area(0.5) }),
  ];
  const roles = [
    { uuid: 'seller', name: 'Seller' },
    { uuid: 'agent', name: 'Agent' },
  ];
  return (
    await api
      .put(`/esign/templates/${created.esig_template_id}/schema`, {
        documents: created.schema.documents,
        roles,
        fields,
        updated_ts: created.updated_ts,
      })
      .expect(200)
  ).body;
}
