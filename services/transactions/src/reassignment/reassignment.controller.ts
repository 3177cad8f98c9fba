import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { ADMIN_ROLES } from '@app/contracts';
import { ReassignCountQueryDto, ReassignDto } from './dto/reassignment.dto';
import { ReassignmentService } from './reassignment.service';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { REASSIGN_COUNT_SCHEMA, REASSIGN_SCHEMA } from '../transactions.openapi';

@ApiTags('reassignment')
@ApiBearerAuth()
@Roles(...ADMIN_ROLES)
@ApiErrors(401, 403)
@Controller('transactions/reassign')
export class ReassignmentController {
  constructor(private readonly reassignment: ReassignmentService) {}

  @Get('count')
  @ApiOperation({
    summary:
      "ADMIN: {total_trans_count, active_trans_count} of a user's transactions as primary agent (active: not closed or lost). Another team's user 404",
  })
  @ApiAnswer(200, REASSIGN_COUNT_SCHEMA)
  @ApiErrors(400, 404)
  count(@CurrentUser() caller: AuthenticatedUser, @Query() query: ReassignCountQueryDto) {
    return this.reassignment.count(caller, query.from_agent_id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      "ADMIN: moves the primary agent of the from-agent's transactions (type all or active_only), the open tasks assigned to them on those, and the commission lines of those not closed, " +
      "in one database transaction; one transactions.transaction.updated per transaction and transactions.task.updated per task. to_agent_id required ('This field is required'), " +
      "not the from-agent ('Choose a different agent'), a user of the team active or disabled (another team's: 404). -> {reassigned_count}",
  })
  @ApiAnswer(200, REASSIGN_SCHEMA)
  @ApiErrors(400, 404)
  reassign(@CurrentUser() caller: AuthenticatedUser, @Body() body: ReassignDto) {
    return this.reassignment.reassign(caller, body);
  }
}
