import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { Client } from 'pg';

/** Postgres and Redis URLs started once for the whole run by test/jest/global-setup.mjs. */
export function testInfraUrls(): { databaseUrl: string; redisUrl: string } {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error(
      'TEST_DATABASE_URL / TEST_REDIS_URL are not set: run integration tests through jest (npm test), whose globalSetup starts Postgres and Redis',
    );
  }
  return { databaseUrl, redisUrl };
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file, so suites never see each other's rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { databaseUrl } = testInfraUrls();
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

let keys: { privateKey: string; publicKey: string } | undefined;

/** One ES256 key pair per test process. */
export function testSigningKeys() {
  keys ??= generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return keys;
}

/** Environment for a service under test: its own database and queue prefix. */
export function testEnv(database: TestDatabase, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { redisUrl } = testInfraUrls();
  const { privateKey, publicKey } = testSigningKeys();
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    JWT_PUBLIC_KEY: publicKey,
    JWT_PRIVATE_KEY: privateKey,
    QUEUE_PREFIX: `t-${database.name}`,
    PORT: '0',
    // One connection per service process: a query that waits for a second pooled connection while its
    // transaction holds the first (a repository reached without the transaction's manager) fails the
    // suite at once instead of passing by luck with a pool of ten.
    DATABASE_POOL_SIZE: '1',
    DATABASE_ACQUIRE_TIMEOUT_MS: '10000',
    ...extra,
  };
}
