import { EventBusTables1763700000000 } from '@app/events';

export const teamAdminMigrations = [EventBusTables1763700000000];
