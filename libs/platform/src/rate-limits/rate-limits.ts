import { VENDOR_ENROLLMENT_MESSAGES } from '@app/contracts';
import type { ServiceConfig } from '../config';

/** Who a count is kept for: the caller's address, an account (an email or `agent:<id>`), or both. */
export interface RateLimitSubject {
  ip?: string;
  account?: string;
}

/**
 * One named limit: a fixed window counted in Redis (every replica shares it) under `<QUEUE_PREFIX>:<key>`.
 * - counts 'calls': every call counts (a guard, or the flow's own hit); past `limit` calls in the window the
 *   caller gets 429 until the window ends.
 * - counts 'failures': the flow records its failures (wrong passwords) and asks before each attempt; once
 *   `limit` failures are in the window the next attempt gets 429 until the window ends, or, with `backoff`,
 *   waits that long after the last failure (doubling with each one, capped): never a lock, so nobody can
 *   shut the owner out of their account from every address.
 */
export interface NamedLimit {
  counts: 'calls' | 'failures';
  key(subject: RateLimitSubject): string;
  limit(config: ServiceConfig): number;
  windowSeconds(config: ServiceConfig): number;
  backoff?(config: ServiceConfig): { seconds: number; maxSeconds: number };
  /** A recorded success clears this count (the account's counts on a sign-in; never the address's own). */
  clearedBySuccess?: boolean;
  /** The 429's message for a wait of so many seconds; without one the flow decides (e.g. no mail, silently). */
  message?(seconds: number): string;
}

/** A setting of the service's config a limit reads (the service that uses the limit declares it). */
function setting(config: ServiceConfig, name: string): number {
  const value = config[name];
  if (typeof value !== 'number') throw new Error(`rate limit setting ${name} is not configured for ${config.service}`);
  return value;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
const minutesOf = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
const accountOf = (subject: RateLimitSubject) => (subject.account ?? '').trim().toLowerCase();

/** Wrong passwords, per address across accounts, per account from one address, and per account from anywhere. */
function failedPasswordLimits(namespace: string, tooMany: string): Record<'ip' | 'accountFromIp' | 'account', NamedLimit> {
  const common = {
    counts: 'failures' as const,
    windowSeconds: (config: ServiceConfig) => setting(config, 'LOGIN_FAILURE_WINDOW_SECONDS'),
    message: (seconds: number) =>
      `${tooMany} Try again in ${seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute')}.`,
  };
  return {
    ip: { ...common, key: ({ ip }) => `${namespace}:ip:${ip}`, limit: (config) => setting(config, 'LOGIN_MAX_FAILURES_PER_IP') },
    accountFromIp: {
      ...common,
      key: (subject) => `${namespace}:pair:${accountOf(subject)}:${subject.ip}`,
      limit: (config) => setting(config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
      clearedBySuccess: true,
    },
    account: {
      ...common,
      key: (subject) => `${namespace}:account:${accountOf(subject)}`,
      limit: (config) => setting(config, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
      backoff: (config) => ({
        seconds: setting(config, 'LOGIN_ACCOUNT_BACKOFF_SECONDS'),
        maxSeconds: setting(config, 'LOGIN_ACCOUNT_BACKOFF_MAX_SECONDS'),
      }),
      clearedBySuccess: true,
    },
  };
}

const signIn = failedPasswordLimits('login-failures', 'Too many sign-in attempts.');
const currentPassword = failedPasswordLimits('password-failures', 'Too many wrong current passwords.');

/** Every rate limit of the platform, by name. */
export const RATE_LIMITS = {
  /** Public signing page calls per address (tokens are 32 random bytes: against load, not guessing). */
  signing: {
    counts: 'calls',
    key: ({ ip }) => `esign-signing:ip:${ip}`,
    limit: (config) => setting(config, 'ESIGN_SIGNING_CALLS_PER_MINUTE'),
    windowSeconds: () => 60,
    message: (seconds) => `Too many requests. Try again in ${seconds} seconds.`,
  },
  /** Password recovery calls (forgot, reset) per address. */
  'password-recovery': {
    counts: 'calls',
    key: ({ ip }) => `password-recovery:ip:${ip}`,
    limit: (config) => setting(config, 'RECOVERY_MAX_REQUESTS_PER_IP'),
    windowSeconds: (config) => setting(config, 'RECOVERY_WINDOW_SECONDS'),
    message: (seconds) => `Too many password recovery attempts. Try again in ${plural(minutesOf(seconds), 'minute')}.`,
  },
  /** Reset mails per address asked for: past it no mail is queued, silently (the answer never reveals whether the account exists). */
  'reset-mails': {
    counts: 'calls',
    key: (subject) => `password-recovery:account:${accountOf(subject)}`,
    limit: (config) => setting(config, 'RECOVERY_MAX_MAILS_PER_ACCOUNT'),
    windowSeconds: (config) => setting(config, 'RECOVERY_WINDOW_SECONDS'),
  },
  /** Public vendor enrollment calls (invite lookup, enrollment) per address: the recovery calls' limit and window, on a count of its own. */
  'vendor-enrollment': {
    counts: 'calls',
    key: ({ ip }) => `vendor-enrollment:ip:${ip}`,
    limit: (config) => setting(config, 'RECOVERY_MAX_REQUESTS_PER_IP'),
    windowSeconds: (config) => setting(config, 'RECOVERY_WINDOW_SECONDS'),
    message: (seconds) => VENDOR_ENROLLMENT_MESSAGES.tooManyAttempts(minutesOf(seconds)),
  },
  'sign-in:ip': signIn.ip,
  'sign-in:account-from-ip': signIn.accountFromIp,
  'sign-in:account': signIn.account,
  /** Wrong current passwords on a password change count like failed sign-ins, on counts of their own. */
  'current-password:ip': currentPassword.ip,
  'current-password:account-from-ip': currentPassword.accountFromIp,
  'current-password:account': currentPassword.account,
  /** Wrong operator credentials at the queues board per address: past it even the right credential waits. */
  'ops-board': {
    counts: 'failures',
    key: ({ ip }) => `ops-failures:${ip}`,
    limit: () => 10,
    windowSeconds: () => 15 * 60,
    message: () => 'Too many wrong operator credentials. Try again later.',
  },
} satisfies Record<string, NamedLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The limits a sign-in and a password change consult, in the order they are checked. */
export const SIGN_IN_LIMITS = ['sign-in:ip', 'sign-in:account-from-ip', 'sign-in:account'] as const satisfies readonly RateLimitName[];
export const CURRENT_PASSWORD_LIMITS = [
  'current-password:ip',
  'current-password:account-from-ip',
  'current-password:account',
] as const satisfies readonly RateLimitName[];

export function namedLimit(name: RateLimitName): NamedLimit {
  return RATE_LIMITS[name];
}
