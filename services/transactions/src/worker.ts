import { runWorker } from '@app/platform';
import { transactionsWorkerModule } from './sync/transactions-sync.module';
import { loadTransactionsConfig } from './transactions.config';

const config = loadTransactionsConfig();
void runWorker(config, transactionsWorkerModule(config));
