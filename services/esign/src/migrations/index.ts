import { EventBusTables1763700000000 } from '@app/events';

export const esignMigrations = [EventBusTables1763700000000];
