import { CanActivate, ExecutionContext, HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS, SERVICE_CONFIG } from '@app/platform';
import type { EsignConfig } from '../esign.config';

/**
 * Counts each public signing call of an IP in Redis before anything else runs (every replica shares the count, and
 * malformed bodies and guessed tokens count too): 429 past ESIGN_SIGNING_CALLS_PER_MINUTE. Tokens are 32 random bytes, so the limit is against load, not guessing.
 */
@Injectable()
export class SigningThrottleGuard implements CanActivate {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: EsignConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const ip = context.switchToHttp().getRequest<FastifyRequest>().ip;
    const key = `${this.config.QUEUE_PREFIX}:esign-signing:ip:${ip}`;
    const result = await this.redis.multi().incr(key).expire(key, 60, 'NX').exec();
    if (Number(result?.[0]?.[1] ?? 0) <= this.config.ESIGN_SIGNING_CALLS_PER_MINUTE) return true;
    const seconds = Math.max(1, await this.redis.ttl(key));
    throw new HttpException({ status: 'error', message: `Too many requests. Try again in ${seconds} seconds.` }, HttpStatus.TOO_MANY_REQUESTS);
  }
}
