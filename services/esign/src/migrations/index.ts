import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { EsignTemplates1763700002100 } from './1763700002100-esign-templates';
import { EsignRequests1763700002200 } from './1763700002200-esign-requests';
import { EsignDrafts1763700002300 } from './1763700002300-esign-drafts';
import { EsignProviderEvents1763700002400 } from './1763700002400-esign-provider-events';
import { EsignDraftCleanup1763700002500 } from './1763700002500-esign-draft-cleanup';
import { EsignRequestCopyFolders1763700002600 } from './1763700002600-esign-request-copy-folders';

export const esignMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  EsignTemplates1763700002100,
  EsignRequests1763700002200,
  EsignDrafts1763700002300,
  EsignProviderEvents1763700002400,
  EsignDraftCleanup1763700002500,
  EsignRequestCopyFolders1763700002600,
  IdempotencyKeys1763700003000,
];
