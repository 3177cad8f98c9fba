import { NotFoundException } from '@nestjs/common';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';

/** The caller's team row, or 404: a team identity has not provisioned here yet has no settings. */
export function teamOrNotFound<T>(team: T | null): T {
  if (!team) throw new NotFoundException(TEAM_ADMIN_MESSAGES.teamNotFound);
  return team;
}
