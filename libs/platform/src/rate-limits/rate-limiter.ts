import { applyDecorators, ExecutionContext, HttpException, HttpStatus, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerStorage, ThrottlerGuard, type ThrottlerLimitDetail, type ThrottlerModuleOptions } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { SERVICE_CONFIG, type ServiceConfig } from '../config';
import { namedLimit, RATE_LIMITS, type RateLimitName, type RateLimitSubject } from './rate-limits';
import { RedisThrottlerStorage } from './redis-throttler.storage';

const RATE_LIMIT_NAMES = 'rate-limit:names';
const reflector = new Reflector();

const limitsOn = (context: ExecutionContext): RateLimitName[] =>
  reflector.getAllAndOverride<RateLimitName[] | undefined>(RATE_LIMIT_NAMES, [context.getHandler(), context.getClass()]) ?? [];

function tooMany(name: RateLimitName, seconds: number): HttpException {
  const message = namedLimit(name).message?.(Math.max(1, seconds)) ?? 'Too many requests';
  return new HttpException({ status: 'error', message }, HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * The throttler's options: one named throttler per 'calls' limit, each applied only where a route names it
 * (@RateLimit), counted per caller address (request.ip as Fastify's trusted proxies resolve it), with no
 * X-RateLimit or Retry-After headers (the answers carry none: the message says how long to wait).
 */
export function throttlerOptions(config: ServiceConfig, redis: Redis): ThrottlerModuleOptions {
  return {
    storage: new RedisThrottlerStorage(redis, config.QUEUE_PREFIX),
    setHeaders: false,
    getTracker: (request) => (request as FastifyRequest).ip,
    generateKey: (_context, ip, name) => namedLimit(name as RateLimitName).key({ ip }),
    throttlers: (Object.keys(RATE_LIMITS) as RateLimitName[])
      .filter((name) => namedLimit(name).counts === 'calls')
      .map((name) => ({
        name,
        // Read when a route that names the limit is called: a service configures only its own limits' settings.
        limit: () => namedLimit(name).limit(config),
        ttl: () => namedLimit(name).windowSeconds(config) * 1000,
        skipIf: (context: ExecutionContext) => !limitsOn(context).includes(name),
      })),
  };
}

/** Counts each call of the routes that name a limit, before anything else runs (malformed bodies count too). */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const name =
      limitsOn(context).find((candidate) => namedLimit(candidate).key({ ip: detail.tracker }) === detail.key) ?? limitsOn(context)[0];
    throw tooMany(name, detail.timeToBlockExpire);
  }
}

/** Limits every call of a route (or of a controller's routes) per caller address with the named limits. */
export const RateLimit = (...names: RateLimitName[]) => applyDecorators(SetMetadata(RATE_LIMIT_NAMES, names), UseGuards(RateLimitGuard));

/**
 * The named limits (RATE_LIMITS) where a guard does not fit: hits a flow counts itself, and failures
 * (wrong passwords) recorded after the attempt and checked before the next one. Same storage as the guard.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @InjectThrottlerStorage() private readonly storage: RedisThrottlerStorage,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  private async count(name: RateLimitName, subject: RateLimitSubject) {
    const limit = namedLimit(name);
    return this.storage.increment(limit.key(subject), limit.windowSeconds(this.config) * 1000, limit.limit(this.config), 0, name);
  }

  /** Counts one call; 429 with the limit's message once past it. */
  async hit(name: RateLimitName, subject: RateLimitSubject): Promise<void> {
    const record = await this.count(name, subject);
    if (record.isBlocked) throw tooMany(name, record.timeToBlockExpire);
  }

  /** Counts one call; false once past the limit (the flow stays silent). */
  async allows(name: RateLimitName, subject: RateLimitSubject): Promise<boolean> {
    return !(await this.count(name, subject)).isBlocked;
  }

  /** The first of the failure limits the subject has reached, and the seconds it waits; null when it may try. */
  async refusal(names: readonly RateLimitName[], subject: RateLimitSubject): Promise<{ name: RateLimitName; seconds: number } | null> {
    const keys = names.flatMap((name) => {
      const limit = namedLimit(name);
      return limit.backoff ? [limit.key(subject), backoffKey(limit.key(subject))] : [limit.key(subject)];
    });
    const counts = new Map((await this.storage.peek(keys)).map((count, i) => [keys[i], count]));
    for (const name of names) {
      const limit = namedLimit(name);
      const count = counts.get(limit.key(subject))!;
      if (count.totalHits < limit.limit(this.config)) continue;
      if (!limit.backoff) return { name, seconds: Math.max(1, count.timeToExpire) };
      const wait = counts.get(backoffKey(limit.key(subject)))!.msToExpire;
      if (wait > 0) return { name, seconds: Math.ceil(wait / 1000) };
    }
    return null;
  }

  /** 429 with the limit's message when the subject has reached one of the failure limits. */
  async assertAllowed(names: readonly RateLimitName[], subject: RateLimitSubject): Promise<void> {
    const refused = await this.refusal(names, subject);
    if (refused) throw tooMany(refused.name, refused.seconds);
  }

  /** Counts one failure on each limit; past a backoff limit the subject waits its backoff from now. */
  async recordFailure(names: readonly RateLimitName[], subject: RateLimitSubject): Promise<void> {
    const counts = await this.storage.incrementAll(
      names.map((name) => ({ key: namedLimit(name).key(subject), ttl: namedLimit(name).windowSeconds(this.config) * 1000 })),
    );
    for (const [i, name] of names.entries()) {
      const limit = namedLimit(name);
      const past = counts[i].totalHits - limit.limit(this.config);
      if (!limit.backoff || past < 0) continue;
      const { seconds, maxSeconds } = limit.backoff(this.config);
      // Doubling with each failure past the limit, capped, and never outliving the window's count.
      const ms = Math.min(Math.min(seconds * 2 ** past, maxSeconds) * 1000, counts[i].msToExpire);
      if (ms > 0) await this.storage.block(backoffKey(limit.key(subject)), ms);
    }
  }

  /** A success clears the counts the limits keep for the account (the address's own count stays). */
  async recordSuccess(names: readonly RateLimitName[], subject: RateLimitSubject): Promise<void> {
    const cleared = names.map(namedLimit).filter((limit) => limit.clearedBySuccess);
    await this.storage.reset(
      cleared.flatMap((limit) => (limit.backoff ? [limit.key(subject), backoffKey(limit.key(subject))] : [limit.key(subject)])),
    );
  }
}

const backoffKey = (key: string) => `${key}:backoff`;
