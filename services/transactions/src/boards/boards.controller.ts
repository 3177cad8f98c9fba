import { Body, Controller, Get, HttpCode, Param, Patch, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { BOARD_ROLES } from '@app/contracts';
import { BoardsService } from './boards.service';
import { BoardCardsQueryDto, BoardColumnsQueryDto, BoardParamDto, CardActionDto } from './dto/boards.dto';
import { ApiAnswer, ApiErrors } from '@app/platform';
import { BOARD_CARD_SCHEMA, BOARD_CARDS_SCHEMA, BOARD_COLUMNS_SCHEMA } from '../transactions.openapi';

@ApiTags('boards')
@ApiBearerAuth()
@Roles(...BOARD_ROLES)
@ApiErrors(401, 403)
@Controller('boards')
export class BoardsController {
  constructor(private readonly boards: BoardsService) {}

  // Static before the param routes (Fastify's router prefers them anyway).
  @Patch('cards')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A card action, team-wide: pin (400 when pinned), bottom (unpins), unpin (400 when not pinned), hide and show (transaction cards only; 400 for tasks). ' +
      'ADMIN and TRANC on every card; AGENT and ISISA on transactions they are primary agent of and tasks assigned to them (else 403); VENDOR 403. ' +
      'Publishes transactions.task.updated or transactions.transaction.updated in the same database transaction. -> the card',
  })
  @ApiAnswer(200, BOARD_CARD_SCHEMA, 'The card after the action')
  @ApiErrors(400, 404)
  act(@CurrentUser() caller: AuthenticatedUser, @Body() body: CardActionDto) {
    return this.boards.act(caller, body);
  }

  @Get(':board')
  @ApiOperation({
    summary:
      'The columns of a board with their totals: tasks (the task statuses; Completed holds the last 30 days), stages, status (Pipeline first). ' +
      'The stages and status boards take the filter keys and filter_id of GET /transactions/records (lane_keys limits the columns) and show_hidden. CLIENT 403.',
  })
  @ApiAnswer(200, BOARD_COLUMNS_SCHEMA)
  @ApiErrors(400, 404)
  columns(@CurrentUser() caller: AuthenticatedUser, @Param() params: BoardParamDto, @Query() query: BoardColumnsQueryDto) {
    return this.boards.columns(caller, params.board, query);
  }

  @Get(':board/cards')
  @ApiOperation({
    summary:
      "One page of a column's cards (per_page 15 by default, at most 50): pinned cards (latest pin first), then the rest (tasks by due date, none last; " +
      'transactions by last change, newest first), then the cards moved to the bottom (in the order moved). Task cards or transaction cards (spec 001 section 3). ' +
      'Transactions hidden from boards only with show_hidden=true; the transaction boards take the filter keys as GET /boards/{board} does.',
  })
  @ApiAnswer(200, BOARD_CARDS_SCHEMA)
  @ApiErrors(400, 404)
  cards(@CurrentUser() caller: AuthenticatedUser, @Param() params: BoardParamDto, @Query() query: BoardCardsQueryDto) {
    return this.boards.cards(caller, params.board, query);
  }
}
