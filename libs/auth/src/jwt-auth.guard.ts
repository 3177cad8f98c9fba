import { ExecutionContext, ForbiddenException, Inject, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Permission, Role } from '@app/contracts';
import { IS_PUBLIC, REQUIRED_PERMISSIONS, REQUIRED_ROLES } from './decorators';
import { JWT_STRATEGY } from './jwt.strategy';
import { TOKEN_REVOCATIONS, type TokenRevocations } from './token-revocations';
import type { AuthenticatedUser } from './tokens';

const SESSION_ENDED = 'Session expired or invalid. Please sign in again.';

/**
 * Global guard: the Bearer access token through passport (JwtStrategy), its revocation marks, then
 * @Roles and @Permissions. Every refusal is our own 401 or 403 message: passport's never leak.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard(JWT_STRATEGY) {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(TOKEN_REVOCATIONS) private readonly revocations?: TokenRevocations,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthenticatedUser }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !token) throw new UnauthorizedException('Authentication required');
    // passport-jwt verifies (ES256, issuer, audience, expiry), JwtStrategy.validate applies the claim
    // rules, handleRequest turns any refusal into ours; request.user is then the caller.
    await super.canActivate(context);
    const user = request.user!;
    // Ended by a change since it was issued (disabled, demoted, a password change, its session's logout): refused everywhere.
    if (await this.revocations?.isRevoked(user)) throw new UnauthorizedException(SESSION_ENDED);

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles?.length && !roles.some((role) => user.roles.includes(role))) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    const permissions = this.reflector.getAllAndOverride<Permission[] | undefined>(REQUIRED_PERMISSIONS, targets);
    if (permissions?.length && !permissions.every((p) => user.permissions.includes(p))) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    return true;
  }

  /** Invalid, expired, foreign or malformed: one answer, whatever passport or jsonwebtoken said. */
  override handleRequest<TUser = AuthenticatedUser>(error: unknown, user: TUser | false | null | undefined): TUser {
    if (error || !user) throw new UnauthorizedException(SESSION_ENDED);
    return user;
  }
}
