// Every service booted in one process against one database (API mode), for the suites that check what
// all of them must do alike: test/integration/services-boot and the security suite.
import type { DynamicModule } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SERVICE_NAMES, type ServiceName } from '@app/contracts';
import type { ProcessMode, ServiceConfig } from '@app/platform';
import { bootTestService, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { esignConfigSpec } from '../services/esign/src/esign.config';
import { EsignModule } from '../services/esign/src/esign.module';
import { identityConfigSpec } from '../services/identity/src/identity.config';
import { IdentityModule } from '../services/identity/src/identity.module';
import { integrationsSyncConfigSpec } from '../services/integrations-sync/src/integrations-sync.config';
import { IntegrationsSyncModule } from '../services/integrations-sync/src/integrations-sync.module';
import { messagingConfigSpec } from '../services/messaging/src/messaging.config';
import { MessagingModule } from '../services/messaging/src/messaging.module';
import { teamAdminConfigSpec } from '../services/team-admin/src/team-admin.config';
import { TeamAdminModule } from '../services/team-admin/src/team-admin.module';
import { transactionsConfigSpec } from '../services/transactions/src/transactions.config';
import { configureTransactionsApp, TransactionsModule } from '../services/transactions/src/transactions.module';
import { SERVICE_MIGRATIONS } from '../scripts/service-registry';

export type AnyConfig = ServiceConfig & Record<string, never>;

const MODULES: Record<ServiceName, (config: AnyConfig, mode: ProcessMode) => DynamicModule> = {
  identity: (c, m) => IdentityModule.forRoot(c as never, m),
  'team-admin': (c, m) => TeamAdminModule.forRoot(c as never, m),
  transactions: (c, m) => TransactionsModule.forRoot(c as never, m),
  messaging: (c, m) => MessagingModule.forRoot(c as never, m),
  esign: (c, m) => EsignModule.forRoot(c as never, m),
  'integrations-sync': (c, m) => IntegrationsSyncModule.forRoot(c as never, m),
};

const CONFIG_SPECS = {
  identity: identityConfigSpec,
  'team-admin': teamAdminConfigSpec,
  transactions: transactionsConfigSpec,
  messaging: messagingConfigSpec,
  esign: esignConfigSpec,
  'integrations-sync': integrationsSyncConfigSpec,
} as const;

/** Boots every service's API on `database`; close each when done. */
export async function bootEveryService(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<Map<ServiceName, TestService<AnyConfig>>> {
  const services = new Map<ServiceName, TestService<AnyConfig>>();
  for (const service of SERVICE_NAMES) {
    services.set(
      service,
      await bootTestService<AnyConfig>({
        service,
        env: testEnv(database, env),
        configSpec: CONFIG_SPECS[service] as never,
        migrations: SERVICE_MIGRATIONS[service],
        module: (config) => MODULES[service](config, 'api'),
        configure:
          service === 'transactions' ? (app: NestFastifyApplication, config) => configureTransactionsApp(app, config as never) : undefined,
      }),
    );
  }
  return services;
}
