import { loadServiceConfigOrExit } from '@app/platform';

export function loadTransactionsConfig() {
  return loadServiceConfigOrExit('transactions');
}

export type TransactionsConfig = ReturnType<typeof loadTransactionsConfig>;
