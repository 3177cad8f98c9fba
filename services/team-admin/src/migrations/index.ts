import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { TeamAdminTeams1763700000300 } from './1763700000300-team-admin-teams';
import { TeamAdminDocuments1763700000310 } from './1763700000310-team-admin-documents';
import { TeamAdminBlackoutDays1763700000320 } from './1763700000320-team-admin-blackout-days';
import { TeamAdminDocumentListRevisions1763700000330 } from './1763700000330-team-admin-document-list-revisions';
import { TeamAdminPublishExistingDocumentLists1763700000340 } from './1763700000340-team-admin-publish-existing-document-lists';
import { TeamAdminTooltips1763700000350 } from './1763700000350-team-admin-tooltips';
import { TeamAdminPublishForTransactions1763700000360 } from './1763700000360-team-admin-publish-for-transactions';

export const teamAdminMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  TeamAdminTeams1763700000300,
  TeamAdminDocuments1763700000310,
  TeamAdminBlackoutDays1763700000320,
  TeamAdminDocumentListRevisions1763700000330,
  TeamAdminPublishExistingDocumentLists1763700000340,
  TeamAdminTooltips1763700000350,
  TeamAdminPublishForTransactions1763700000360,
  IdempotencyKeys1763700003000,
];
