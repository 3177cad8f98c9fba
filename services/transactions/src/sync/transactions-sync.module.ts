import { Module, type DynamicModule } from '@nestjs/common';
import { TransactionsEsignFieldsRpcModule } from '../fields/esign-fields-rpc.controller';
import { FormsRpcController } from '../forms/forms-rpc.controller';
import { FormsRepository } from '../forms/forms.repository';
import type { TransactionsConfig } from '../transactions.config';
import { TransactionsModule } from '../transactions.module';
import { OpenTransactionsController } from './open-transactions.controller';
import { OpenTransactionsRepository } from './open-transactions.repository';
import { OpenTransactionsService } from './open-transactions.service';

/** What the transactions worker answers for other services' sync (transactions.sync.*). */
@Module({ controllers: [OpenTransactionsController], providers: [OpenTransactionsRepository, OpenTransactionsService] })
export class TransactionsSyncModule {}

/** What the transactions worker answers about the team's forms (transactions.forms.list: identity's default forms). */
@Module({ controllers: [FormsRpcController], providers: [FormsRepository] })
export class TransactionsFormsRpcModule {}

@Module({})
class TransactionsWorkerModule {}

/** The transactions worker: the service in worker mode and its RPC answers. */
export function transactionsWorkerModule(config: TransactionsConfig): DynamicModule {
  return {
    module: TransactionsWorkerModule,
    imports: [
      TransactionsModule.forRoot(config, 'worker'),
      TransactionsSyncModule,
      TransactionsFormsRpcModule,
      TransactionsEsignFieldsRpcModule,
    ],
  };
}
