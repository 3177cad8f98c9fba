import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Provider } from '@nestjs/common';
import { type ProcessMode } from '@app/platform';
import { RedisStreamsIoAdapter } from '@app/realtime';
import type { MessagingConfig } from '../messaging.config';
import { InboxGateway } from './inbox.gateway';
import { InboxPushWorker } from './inbox-push.worker';
import { InboxPublisher } from './inbox.publisher';

/**
 * The publisher in every process (API and worker push after their commits); the gateway where HTTP is served;
 * where jobs run, the worker of the pushes that new and edited messages queue through the outbox.
 */
export function realtimeProviders(mode: ProcessMode): Provider[] {
  return [InboxPublisher, ...(mode === 'worker' ? [] : [InboxGateway]), ...(mode === 'api' ? [] : [InboxPushWorker])];
}

/** The inbox gateway runs on the HTTP server at socketPathOf('messaging') with the Redis Streams adapter. */
export function configureMessagingApp(app: NestFastifyApplication, config: MessagingConfig) {
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, config.REDIS_URL, config.QUEUE_PREFIX, 'messaging'));
}
