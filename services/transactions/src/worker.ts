import { runWorker } from '@app/platform';
import { loadTransactionsConfig } from './transactions.config';
import { TransactionsModule } from './transactions.module';

const config = loadTransactionsConfig();
void runWorker(config, TransactionsModule.forRoot(config, 'worker'));
