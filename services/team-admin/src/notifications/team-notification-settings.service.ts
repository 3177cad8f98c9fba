import { Injectable, NotFoundException } from '@nestjs/common';
import { ADMIN_MESSAGES, NOTIFICATION_CATALOGUE, type TeamNotificationSetting } from '@app/contracts';
import { EventOutbox } from '@app/events';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';
import { TeamTransactions } from '../team/team-transactions';
import { TeamsRepository } from '../team/teams.repository';
import { TeamNotificationSettingsRepository } from './team-notification-settings.repository';

/** The whole catalogue with the team's values (enabled by default). */
function settingsOf(stored: Map<number, boolean>): TeamNotificationSetting[] {
  return NOTIFICATION_CATALOGUE.map(({ notification_id, name }) => ({
    notification_id,
    name,
    enabled: stored.get(notification_id) ?? true,
  }));
}

@Injectable()
export class TeamNotificationSettingsService {
  constructor(
    private readonly teams: TeamTransactions,
    private readonly teamRows: TeamsRepository,
    private readonly settings: TeamNotificationSettingsRepository,
    private readonly outbox: EventOutbox,
  ) {}

  async list(teamId: number): Promise<{ records: TeamNotificationSetting[] }> {
    await this.teams.read(teamId);
    return { records: settingsOf(await this.settings.stored(teamId)) };
  }

  /**
   * Switches one notification for the whole team. A real change publishes the team's whole set with the
   * next revision, in the same transaction (identity turns it into every member's team override).
   */
  update(teamId: number, notificationId: number, enabled: boolean) {
    return this.teams.run(teamId, async (manager) => {
      if (!NOTIFICATION_CATALOGUE.some((n) => n.notification_id === notificationId)) {
        throw new NotFoundException(TEAM_ADMIN_MESSAGES.notificationNotFound);
      }
      const before = settingsOf(await this.settings.stored(teamId, manager));
      await this.settings.set(teamId, notificationId, enabled, manager);
      const after = settingsOf(await this.settings.stored(teamId, manager));
      const record = after.find((s) => s.notification_id === notificationId)!;
      if (before.find((s) => s.notification_id === notificationId)!.enabled !== enabled) {
        const revision = await this.teamRows.nextRevision(teamId, 'notification_settings_revision', manager);
        await this.outbox.publish(manager, 'team-admin.notification-settings.changed', teamId, {
          revision,
          settings: after.map(({ notification_id, enabled }) => ({ notification_id, enabled })),
        });
      }
      return { status: 'success' as const, message: ADMIN_MESSAGES.settingSaved, record };
    });
  }
}
