import { EventBusTables1763700000000 } from '@app/events';
import { IdentityInitial1763700000100 } from './1763700000100-identity-initial';

export const identityMigrations = [EventBusTables1763700000000, IdentityInitial1763700000100];
