import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, type LicenceCounts } from '@app/contracts';
import { FieldErrorsException } from '@app/platform';
import { ADMIN_USER_ERRORS, LicenceLimitException } from './admin-users.errors';
import { AdminUsersRepository, type LockedTeam, type TeamUsage } from './admin-users.repository';

/** What a change adds to the team's usage: one more active member, one more e-sign seat. */
export interface CapacityNeed {
  licence: boolean;
  esignSeat: boolean;
}

/** Counts as GET /admin/licenses answers them; a total of 0 means the plan sets no limit. */
export function licenceCountsOf(team: Pick<LockedTeam, 'user_licenses_total' | 'esign_seats_total'>, usage: TeamUsage): LicenceCounts {
  return {
    total: team.user_licenses_total,
    used: usage.used,
    remaining: team.user_licenses_total - usage.used,
    esign_total: team.esign_seats_total,
    esign_used: usage.esign_used,
    esign_remaining: team.esign_seats_total - usage.esign_used,
  };
}

/** User licences and e-sign seats of a team (spec 000 sections 3, 5 and 8). */
@Injectable()
export class LicencesService {
  constructor(private readonly repository: AdminUsersRepository) {}

  async counts(caller: AuthenticatedUser): Promise<LicenceCounts> {
    const team = await this.repository.team(caller.team_id);
    if (!team) throw new NotFoundException(ADMIN_USER_ERRORS.userNotFound);
    return licenceCountsOf(team, await this.repository.usage(team.team_id));
  }

  /** esign_enabled needs the team's team_esign permission (the PRO tag in the form otherwise). */
  assertEsignPermitted(team: LockedTeam): void {
    if (!team.permissions.includes('team_esign')) {
      throw new FieldErrorsException(
        [{ field: 'esign_enabled', error: ADMIN_MESSAGES.esignNotPermitted }],
        ADMIN_MESSAGES.esignNotPermitted,
        403,
      );
    }
  }

  /**
   * Refuses a change that would take a licence or an e-sign seat the team does not have. The team row
   * must be locked (AdminUsersRepository.lockTeam) in the same transaction, so the counts stay true.
   */
  async assertCapacity(team: LockedTeam, need: CapacityNeed, manager: EntityManager): Promise<void> {
    if (!need.licence && !need.esignSeat) return;
    const counts = licenceCountsOf(team, await this.repository.usage(team.team_id, manager));
    if (need.licence && counts.total > 0 && counts.remaining <= 0) throw new LicenceLimitException();
    if (need.esignSeat && counts.esign_total > 0 && counts.esign_remaining <= 0) {
      throw new FieldErrorsException([{ field: 'esign_enabled', error: ADMIN_MESSAGES.noEsignSeats }], ADMIN_MESSAGES.noEsignSeats, 403);
    }
  }
}
