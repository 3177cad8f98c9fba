// Seeds the demo teams and users, and the teams' forms in transactions (idempotent): `node dist/scripts/seed.js`.
import 'reflect-metadata';
import { schemaOf } from '@app/contracts';
import { createServiceDataSource } from '@app/database';
import { EventOutbox } from '@app/events';
import { identityEntities } from '../services/identity/src/identity.module';
import { identityMigrations } from '../services/identity/src/migrations';
import { seedIdentityDemo } from '../services/identity/src/seed/demo-seed';
import { seedTransactionsDemoForms } from '../services/transactions/src/forms/forms-demo-seed';

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
    const { created, teams } = await seedIdentityDemo(dataSource, outbox);
    console.log(`[seed] ${created.length ? `created ${created.length} demo users` : 'demo data already present'}`);
    // transactions owns the forms; the team ids come from the identity seed (no FK across schemas).
    const transactions = await createServiceDataSource({ url, schema: schemaOf('transactions'), entities: [], migrations: [], poolSize: 1 }).initialize();
    try {
      const forms = await seedTransactionsDemoForms(transactions, teams.map((t) => t.team_id));
      console.log(`[seed] ${forms ? `created ${forms} demo forms` : 'demo forms already present'}`);
    } finally {
      await transactions.destroy();
    }
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error) => {
  console.error(`[seed] failed: ${error.message}`);
  process.exit(1);
});
