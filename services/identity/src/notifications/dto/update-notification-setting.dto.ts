import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { NotificationSettingUpdate } from '@app/contracts';
import { IsDatabaseId } from '@app/platform';

export class UpdateNotificationSettingDto implements NotificationSettingUpdate {
  @ApiProperty({ example: 1 })
  @IsDatabaseId({ message: 'Must be a notification id' })
  notification_id: number;

  @ApiProperty()
  @IsBoolean({ message: 'Must be true or false' })
  enabled: boolean;
}
