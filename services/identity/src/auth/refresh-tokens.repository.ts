import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { TOKEN_REVOCATIONS, type TokenRevocations } from '@app/auth';
import { REFRESH_TOKEN_TTL_SECONDS } from '@app/contracts';
import type { TableRow } from '@app/database';

export type RefreshTokenRow = Pick<
  TableRow<'identity.refresh_tokens'>,
  'id' | 'family_id' | 'agent_id' | 'expires_at' | 'rotated_at' | 'revoked_at'
>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Refresh tokens are stored hashed; a family is one sign-in and all its rotations. */
@Injectable()
export class RefreshTokensRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TOKEN_REVOCATIONS) private readonly revocations: TokenRevocations,
  ) {}

  async issue(
    agentId: number,
    familyId: string = randomUUID(),
    context: { ip?: string; userAgent?: string } = {},
    manager: EntityManager = this.dataSource.manager,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await manager.query(
      `INSERT INTO identity.refresh_tokens (id, family_id, agent_id, token_hash, expires_at, ip, user_agent)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6, $7)`,
      [randomUUID(), familyId, agentId, hashToken(token), REFRESH_TOKEN_TTL_SECONDS, context.ip ?? null, context.userAgent ?? null],
    );
    return token;
  }

  async findByToken(token: string, manager: EntityManager = this.dataSource.manager): Promise<RefreshTokenRow | null> {
    const rows: RefreshTokenRow[] = await manager.query(
      `SELECT id, family_id, agent_id, expires_at, rotated_at, revoked_at FROM identity.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hashToken(token)],
    );
    return rows[0] ?? null;
  }

  /** Marks the token spent; false when another request spent it first. */
  async markRotated(id: string, manager: EntityManager): Promise<boolean> {
    // For UPDATE ... RETURNING, TypeORM's query() answers [rows, affectedCount].
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE identity.refresh_tokens SET rotated_at = now() WHERE id = $1 AND rotated_at IS NULL RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Ends one session (a refresh family): its refresh tokens revoked, its access tokens refused within seconds. */
  async endSession(familyId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE identity.refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [familyId]);
    await this.revocations.endSession(familyId);
  }

  /** The user's access tokens issued so far stop working within seconds; their sessions refresh into new ones. */
  async endAccessTokensOf(agentId: number): Promise<void> {
    await this.revocations.revokeTokensOf(agentId);
  }

  /**
   * Ends every session of the user but keepSessionId (the one a user changed their own password from):
   * refresh tokens revoked, and access tokens already issued refused by every service within seconds
   * (the "valid after" mark), not only once they expire.
   */
  async revokeAllOf(agentId: number, manager: EntityManager = this.dataSource.manager, keepSessionId: string | null = null): Promise<void> {
    await manager.query(
      `UPDATE identity.refresh_tokens SET revoked_at = now() WHERE agent_id = $1 AND revoked_at IS NULL AND family_id IS DISTINCT FROM $2`,
      [agentId, keepSessionId],
    );
    await this.revocations.revokeTokensOf(agentId, { keepSessionId });
  }
}
