import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ACCOUNT_MESSAGES, type NotificationSetting, type NotificationSettingChanged } from '@app/contracts';
import { EventOutbox, type PublishMeta } from '@app/events';
import { NotificationSettingsRepository } from './notification-settings.repository';
import type { UpdateNotificationSettingDto } from './dto/update-notification-setting.dto';

const keyOf = (s: NotificationSettingChanged) => `${s.agent_id}:${s.notification_id}`;

/**
 * identity.notification-setting.changed carries a user's EFFECTIVE switch (a switch the team disables is
 * off) and is published only when that value changes: setting a switch to the value it has, or a team
 * change that leaves a user's value as it was, publishes nothing.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly settings: NotificationSettingsRepository,
    private readonly outbox: EventOutbox,
  ) {}

  list(caller: AuthenticatedUser): Promise<NotificationSetting[]> {
    return this.settings.list(caller.agent_id, caller.team_id);
  }

  /**
   * Switches one notification for the caller; a team override makes the switch read-only (400, and no
   * event: the effective value stays off).
   */
  update(caller: AuthenticatedUser, change: UpdateNotificationSettingDto): Promise<NotificationSetting> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.settings.findOne(caller.agent_id, caller.team_id, change.notification_id, manager);
      if (!current) throw new NotFoundException('Notification not found');
      if (current.team_override) throw new BadRequestException(ACCOUNT_MESSAGES.notificationDisabledByTeam);
      await this.settings.setEnabled(caller.agent_id, change.notification_id, change.enabled, manager);
      const updated = (await this.settings.findOne(caller.agent_id, caller.team_id, change.notification_id, manager))!;
      if (updated.enabled !== current.enabled) {
        const effective = await this.settings.effectiveOf(caller.agent_id, caller.team_id, change.notification_id, manager);
        if (effective) await this.outbox.publish(manager, 'identity.notification-setting.changed', caller.team_id, effective);
      }
      return updated;
    });
  }

  /**
   * Runs a change of the team's overrides (in the caller's transaction) and publishes one event per user
   * and switch whose effective value it changed (meta: the causing event). Returns what the change returned.
   */
  async changingTeamOverrides<T>(teamId: number, manager: EntityManager, change: () => Promise<T>, meta: PublishMeta = {}): Promise<T> {
    const before = new Map((await this.settings.effectiveOfTeam(teamId, manager)).map((s) => [keyOf(s), s.enabled]));
    const result = await change();
    for (const setting of await this.settings.effectiveOfTeam(teamId, manager)) {
      if (before.get(keyOf(setting)) !== setting.enabled) {
        await this.outbox.publish(manager, 'identity.notification-setting.changed', teamId, setting, meta);
      }
    }
    return result;
  }
}
