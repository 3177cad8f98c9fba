import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES } from '@app/contracts';
import { UpdateTeamSettingsDto } from './dto/update-team-settings.dto';
import { TeamSettingsService } from './team-settings.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { TEAM_SETTINGS_SAVED_SCHEMA, TEAM_SETTINGS_SCHEMA } from '../team-admin.openapi';

@ApiTags('team settings')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin/team')
export class TeamSettingsController {
  constructor(private readonly settings: TeamSettingsService) {}

  @Get()
  @ApiOperation({
    summary: "The caller's team settings (ADMIN): {team_id, name, address_1, address_2, city, state, postal_code, timezone, logo_url}",
    description: 'logo_url is a signed, expiring URL or null. 404 "Team not found" until identity.team.provisioned has reached team-admin.',
  })
  @ApiAnswer(200, TEAM_SETTINGS_SCHEMA)
  @ApiErrors(404)
  get(@CurrentUser() caller: AuthenticatedUser) {
    return this.settings.get(caller.team_id);
  }

  @Patch()
  @ApiOperation({
    summary: 'Change some of the team settings (ADMIN)',
    description: [
      `Any of name, address_1, address_2, city, state, postal_code, timezone. The resulting name and timezone are required ("${ADMIN_MESSAGES.required}"); ` +
        `timezone is an IANA name or UTC ("${ADMIN_MESSAGES.invalidTimezone}"); text fields refuse < > * ! ( ) { }. Field errors: 400 {status, message, errors:[{field, error}]}.`,
      `Answers {status:'success', message:"${ADMIN_MESSAGES.teamSettingsUpdated}", record: TeamSettings}. A real change publishes team-admin.team.updated ` +
        '{team_id, name, timezone, revision}; a new timezone also publishes team-admin.blackout-days.changed. team_id and logo_url in the body are ignored.',
    ].join('\n\n'),
  })
  @ApiAnswer(200, TEAM_SETTINGS_SAVED_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateTeamSettingsDto) {
    return this.settings.update(caller.team_id, body);
  }
}
