import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_ROLES, DASHBOARD_ROLES } from '@app/contracts';
import { DashboardsService } from './dashboards.service';
import { ActivityQueryDto, DashboardQueryDto, DisplayConfigDto, GoalsDto, GoalsQueryDto, LeaderboardQueryDto } from './dto/dashboards.dto';
import { ApiAnswer, ApiErrors } from '@app/platform';
import {
  ACTIVITY_PAGE_SCHEMA,
  DASHBOARDS_SCHEMA,
  DISPLAY_CONFIG_SAVED_SCHEMA,
  DISPLAY_CONFIG_SCHEMA,
  GOALS_SAVED_SCHEMA,
  GOALS_SCHEMA,
  LEADERBOARD_SCHEMA,
} from '../transactions.openapi';

@ApiTags('dashboards')
@ApiBearerAuth()
@Roles(...DASHBOARD_ROLES)
@ApiErrors(401, 403)
@Controller()
export class DashboardsController {
  constructor(private readonly dashboards: DashboardsService) {}

  @Get('dashboards')
  @ApiOperation({
    summary:
      "Without id: {dashboards: [{id, name}]}. With id (7, 9, 2, 3), context and dashboard_start_date / dashboard_end_date (MM-DD-YYYY, default this month in the team's zone): " +
      '{id, title, data}: {contacts_circle_charts, cohort_stat_cards, side_components} for 7 and 9, {title, row2, row3} for 2, {activities} for 3. ' +
      "Every circle and card carries link_params, the filter keys of GET /transactions/records listing exactly what it counts. Malformed context 400; another team's 404; " +
      "with agent_restricted_team_dashboard any context but the caller's own 403 'You can only view your own dashboard'. CLIENT, VENDOR 403",
  })
  @ApiAnswer(200, DASHBOARDS_SCHEMA)
  @ApiErrors(400, 404)
  dashboard(@CurrentUser() caller: AuthenticatedUser, @Query() query: DashboardQueryDto) {
    return query.id === undefined ? this.dashboards.list() : this.dashboards.dashboard(caller, query);
  }

  @Get('leaderboard')
  @ApiOperation({
    summary:
      "The caller's team's leaderboard (report closed, under_contract, signed, appointments_set, appointments_met or volume; start_date / end_date MM-DD-YYYY, default this month): " +
      '{title, leaderboard_data: [{place, color, agent_id, agent_name, profile_image_path, group_name, item_count, percentage}], graph (top 10 and All others), excludes, total, count_volume_title}',
  })
  @ApiAnswer(200, LEADERBOARD_SCHEMA)
  @ApiErrors(400)
  leaderboard(@CurrentUser() caller: AuthenticatedUser, @Query() query: LeaderboardQueryDto) {
    return this.dashboards.leaderboard(caller, query);
  }

  @Get('dashboard/display/config')
  @ApiOperation({
    summary: "Display Mode's slides [{id, report, ytd}] and default_dashboard_id (7 or 9); the default set when the team saved none",
  })
  @ApiAnswer(200, DISPLAY_CONFIG_SCHEMA)
  displayConfig(@CurrentUser() caller: AuthenticatedUser) {
    return this.dashboards.displayConfig(caller);
  }

  @Put('dashboard/display/config')
  @Roles(...ADMIN_ROLES)
  @ApiOperation({
    summary:
      "ADMIN: saves the slides (1 to 20; slide 4 needs its report) and default_dashboard_id -> the config and 'Display settings saved'",
  })
  @ApiAnswer(200, DISPLAY_CONFIG_SAVED_SCHEMA)
  @ApiErrors(400)
  saveDisplayConfig(@CurrentUser() caller: AuthenticatedUser, @Body() body: DisplayConfigDto) {
    return this.dashboards.saveDisplayConfig(caller, body);
  }

  @Get('dashboard/goals')
  @ApiOperation({
    summary: "A year's goals: {year, metrics, rows: [the team (agent_id null), then each active agent] with goals per metric (null: none)}",
  })
  @ApiAnswer(200, GOALS_SCHEMA)
  @ApiErrors(400)
  goals(@CurrentUser() caller: AuthenticatedUser, @Query() query: GoalsQueryDto) {
    return this.dashboards.goals(caller, query.year);
  }

  @Put('dashboard/goals')
  @Roles(...ADMIN_ROLES)
  @ApiOperation({
    summary:
      "ADMIN: {year, goals: [{agent_id|null, metric, value}]}: counts whole, amounts with 2 decimals, 0 or more (field errors goals.{i}.value); null removes; publishes transactions.goals.changed -> the year's goals and 'Goals saved'",
  })
  @ApiAnswer(200, GOALS_SAVED_SCHEMA)
  @ApiErrors(400)
  saveGoals(@CurrentUser() caller: AuthenticatedUser, @Body() body: GoalsDto) {
    return this.dashboards.saveGoals(caller, body);
  }

  @Get('dashboard/activity')
  @ApiOperation({
    summary:
      "A user's activity rows (Log Activity), newest first, 20 a page: ADMIN and TRANC any user of the team, others their own (another user 404)",
  })
  @ApiAnswer(200, ACTIVITY_PAGE_SCHEMA)
  @ApiErrors(400, 404)
  activity(@CurrentUser() caller: AuthenticatedUser, @Query() query: ActivityQueryDto) {
    return this.dashboards.activity(caller, query);
  }
}
