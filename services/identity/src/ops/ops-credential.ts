import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigError, env } from '@app/platform';

/** Shortest operator password accepted: the board can retry, clean and remove any job of any team. */
export const OPS_PASSWORD_MIN_LENGTH = 16;

/**
 * The operator credential of the queues board (/api/ops/queues), HTTP Basic: OPS_USERNAME (default `ops`)
 * and OPS_PASSWORD. Without OPS_PASSWORD the board refuses everyone, in every environment.
 */
export const opsConfigSpec = {
  OPS_USERNAME: (name: string, raw: string | undefined): string => {
    const value = env.string('ops')(name, raw);
    // Basic credentials are "user:password": a colon in the name could never match.
    if (value.includes(':') || /\s/.test(value)) throw new ConfigError(`${name} must not contain a colon or white space`);
    return value;
  },
  OPS_PASSWORD: (name: string, raw: string | undefined): string | undefined => {
    if (raw === undefined || raw === '') return undefined;
    if (raw.length < OPS_PASSWORD_MIN_LENGTH) throw new ConfigError(`${name} must be at least ${OPS_PASSWORD_MIN_LENGTH} characters long`);
    return raw;
  },
};

export interface OpsCredential {
  username: string;
  /** Undefined: no operator credential configured, so nobody gets in. */
  password?: string;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** True when an Authorization header carries the configured operator credential (compared in constant time). */
export function opsCredentialMatches(authorization: string | undefined, credential: OpsCredential): boolean {
  if (!credential.password || !authorization) return false;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
  if (!match) return false;
  const given = Buffer.from(match[1], 'base64').toString('utf8');
  // Hashing first gives both sides the same length, so the comparison itself tells nothing.
  return timingSafeEqual(digest(given), digest(`${credential.username}:${credential.password}`));
}
