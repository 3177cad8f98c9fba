import { runHttpService } from '@app/platform';
import { loadTransactionsConfig } from './transactions.config';
import { configureTransactionsApp, TransactionsModule } from './transactions.module';

const config = loadTransactionsConfig();
void runHttpService({
  config,
  module: TransactionsModule.forRoot(config, 'api'),
  configure: (app) => configureTransactionsApp(app, config),
  description: 'Transactions, tasks, contacts, boards, caps, dashboards and the Display Mode socket gateway.',
});
