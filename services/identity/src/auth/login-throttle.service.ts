import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';

/**
 * Failed sign-ins counted in Redis per IP and per account over a window; past the limit the
 * caller gets 429 until the window ends. Shared by every replica.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private keys(ip: string, email: string) {
    const ns = `${this.config.QUEUE_PREFIX}:login-failures`;
    return { ip: `${ns}:ip:${ip}`, account: `${ns}:account:${email.trim().toLowerCase()}` };
  }

  async assertAllowed(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    const [ipCount, accountCount] = (await this.redis.mget(keys.ip, keys.account)).map((v) => Number(v ?? 0));
    const blocked =
      ipCount >= this.config.LOGIN_MAX_FAILURES_PER_IP
        ? keys.ip
        : accountCount >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT
          ? keys.account
          : null;
    if (!blocked) return;
    const ttl = Math.max(1, await this.redis.ttl(blocked));
    const minutes = Math.ceil(ttl / 60);
    throw new HttpException(
      { status: 'error', message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }

  async recordFailure(ip: string, email: string): Promise<void> {
    const keys = this.keys(ip, email);
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(keys.ip)
      .expire(keys.ip, window, 'NX')
      .incr(keys.account)
      .expire(keys.account, window, 'NX')
      .exec();
  }

  async recordSuccess(email: string): Promise<void> {
    await this.redis.del(this.keys('', email).account);
  }
}
