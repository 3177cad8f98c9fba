import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { messagingMigrations } from './migrations';
import type { MessagingConfig } from './messaging.config';
import { READ_COPY_LISTENERS } from './read-copies/read-copies.listeners';
import { ReadCopiesRepository } from './read-copies/read-copies.repository';
import { realtimeProviders } from './realtime/realtime.providers';

/** Direct messages, comments, @mentions, inbox states, notification emails and the console real-time socket. */
@Module({})
export class MessagingModule {
  static forRoot(config: MessagingConfig, mode: ProcessMode): DynamicModule {
    return {
      module: MessagingModule,
      imports: serviceInfrastructure({ config, mode, entities: [], migrations: messagingMigrations }),
      providers: [ReadCopiesRepository, ...READ_COPY_LISTENERS, ...realtimeProviders(mode)],
    };
  }
}
