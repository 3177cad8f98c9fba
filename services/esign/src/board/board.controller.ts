import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Permissions, Roles, type AuthenticatedUser } from '@app/auth';
import { ESIGN_PERMISSIONS, STAFF_ROLES } from '@app/contracts';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { ESIGN_BOARD_SCHEMA, ESIGN_REQUEST_USERS_SCHEMA } from '../esign.openapi';
import { BoardService } from './board.service';
import { EsignBoardQueryDto } from './dto/board.dto';

/**
 * The request board (spec 002 sections 2.2 and 2.5): team_esign AND agent_esign, else 403; CLIENT and VENDOR never. ADMIN and TRANC see
 * the team's requests, others those they sent or on transactions where they are the primary agent.
 */
@ApiTags('esign requests')
@ApiBearerAuth()
@Roles(...STAFF_ROLES)
@Permissions(...ESIGN_PERMISSIONS)
@ApiErrors(401, 403)
@Controller('esign')
export class BoardController {
  constructor(private readonly board: BoardService) {}

  @Get('requests')
  @ApiOperation({
    summary:
      'The request board: {esignature_requests, status_totals (with include_status_totals: every filter but the status; Total counts every status), pagination {page, per_page, totalRecords, filters}}. 50 per page (20/50/100/500), created_ts descending, archived included; dates MM/DD/YYYY, end days whole',
  })
  @ApiAnswer(200, ESIGN_BOARD_SCHEMA)
  @ApiErrors(400)
  list(@CurrentUser() caller: AuthenticatedUser, @Query() query: EsignBoardQueryDto) {
    return this.board.list(caller, query);
  }

  @Get('request-users')
  @ApiOperation({ summary: "The board's user filter: groups Active Users and Disabled Users of the creators the caller may see" })
  @ApiAnswer(200, ESIGN_REQUEST_USERS_SCHEMA)
  requestUsers(@CurrentUser() caller: AuthenticatedUser) {
    return this.board.requestUsers(caller);
  }
}
