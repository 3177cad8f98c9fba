export * from './sequence';
export * from './identity.factory';
export * from './signed-in-client';
export * from './events.factory';
export * from './transactions.factory';
export * from './tasks.factory';
export * from './dashboards.factory';
export * from './messaging.factory';
