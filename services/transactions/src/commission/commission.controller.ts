import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_ROLES, COMMISSION_READ_ROLES } from '@app/contracts';
import { CommissionService } from './commission.service';
import { CapsQueryDto, CommissionTemplateDto, CommissionTemplateIdParamDto, UpdateCommissionTemplateDto } from './dto/commission.dto';
import { ApiAnswer, ApiErrors, SUCCESS_SCHEMA } from '@app/platform';
import { CAPS_SCHEMA, COMMISSION_TEMPLATE_SCHEMA, COMMISSION_TEMPLATES_SCHEMA } from '../transactions.openapi';

@ApiTags('commission')
@ApiBearerAuth()
@ApiErrors(401, 403)
@Controller()
export class CommissionController {
  constructor(private readonly commission: CommissionService) {}

  @Get('commission/templates')
  @Roles(...COMMISSION_READ_ROLES)
  @ApiOperation({
    summary:
      "The team's commission templates by side: {buyer, seller, show_default_templates} of {commission_template_id, name, client_type_id, cap_kind (B|R|null), pct, flat_amt}; " +
      'show_default_templates is the platform setting SHOW_DEFAULT_COMMISSION_TEMPLATES (default true). CLIENT, VENDOR 403',
  })
  @ApiAnswer(200, COMMISSION_TEMPLATES_SCHEMA)
  templates(@CurrentUser() caller: AuthenticatedUser) {
    return this.commission.templates(caller);
  }

  @Post('commission/templates')
  @Roles(...ADMIN_ROLES)
  @ApiOperation({
    summary:
      'ADMIN: adds a template (name required, at most 100; client_type_id b or s; cap_kind B, R or null; pct 0 to 100 with at most 2 decimals; flat_amt 0 or more). ' +
      'Publishes the team list (transactions.commission-templates.changed). -> the template',
  })
  @ApiAnswer(201, COMMISSION_TEMPLATE_SCHEMA)
  @ApiErrors(400)
  create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CommissionTemplateDto) {
    return this.commission.create(caller, body);
  }

  @Patch('commission/templates/:id')
  @Roles(...ADMIN_ROLES)
  @ApiOperation({
    summary: "ADMIN: changes the fields sent; transactions keep the lines they copied. Another team's id 404. -> the template",
  })
  @ApiAnswer(200, COMMISSION_TEMPLATE_SCHEMA)
  @ApiErrors(400, 404)
  update(
    @CurrentUser() caller: AuthenticatedUser,
    @Param() params: CommissionTemplateIdParamDto,
    @Body() body: UpdateCommissionTemplateDto,
  ) {
    return this.commission.update(caller, params.id, body);
  }

  @Delete('commission/templates/:id')
  @Roles(...ADMIN_ROLES)
  @ApiOperation({ summary: "ADMIN: removes a template; it stays on the transactions that copied it. Another team's id 404" })
  @ApiAnswer(200, SUCCESS_SCHEMA, 'Removed')
  @ApiErrors(400, 404)
  remove(@CurrentUser() caller: AuthenticatedUser, @Param() params: CommissionTemplateIdParamDto) {
    return this.commission.remove(caller, params.id);
  }

  @Get('caps')
  @Roles(...COMMISSION_READ_ROLES)
  @ApiOperation({
    summary:
      'The commission cap card: {records: [{kind B|R, label, name, cap, ytd, pct, pending}], brokerage_cap_anniversary_dt, royalty_cap_anniversary_dt (MM-DD-YYYY)}. ' +
      "ytd: the kind's line amounts of the agent's transactions closed since the latest anniversary (1 January without one), at most cap; pending: those Under Contract, at most cap - ytd. " +
      "agent_id defaults to the caller; ADMIN and TRANC any user of the team, others only themselves (404). Another team's user 404",
  })
  @ApiAnswer(200, CAPS_SCHEMA)
  @ApiErrors(400, 404)
  caps(@CurrentUser() caller: AuthenticatedUser, @Query() query: CapsQueryDto) {
    return this.commission.caps(caller, query.agent_id);
  }
}
