// Security suite: what every request meets on its way in and every answer carries on its way
// out, checked through a real edge in front of every service: the headers of the console, Display Mode,
// the APIs and stored files; bodies nested too deep, lone surrogates and bodies over the limit; NUL in a
// query; strict ids in every service.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { StorageService } from '@app/storage';
import { createTestDatabase, signTestToken, TINY_PNG, type TestDatabase, type TestService } from '@app/testing';
import { createEdge } from '../../edge/src/edge';
import { bootEveryService, type AnyConfig } from '../all-services';

describe('the request path, through the edge to every service', () => {
  let database: TestDatabase;
  let services: Map<ServiceName, TestService<AnyConfig>>;
  let edge: Server;
  let frontends: string;
  let storageDir: string;
  const through = () => request(edge);

  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = mkdtempSync(path.join(tmpdir(), 'security-storage-'));
    services = await bootEveryService(database, { STORAGE_DIR: storageDir });
    const upstreams = {} as Record<ServiceName, string>;
    for (const [service, booted] of services) {
      await booted.app.listen({ port: 0, host: '127.0.0.1' });
      upstreams[service] = `http://127.0.0.1:${(booted.app.getHttpServer().address() as AddressInfo).port}`;
    }
    frontends = mkdtempSync(path.join(tmpdir(), 'security-frontends-'));
    for (const app of ['console', 'display']) {
      mkdirSync(path.join(frontends, app, 'assets'), { recursive: true });
      writeFileSync(
        path.join(frontends, app, 'index.html'),
        `<!doctype html><title>${app}</title><script type="module" src="/assets/app.js"></script>`,
      );
    }
    edge = createEdge({ upstreams, consoleDir: path.join(frontends, 'console'), displayDir: path.join(frontends, 'display') });
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      edge?.closeAllConnections();
      if (edge) edge.close(() => resolve());
      else resolve();
    });
    for (const service of services?.values() ?? []) await service.close();
    await database?.drop();
    rmSync(frontends, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  });

  describe('headers', () => {
    it.each(['/', '/app/transactions', '/display/'])(
      'serves %s with a content policy allowing no inline or foreign script, unframeable, no referrer',
      async (url) => {
        const { headers } = await through().get(url).expect(200);
        const policy = new Map(
          String(headers['content-security-policy'])
            .split('; ')
            .map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')] as const),
        );
        expect(policy.get('script-src')).toBe("'self'");
        expect(policy.get('object-src')).toBe("'none'");
        expect(policy.get('frame-ancestors')).toBe("'none'");
        expect(headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
      },
    );

    it.each(SERVICE_NAMES)('answers %s JSON uncacheable, unsniffable, unframeable and inert, found or not', async (service) => {
      for (const url of [`/api/${service}/health`, `/api/${service}/no-such-thing`]) {
        const { headers } = await through().get(url);
        expect({ url, headers }).toMatchObject({
          url,
          headers: {
            'x-content-type-options': 'nosniff',
            'x-frame-options': 'DENY',
            'referrer-policy': 'no-referrer',
            'cache-control': 'no-store',
            'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
          },
        });
        // HSTS only in production (these run with NODE_ENV=test).
        expect(headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('serves a stored file unsniffable, with its disposition and a content policy that runs nothing (sandboxed unless a PDF)', async () => {
      const storage = services.get('identity')!.app.get(StorageService);
      await storage.put('security/logo.png', TINY_PNG, { contentType: 'image/png' });
      const image = await through()
        .get(await storage.createDownloadUrl('security/logo.png', { expiresInSeconds: 60, filename: 'logo.png' }))
        .expect(200);
      expect(image.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'content-type': 'image/png' });
      expect(image.headers['content-disposition']).toMatch(/^inline; filename="logo\.png"/);
      expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");

      await storage.put('security/page.html', Buffer.from('<script>alert(1)</script>'), { contentType: 'text/html' });
      const page = await through()
        .get(await storage.createDownloadUrl('security/page.html', { expiresInSeconds: 60, disposition: 'inline' }))
        .expect(200);
      expect(page.headers['content-disposition']).toBe('attachment');
      expect(page.headers['content-security-policy']).toContain('sandbox');

      await storage.put('security/a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' });
      const pdf = await through()
        .get(await storage.createDownloadUrl('security/a.pdf', { expiresInSeconds: 60 }))
        .expect(200);
      expect(pdf.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; object-src 'self'");
    });
  });

  describe.each(SERVICE_NAMES)('%s refuses bodies that would hurt later layers with 400', (service) => {
    // Any path: the body is parsed before routing decides anything (an unknown route still answers 400 here).
    const post = (body: string, url = service === 'identity' ? '/api/auth/login' : `/api/${service}/no-such-route`) =>
      through().post(url).set('content-type', 'application/json').send(body);

    it('a JSON body nested 10,000 levels deep, and arrays 1,500 deep', async () => {
      for (const body of ['{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000), '['.repeat(1500) + ']'.repeat(1500)]) {
        const response = await post(body).expect(400);
        expect(response.body).toEqual({ status: 'error', message: 'Request body is nested too deeply (at most 32 levels)' });
      }
    });

    it('a lone UTF-16 surrogate in a string or a key', async () => {
      for (const body of ['{"email":"\\ud800x","password":"x"}', '{"\\udc00":1}']) {
        const response = await post(body).expect(400);
        expect(response.body).toEqual({ status: 'error', message: 'Request body contains text that is not valid Unicode' });
      }
    });

    it('a body over 1 MB, every time (413), and serves the next request', async () => {
      for (let i = 0; i < 3; i++) {
        const response = await post(JSON.stringify({ text: 'x'.repeat(1_100_000) })).expect(413);
        expect(response.body).toEqual({ status: 'error', message: 'Request body is too large' });
      }
      await through().get(`/api/${service}/health/live`).expect(200);
    });
  });

  it('still parses a well-formed body with a surrogate pair and nesting within the limit', async () => {
    const response = await through()
      .post('/api/auth/login')
      .send({ email: 'nobody\ud83d\ude00@example.com', password: 'x', deep: [[[[1]]]] })
      .expect(400);
    // Past the parser: the DTO refuses the unknown property, not the parser.
    expect(response.body.message).not.toMatch(/nested|Unicode|not valid JSON/);
  });

  it('answers a malformed JSON body with 400 and the error shape', async () => {
    const response = await through().post('/api/auth/login').set('content-type', 'application/json').send('{"email": ').expect(400);
    expect(response.body).toEqual({ status: 'error', message: expect.stringMatching(/not valid JSON/) });
  });

  it('refuses a NUL in any query at the door', async () => {
    for (const url of [
      '/api/admin/users/download?quick_search_filter=%00',
      '/api/messages/dms?search=a%00b',
      '/api/transactions?quick_search=%00',
    ]) {
      expect((await through().get(url).expect(400)).body).toEqual({ status: 'error', message: 'The query contains a NUL character' });
    }
  });

  describe('strict ids: digits as written, in every service', () => {
    const tokenFor = (roles: ('ADMIN' | 'TRANC')[], permissions: ('team_esign' | 'agent_esign')[] = []) =>
      signTestToken({ agent_id: 900_001, team_id: 900_001, roles, permissions, market_id: 0 });

    it.each([
      ['identity', 'GET', '/api/admin/user?agent_id=0x1'],
      ['identity', 'GET', '/api/admin/user?agent_id=1e0'],
      ['team-admin', 'DELETE', '/api/documents/folders?folder_id=%201'],
      ['transactions', 'GET', '/api/transaction/0x10'],
      ['messaging', 'GET', '/api/messages/dms/14e0'],
      ['esign', 'GET', '/api/esign/templates/%2B1'],
      ['integrations-sync', 'GET', '/api/skyslope/sync-activity?page=0x2'],
    ])('%s refuses %s %s with 400', async (_service, method, url) => {
      const token = await tokenFor(['ADMIN'], ['team_esign', 'agent_esign']);
      const call = method === 'GET' ? through().get(url) : through().delete(url);
      const response = await call.set('authorization', `Bearer ${token}`).expect(400);
      expect(response.body.status).toBe('error');
    });

    it.each([
      ['identity', 'PATCH', '/api/admin/user', { agent_id: true }],
      ['identity', 'PATCH', '/api/admin/user', { agent_id: '14' }],
      ['team-admin', 'PATCH', '/api/documents/folders', { folder_id: '0xe', folder_name: 'x' }],
      ['messaging', 'PATCH', '/api/messages/dms', { dm_id: 14.5, dm_value: 'x' }],
    ])('%s refuses a body id %s %s %j with 400 naming the field', async (_service, _method, url, body) => {
      const token = await tokenFor(['ADMIN']);
      const response = await through().patch(url).set('authorization', `Bearer ${token}`).send(body).expect(400);
      expect(response.body.errors?.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining([Object.keys(body)[0]]));
    });
  });
});
