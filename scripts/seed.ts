// Seeds the demo teams and users (idempotent): `node dist/scripts/seed.js`.
import 'reflect-metadata';
import { schemaOf } from '@app/contracts';
import { createServiceDataSource } from '@app/database';
import { EventOutbox } from '@app/events';
import { identityEntities } from '../services/identity/src/identity.module';
import { identityMigrations } from '../services/identity/src/migrations';
import { seedIdentityDemo } from '../services/identity/src/seed/demo-seed';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('[seed] DATABASE_URL is missing (expected postgres://...)');
    process.exit(78);
  }
  const schema = schemaOf('identity');
  const dataSource = await createServiceDataSource({ url, schema, entities: identityEntities, migrations: identityMigrations, poolSize: 1 }).initialize();
  try {
    const outbox = new EventOutbox({ service: 'identity', schema, databaseUrl: url, redisUrl: '' });
    const { created } = await seedIdentityDemo(dataSource, outbox);
    console.log(`[seed] ${created.length ? `created ${created.length} demo users` : 'demo data already present'}`);
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(`[seed] failed: ${error.message}`);
  process.exit(1);
});
