import { EventBusTables1763700000000, OutboxJobs1763700000010 } from '@app/events';
import { IdempotencyKeys1763700003000 } from '@app/platform';
import { TransactionsInitial1763700000200 } from './1763700000200-transactions-initial';
import { TransactionsForms1763700000210 } from './1763700000210-transactions-forms';
import { TransactionsTeamSettingsRevision1763700000220 } from './1763700000220-transactions-team-settings-revision';
import { TransactionsList1763700000230 } from './1763700000230-transactions-list';
import { TransactionsFieldSorts1763700000240 } from './1763700000240-transactions-field-sorts';
import { Contacts1763700000250 } from './1763700000250-contacts';
import { RoadmapsTasks1763700000270 } from './1763700000270-roadmaps-tasks';
import { TransactionFilters1763700000300 } from './1763700000300-transaction-filters';
import { Boards1763700000310 } from './1763700000310-boards';
import { Commission1763700000330 } from './1763700000330-commission';
import { Dashboards1763700000340 } from './1763700000340-dashboards';
import { TasksBoardOrder1763700000350 } from './1763700000350-tasks-board-order';
import { EsignSignedDocuments1763700000360 } from './1763700000360-esign-signed-documents';
import { EsignFieldUpdates1763700000370 } from './1763700000370-esign-field-updates';
import { TransactionDocuments1763700000290 } from './1763700000290-transaction-documents';
import { TransactionsVendorsReadCopy1763700000285 } from './1763700000285-transactions-vendors-read-copy';

export const transactionsMigrations = [
  EventBusTables1763700000000,
  OutboxJobs1763700000010,
  TransactionsInitial1763700000200,
  TransactionsForms1763700000210,
  TransactionsTeamSettingsRevision1763700000220,
  TransactionsList1763700000230,
  TransactionsFieldSorts1763700000240,
  Contacts1763700000250,
  RoadmapsTasks1763700000270,
  TransactionsVendorsReadCopy1763700000285,
  TransactionDocuments1763700000290,
  TransactionFilters1763700000300,
  Boards1763700000310,
  Commission1763700000330,
  Dashboards1763700000340,
  TasksBoardOrder1763700000350,
  EsignSignedDocuments1763700000360,
  EsignFieldUpdates1763700000370,
  IdempotencyKeys1763700003000,
];
