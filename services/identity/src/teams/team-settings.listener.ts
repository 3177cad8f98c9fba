import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EventEnvelope } from '@app/contracts';
import { HandleEvent } from '@app/events';
import { NotificationSettingsService } from '../notifications/notification-settings.service';
import { TeamsSyncRepository } from './teams-sync.repository';

/** Applies team-admin's decisions to identity's teams and users. */
@Injectable()
export class ApplyTeamSettingsFromTeamAdmin {
  private readonly logger = new Logger(ApplyTeamSettingsFromTeamAdmin.name);

  constructor(
    private readonly teams: TeamsSyncRepository,
    private readonly notificationSettings: NotificationSettingsService,
  ) {}

  /** The profile's team name (GET /user/profile) and the user snapshots follow Team Settings. */
  @HandleEvent('team-admin.team.updated')
  async onTeamUpdated(event: EventEnvelope<'team-admin.team.updated'>, manager: EntityManager) {
    const { team_id, name, revision } = event.payload;
    if (!(await this.teams.applyName(team_id, name, revision, manager))) {
      this.logger.debug(`team ${team_id} name revision ${revision} skipped (older revision or unknown team)`);
    }
  }

  /**
   * A switch the team turns off shows 'Notification disabled by team' on every member's screen; every
   * member whose effective switch this changes gets an identity.notification-setting.changed.
   */
  @HandleEvent('team-admin.notification-settings.changed')
  async onNotificationSettingsChanged(event: EventEnvelope<'team-admin.notification-settings.changed'>, manager: EntityManager) {
    const teamId = event.team_id;
    if (teamId === null) return;
    const { revision, settings } = event.payload;
    const applied = await this.notificationSettings.changingTeamOverrides(
      teamId,
      manager,
      () => this.teams.applyNotificationSettings(teamId, revision, settings, manager),
      { causation_id: event.id, correlation_id: event.correlation_id ?? event.id },
    );
    if (!applied) {
      this.logger.debug(`team ${event.team_id} notification settings revision ${revision} skipped (older revision or unknown team)`);
    }
  }
}
