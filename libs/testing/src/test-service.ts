import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource, type MigrationInterface } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import type { ServiceName } from '@app/contracts';
import { schemaOf } from '@app/contracts';
import { createServiceDataSource, migrateServiceSchema } from '@app/database';
import { createHttpApp, createLogger, readConfig, baseConfigSpec, type ServiceConfig } from '@app/platform';
import { AccessTokenSigner, type AuthenticatedUser } from '@app/auth';
import { testSigningKeys } from './test-infra';

export interface TestServiceOptions<C extends ServiceConfig> {
  service: ServiceName;
  env: NodeJS.ProcessEnv;
  /** Extra config spec of the service (e.g. identityConfigSpec). */
  configSpec?: Parameters<typeof readConfig>[0];
  migrations: (new () => MigrationInterface)[];
  module: (config: C) => DynamicModule;
  configure?: (app: NestFastifyApplication, config: C) => void;
}

export interface TestService<C extends ServiceConfig> {
  app: NestFastifyApplication;
  config: C;
  dataSource: DataSource;
  /** The Node http.Server for supertest. */
  server: import('http').Server;
  close(): Promise<void>;
}

/** Migrates the service's schema, then boots its HTTP app (with relay and consumer in process when the module asks). */
export async function bootTestService<C extends ServiceConfig>(options: TestServiceOptions<C>): Promise<TestService<C>> {
  const config = {
    service: options.service,
    ...readConfig({ ...baseConfigSpec(options.service), ...(options.configSpec ?? {}) }, options.env),
  } as unknown as C;
  const migrationSource = createServiceDataSource({
    url: config.DATABASE_URL,
    schema: schemaOf(options.service),
    entities: [],
    migrations: options.migrations,
  });
  await migrateServiceSchema(migrationSource);
  const app = await createHttpApp({
    config,
    module: options.module(config),
    configure: options.configure ? (app) => options.configure!(app, config) : undefined,
    logger: createLogger(options.service, config.LOG_LEVEL),
  });
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    server: app.getHttpServer(),
    close: () => app.close(),
  };
}

/** An access token as identity would sign it, for tests of other services. */
export async function signTestToken(user: AuthenticatedUser, ttlSeconds?: number): Promise<string> {
  const signer = await AccessTokenSigner.fromPem(testSigningKeys().privateKey);
  return signer.sign(user, ttlSeconds);
}

/** Waits until `probe` returns a truthy value (or throws after the timeout). */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 10_000, stepMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, stepMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}

/**
 * A DataSource of the test's own on the service's database, outside the service's pool (of one in
 * the suites): for a test that holds a lock, or reads pg_stat_activity, while the service answers.
 * Destroy it when done.
 */
export async function sideDataSource(of: DataSource): Promise<DataSource> {
  const options = of.options as PostgresConnectionOptions;
  const side = new DataSource({
    ...options,
    poolSize: 2,
    applicationName: 'test-side',
    extra: { ...(options.extra ?? {}), connectionTimeoutMillis: undefined },
  });
  return side.initialize();
}
