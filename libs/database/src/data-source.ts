import { DataSource, type MixedList, type EntitySchema, type MigrationInterface } from 'typeorm';
import { QueryErrorLogger } from './query-error-logger';

export interface ServiceDataSourceOptions {
  url: string;
  /** Postgres schema owned by the service. */
  schema: string;
  entities: MixedList<Function | string | EntitySchema>;
  migrations: MixedList<Function | string> | (new () => MigrationInterface)[];
  poolSize?: number;
  applicationName?: string;
}

/** One DataSource per service, pinned to the service's schema (tables and search_path). */
export function createServiceDataSource(options: ServiceDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    entities: options.entities,
    migrations: options.migrations as MixedList<Function>,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: ['error', 'warn'],
    logger: new QueryErrorLogger(options.schema),
    applicationName: options.applicationName ?? options.schema,
    poolSize: options.poolSize ?? 10,
    extra: { options: `-c search_path=${options.schema},public` },
  });
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
