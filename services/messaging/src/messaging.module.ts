import { DynamicModule, Module } from '@nestjs/common';
import { MailModule } from '@app/mail';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { INBOX_CONTROLLERS, INBOX_PROVIDERS } from './inbox/inbox.providers';
import { MAIL_DELIVERY_PROVIDERS } from './mail/mail-delivery.hooks';
import { messagingMigrations } from './migrations';
import { NOTIFICATION_CONTROLLERS, NOTIFICATION_PROVIDERS } from './notifications/notifications.providers';
import type { MessagingConfig } from './messaging.config';
import { READ_COPY_LISTENERS } from './read-copies/read-copies.listeners';
import { realtimeProviders } from './realtime/realtime.providers';

/** Direct messages, comments, @mentions, inbox states, notification emails and the console real-time socket. */
@Module({})
export class MessagingModule {
  static forRoot(config: MessagingConfig, mode: ProcessMode): DynamicModule {
    return {
      module: MessagingModule,
      imports: [
        ...serviceInfrastructure({ config, mode, entities: [], migrations: messagingMigrations }),
        // Every service queues mail (mail.outgoing); messaging's worker delivers it.
        MailModule.forRoot({
          service: config.service,
          redisUrl: config.REDIS_URL,
          queuePrefix: config.QUEUE_PREFIX,
          driver: config.MAIL_DRIVER,
          mailDir: config.MAIL_DIR,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          process: mode !== 'api',
        }),
      ],
      controllers: mode === 'worker' ? [] : [...INBOX_CONTROLLERS, ...NOTIFICATION_CONTROLLERS],
      providers: [
        ...INBOX_PROVIDERS,
        ...MAIL_DELIVERY_PROVIDERS,
        ...NOTIFICATION_PROVIDERS,
        ...READ_COPY_LISTENERS,
        ...realtimeProviders(mode),
      ],
    };
  }
}
