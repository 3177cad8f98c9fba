import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, type AuthenticatedUser } from '@app/auth';
import { TOOLTIP_CONTENT_MAX_LENGTH, TOOLTIP_MESSAGES } from '@app/contracts';
import { TooltipIdParamDto, TooltipMarketQueryDto, UpdateTooltipDto } from './dto/tooltip.dto';
import { TooltipsService } from './tooltips.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { TOOLTIP_RECORD_SCHEMA, TOOLTIP_RECORDS_SCHEMA, TOOLTIP_SAVED_SCHEMA, TOOLTIPS_SCHEMA } from '../team-admin.openapi';

const BACK_OFFICE = 'Needs the manage_tooltips permission (403 otherwise).';

@ApiTags('tooltips')
@ApiBearerAuth()
@ApiErrors(401)
@Controller('tooltips')
export class TooltipsController {
  constructor(private readonly tooltips: TooltipsService) {}

  @Get()
  @ApiOperation({
    summary: 'Help tooltips of a market (any signed-in user) -> {status: \'success\', tooltips: {"<id>": {id, content, position}}}',
    description: `market_id defaults to 0 (the default content); another market's own rows override the default ones. A bad market_id: 400 [{field: 'market_id', error: "${TOOLTIP_MESSAGES.marketId}"}].`,
  })
  @ApiAnswer(200, TOOLTIPS_SCHEMA)
  @ApiErrors(400)
  forMarket(@Query() query: TooltipMarketQueryDto) {
    return this.tooltips.forMarket(query.market_id);
  }

  @Get('list')
  @Permissions('manage_tooltips')
  @ApiOperation({
    summary: "Every tooltip row, or one market's with ?market_id= -> {records: [{id, key, market_id, content, position, updated_ts}]}",
    description: BACK_OFFICE,
  })
  @ApiAnswer(200, TOOLTIP_RECORDS_SCHEMA)
  @ApiErrors(400, 403)
  list(@Query() query: TooltipMarketQueryDto) {
    return this.tooltips.list(query.market_id);
  }

  @Get(':id')
  @Permissions('manage_tooltips')
  @ApiOperation({
    summary: 'One tooltip as a market sees it (?market_id=, default 0) -> {id, key, market_id, content, position, updated_ts}',
    description: `market_id in the answer is the row's own (0 when the market has no override). Unknown id: 404 "${TOOLTIP_MESSAGES.notFound}". ${BACK_OFFICE}`,
  })
  @ApiAnswer(200, TOOLTIP_RECORD_SCHEMA)
  @ApiErrors(400, 403, 404)
  get(@Param() params: TooltipIdParamDto, @Query() query: TooltipMarketQueryDto) {
    return this.tooltips.get(params.id, query.market_id);
  }

  @Patch(':id')
  @Permissions('manage_tooltips')
  @ApiOperation({
    summary: `Save a market's content of a tooltip {market_id, content, position} -> {status, message: "${TOOLTIP_MESSAGES.updated}", record}`,
    description:
      `content is sanitised by the shared rich-text sanitiser (no script, event handlers or data: images), at most ${TOOLTIP_CONTENT_MAX_LENGTH} characters; ` +
      `position top, right, bottom or left. market_id 0 changes the default; another market gets (or changes) its own override. Unknown id: 404. ${BACK_OFFICE}`,
  })
  @ApiAnswer(200, TOOLTIP_SAVED_SCHEMA)
  @ApiErrors(400, 403, 404)
  update(@CurrentUser() caller: AuthenticatedUser, @Param() params: TooltipIdParamDto, @Body() body: UpdateTooltipDto) {
    return this.tooltips.update(caller, params.id, body);
  }
}
