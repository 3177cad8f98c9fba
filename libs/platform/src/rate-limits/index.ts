export * from './rate-limits';
export * from './redis-throttler.storage';
export * from './rate-limiter';
