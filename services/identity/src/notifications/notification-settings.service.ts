import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '@app/auth';
import { ACCOUNT_MESSAGES, type NotificationSetting } from '@app/contracts';
import { NotificationSettingsRepository } from './notification-settings.repository';
import type { UpdateNotificationSettingDto } from './dto/update-notification-setting.dto';

@Injectable()
export class NotificationSettingsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly settings: NotificationSettingsRepository,
  ) {}

  list(caller: AuthenticatedUser): Promise<NotificationSetting[]> {
    return this.settings.list(caller.agent_id, caller.team_id);
  }

  /** Switches one notification for the caller; a team override makes the switch read-only. */
  update(caller: AuthenticatedUser, change: UpdateNotificationSettingDto): Promise<NotificationSetting> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.settings.findOne(caller.agent_id, caller.team_id, change.notification_id, manager);
      if (!current) throw new NotFoundException('Notification not found');
      if (current.team_override) throw new BadRequestException(ACCOUNT_MESSAGES.notificationDisabledByTeam);
      await this.settings.setEnabled(caller.agent_id, change.notification_id, change.enabled, manager);
      return (await this.settings.findOne(caller.agent_id, caller.team_id, change.notification_id, manager))!;
    });
  }
}
