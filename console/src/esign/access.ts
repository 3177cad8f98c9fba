import { ESIGN_PERMISSIONS, type Permission } from '@app/contracts';

/** The admin e-sign pages need both team_esign (the team's plan) and agent_esign (the user's switch): spec 002 section 6. */
export const ESIGN_ADMIN_PERMISSIONS: readonly Permission[] = ESIGN_PERMISSIONS;

export function hasEsignAccess(permissions: readonly Permission[] | null | undefined): boolean {
  return ESIGN_ADMIN_PERMISSIONS.every((permission) => (permissions ?? []).includes(permission));
}
