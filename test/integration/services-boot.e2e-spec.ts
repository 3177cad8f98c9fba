import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import { createTestDatabase, type TestDatabase, type TestService } from '@app/testing';
import { bootEveryService, type AnyConfig } from '../all-services';

describe('every service boots with health, OpenAPI, metrics and request ids', () => {
  let database: TestDatabase;
  const services = new Map<ServiceName, TestService<AnyConfig>>();

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const [service, booted] of await bootEveryService(database)) services.set(service, booted);
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
  });

  it('reports not ready when a migration is pending', async () => {
    const identity = services.get('identity')!;
    await identity.dataSource.query(`DELETE FROM identity.migrations WHERE name = 'IdentityInitial1763700000100'`);
    try {
      const response = await request(identity.server).get('/api/identity/health').expect(503);
      expect(response.body.checks).toEqual({ database: 'down', redis: 'up' });
    } finally {
      await identity.dataSource.query(
        `INSERT INTO identity.migrations (timestamp, name) VALUES (1763700000100, 'IdentityInitial1763700000100')`,
      );
    }
  });
});

describe('a service with missing or malformed settings', () => {
  const entry = (service: ServiceName) => path.join(__dirname, '..', '..', 'dist', 'services', service, 'src', 'main.js');
  const run = (service: ServiceName, env: Record<string, string>) =>
    spawnSync(process.execPath, [entry(service)], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });

  beforeAll(() => {
    if (!existsSync(entry('identity')))
      spawnSync(process.execPath, ['scripts/build.mjs', '--backend'], { cwd: path.join(__dirname, '..', '..') });
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
