import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';

/** What was attempted, for the 429's words: sign-ins, or current passwords on a password change. */
export type ThrottledAttempt = 'sign-in' | 'password';

const TOO_MANY: Record<ThrottledAttempt, string> = {
  'sign-in': 'Too many sign-in attempts.',
  password: 'Too many wrong current passwords.',
};

/**
 * Failed sign-ins (and wrong current passwords) counted in Redis over a window, shared by every replica:
 * - per IP across accounts, and per account from one IP: past the limit that IP gets 429 until the window ends;
 * - per account from anywhere: past the limit each attempt waits a backoff after the last failure
 *   (doubling, capped), never a lock, so nobody can shut the owner out of their account from every IP.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private keys(ip: string, email: string, attempt: ThrottledAttempt) {
    const ns = `${this.config.QUEUE_PREFIX}:${attempt === 'sign-in' ? 'login-failures' : 'password-failures'}`;
    const account = email.trim().toLowerCase();
    return { ip: `${ns}:ip:${ip}`, pair: `${ns}:pair:${account}:${ip}`, account: `${ns}:account:${account}`, last: `${ns}:last:${account}` };
  }

  async assertAllowed(ip: string, email: string, attempt: ThrottledAttempt = 'sign-in'): Promise<void> {
    const keys = this.keys(ip, email, attempt);
    const [ipCount, pairCount, accountCount, last] = (await this.redis.mget(keys.ip, keys.pair, keys.account, keys.last)).map((v) => Number(v ?? 0));
    const limit = this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT;
    const locked = ipCount >= this.config.LOGIN_MAX_FAILURES_PER_IP ? keys.ip : pairCount >= limit ? keys.pair : null;
    if (locked) return this.refuse(attempt, Math.max(1, await this.redis.ttl(locked)));
    if (accountCount >= limit) {
      const backoff = Math.min(this.config.LOGIN_ACCOUNT_BACKOFF_SECONDS * 2 ** (accountCount - limit), this.config.LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS);
      const wait = Math.ceil((last + backoff * 1000 - Date.now()) / 1000);
      if (wait > 0) this.refuse(attempt, wait);
    }
  }

  private refuse(attempt: ThrottledAttempt, seconds: number): never {
    const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
    throw new HttpException({ status: 'error', message: `${TOO_MANY[attempt]} Try again in ${wait}.` }, HttpStatus.TOO_MANY_REQUESTS);
  }

  async recordFailure(ip: string, email: string, attempt: ThrottledAttempt = 'sign-in'): Promise<void> {
    const keys = this.keys(ip, email, attempt);
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(keys.ip)
      .expire(keys.ip, window, 'NX')
      .incr(keys.pair)
      .expire(keys.pair, window, 'NX')
      .incr(keys.account)
      .expire(keys.account, window, 'NX')
      .set(keys.last, String(Date.now()), 'EX', window)
      .exec();
  }

  async recordSuccess(ip: string, email: string, attempt: ThrottledAttempt = 'sign-in'): Promise<void> {
    const keys = this.keys(ip, email, attempt);
    await this.redis.del(keys.account, keys.pair, keys.last);
  }
}
