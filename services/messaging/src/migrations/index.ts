import { EventBusTables1763700000000 } from '@app/events';

export const messagingMigrations = [EventBusTables1763700000000];
