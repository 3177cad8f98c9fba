// Starts Postgres and Redis once per test run (testcontainers when a Docker engine answers,
// local processes otherwise) and hands their URLs to every test file through the environment.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startPostgres, startRedis } from '../../scripts/infra.mjs';

async function tryContainers() {
  if (process.env.TEST_INFRA === 'local') return null;
  try {
    const { GenericContainer, Wait } = await import('testcontainers');
    const postgres = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres', POSTGRES_DB: 'realty' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/ready to accept connections/, 2))
      .start();
    const redis = await new GenericContainer('redis:7-alpine')
      .withCommand(['redis-server', '--appendonly', 'yes', '--maxmemory-policy', 'noeviction'])
      .withExposedPorts(6379)
      .start();
    return {
      databaseUrl: `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/realty`,
      redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      stop: async () => {
        await redis.stop();
        await postgres.stop();
      },
    };
  } catch (error) {
    console.log(`[test infra] no container runtime (${String(error.message ?? error).split('\n')[0]}); using local processes`);
    return null;
  }
}

export default async function globalSetup() {
  const started = Date.now();
  let infra = await tryContainers();
  if (!infra) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'realty-test-'));
    // The postgres OS user runs the server when we are root: let it into the folder.
    rmSync(dir, { recursive: true, force: true });
    const saved = { DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL };
    delete process.env.DATABASE_URL;
    delete process.env.REDIS_URL;
    const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'realty', quiet: true });
    const redis = await startRedis({ dataDir: path.join(dir, 'redis'), port: await freePort() });
    Object.assign(process.env, Object.fromEntries(Object.entries(saved).filter(([, v]) => v !== undefined)));
    infra = {
      databaseUrl: pg.url,
      redisUrl: redis.url,
      stop: async () => {
        await redis.stop();
        await pg.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  process.env.TEST_DATABASE_URL = infra.databaseUrl;
  process.env.TEST_REDIS_URL = infra.redisUrl;
  globalThis.__REALTY_TEST_INFRA__ = infra;
  console.log(`[test infra] Postgres and Redis ready in ${Date.now() - started} ms`);
}
