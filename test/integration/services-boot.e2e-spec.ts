import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import type { ProcessMode, ServiceConfig } from '@app/platform';
import { bootTestService, createTestDatabase, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { esignConfigSpec } from '../../services/esign/src/esign.config';
import { EsignModule } from '../../services/esign/src/esign.module';
import { identityConfigSpec } from '../../services/identity/src/identity.config';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { integrationsSyncConfigSpec } from '../../services/integrations-sync/src/integrations-sync.config';
import { IntegrationsSyncModule } from '../../services/integrations-sync/src/integrations-sync.module';
import { messagingConfigSpec } from '../../services/messaging/src/messaging.config';
import { MessagingModule } from '../../services/messaging/src/messaging.module';
import { teamAdminConfigSpec } from '../../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../../services/team-admin/src/team-admin.module';
import { transactionsConfigSpec } from '../../services/transactions/src/transactions.config';
import { configureTransactionsApp, TransactionsModule } from '../../services/transactions/src/transactions.module';
import { SERVICE_MIGRATIONS } from '../../scripts/service-registry';

type AnyConfig = ServiceConfig & Record<string, never>;
const MODULES: Record<ServiceName, (config: AnyConfig, mode: ProcessMode) => DynamicModule> = {
  identity: (c, m) => IdentityModule.forRoot(c as never, m),
  'team-admin': (c, m) => TeamAdminModule.forRoot(c as never, m),
  transactions: (c, m) => TransactionsModule.forRoot(c as never, m),
  messaging: (c, m) => MessagingModule.forRoot(c as never, m),
  esign: (c, m) => EsignModule.forRoot(c as never, m),
  'integrations-sync': (c, m) => IntegrationsSyncModule.forRoot(c as never, m),
};

describe('every service boots with health, OpenAPI, metrics and request ids', () => {
  let database: TestDatabase;
  const services = new Map<ServiceName, TestService<AnyConfig>>();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const service of SERVICE_NAMES) {
      services.set(
        service,
        await bootTestService<AnyConfig>({
          service,
          env: testEnv(database),
          configSpec: service === 'identity' ? identityConfigSpec : service === 'team-admin' ? teamAdminConfigSpec : service === 'transactions' ? transactionsConfigSpec : service === 'integrations-sync' ? integrationsSyncConfigSpec : service === 'messaging' ? messagingConfigSpec : service === 'esign' ? esignConfigSpec : undefined,
          migrations: SERVICE_MIGRATIONS[service],
          module: (config) => MODULES[service](config, 'api'),
          configure: service === 'transactions' ? (app: NestFastifyApplication, config) => configureTransactionsApp(app, config as never) : undefined,
        }),
      );
    }
  });

  afterAll(async () => {
    for (const service of services.values()) await service.close();
    await database.drop();
  });

  describe.each(SERVICE_NAMES)('%s', (service) => {
    const server = () => services.get(service)!.server;

    it('answers ready when its schema is migrated and Redis answers', async () => {
      const response = await request(server()).get(`/api/${service}/health`).expect(200);
      expect(response.body).toEqual({ status: 'ok', service, checks: { database: 'up', redis: 'up' } });
    });

    it('answers a cheap liveness probe', async () => {
      await request(server()).get(`/api/${service}/health/live`).expect(200, { status: 'ok', service });
    });

    it('serves its OpenAPI document', async () => {
      const response = await request(server()).get(`/api/${service}/openapi.json`).expect(200);
      expect(response.body.openapi).toMatch(/^3\./);
      expect(response.body.info.title).toBe(`${service} service`);
      expect(Object.keys(response.body.paths)).toContain(`/api/${service}/health`);
    });

    it('serves Prometheus metrics with request durations', async () => {
      await request(server()).get(`/api/${service}/health/live`);
      const response = await request(server()).get('/metrics').expect(200);
      expect(response.text).toContain(`process_cpu_user_seconds_total{service="${service}"}`);
      expect(response.text).toMatch(new RegExp(`http_request_duration_seconds_count\\{[^}]*route="/api/${service}/health/live"`));
    });

    it('echoes or assigns a request id', async () => {
      const echoed = await request(server()).get(`/api/${service}/health/live`).set('x-request-id', 'trace-123');
      expect(echoed.headers['x-request-id']).toBe('trace-123');
      const assigned = await request(server()).get(`/api/${service}/health/live`);
      expect(assigned.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers unknown routes with the error shape, never a stack trace', async () => {
      const response = await request(server()).get(`/api/${service}/no-such-thing`).expect(404);
      expect(response.body).toEqual({ status: 'error', message: expect.any(String) });
    });

    it('sends the security headers with JSON answers: nosniff, no framing, no referrer, no caching, no active content', async () => {
      for (const path of [`/api/${service}/health`, `/api/${service}/no-such-thing`]) {
        const { headers } = await request(server()).get(path);
        expect({ path, headers }).toMatchObject({
          path,
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
  });

  it('reports not ready when a migration is pending', async () => {
    const identity = services.get('identity')!;
    await identity.dataSource.query(`DELETE FROM identity.migrations WHERE name = 'IdentityInitial1763700000100'`);
    try {
      const response = await request(identity.server).get('/api/identity/health').expect(503);
      expect(response.body.checks).toEqual({ database: 'down', redis: 'up' });
    } finally {
      await identity.dataSource.query(`INSERT INTO identity.migrations (timestamp, name) VALUES (1763700000100, 'IdentityInitial1763700000100')`);
    }
  });

  describe.each(SERVICE_NAMES)('%s refuses bodies that would hurt later layers with 400', (service) => {
    // Any path: the body is parsed before routing decides anything (an unknown route still answers 400 here).
    const post = (body: string, path = service === 'identity' ? '/api/auth/login' : `/api/${service}/no-such-route`) =>
      request(services.get(service)!.server).post(path).set('content-type', 'application/json').send(body);

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
  });

  it('still parses a well-formed body with a surrogate pair and nesting within the limit', async () => {
    const response = await request(services.get('identity')!.server)
      .post('/api/auth/login')
      .send({ email: 'nobody\ud83d\ude00@example.com', password: 'x', deep: [[[[1]]]] })
      .expect(400);
    // Past the parser: the DTO refuses the unknown property, not the parser.
    expect(response.body.message).not.toMatch(/nested|Unicode|not valid JSON/);
  });

  it('answers a malformed JSON body with 400 and the error shape', async () => {
    const response = await request(services.get('identity')!.server)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email": ')
      .expect(400);
    expect(response.body).toEqual({ status: 'error', message: expect.stringMatching(/not valid JSON/) });
  });
});

describe('a service with missing or malformed settings', () => {
  const entry = (service: ServiceName) => path.join(__dirname, '..', '..', 'dist', 'services', service, 'src', 'main.js');
  const run = (service: ServiceName, env: Record<string, string>) =>
    spawnSync(process.execPath, [entry(service)], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });

  beforeAll(() => {
    if (!existsSync(entry('identity'))) spawnSync(process.execPath, ['scripts/build.mjs', '--backend'], { cwd: path.join(__dirname, '..', '..') });
  });

  it.each(SERVICE_NAMES)('%s refuses to start with one line naming what is missing', (service) => {
    const result = run(service, {});
    expect(result.status).toBe(78);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`[${service}] refusing to start:`);
    expect(lines[0]).toContain('DATABASE_URL is missing (expected postgres://...)');
    expect(lines[0]).toContain('JWT_PUBLIC_KEY is missing');
    if (service === 'identity') expect(lines[0]).toContain('JWT_PRIVATE_KEY is missing');
  });

  it('names a malformed value', () => {
    const result = run('messaging', { DATABASE_URL: 'mysql://x', REDIS_URL: 'redis://127.0.0.1:1', JWT_PUBLIC_KEY: 'nope', PORT: 'abc' });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(result.stderr).toContain('PORT must be a port number between 0 and 65535, got "abc"');
    expect(result.stderr).toContain('JWT_PUBLIC_KEY is not a PEM public key');
  });
});
