import { EventBusTables1763700000000 } from '@app/events';

export const integrationsSyncMigrations = [EventBusTables1763700000000];
