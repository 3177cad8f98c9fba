import { Body, Controller, Delete, Get, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_MESSAGES, ADMIN_ROLES, TEAM_SETUP_MESSAGES } from '@app/contracts';
import { TEAM_ADMIN_MESSAGES } from '../common/team-admin.errors';
import { BlackoutDaysService } from './blackout-days.service';
import { CreateBlackoutDayDto, DeleteBlackoutDayQueryDto } from './dto/blackout-day.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { BLACKOUT_DAY_SAVED_SCHEMA, BLACKOUT_DAYS_SCHEMA, BLACKOUT_OPTIONS_SCHEMA } from '../team-admin.openapi';

const PUBLISHES =
  'Publishes team-admin.blackout-days.changed {revision, timezone, weekdays (0 Sunday..6), holidays (the chosen holiday keys, e.g. thanksgiving_day, ' +
  'so that a consumer can resolve any year), dates (YYYY-MM-DD: every custom day, and the chosen holidays as observed, ' +
  'Saturday -> Friday and Sunday -> Monday, for this year and the next two)}.';

@ApiTags('blackout days')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('admin/team')
export class BlackoutDaysController {
  constructor(private readonly blackoutDays: BlackoutDaysService) {}

  @Get('blackout-days/options')
  @ApiOperation({
    summary:
      'The predefined days {holidays: [{id, label}] (the eleven US federal holidays), weekdays: [{id, label}] (sunday..saturday)} (ADMIN)',
  })
  @ApiAnswer(200, BLACKOUT_OPTIONS_SCHEMA)
  @ApiErrors(404)
  options(@CurrentUser() caller: AuthenticatedUser) {
    return this.blackoutDays.options(caller.team_id);
  }

  @Get('blackout-days')
  @ApiOperation({
    summary: "The team's blackout days {records: [{team_blackout_day_id, kind, predefined_day_key, day_label, day_date}]} (ADMIN)",
    description: 'day_date is MM-DD-YYYY for custom days, else null. Ordered weekdays, holidays, then custom days by date.',
  })
  @ApiAnswer(200, BLACKOUT_DAYS_SCHEMA)
  @ApiErrors(404)
  list(@CurrentUser() caller: AuthenticatedUser) {
    return this.blackoutDays.list(caller.team_id);
  }

  @Post('blackout-day')
  @ApiOperation({
    summary: `Add a blackout day, {predefined_day_key} or {day_label, day_date: MM-DD-YYYY} (ADMIN): {status, message:"${ADMIN_MESSAGES.settingSaved}", record}`,
    description:
      `Errors: unknown key [{field:'predefined_day_key', error:"${TEAM_ADMIN_MESSAGES.unknownDay}"}]; day_label "${ADMIN_MESSAGES.blackoutLabelRequired}", day_date "${ADMIN_MESSAGES.blackoutDateRequired}"; ` +
      `day_date "${ADMIN_MESSAGES.invalidDate}"; a day_date before today in the team's time zone (UTC without one) "${TEAM_SETUP_MESSAGES.blackoutDatePast}"; the same key or date twice: 409 "${ADMIN_MESSAGES.blackoutAlreadyAdded}". ${PUBLISHES}`,
  })
  @ApiAnswer(201, BLACKOUT_DAY_SAVED_SCHEMA)
  @ApiErrors(400, 404, 409)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateBlackoutDayDto) {
    return this.blackoutDays.create(caller.team_id, body);
  }

  @Delete('blackout-day')
  @ApiOperation({
    summary: `Remove a blackout day by ?team_blackout_day_id= or ?predefined_day_key= (ADMIN): {status, message:"${ADMIN_MESSAGES.settingSaved}"}`,
    description: `A day the team does not have: 404 "${TEAM_ADMIN_MESSAGES.blackoutDayNotFound}". ${PUBLISHES}`,
  })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Removed')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Query() query: DeleteBlackoutDayQueryDto) {
    return this.blackoutDays.remove(caller.team_id, query);
  }
}
