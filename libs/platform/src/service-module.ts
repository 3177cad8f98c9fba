import type { DynamicModule } from '@nestjs/common';
import type { MigrationInterface } from 'typeorm';
import { schemaOf } from '@app/contracts';
import { DatabaseModule, type EntityClass } from '@app/database';
import { EventsModule } from '@app/events';
import { RpcModule } from '@app/rpc';
import type { ServiceConfig } from './config';
import { PlatformModule } from './platform.module';

/** api: HTTP only; worker: relay, consumers and jobs; all: both in one process (tests, small installs). */
export type ProcessMode = 'api' | 'worker' | 'all';

export interface ServiceInfrastructureOptions {
  config: ServiceConfig;
  mode: ProcessMode;
  entities: EntityClass[];
  migrations: (new () => MigrationInterface)[];
}

/** The modules every service process imports: platform, its schema's DataSource, the event bus, the RPC client. */
export function serviceInfrastructure({ config, mode, entities, migrations }: ServiceInfrastructureOptions): DynamicModule[] {
  const schema = schemaOf(config.service);
  return [
    PlatformModule.forRoot(config, { http: mode !== 'worker' }),
    DatabaseModule.forRoot({
      url: config.DATABASE_URL,
      schema,
      entities,
      migrations,
      applicationName: `${config.service}-${mode}`,
      poolSize: config.DATABASE_POOL_SIZE,
      acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
    EventsModule.forRoot({
      service: config.service,
      schema,
      databaseUrl: config.DATABASE_URL,
      redisUrl: config.REDIS_URL,
      queuePrefix: config.QUEUE_PREFIX,
      relay: mode !== 'api',
      consume: mode !== 'api',
    }),
    RpcModule.forRoot(rpcOptionsOf(config)),
  ];
}

/** Where a service sends and answers RPC (its Redis, its namespace, its timeout). */
export function rpcOptionsOf(config: ServiceConfig) {
  return { service: config.service, redisUrl: config.REDIS_URL, queuePrefix: config.QUEUE_PREFIX, timeoutMs: config.RPC_TIMEOUT_MS };
}
