import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { RoadmapBulkDto, RoadmapListQueryDto, RtcIdParamDto } from './dto/roadmaps.dto';
import { RoadmapsService } from './roadmaps.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { ROADMAP_ASSIGNED_SCHEMA, ROADMAP_REMOVED_SCHEMA, ROADMAP_SCHEMA, ROADMAPS_SCHEMA } from '../transactions.openapi';

@ApiTags('roadmaps')
@ApiBearerAuth()
@ApiErrors(401, 403)
@Controller()
export class RoadmapsController {
  constructor(private readonly roadmaps: RoadmapsService) {}

  @Get('rtc')
  @Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT')
  @ApiOperation({
    summary:
      "The team's roadmap templates: {records: [{rtc_id, name, client_type}]} (with steps when suppress_steps=false); an empty list when it has none",
  })
  @ApiAnswer(200, ROADMAPS_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: RoadmapListQueryDto) {
    return this.roadmaps.list(caller, query.suppress_steps === false);
  }

  @Get('rtc/:rtc_id')
  @Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT')
  @ApiOperation({
    summary: 'A roadmap template with its steps {step, name, description, task_type, trigger, offset_days, assignee, doc_type_id}',
  })
  @ApiAnswer(200, ROADMAP_SCHEMA)
  @ApiErrors(400, 404)
  one(@CurrentUser() caller: AuthenticatedUser, @Param() params: RtcIdParamDto) {
    return this.roadmaps.one(caller, params.rtc_id);
  }

  @Post('transaction/rtc/bulk')
  @HttpCode(200)
  @Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT')
  @ApiOperation({
    summary:
      'Assigns every template to every transaction (at most 500), one task per step, in one database transaction: {assigned, skipped} ' +
      '(a pair already assigned, or a template for the other side, is skipped). A transaction the caller may not change: 404, nothing changed.',
  })
  @ApiAnswer(200, ROADMAP_ASSIGNED_SCHEMA)
  @ApiErrors(400, 404)
  assign(@CurrentUser() caller: AuthenticatedUser, @Body() body: RoadmapBulkDto) {
    return this.roadmaps.assign(caller, body);
  }

  @Delete('transaction/rtc/bulk')
  @Roles('ADMIN', 'TRANC', 'ISISA', 'AGENT')
  @ApiOperation({
    summary: 'Unassigns the templates: their open tasks are deleted, done tasks stay with on_roadmap false: {removed, skipped}',
  })
  @ApiAnswer(200, ROADMAP_REMOVED_SCHEMA)
  @ApiErrors(400, 404)
  unassign(@CurrentUser() caller: AuthenticatedUser, @Body() body: RoadmapBulkDto) {
    return this.roadmaps.unassign(caller, body);
  }
}
