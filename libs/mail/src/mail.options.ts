import { ConfigError, env } from '@app/platform';
import path from 'node:path';
import { JOB_QUEUES } from '@app/contracts';

/** The one BullMQ queue of outgoing mail (prefixed with QUEUE_PREFIX like every queue). */
export const MAIL_QUEUE = JOB_QUEUES.mail;
export const MAIL_OPTIONS = Symbol('MAIL_OPTIONS');
export const MAIL_DRIVERS = ['mailbox', 'smtp'] as const;
export type MailDriverName = (typeof MAIL_DRIVERS)[number];

export interface MailModuleOptions {
  /** Names the Redis connections (e.g. identity). */
  service: string;
  redisUrl: string;
  queuePrefix: string;
  driver: MailDriverName;
  /** Folder of the mailbox driver. */
  mailDir: string;
  /** smtp:// or smtps:// URL of the smtp driver. */
  smtpUrl?: string;
  from: string;
  /** Run the worker that delivers queued mail (worker process or 'all' mode). */
  process: boolean;
  /** Delivery attempts of one message (default 5) and the first backoff delay (default 1000 ms). */
  attempts?: number;
  backoffMs?: number;
}

/** Config readers of the mail settings, to spread into a service's config spec. */
export const mailConfigSpec = {
  MAIL_DRIVER: env.oneOf(MAIL_DRIVERS, 'mailbox'),
  MAIL_DIR: env.string(path.join(process.cwd(), '.data', 'mailbox')),
  SMTP_URL: (name: string, raw: string | undefined): string | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    return env.url(['smtp', 'smtps'])(name, raw);
  },
  MAIL_FROM: env.string('Realty <no-reply@realty.test>'),
};

export interface MailConfig {
  MAIL_DRIVER: MailDriverName;
  MAIL_DIR: string;
  SMTP_URL?: string;
  MAIL_FROM: string;
}

/** The problem of settings that only make sense together (SMTP_URL is required by MAIL_DRIVER=smtp), or null. */
export function mailConfigProblem(config: MailConfig): string | null {
  if (config.MAIL_DRIVER === 'smtp' && !config.SMTP_URL) return 'SMTP_URL is missing (required when MAIL_DRIVER=smtp; expected smtp://...)';
  return null;
}

/** Throws a ConfigError when the mail settings do not fit together. */
export function assertMailConfig(config: MailConfig): void {
  const problem = mailConfigProblem(config);
  if (problem) throw new ConfigError(problem);
}
