import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles, type AuthenticatedUser } from '@app/auth';
import { TRANSACTION_LIST_ROLES } from '@app/contracts';
import { TransactionListQueryDto } from './dto/transaction-list-query.dto';
import { TransactionListService } from './transaction-list.service';

@ApiTags('transactions')
@ApiBearerAuth()
@Roles(...TRANSACTION_LIST_ROLES)
@Controller()
export class TransactionsController {
  constructor(private readonly list: TransactionListService) {}

  @Get('transactions/records')
  @ApiOperation({
    summary:
      "The caller's transactions as the list shows them: {table: {data, cols}, pagination}. ADMIN, TRANC and ISISA see the team's; " +
      'AGENT those they are primary agent of; VENDOR those linked to them, with fewer columns and no amounts or lead fields. ' +
      'Defaults: page 1, per_page 10 (10, 20, 60, 100), order_by created_ts, order_dir 1. CLIENT: 403.',
  })
  records(@CurrentUser() caller: AuthenticatedUser, @Query() query: TransactionListQueryDto) {
    return this.list.list(caller, query);
  }
}
