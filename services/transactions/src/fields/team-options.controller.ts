import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TRANSACTION_LIST_ROLES } from '@app/contracts';
import { TeamOptionsRepository } from './team-options.repository';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { FIELDS_SCHEMA, LEAD_TYPES_SCHEMA, STAGES_SCHEMA, STATUSES_SCHEMA, TAGS_SCHEMA, TCS_SCHEMA } from '../transactions.openapi';

/** The team's read-only option lists, each as {records}. CLIENT: 403. */
@ApiTags('transaction options')
@ApiBearerAuth()
@Roles(...TRANSACTION_LIST_ROLES)
@ApiErrors(401, 403)
@Controller('transaction')
export class TeamOptionsController {
  constructor(private readonly options: TeamOptionsRepository) {}

  @Get('stages')
  @ApiOperation({ summary: "The team's stages in order: {records: [{id, label, color, font_color}]}" })
  @ApiAnswer(200, STAGES_SCHEMA)
  async stages(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.stages(caller.team_id) };
  }

  @Get('statuses')
  @ApiOperation({
    summary: "The team's statuses in order: {records: [{id, label, color, font_color, category, color_css, dates, asks_lost_reason}]}",
  })
  @ApiAnswer(200, STATUSES_SCHEMA)
  async statuses(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.statuses(caller.team_id) };
  }

  @Get('tags')
  @ApiOperation({ summary: "The team's tags by label: {records: [{id, label, border}]}" })
  @ApiAnswer(200, TAGS_SCHEMA)
  async tags(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.tags(caller.team_id) };
  }

  @Get('lead-types')
  @ApiOperation({ summary: "The team's lead types: {records: [{id, label, group}]}" })
  @ApiAnswer(200, LEAD_TYPES_SCHEMA)
  async leadTypes(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.leadTypes(caller.team_id) };
  }

  @Get('fields')
  @ApiOperation({
    summary:
      'The system fields, then the team custom fields: {records: [{field_key, label, type, options, client_type, required, vendor_visible, can_update, system}]}',
  })
  @ApiAnswer(200, FIELDS_SCHEMA)
  async fields(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.fields(caller.team_id) };
  }

  @Get('tcs')
  @ApiOperation({ summary: "The team's active transaction coordinators: {records: [{agent_id, first_name, last_name, name}]}" })
  @ApiAnswer(200, TCS_SCHEMA)
  async tcs(@CurrentUser() caller: AuthenticatedUser) {
    return { records: await this.options.tcs(caller.team_id) };
  }
}
