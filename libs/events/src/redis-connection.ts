import { Logger } from '@nestjs/common';
import IORedis, { type Redis } from 'ioredis';

/** Reconnect quickly and keep at it: 100 ms, 200 ms, ... capped at 1 s, forever. */
export function redisRetryStrategy(times: number): number {
  return Math.min(times * 100, 1000);
}

const logger = new Logger('Redis');

/**
 * Logs a connection's errors once per outage instead of letting an unhandled 'error' event end the
 * process (ioredis emits one per failed reconnect), and says when it is back.
 */
export function watchRedis<R extends Redis>(redis: R, name: string): R {
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(`${name}: ${error.message} (reconnecting)`);
  });
  redis.on('ready', () => {
    if (down) logger.log(`${name}: connected again`);
    down = false;
  });
  return redis;
}

/**
 * A Redis connection for BullMQ and stream readers, whose blocking commands must wait as long as they
 * need (BullMQ requires maxRetriesPerRequest: null). Never use it on a request path: see createRedis
 * in libs/platform.
 */
export function createBlockingRedis(url: string, name: string): Redis {
  return watchRedis(new IORedis(url, { maxRetriesPerRequest: null, connectionName: name, retryStrategy: redisRetryStrategy }), name);
}
