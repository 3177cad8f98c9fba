import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/contracts';

export const TOKEN_REVOCATIONS = Symbol('TOKEN_REVOCATIONS');

/** How long a service may keep believing a user's mark (ms): a revocation reaches every guard within this. */
export const REVOCATION_CACHE_MS = 5_000;

/**
 * Per-user "valid after" marks: an access token issued before its user's mark is refused by every
 * service's guard. identity sets the mark when a change must end access at once (disable, role change,
 * a password set by reset or by an admin), so a 15-minute token never outlives it.
 */
export interface TokenRevocations {
  /** Tokens of this user issued before `at` (epoch ms) stop working within REVOCATION_CACHE_MS. */
  revokeTokensOf(agentId: number, at?: number): Promise<void>;
  /** The user's mark (epoch ms), or null. */
  validAfter(agentId: number): Promise<number | null>;
}

export class RedisTokenRevocations implements TokenRevocations {
  private readonly logger = new Logger(RedisTokenRevocations.name);
  private readonly cache = new Map<number, { mark: number | null; until: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly cacheMs = REVOCATION_CACHE_MS,
  ) {}

  private key(agentId: number) {
    return `${this.prefix}:auth:valid-after:${agentId}`;
  }

  async revokeTokensOf(agentId: number, at = Date.now()): Promise<void> {
    // A mark older than the longest token life refuses nothing more: let Redis forget it.
    await this.redis.set(this.key(agentId), String(at), 'EX', ACCESS_TOKEN_TTL_SECONDS + 60);
    this.cache.delete(agentId);
  }

  async validAfter(agentId: number): Promise<number | null> {
    const now = Date.now();
    const cached = this.cache.get(agentId);
    if (cached && cached.until > now) return cached.mark;
    let mark: number | null = null;
    try {
      const raw = await this.redis.get(this.key(agentId));
      mark = raw === null ? null : Number(raw);
    } catch (error) {
      // Redis down: the service reports not ready; refusing every call here would only add an outage.
      this.logger.warn(`revocation check skipped: ${(error as Error).message}`);
      return cached?.mark ?? null;
    }
    if (this.cache.size > 50_000) this.cache.clear();
    this.cache.set(agentId, { mark, until: now + this.cacheMs });
    return mark;
  }
}
