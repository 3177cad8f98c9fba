// Applies pending migrations: `node dist/scripts/migrate.js [service ...]` (all services by default).
import 'reflect-metadata';
import { SERVICE_NAMES, schemaOf, type ServiceName } from '@app/contracts';
import { createServiceDataSource, migrateServiceSchema } from '@app/database';
import { SERVICE_MIGRATIONS } from './service-registry';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('[migrate] DATABASE_URL is missing (expected postgres://...)');
    process.exit(78);
  }
  const requested = process.argv.slice(2);
  const unknown = requested.filter((s) => !SERVICE_NAMES.includes(s as ServiceName));
  if (unknown.length) {
    console.error(`[migrate] unknown service ${unknown.join(', ')}; known: ${SERVICE_NAMES.join(', ')}`);
    process.exit(64);
  }
  const services = (requested.length ? requested : SERVICE_NAMES) as ServiceName[];
  for (const service of services) {
    const applied = await migrateServiceSchema(
      createServiceDataSource({ url, schema: schemaOf(service), entities: [], migrations: SERVICE_MIGRATIONS[service], poolSize: 1 }),
    );
    console.log(`[migrate] ${service}: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
}

main().catch((error) => {
  console.error(`[migrate] failed: ${error.message}`);
  process.exit(1);
});
