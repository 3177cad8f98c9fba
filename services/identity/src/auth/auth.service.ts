import { randomUUID } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Permission, TokenResponse } from '@app/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { AccessTokenSigner, type AuthenticatedUser } from '@app/auth';
import { RateLimiter, SIGN_IN_LIMITS } from '@app/platform';
import { UsersRepository } from '../users/users.repository';
import type { UserEntity } from '../users/user.entity';
import { profileOf } from '../profile/profile.mapper';
import { LoginHistoryRepository } from './login-history.repository';
import { PasswordHasher } from './password-hasher';
import { RefreshGrace } from './refresh-grace';
import { RefreshTokensRepository } from './refresh-tokens.repository';

export interface ClientContext {
  ip: string;
  userAgent: string | null;
}

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

@Injectable()
export class AuthService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly history: LoginHistoryRepository,
    private readonly limits: RateLimiter,
    private readonly hasher: PasswordHasher,
    private readonly grace: RefreshGrace,
    @Inject(AccessTokenSigner) private readonly signer: AccessTokenSigner,
  ) {}

  async login(email: string, password: string, client: ClientContext): Promise<TokenResponse> {
    const attempt = { ip: client.ip, account: email };
    await this.limits.assertAllowed(SIGN_IN_LIMITS, attempt);
    const user = await this.users.findByEmailWithSecret(email);
    const passwordOk = await this.hasher.verify(user?.password_hash, password);
    const success = !!user && passwordOk && user.status === 'active';
    await this.history.record({
      email: email.toLowerCase(),
      success,
      agent_id: user?.agent_id ?? null,
      team_id: user?.team_id ?? null,
      ip: client.ip,
      user_agent: client.userAgent,
    });
    if (!success) {
      await this.limits.recordFailure(SIGN_IN_LIMITS, attempt);
      if (user && passwordOk && user.status !== 'active') {
        throw new UnauthorizedException('This account is inactive. Contact your team administrator.');
      }
      throw new UnauthorizedException(INVALID_CREDENTIALS);
    }
    await this.limits.recordSuccess(SIGN_IN_LIMITS, attempt);
    await this.users.touchLastAccess(user.agent_id);
    const sessionId = randomUUID();
    const refreshToken = await this.refreshTokens.issue(user.agent_id, sessionId, {
      ip: client.ip,
      userAgent: client.userAgent ?? undefined,
    });
    return this.tokenResponse(user, refreshToken, sessionId);
  }

  /**
   * Rotates: the presented token is spent. Presenting a spent token again ends the whole session (its
   * refresh family and its access tokens), unless the same client does so within the grace window (two
   * tabs refreshing at once), which answers the successor it already got.
   */
  async refresh(refreshToken: string, client: ClientContext): Promise<TokenResponse> {
    const outcome = await this.dataSource.transaction(async (manager) => {
      const row = await this.refreshTokens.findByToken(refreshToken, manager);
      if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { ok: false as const };
      if (row.rotated_at || !(await this.refreshTokens.markRotated(row.id, manager))) {
        const successor = await this.grace.successorFor(row.id, client);
        const user = successor ? await this.users.findById(row.agent_id, manager) : null;
        if (successor && user && user.status === 'active') return { ok: true as const, user, next: successor, sessionId: row.family_id };
        await this.refreshTokens.endSession(row.family_id, manager);
        return { ok: false as const };
      }
      const user = await this.users.findById(row.agent_id, manager);
      if (!user || user.status !== 'active') return { ok: false as const };
      const next = await this.refreshTokens.issue(user.agent_id, row.family_id, {}, manager);
      await this.grace.remember(row.id, next, client);
      return { ok: true as const, user, next, sessionId: row.family_id };
    });
    if (!outcome.ok) throw new UnauthorizedException(SESSION_ENDED);
    return this.tokenResponse(outcome.user, outcome.next, outcome.sessionId);
  }

  /** Ends this refresh token's session: its family, and the access tokens issued in it (other sessions go on). */
  async logout(refreshToken: string): Promise<void> {
    const row = await this.refreshTokens.findByToken(refreshToken);
    if (row) await this.refreshTokens.endSession(row.family_id);
  }

  private async tokenResponse(user: UserEntity, refreshToken: string, sessionId: string): Promise<TokenResponse> {
    const identity: AuthenticatedUser = {
      agent_id: user.agent_id,
      team_id: user.team_id,
      roles: user.roles,
      permissions: effectivePermissions(user),
      market_id: user.team?.market_id ?? 0,
      session_id: sessionId,
    };
    return {
      access_token: await this.signer.sign(identity),
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      user: profileOf(user, user.roles),
    };
  }
}

/**
 * What a user's token carries: the team plan's permissions and the user's own, with agent_esign
 * derived from esign_enabled (and only while the team has team_esign). CLIENT and VENDOR carry none
 * (least privilege: every permission unlocks a staff screen or call, none of theirs). The user must be
 * loaded with its team.
 */
export function effectivePermissions(
  user: Pick<UserEntity, 'permissions' | 'esign_enabled' | 'roles'> & { team?: { permissions: Permission[] } | null },
): Permission[] {
  if (!isStaff(user)) return [];
  const granted = new Set<Permission>([...(user.team?.permissions ?? []), ...user.permissions]);
  granted.delete('agent_esign');
  if (user.esign_enabled && granted.has('team_esign')) granted.add('agent_esign');
  return PERMISSIONS.filter((p) => granted.has(p));
}

/** A member of the team's staff (ADMIN, TC, ISA, agent), not a CLIENT or VENDOR. */
export function isStaff(user: Pick<UserEntity, 'roles'>): boolean {
  return user.roles.some((role) => STAFF_ROLES.includes(role));
}
