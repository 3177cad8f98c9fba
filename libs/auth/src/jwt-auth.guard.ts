import { CanActivate, ExecutionContext, ForbiddenException, Inject, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Permission, Role } from '@app/contracts';
import { IS_PUBLIC, REQUIRED_PERMISSIONS, REQUIRED_ROLES } from './decorators';
import { TOKEN_REVOCATIONS, type TokenRevocations } from './token-revocations';
import { AccessTokenVerifier, type AuthenticatedUser } from './tokens';

const SESSION_ENDED = 'Session expired or invalid. Please sign in again.';

/** Global guard: Bearer access token, then @Roles and @Permissions. */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AccessTokenVerifier) private readonly verifier: AccessTokenVerifier,
    @Optional() @Inject(TOKEN_REVOCATIONS) private readonly revocations?: TokenRevocations,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<{ headers: Record<string, string | undefined>; user?: AuthenticatedUser }>();
    const header = request.headers.authorization ?? '';
    const [scheme, token] = header.split(' ');
    if (scheme !== 'Bearer' || !token) throw new UnauthorizedException('Authentication required');
    try {
      request.user = await this.verifier.verify(token);
    } catch {
      throw new UnauthorizedException(SESSION_ENDED);
    }
    // Ended by a change since it was issued (disabled, demoted, a password change, its session's logout): refused everywhere.
    if (await this.revocations?.isRevoked(request.user)) throw new UnauthorizedException(SESSION_ENDED);

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(REQUIRED_ROLES, targets);
    if (roles?.length && !roles.some((role) => request.user!.roles.includes(role))) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    const permissions = this.reflector.getAllAndOverride<Permission[] | undefined>(REQUIRED_PERMISSIONS, targets);
    if (permissions?.length && !permissions.every((p) => request.user!.permissions.includes(p))) {
      throw new ForbiddenException('You do not have permission to do this');
    }
    return true;
  }
}
