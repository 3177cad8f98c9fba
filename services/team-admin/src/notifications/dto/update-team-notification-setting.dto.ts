import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { TeamNotificationSettingUpdate } from '@app/contracts';
import { IsDatabaseId } from '@app/platform';
import { TEAM_ADMIN_MESSAGES } from '../../common/team-admin.errors';

export class UpdateTeamNotificationSettingDto implements TeamNotificationSettingUpdate {
  @ApiProperty({ example: 1, description: 'One of NOTIFICATION_CATALOGUE (404 otherwise)' })
  @IsDatabaseId({ message: 'Must be a notification id' })
  notification_id: number;

  @ApiProperty({ description: 'false switches the notification off for every member of the team' })
  @IsBoolean({ message: TEAM_ADMIN_MESSAGES.mustBeBoolean })
  enabled: boolean;
}
