import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS, SERVICE_CONFIG } from '@app/platform';
import type { IdentityConfig } from '../identity.config';
import type { ClientContext } from './auth.service';

/**
 * The successor each rotated refresh token got, kept for REFRESH_REUSE_GRACE_SECONDS: two tabs of one
 * browser refreshing with the same token at once both get the same new token, where a reuse by another
 * client, or later, still ends the session as theft. Only the same client (IP and user agent) is answered.
 */
@Injectable()
export class RefreshGrace {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private key(rotatedTokenId: string) {
    return `${this.config.QUEUE_PREFIX}:auth:refresh-successor:${rotatedTokenId}`;
  }

  private clientOf(client: ClientContext) {
    return createHash('sha256')
      .update(`${client.ip}\n${client.userAgent ?? ''}`)
      .digest('base64url');
  }

  /** Written before the rotation commits, so a request waiting on the row's lock finds it. */
  async remember(rotatedTokenId: string, successor: string, client: ClientContext): Promise<void> {
    if (this.config.REFRESH_REUSE_GRACE_SECONDS <= 0) return;
    await this.redis.set(
      this.key(rotatedTokenId),
      JSON.stringify({ successor, client: this.clientOf(client) }),
      'EX',
      this.config.REFRESH_REUSE_GRACE_SECONDS,
    );
  }

  /** The successor this client already got, while the grace window lasts; else null. */
  async successorFor(rotatedTokenId: string, client: ClientContext): Promise<string | null> {
    if (this.config.REFRESH_REUSE_GRACE_SECONDS <= 0) return null;
    const raw = await this.redis.get(this.key(rotatedTokenId));
    if (!raw) return null;
    const stored = JSON.parse(raw) as { successor: string; client: string };
    return stored.client === this.clientOf(client) ? stored.successor : null;
  }
}
