import { EventOutbox } from '@app/events';
import { startMailDelivery } from '@app/mail';
import { bootTestService, createTestDatabase, testEnv, type TestDatabase } from '@app/testing';
import { identityConfigSpec, type IdentityConfig } from '../src/identity.config';
import { IdentityModule } from '../src/identity.module';
import { identityMigrations } from '../src/migrations';
import { seedIdentityDemo } from '../src/seed/demo-seed';

/**
 * identity on a fresh database, seeded with the demo teams. identity only queues mail (messaging's worker
 * delivers it); with `mail` (default: mode 'all' with a MAIL_DIR) a mail worker like messaging's runs
 * beside it on the same queue prefix and delivers into MAIL_DIR (test/integration/mail-delivery checks
 * the real messaging worker does).
 */
export async function bootIdentity(
  options: { env?: Record<string, string>; database?: TestDatabase; mode?: 'api' | 'all'; mail?: boolean } = {},
) {
  const database = options.database ?? (await createTestDatabase());
  const service = await bootTestService<IdentityConfig>({
    service: 'identity',
    env: testEnv(database, options.env),
    configSpec: identityConfigSpec,
    migrations: identityMigrations,
    module: (config) => IdentityModule.forRoot(config, options.mode ?? 'api'),
  });
  const { config } = service;
  const mail =
    (options.mail ?? (options.mode === 'all' && !!options.env?.MAIL_DIR))
      ? await startMailDelivery({
          service: 'messaging',
          redisUrl: config.REDIS_URL,
          queuePrefix: config.QUEUE_PREFIX,
          driver: config.MAIL_DRIVER,
          mailDir: config.MAIL_DIR,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
        })
      : undefined;
  await seedIdentityDemo(service.dataSource, service.app.get(EventOutbox));
  return {
    ...service,
    database,
    close: async () => {
      await mail?.close();
      await service.close();
      if (!options.database) await database.drop();
    },
  };
}

/**
 * The team's commission template ids in identity's read copy, as UpdateCommissionTemplatesWhenTemplatesChange
 * keeps them from transactions.commission-templates.changed (the admin user form refuses other ids).
 */
export async function knownCommissionTemplates(
  dataSource: { query: (sql: string, params: unknown[]) => Promise<unknown> },
  teamId: number,
  ids: { buyer: number[]; seller: number[] },
) {
  await dataSource.query(
    `INSERT INTO identity.commission_templates (team_id, revision, buyer_ids, seller_ids) VALUES ($1, 1, $2, $3)
     ON CONFLICT (team_id) DO UPDATE SET revision = identity.commission_templates.revision + 1, buyer_ids = EXCLUDED.buyer_ids, seller_ids = EXCLUDED.seller_ids`,
    [teamId, ids.buyer, ids.seller],
  );
}
