import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, Min } from 'class-validator';

export class UpdateNotificationSettingDto {
  @ApiProperty({ example: 1 })
  @IsInt({ message: 'Must be a notification id' })
  @Min(1, { message: 'Must be a notification id' })
  notification_id: number;

  @ApiProperty()
  @IsBoolean({ message: 'Must be true or false' })
  enabled: boolean;
}
