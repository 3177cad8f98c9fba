export * from './events.options';
export * from './event-tables.migration';
export * from './event-outbox';
export * from './outbox-relay';
export * from './event-consumer';
export * from './handle-event.decorator';
export * from './events.module';
export * from './redis-connection';
