import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** A count as read: hits in the window and the window's rest (seconds as Redis TTL rounds them, and ms). */
export interface WindowCount {
  totalHits: number;
  timeToExpire: number;
  msToExpire: number;
}

/** Redis TTL's seconds from PTTL's milliseconds (rounded half up, as TTL does). */
const seconds = (ms: number) => (ms < 0 ? ms : Math.floor((ms + 500) / 1000));

/**
 * The throttler's storage in Redis, on the request-path client (bounded offline queue, short command timeout:
 * with Redis away a limited call answers 503 within the platform's bound rather than hanging). Fixed windows:
 * a key counts from its first hit for `ttl`, and a block lasts the rest of its window, so blockDuration is not
 * used. Keys live under `<prefix>:`. Backoffs (a wait after the last failure) are keys of their own.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private full(key: string) {
    return `${this.prefix}:${key}`;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    _throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const [count] = await this.incrementAll([{ key, ttl }]);
    const isBlocked = count.totalHits > limit;
    return {
      totalHits: count.totalHits,
      timeToExpire: count.timeToExpire,
      isBlocked,
      timeToBlockExpire: isBlocked ? count.timeToExpire : 0,
    };
  }

  /** Counts one hit on each key (ttl in ms, whole seconds) in one round trip. */
  async incrementAll(entries: { key: string; ttl: number }[]): Promise<WindowCount[]> {
    const multi = this.redis.multi();
    for (const { key, ttl } of entries)
      multi
        .incr(this.full(key))
        .expire(this.full(key), Math.ceil(ttl / 1000), 'NX')
        .pttl(this.full(key));
    const replies = (await multi.exec()) ?? [];
    return entries.map((_, i) => {
      const msToExpire = Number(replies[i * 3 + 2]?.[1] ?? -2);
      return { totalHits: Number(replies[i * 3]?.[1] ?? 0), timeToExpire: seconds(msToExpire), msToExpire };
    });
  }

  /** Reads the keys without counting, in one round trip. */
  async peek(keys: string[]): Promise<WindowCount[]> {
    const multi = this.redis.multi();
    for (const key of keys) multi.get(this.full(key)).pttl(this.full(key));
    const replies = (await multi.exec()) ?? [];
    return keys.map((_, i) => {
      const msToExpire = Number(replies[i * 2 + 1]?.[1] ?? -2);
      return { totalHits: Number(replies[i * 2]?.[1] ?? 0), timeToExpire: seconds(msToExpire), msToExpire };
    });
  }

  /** Sets a key that lasts `ms` (a backoff: its PTTL is the wait). */
  async block(key: string, ms: number): Promise<void> {
    await this.redis.set(this.full(key), '1', 'PX', ms);
  }

  async reset(keys: string[]): Promise<void> {
    if (keys.length) await this.redis.del(...keys.map((key) => this.full(key)));
  }
}
