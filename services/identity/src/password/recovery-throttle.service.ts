import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { VENDOR_ENROLLMENT_MESSAGES } from '@app/contracts';
import { REDIS, SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';

export function tooManyRecoveryAttempts(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many password recovery attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Password recovery calls counted in Redis per IP over a window (429 past the limit), and reset
 * mails per account (past the limit no mail is queued, silently, so the answer never reveals
 * whether the account exists). Shared by every replica.
 */
@Injectable()
export class RecoveryThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private get ns() {
    return `${this.config.QUEUE_PREFIX}:password-recovery`;
  }

  private async count(key: string): Promise<number> {
    const result = await this.redis.multi().incr(key).expire(key, this.config.RECOVERY_WINDOW_SECONDS, 'NX').exec();
    return Number(result?.[0]?.[1] ?? 0);
  }

  /** Counts one recovery call of this IP; 429 once the IP is past its limit. */
  async hitFromIp(ip: string): Promise<void> {
    await this.limitIp(`${this.ns}:ip:${ip}`, tooManyRecoveryAttempts);
  }

  /**
   * Counts one public vendor-enrollment call (invite lookup or enrollment) of this IP, on a counter of its
   * own with the same limit and window; 429 once the IP is past it.
   */
  async hitEnrollmentFromIp(ip: string): Promise<void> {
    await this.limitIp(`${this.config.QUEUE_PREFIX}:vendor-enrollment:ip:${ip}`, (seconds) =>
      VENDOR_ENROLLMENT_MESSAGES.tooManyAttempts(Math.max(1, Math.ceil(seconds / 60))),
    );
  }

  private async limitIp(key: string, message: (seconds: number) => string): Promise<void> {
    if ((await this.count(key)) <= this.config.RECOVERY_MAX_REQUESTS_PER_IP) return;
    const ttl = await this.redis.ttl(key);
    throw new HttpException({ status: 'error', message: message(ttl) }, HttpStatus.TOO_MANY_REQUESTS);
  }

  /** Counts one reset mail for this address; false once it is past its limit. */
  async mayMail(email: string): Promise<boolean> {
    return (await this.count(`${this.ns}:account:${email.trim().toLowerCase()}`)) <= this.config.RECOVERY_MAX_MAILS_PER_ACCOUNT;
  }
}
