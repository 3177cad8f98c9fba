import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RpcRequestOf } from '@app/contracts';
import { RpcHandler } from '@app/rpc';
import { OpenTransactionsService } from './open-transactions.service';

/** RPC patterns of the transaction sync (SkySlope's backfill), answered by the transactions worker. */
@Controller()
export class OpenTransactionsController {
  constructor(private readonly openTransactions: OpenTransactionsService) {}

  @RpcHandler('transactions.sync.open-transactions')
  openTransactionsPage(@Payload() request: RpcRequestOf<'transactions.sync.open-transactions'>) {
    return this.openTransactions.page(request);
  }
}
