import { env, loadServiceConfigOrExit } from '@app/platform';
import { storageConfigSpec, storageOptionsOrExit } from '@app/storage';

export const transactionsConfigSpec = {
  // Transaction documents (local driver: files served by this service under /api/transactions/files/).
  ...storageConfigSpec,
  /** The platform show/hide setting of the admin user form's Default Commission Templates block (spec 000 section 6). */
  SHOW_DEFAULT_COMMISSION_TEMPLATES: env.oneOf(['true', 'false'], 'true'),
};

export function loadTransactionsConfig() {
  const config = loadServiceConfigOrExit('transactions', transactionsConfigSpec);
  storageOptionsOrExit(config); // exits 78 on a bad storage setting (e.g. no signing secret in production)
  return config;
}

export type TransactionsConfig = ReturnType<typeof loadTransactionsConfig>;
