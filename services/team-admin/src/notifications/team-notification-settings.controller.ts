import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES } from '@app/contracts';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';
import { UpdateTeamNotificationSettingDto } from './dto/update-team-notification-setting.dto';
import { TeamNotificationSettingsService } from './team-notification-settings.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { NOTIFICATION_SETTING_SAVED_SCHEMA, NOTIFICATION_SETTINGS_SCHEMA } from '../team-admin.openapi';

@ApiTags('team notification settings')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin/notification_settings')
export class TeamNotificationSettingsController {
  constructor(private readonly settings: TeamNotificationSettingsService) {}

  @Get()
  @ApiOperation({
    summary: "The team's switches {records: [{notification_id, name, enabled}]} over the whole catalogue, enabled by default (ADMIN)",
  })
  @ApiAnswer(200, NOTIFICATION_SETTINGS_SCHEMA)
  @ApiErrors(404)
  list(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.list(caller.team_id);
  }

  @Patch()
  @ApiOperation({
    summary: `Switch one notification for the whole team (ADMIN): {status, message:"${ADMIN_MESSAGES.settingSaved}", record}`,
    description:
      `Unknown notification_id: 404 "${TEAM_ADMIN_MESSAGES.notificationNotFound}". A change publishes team-admin.notification-settings.changed ` +
      '{revision, settings: the whole set}; identity then shows every member the switch as disabled by the team.',
  })
  @ApiAnswer(200, NOTIFICATION_SETTING_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateTeamNotificationSettingDto) {
    return this.settings.update(caller.team_id, body.notification_id, body.enabled);
  }
}
