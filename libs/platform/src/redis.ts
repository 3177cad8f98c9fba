import IORedis, { type Redis } from 'ioredis';

export const REDIS = Symbol('REDIS');

/** A Redis connection suitable for BullMQ too (it needs maxRetriesPerRequest: null). */
export function createRedis(url: string, name?: string): Redis {
  return new IORedis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, connectionName: name, lazyConnect: false });
}
