import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventConsumer } from './event-consumer';
import { EventOutbox } from './event-outbox';
import { EVENTS_OPTIONS, type EventsModuleOptions } from './events.options';
import { OutboxRelay } from './outbox-relay';

/** Outbox publishing everywhere; the relay and the consumer where the options ask for them. */
@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    const providers: Provider[] = [{ provide: EVENTS_OPTIONS, useValue: options }, EventOutbox, OutboxRelay, EventConsumer];
    return {
      module: EventsModule,
      imports: [DiscoveryModule],
      providers,
      exports: [EventOutbox, OutboxRelay, EventConsumer],
    };
  }
}
