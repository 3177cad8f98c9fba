import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TRANSACTION_LIST_ROLES } from '@app/contracts';
import { CreateFilterDto, DeleteFilterQueryDto, FilterComponentQueryDto, ScopesQueryDto, UpdateFilterDto } from './dto/filters.dto';
import { FiltersService } from './filters.service';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA, Idempotent } from '@app/platform';
import { FILTER_FORM_SCHEMA, FILTER_ID_SCHEMA, SAVED_FILTERS_SCHEMA, SCOPES_SCHEMA } from '../transactions.openapi';

@ApiTags('filters')
@ApiBearerAuth()
@Roles(...TRANSACTION_LIST_ROLES)
@ApiErrors(401, 403)
@Controller()
export class FiltersController {
  constructor(private readonly filters: FiltersService) {}

  @Get('dashboard/scopes')
  @ApiOperation({
    summary:
      "The scope menu: {groups: [{label, items: [{value, label}]}]}: Team (t{team}, unless include_team=false), ISAs (ig{team}, i{id}), Active Agents and Disabled Agents (a{id}); with agent_restricted_team_dashboard only the caller's a{id}. CLIENT, VENDOR 403",
  })
  @ApiAnswer(200, SCOPES_SCHEMA)
  @ApiErrors(400)
  scopes(@CurrentUser() caller: AuthenticatedUser, @Query() query: ScopesQueryDto) {
    return this.filters.scopes(caller, query.include_team ?? true);
  }

  @Get('transaction/filters')
  @ApiOperation({ summary: "The team's saved filters of a component, then the caller's own, each by name: {records}" })
  @ApiAnswer(200, SAVED_FILTERS_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: FilterComponentQueryDto) {
    return this.filters.list(caller, query.component);
  }

  @Post('transaction/filters')
  @Idempotent()
  @ApiOperation({
    summary: "Saves a filter {name, filters, component, owner_type}: a team filter (ADMIN only) or the caller's own -> {filter_id}",
  })
  @ApiAnswer(201, FILTER_ID_SCHEMA)
  @ApiErrors(400)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateFilterDto) {
    return this.filters.create(caller, body);
  }

  @Patch('transaction/filters')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'updateSelected true saves the filters and the name, false renames only. Team filters: ADMIN; personal: their owner (404 for others)',
  })
  @ApiAnswer(200, FILTER_ID_SCHEMA)
  @ApiErrors(400, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Body() body: UpdateFilterDto) {
    return this.filters.update(caller, body);
  }

  @Delete('transaction/filters')
  @HttpCode(200)
  @ApiOperation({ summary: 'Removes a filter (deleted). Team filters: ADMIN; personal: their owner (404 for others)' })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Deleted')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Query() query: DeleteFilterQueryDto) {
    return this.filters.remove(caller, query.filter_id, query.component);
  }

  @Get('transaction/filter/form')
  @ApiOperation({ summary: 'The filter form of a component: {fields, left_count, options}' })
  @ApiAnswer(200, FILTER_FORM_SCHEMA)
  @ApiErrors(400)
  form(@CurrentUser() caller: AuthenticatedUser, @Query() query: FilterComponentQueryDto) {
    return this.filters.form(caller, query.component);
  }
}
