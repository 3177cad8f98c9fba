import { HttpException } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { isDependencyUnavailable } from '@app/events';
import type { ServiceConfig } from '../config';
import { createRedis } from '../redis';
import { RateLimiter } from './rate-limiter';
import { CURRENT_PASSWORD_LIMITS, SIGN_IN_LIMITS } from './rate-limits';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** The few Redis commands the storage sends, in memory, on Date.now() (jest's fake clock). */
class MemoryRedis {
  readonly entries = new Map<string, { value: string; expiresAt?: number }>();

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) this.entries.delete(key);
    return this.entries.get(key);
  }
  private pttlOf(key: string) {
    const entry = this.live(key);
    return !entry ? -2 : entry.expiresAt === undefined ? -1 : entry.expiresAt - Date.now();
  }

  multi() {
    const queued: (() => unknown)[] = [];
    const chain = {
      incr: (key: string) => {
        queued.push(() => {
          const entry = this.live(key) ?? { value: '0' };
          entry.value = String(Number(entry.value) + 1);
          this.entries.set(key, entry);
          return Number(entry.value);
        });
        return chain;
      },
      expire: (key: string, seconds: number, mode: 'NX') => {
        expect(mode).toBe('NX');
        queued.push(() => {
          const entry = this.live(key);
          if (!entry || entry.expiresAt !== undefined) return 0;
          entry.expiresAt = Date.now() + seconds * 1000;
          return 1;
        });
        return chain;
      },
      pttl: (key: string) => (queued.push(() => this.pttlOf(key)), chain),
      get: (key: string) => (queued.push(() => this.live(key)?.value ?? null), chain),
      exec: async () => queued.map((run) => [null, run()]),
    };
    return chain;
  }

  async set(key: string, value: string, px: 'PX', ms: number) {
    expect(px).toBe('PX');
    this.entries.set(key, { value, expiresAt: Date.now() + ms });
  }

  async del(...keys: string[]) {
    for (const key of keys) this.entries.delete(key);
  }

  keys() {
    return [...this.entries.keys()].filter((key) => this.live(key)).sort();
  }
}

const CONFIG = {
  service: 'identity',
  QUEUE_PREFIX: 'realty',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: 3,
  LOGIN_MAX_FAILURES_PER_IP: 5,
  LOGIN_FAILURE_WINDOW_SECONDS: 900,
  LOGIN_ACCOUNT_BACKOFF_SECONDS: 2,
  LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS: 5,
  RECOVERY_MAX_REQUESTS_PER_IP: 2,
  RECOVERY_MAX_MAILS_PER_ACCOUNT: 1,
  RECOVERY_WINDOW_SECONDS: 900,
} as unknown as ServiceConfig;

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: HttpException) => ({ status: error.getStatus(), body: error.getResponse() }),
  );

describe('RateLimiter on RedisThrottlerStorage', () => {
  let redis: MemoryRedis;
  let limiter: RateLimiter;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
    redis = new MemoryRedis();
    limiter = new RateLimiter(new RedisThrottlerStorage(redis as unknown as Redis, 'realty'), CONFIG);
  });
  afterEach(() => jest.useRealTimers());

  it('refuses a counted call past the limit with 429 and the limit words until the window ends', async () => {
    await limiter.hit('password-recovery', { ip: '10.0.0.1' });
    await limiter.hit('password-recovery', { ip: '10.0.0.1' });
    expect(await refusalOf(limiter.hit('password-recovery', { ip: '10.0.0.1' }))).toEqual({
      status: 429,
      body: { status: 'error', message: 'Too many password recovery attempts. Try again in 15 minutes.' },
    });
    await limiter.hit('password-recovery', { ip: '10.0.0.2' });
    jest.advanceTimersByTime(900_000);
    await limiter.hit('password-recovery', { ip: '10.0.0.1' });
    expect(redis.keys()).toEqual(['realty:password-recovery:ip:10.0.0.1']);
  });

  it('answers false past a silent limit (reset mails per address, trimmed and lower-cased)', async () => {
    expect(await limiter.allows('reset-mails', { account: 'Ann@X.test ' })).toBe(true);
    expect(await limiter.allows('reset-mails', { account: 'ann@x.test' })).toBe(false);
    expect(redis.keys()).toEqual(['realty:password-recovery:account:ann@x.test']);
  });

  it('refuses a sign-in of an account from one address once its failures reach the limit, and a success clears the account', async () => {
    const attempt = { ip: '10.0.0.1', account: 'Ann@x.test' };
    for (let i = 0; i < 3; i++) {
      await limiter.assertAllowed(SIGN_IN_LIMITS, attempt);
      await limiter.recordFailure(SIGN_IN_LIMITS, attempt);
    }
    expect(await refusalOf(limiter.assertAllowed(SIGN_IN_LIMITS, attempt))).toEqual({
      status: 429,
      body: { status: 'error', message: 'Too many sign-in attempts. Try again in 15 minutes.' },
    });
    expect(redis.keys()).toEqual([
      'realty:login-failures:account:ann@x.test',
      'realty:login-failures:account:ann@x.test:backoff',
      'realty:login-failures:ip:10.0.0.1',
      'realty:login-failures:pair:ann@x.test:10.0.0.1',
    ]);
    await limiter.recordSuccess(SIGN_IN_LIMITS, attempt);
    expect(redis.keys()).toEqual(['realty:login-failures:ip:10.0.0.1']);
  });

  it('makes an account wait after each failure past the limit from any address, doubling and capped, never locked', async () => {
    for (let i = 0; i < 3; i++) await limiter.recordFailure(SIGN_IN_LIMITS, { ip: `10.0.1.${i}`, account: 'ann@x.test' });
    const elsewhere = { ip: '10.0.2.1', account: 'ann@x.test' };
    expect(await refusalOf(limiter.assertAllowed(SIGN_IN_LIMITS, elsewhere))).toEqual({
      status: 429,
      body: { status: 'error', message: 'Too many sign-in attempts. Try again in 2 seconds.' },
    });
    jest.advanceTimersByTime(2000);
    await limiter.assertAllowed(SIGN_IN_LIMITS, elsewhere);
    await limiter.recordFailure(SIGN_IN_LIMITS, elsewhere);
    expect((await limiter.refusal(SIGN_IN_LIMITS, { ip: '10.0.2.2', account: 'ann@x.test' }))?.seconds).toBe(4);
    jest.advanceTimersByTime(4000);
    await limiter.recordFailure(SIGN_IN_LIMITS, { ip: '10.0.2.3', account: 'ann@x.test' });
    expect((await limiter.refusal(SIGN_IN_LIMITS, { ip: '10.0.2.4', account: 'ann@x.test' }))?.seconds).toBe(5);
  });

  it('refuses an address past its failures across accounts, and a success does not clear it', async () => {
    for (let i = 0; i < 5; i++) await limiter.recordFailure(SIGN_IN_LIMITS, { ip: '10.0.3.1', account: `user${i}@x.test` });
    await limiter.recordSuccess(SIGN_IN_LIMITS, { ip: '10.0.3.1', account: 'user0@x.test' });
    expect(await limiter.refusal(SIGN_IN_LIMITS, { ip: '10.0.3.1', account: 'new@x.test' })).toEqual({ name: 'sign-in:ip', seconds: 900 });
  });

  it('counts wrong current passwords apart from sign-ins, with their own words', async () => {
    const attempt = { ip: '10.0.4.1', account: 'agent:7' };
    for (let i = 0; i < 3; i++) await limiter.recordFailure(CURRENT_PASSWORD_LIMITS, attempt);
    await limiter.assertAllowed(SIGN_IN_LIMITS, attempt);
    expect(await refusalOf(limiter.assertAllowed(CURRENT_PASSWORD_LIMITS, attempt))).toEqual({
      status: 429,
      body: { status: 'error', message: 'Too many wrong current passwords. Try again in 15 minutes.' },
    });
  });

  it('keeps the ops board failures per address under their key of before', async () => {
    for (let i = 0; i < 10; i++) await limiter.recordFailure(['ops-board'], { ip: '203.0.113.9' });
    expect(await limiter.refusal(['ops-board'], { ip: '203.0.113.9' })).toEqual({ name: 'ops-board', seconds: 900 });
    expect(redis.keys()).toEqual(['realty:ops-failures:203.0.113.9']);
  });
});

describe('RedisThrottlerStorage with Redis away', () => {
  it('fails a count within 2 s with an error the platform answers 503', async () => {
    // A port nothing listens on: the request-path client gives up after its one retry or its command timeout.
    const redis = createRedis('redis://127.0.0.1:1', 'rate-limits-spec');
    redis.on('error', () => undefined);
    const started = Date.now();
    try {
      const error = await new RedisThrottlerStorage(redis, 'realty')
        .increment('esign-signing:ip:10.0.0.1', 60_000, 120, 60_000, 'signing')
        .catch((e: unknown) => e);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(isDependencyUnavailable(error)).toBe(true);
    } finally {
      // Stops the reconnect loop. No 'end' is awaited: ioredis emits none when stopped between reconnects.
      redis.disconnect();
    }
  });
});
