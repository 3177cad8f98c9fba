import { EventOutbox } from '@app/events';
import { bootTestService, createTestDatabase, testEnv, type TestDatabase } from '@app/testing';
import { identityConfigSpec, type IdentityConfig } from '../src/identity.config';
import { IdentityModule } from '../src/identity.module';
import { identityMigrations } from '../src/migrations';
import { seedIdentityDemo } from '../src/seed/demo-seed';

/** identity on a fresh database, seeded with the demo teams. */
export async function bootIdentity(options: { env?: Record<string, string>; database?: TestDatabase; mode?: 'api' | 'all' } = {}) {
  const database = options.database ?? (await createTestDatabase());
  const service = await bootTestService<IdentityConfig>({
    service: 'identity',
    env: testEnv(database, options.env),
    configSpec: identityConfigSpec,
    migrations: identityMigrations,
    module: (config) => IdentityModule.forRoot(config, options.mode ?? 'api'),
  });
  await seedIdentityDemo(service.dataSource, service.app.get(EventOutbox));
  return {
    ...service,
    database,
    close: async () => {
      await service.close();
      if (!options.database) await database.drop();
    },
  };
}

/**
 * The team's commission template ids in identity's read copy, as UpdateCommissionTemplatesWhenTemplatesChange
 * keeps them from transactions.commission-templates.changed (the admin user form refuses other ids).
 */
export async function knownCommissionTemplates(dataSource: { query: (sql: string, params: unknown[]) => Promise<unknown> }, teamId: number, ids: { buyer: number[]; seller: number[] }) {
  await dataSource.query(
    `INSERT INTO identity.commission_templates (team_id, revision, buyer_ids, seller_ids) VALUES ($1, 1, $2, $3)
     ON CONFLICT (team_id) DO UPDATE SET revision = identity.commission_templates.revision + 1, buyer_ids = EXCLUDED.buyer_ids, seller_ids = EXCLUDED.seller_ids`,
    [teamId, ids.buyer, ids.seller],
  );
}
