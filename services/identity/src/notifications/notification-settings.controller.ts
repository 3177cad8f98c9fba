import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { UpdateNotificationSettingDto } from './dto/update-notification-setting.dto';
import { NotificationSettingsService } from './notification-settings.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { NOTIFICATION_SETTING_SCHEMA, NOTIFICATION_SETTINGS_SCHEMA } from '../identity.openapi';

@ApiTags('notification settings')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('user/notification_settings')
export class NotificationSettingsController {
  constructor(private readonly settings: NotificationSettingsService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's notification switches: [{notification_id, name, enabled, team_override}]",
    description: 'enabled defaults to true; with team_override the team has fixed the value (the switch is read-only).',
  })
  @ApiAnswer(200, NOTIFICATION_SETTINGS_SCHEMA)
  list(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.list(caller);
  }

  @Patch()
  @ApiOperation({
    summary: 'Switch one notification: {notification_id, enabled} -> the updated setting',
    description: 'Unknown notification_id: 404. A notification with team_override: 400 {message: "Notification disabled by team"}.',
  })
  @ApiAnswer(200, NOTIFICATION_SETTING_SCHEMA, 'The updated setting')
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateNotificationSettingDto) {
    return this.settings.update(caller, body);
  }
}
