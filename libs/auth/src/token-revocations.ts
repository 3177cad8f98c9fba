import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/contracts';
import type { AuthenticatedUser } from './tokens';

export const TOKEN_REVOCATIONS = Symbol('TOKEN_REVOCATIONS');

/** How long a service may keep believing a user's mark (ms): a revocation reaches every guard within this. */
export const REVOCATION_CACHE_MS = 5_000;

/** A user's mark: tokens issued before `at` are refused, except those of the session kept (the caller's own). */
interface UserMark {
  at: number;
  keepSessionId: string | null;
}

/**
 * Per-user "valid after" marks and per-session ends: an access token issued before its user's mark, or
 * belonging to an ended session, is refused by every service's guard. identity sets a user's mark when a
 * change must end access at once (disable, role change, a password set by reset, by an admin, or by the
 * user, who keeps the session they changed it from), and ends one session at logout, so a 15-minute
 * token never outlives it.
 */
export interface TokenRevocations {
  /** Tokens of this user issued before `at` (epoch ms, default now), except keepSessionId's, stop working within REVOCATION_CACHE_MS. */
  revokeTokensOf(agentId: number, options?: { at?: number; keepSessionId?: string | null }): Promise<void>;
  /** Every access token of this session stops working within REVOCATION_CACHE_MS. */
  endSession(sessionId: string): Promise<void>;
  /** Whether this verified caller's token was ended since it was issued. */
  isRevoked(user: Pick<AuthenticatedUser, 'agent_id' | 'issued_at_ms' | 'session_id'>): Promise<boolean>;
}

/** Whether a token issued at issuedAt in sessionId is refused by a mark. */
export function refusedByMark(mark: UserMark | null, issuedAt: number, sessionId: string | undefined): boolean {
  if (!mark || issuedAt >= mark.at) return false;
  return !(mark.keepSessionId && sessionId === mark.keepSessionId);
}

export class RedisTokenRevocations implements TokenRevocations {
  private readonly logger = new Logger(RedisTokenRevocations.name);
  private readonly cache = new Map<string, { mark: UserMark | null; ended: boolean; until: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly cacheMs = REVOCATION_CACHE_MS,
  ) {}

  private userKey(agentId: number) {
    return `${this.prefix}:auth:valid-after:${agentId}`;
  }

  private sessionKey(sessionId: string) {
    return `${this.prefix}:auth:session-ended:${sessionId}`;
  }

  async revokeTokensOf(agentId: number, options: { at?: number; keepSessionId?: string | null } = {}): Promise<void> {
    const at = options.at ?? Date.now();
    const value = options.keepSessionId ? `${at}:${options.keepSessionId}` : String(at);
    // A mark older than the longest token life refuses nothing more: let Redis forget it.
    await this.redis.set(this.userKey(agentId), value, 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
    this.dropCached(`${agentId}:`);
  }

  async endSession(sessionId: string): Promise<void> {
    await this.redis.set(this.sessionKey(sessionId), '1', 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
    for (const key of this.cache.keys()) if (key.endsWith(`:${sessionId}`)) this.cache.delete(key);
  }

  async isRevoked(user: Pick<AuthenticatedUser, 'agent_id' | 'issued_at_ms' | 'session_id'>): Promise<boolean> {
    const now = Date.now();
    const cacheKey = `${user.agent_id}:${user.session_id ?? ''}`;
    let entry = this.cache.get(cacheKey);
    if (!entry || entry.until <= now) {
      try {
        // One round trip for both marks.
        const [rawMark, rawEnded] = await this.redis.mget(
          this.userKey(user.agent_id),
          user.session_id ? this.sessionKey(user.session_id) : `${this.prefix}:auth:no-session`,
        );
        entry = { mark: parseMark(rawMark), ended: rawEnded !== null, until: now + this.cacheMs };
      } catch (error) {
        // Redis away and the mark read over cacheMs ago: the call cannot be checked and fails (503 with
        // Retry-After, within the connection's command timeout) rather than letting a token revoked
        // since then through. Marks read within cacheMs are used without asking Redis at all.
        this.logger.warn(`revocation check failed: ${(error as Error).message}`);
        throw error;
      }
      if (this.cache.size > 50_000) this.cache.clear();
      this.cache.set(cacheKey, entry);
    }
    return entry.ended || refusedByMark(entry.mark, user.issued_at_ms ?? 0, user.session_id);
  }

  private dropCached(prefix: string) {
    for (const key of this.cache.keys()) if (key.startsWith(prefix)) this.cache.delete(key);
  }
}

function parseMark(raw: string | null): UserMark | null {
  if (raw === null) return null;
  const [at, keep] = raw.split(':');
  const mark = Number(at);
  return Number.isFinite(mark) ? { at: mark, keepSessionId: keep || null } : null;
}
