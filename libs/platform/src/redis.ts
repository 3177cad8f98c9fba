import IORedis, { type Redis, type RedisOptions } from 'ioredis';
import { redisRetryStrategy, watchRedis } from '@app/events';

export { createBlockingRedis, redisRetryStrategy, watchRedis } from '@app/events';

export const REDIS = Symbol('REDIS');

/** How long a request-path Redis command may take before it fails (the caller answers 503). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A Redis connection for request paths (revocation checks, rate limits, socket subscriptions): a
 * command waits at most `commandTimeoutMs` and is retried across at most one reconnect, so a Redis
 * outage answers 503 within about a second instead of hanging the request. BullMQ and stream
 * readers take createBlockingRedis instead.
 */
export function createRedis(url: string, name?: string, commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS): Redis {
  const options: RedisOptions = {
    maxRetriesPerRequest: 1,
    commandTimeout: commandTimeoutMs,
    enableReadyCheck: true,
    connectionName: name,
    lazyConnect: false,
    retryStrategy: redisRetryStrategy,
  };
  return watchRedis(new IORedis(url, options), name ?? 'redis');
}
