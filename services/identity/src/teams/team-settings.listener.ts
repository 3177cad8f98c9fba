import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { TeamsSyncRepository } from './teams-sync.repository';

/** Applies team-admin's decisions to identity's teams and users. */
@Injectable()
export class ApplyTeamSettingsFromTeamAdmin {
  private readonly logger = new Logger(ApplyTeamSettingsFromTeamAdmin.name);

  constructor(private readonly teams: TeamsSyncRepository) {}

  /** The profile's team name (GET /user/profile) and the user snapshots follow Team Settings. */
  @HandleEvent('team-admin.team.updated')
  async onTeamUpdated(event: EventEnvelope<'team-admin.team.updated'>, manager: EntityManager) {
    const { team_id, name, revision } = event.payload;
    if (!(await this.teams.applyName(team_id, name, revision, manager))) {
      this.logger.debug(`team ${team_id} name revision ${revision} skipped (older revision or unknown team)`);
    }
  }

  /** A switch the team turns off shows 'Notification disabled by team' on every member's screen. */
  @HandleEvent('team-admin.notification-settings.changed')
  async onNotificationSettingsChanged(event: EventEnvelope<'team-admin.notification-settings.changed'>, manager: EntityManager) {
    if (event.team_id === null) return;
    const { revision, settings } = event.payload;
    if (!(await this.teams.applyNotificationSettings(event.team_id, revision, settings, manager))) {
      this.logger.debug(`team ${event.team_id} notification settings revision ${revision} skipped (older revision or unknown team)`);
    }
  }
}
