export * from './canonical-json';
export * from './idempotency-keys.migration';
export * from './idempotency-keys.repository';
export * from './idempotent-run';
export * from './idempotency.interceptor';
export * from './idempotent.decorator';
