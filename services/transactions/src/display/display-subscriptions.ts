import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { DisplaySubscription } from '@app/contracts';
import { REDIS, SERVICE_CONFIG, type ServiceConfig } from '@app/platform';

/**
 * The registry of subscribed Display Mode keys in Redis, shared by every gateway replica and the worker:
 * per team the keys TVs follow (with what they show), and per key how many sockets follow it. The worker
 * computes figures only for keys with subscribers. A count left by a replica that died is harmless: its
 * key is computed for nobody until the TVs move on (a stale key goes with its last unsubscribe or TTL).
 */
@Injectable()
export class DisplaySubscriptions {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  private teamHash(teamId: number) {
    return `${this.config.QUEUE_PREFIX}:display:keys:${teamId}`;
  }

  private countsHash() {
    return `${this.config.QUEUE_PREFIX}:display:counts`;
  }

  /** A socket follows key. */
  async add(teamId: number, key: string, subscription: DisplaySubscription): Promise<void> {
    await this.redis
      .multi()
      .hset(this.teamHash(teamId), key, JSON.stringify(subscription))
      .hincrby(this.countsHash(), key, 1)
      // Keys of teams whose TVs are all gone fade out after a week without a subscribe.
      .expire(this.teamHash(teamId), 7 * 24 * 3600)
      .exec();
  }

  /** A socket stopped following key (it moved on or left). */
  async remove(teamId: number, key: string): Promise<void> {
    const left = await this.redis.hincrby(this.countsHash(), key, -1);
    if (left <= 0) await this.redis.multi().hdel(this.countsHash(), key).hdel(this.teamHash(teamId), key).exec();
  }

  /** The keys a team's TVs follow, with their subscriptions. */
  async keysOf(teamId: number): Promise<{ key: string; subscription: DisplaySubscription }[]> {
    const entries = await this.redis.hgetall(this.teamHash(teamId));
    return Object.entries(entries).map(([key, json]) => ({ key, subscription: JSON.parse(json) as DisplaySubscription }));
  }

  /**
   * Remembers the figures last pushed for a key (a hash of them); false when they are the ones pushed last,
   * so a change that leaves a key's figures as they were pushes nothing to its TVs.
   */
  async changed(key: string, hash: string): Promise<boolean> {
    const previous = await this.redis.getset(`${this.config.QUEUE_PREFIX}:display:hash:${key}`, hash);
    return previous !== hash;
  }

  /** Remembers a key's first figures (a hash), unless some are remembered already. */
  async remember(key: string, hash: string): Promise<void> {
    await this.redis.set(`${this.config.QUEUE_PREFIX}:display:hash:${key}`, hash, 'NX');
  }

  /** The next version of a key's figures. */
  async nextVersion(key: string): Promise<number> {
    return this.redis.incr(`${this.config.QUEUE_PREFIX}:display:version:${key}`);
  }

  /**
   * The right to compute a key for the next windowMs, across every process: true for one caller; the others
   * get the milliseconds left of the window.
   */
  async claim(key: string, windowMs: number): Promise<{ claimed: true } | { claimed: false; retryInMs: number }> {
    const lock = `${this.config.QUEUE_PREFIX}:display:lock:${key}`;
    if ((await this.redis.set(lock, '1', 'PX', windowMs, 'NX')) === 'OK') return { claimed: true };
    return { claimed: false, retryInMs: Math.max(10, await this.redis.pttl(lock)) };
  }
}
