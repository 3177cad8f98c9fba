import { EventBusTables1763700000000 } from '@app/events';
import { TeamAdminTeams1763700000300 } from './1763700000300-team-admin-teams';
import { TeamAdminDocuments1763700000310 } from './1763700000310-team-admin-documents';
import { TeamAdminBlackoutDays1763700000320 } from './1763700000320-team-admin-blackout-days';

export const teamAdminMigrations = [
  EventBusTables1763700000000,
  TeamAdminTeams1763700000300,
  TeamAdminDocuments1763700000310,
  TeamAdminBlackoutDays1763700000320,
];
