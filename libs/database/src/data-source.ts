import type { EventEmitter } from 'node:events';
import { Logger } from '@nestjs/common';
import { DataSource, type MixedList, type EntitySchema, type MigrationInterface } from 'typeorm';
import { QueryErrorLogger } from './query-error-logger';

/** A class TypeORM instantiates: an entity or a migration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TypeORM constructs these with its own arguments
export type EntityClass = new (...args: any[]) => unknown;

export interface ServiceDataSourceOptions {
  url: string;
  /** Postgres schema owned by the service. */
  schema: string;
  entities: MixedList<EntityClass | string | EntitySchema>;
  migrations: MixedList<EntityClass | string> | (new () => MigrationInterface)[];
  poolSize?: number;
  applicationName?: string;
  /** How long a query waits for a pooled connection before it fails (pg's connectionTimeoutMillis); none when unset. */
  acquireTimeoutMs?: number;
  /** Postgres statement_timeout of every connection (ms); none when unset (migrations, seeds). */
  statementTimeoutMs?: number;
  /** Postgres idle_in_transaction_session_timeout of every connection (ms); none when unset. */
  idleInTransactionTimeoutMs?: number;
}

/** The message pg-pool throws when no connection came free within the acquire timeout. */
export const POOL_ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** One DataSource per service, pinned to the service's schema (tables and search_path). */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  // Only named statements (preparedQuery) are saved plans: one generic plan each, never re-planned per call.
  // Every other query is an unnamed statement, which Postgres always plans for its values whatever this says.
  const settings = [`-c search_path=${options.schema},public`, '-c plan_cache_mode=force_generic_plan'];
  if (options.statementTimeoutMs) settings.push(`-c statement_timeout=${options.statementTimeoutMs}`);
  if (options.idleInTransactionTimeoutMs) settings.push(`-c idle_in_transaction_session_timeout=${options.idleInTransactionTimeoutMs}`);
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations as MixedList<EntityClass>,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: ['error', 'warn'],
    logger: new QueryErrorLogger(options.schema),
    applicationName: options.applicationName ?? options.schema,
    poolSize: options.poolSize ?? 10,
    extra: {
      options: settings.join(' '),
      ...(options.acquireTimeoutMs ? { connectionTimeoutMillis: options.acquireTimeoutMs } : {}),
    },
  });
}

const poolLogger = new Logger('Postgres');

/**
 * Every pooled client gets an error listener for its whole life: a connection that Postgres ends
 * (a restart: 57P01) while checked out but between queries would otherwise raise an unhandled
 * 'error' event and end the process. The query in flight fails on its own; the pool drops the client.
 */
export function watchPool(dataSource: DataSource): void {
  const pool = (dataSource.driver as unknown as { master?: EventEmitter }).master;
  if (!pool) return;
  const onClientError = (error: Error) => poolLogger.warn(`connection lost: ${error.message}`);
  pool.on('connect', (client: EventEmitter) => client.on('error', onClientError));
}

/**
 * Initialises the DataSource, waiting for Postgres (capped backoff, 0.5 s up to 5 s, logging what it
 * waits for) instead of failing the boot: a process started while Postgres restarts heals by itself.
 */
export async function initializeWhenReachable(dataSource: DataSource, label: string, signal?: AbortSignal): Promise<DataSource> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.initialize();
      watchPool(dataSource);
      if (attempt > 1) poolLogger.log(`${label}: Postgres reached after ${attempt} attempts`);
      return dataSource;
    } catch (error) {
      if (signal?.aborted) throw error;
      const waitMs = Math.min(500 * attempt, 5000);
      poolLogger.warn(`${label}: waiting for Postgres (${(error as Error).message}); retrying in ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/** Creates the schema if needed, then applies pending migrations, each in its own transaction. */
export async function migrateServiceSchema(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema: string }).schema;
  const wasInitialized = dataSource.isInitialized;
  if (!wasInitialized) await dataSource.initialize();
  try {
    // Several services migrate at once on a fresh database; serialize on one advisory lock per schema.
    await dataSource.query(`SELECT pg_advisory_lock(hashtext($1))`, [`migrate:${schema}`]);
    try {
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((m) => m.name);
    } finally {
      await dataSource.query(`SELECT pg_advisory_unlock(hashtext($1))`, [`migrate:${schema}`]);
    }
  } finally {
    if (!wasInitialized) await dataSource.destroy();
  }
}

/** Readiness: the schema exists and no migration is pending. */
export async function schemaIsReady(dataSource: DataSource): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  const pending = await dataSource.showMigrations();
  return !pending;
}
