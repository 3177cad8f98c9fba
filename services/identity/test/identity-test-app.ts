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
