import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { IntegrationsSyncUsers1763700000500 } from './1763700000500-integrations-sync-users';
import { SkySlopeSettings1763700000510 } from './1763700000510-skyslope-settings';
import { SkySlopeMatchedUsers1763700000520 } from './1763700000520-skyslope-matched-users';
import { SkySlopeTransactionSync1763700000530 } from './1763700000530-skyslope-transaction-sync';
import { SkySlopeSyncLeases1763700000540 } from './1763700000540-skyslope-sync-leases';

export const integrationsSyncMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  IntegrationsSyncUsers1763700000500,
  SkySlopeSettings1763700000510,
  SkySlopeMatchedUsers1763700000520,
  SkySlopeTransactionSync1763700000530,
  SkySlopeSyncLeases1763700000540,
  IdempotencyKeys1763700003000,
];
