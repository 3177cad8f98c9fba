import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Permission, Role } from '@app/contracts';
import type { AuthenticatedUser } from './tokens';

export const IS_PUBLIC = 'auth:public';
export const REQUIRED_ROLES = 'auth:roles';
export const REQUIRED_PERMISSIONS = 'auth:permissions';

/** The route needs no signed-in user. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The caller needs one of these roles (403 otherwise). */
export const Roles = (...roles: Role[]) => SetMetadata(REQUIRED_ROLES, roles);

/** The caller needs every one of these permissions (403 otherwise). */
export const Permissions = (...permissions: Permission[]) => SetMetadata(REQUIRED_PERMISSIONS, permissions);

/** The signed-in caller, set by the JWT guard. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  return ctx.switchToHttp().getRequest<{ user: AuthenticatedUser }>().user;
});
