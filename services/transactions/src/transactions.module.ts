import { DynamicModule, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readConfig, serviceInfrastructure, type ProcessMode } from '@app/platform';
import { StorageModule, storageConfigSpec, storageOptionsFrom } from '@app/storage';
import { AgentsRepository } from './agents/agents.repository';
import { BoardsController } from './boards/boards.controller';
import { BoardsRepository } from './boards/boards.repository';
import { BoardsService } from './boards/boards.service';
import { CommissionController } from './commission/commission.controller';
import { CommissionRepository } from './commission/commission.repository';
import { CommissionService } from './commission/commission.service';
import { DashboardsController } from './dashboards/dashboards.controller';
import { DashboardsRepository } from './dashboards/dashboards.repository';
import { DashboardsService } from './dashboards/dashboards.service';
import { ReassignmentController } from './reassignment/reassignment.controller';
import { ReassignmentRepository } from './reassignment/reassignment.repository';
import { ReassignmentService } from './reassignment/reassignment.service';
import { ContactMergeService } from './contacts/contact-merge.service';
import { ContactWriter } from './contacts/contact-writer';
import { ContactsController } from './contacts/contacts.controller';
import { ContactsRepository } from './contacts/contacts.repository';
import { ContactsService } from './contacts/contacts.service';
import { UpdateAgentsWhenUserChanges } from './agents/agents-read-copy.listener';
import { UpdateTeamNameWhenTeamSettingsChange } from './agents/team-name.listener';
import { FormsController } from './forms/forms.controller';
import { TeamOptionsController } from './fields/team-options.controller';
import { TeamOptionsRepository } from './fields/team-options.repository';
import { TransactionsController } from './transactions/transactions.controller';
import { TransactionListService } from './transactions/transaction-list.service';
import { TransactionsRepository } from './transactions/transactions.repository';
import { TransactionWriter } from './transactions/transaction-writer';
import { ApplyEsignFieldChangesWhenUpdateRequested } from './transactions/esign-field-changes.listener';
import { EsignFieldUpdatesRepository } from './transactions/esign-field-updates.repository';
import { TransactionAccessRepository } from './transactions/transaction-access.repository';
import { TransactionDetailService } from './transactions/transaction-detail.service';
import { TransactionEditService } from './transactions/transaction-edit.service';
import { FormsRepository } from './forms/forms.repository';
import { DisplayGateway } from './display/display.gateway';
import { DisplayPublisher } from './display/display.publisher';
import { DisplayFigures } from './display/display-figures.service';
import { DisplaySubscriptions } from './display/display-subscriptions';
import {
  PushDisplayFiguresWhenGoalsChange,
  PushDisplayFiguresWhenTaskChanges,
  PushDisplayFiguresWhenTransactionChanges,
} from './display/push-display-figures.listener';
import { RedisStreamsIoAdapter } from './display/redis-streams-io.adapter';
import { transactionsMigrations } from './migrations';
import { UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange } from './documents/document-lists.listener';
import { DocumentListsRepository } from './documents/document-lists.repository';
import { DocumentsController } from './documents/documents.controller';
import { DocumentsRepository } from './documents/documents.repository';
import { DocumentsService } from './documents/documents.service';
import { FiltersController } from './filters/filters.controller';
import { FiltersRepository } from './filters/filters.repository';
import { FiltersService } from './filters/filters.service';
import { RemoveAbandonedUploadsJob } from './documents/remove-abandoned-uploads.job';
import { AddSignedDocumentWhenEsignRequestCompleted } from './documents/signed-document.listener';
import { RoadmapTemplatesRepository } from './roadmaps/roadmap-templates.repository';
import { RoadmapsController } from './roadmaps/roadmaps.controller';
import { RoadmapsService } from './roadmaps/roadmaps.service';
import { RecomputeDueDatesWhenBlackoutDaysChange } from './tasks/due-dates/blackout-days.listener';
import { DueDatesQueue } from './tasks/due-dates/due-dates.queue';
import { RecomputeTeamDueDatesWorker } from './tasks/due-dates/recompute-team-due-dates.worker';
import { TeamCalendarRepository } from './tasks/due-dates/team-calendar.repository';
import { CompleteNotificationTaskWhenNotificationSent } from './tasks/notification-task.listener';
import { TaskWriter } from './tasks/task-writer';
import { TasksController } from './tasks/tasks.controller';
import { TasksRepository } from './tasks/tasks.repository';
import { TasksService } from './tasks/tasks.service';
import type { TransactionsConfig } from './transactions.config';
import { UpdateVendorOptionsWhenVendorEnrolled } from './vendors/vendor-options.listener';
import { VendorsRepository } from './vendors/vendors.repository';

@Module({})
export class TransactionsModule {
  static forRoot(config: TransactionsConfig, mode: ProcessMode): DynamicModule {
    return {
      module: TransactionsModule,
      imports: [
        ...serviceInfrastructure({ config, mode, entities: [], migrations: transactionsMigrations }),
        // Transaction documents; with the local driver the API process serves /api/transactions/files/<key>.
        StorageModule.forRoot({ ...storageOptionsFrom({ ...readConfig(storageConfigSpec, {}), ...config }), http: mode !== 'worker' }),
      ],
      controllers:
        mode === 'worker'
          ? []
          : [
              FormsController,
              TeamOptionsController,
              TransactionsController,
              ContactsController,
              TasksController,
              RoadmapsController,
              DocumentsController,
              FiltersController,
              BoardsController,
              CommissionController,
              ReassignmentController,
              DashboardsController,
            ],
      providers: [
        FormsRepository,
        TeamOptionsRepository,
        TransactionsRepository,
        TransactionListService,
        TransactionWriter,
        TransactionAccessRepository,
        TransactionDetailService,
        TransactionEditService,
        AgentsRepository,
        ContactsRepository,
        ContactWriter,
        ContactsService,
        ContactMergeService,
        DisplayPublisher,
        DisplaySubscriptions,
        DisplayFigures,
        PushDisplayFiguresWhenTransactionChanges,
        PushDisplayFiguresWhenTaskChanges,
        PushDisplayFiguresWhenGoalsChange,
        UpdateAgentsWhenUserChanges,
        UpdateTeamNameWhenTeamSettingsChange,
        VendorsRepository,
        UpdateVendorOptionsWhenVendorEnrolled,
        TaskWriter,
        TasksRepository,
        DocumentListsRepository,
        DocumentsRepository,
        DocumentsService,
        FiltersRepository,
        FiltersService,
        UpdateDocumentFoldersWhenFoldersChange,
        UpdateDocumentTypesWhenTypesChange,
        AddSignedDocumentWhenEsignRequestCompleted,
        EsignFieldUpdatesRepository,
        ApplyEsignFieldChangesWhenUpdateRequested,
        TasksService,
        RoadmapTemplatesRepository,
        RoadmapsService,
        BoardsRepository,
        BoardsService,
        CommissionRepository,
        CommissionService,
        ReassignmentRepository,
        ReassignmentService,
        DashboardsRepository,
        DashboardsService,
        TeamCalendarRepository,
        DueDatesQueue,
        RecomputeDueDatesWhenBlackoutDaysChange,
        CompleteNotificationTaskWhenNotificationSent,
        ...(mode === 'api' ? [] : [RecomputeTeamDueDatesWorker, RemoveAbandonedUploadsJob]),
        ...(mode === 'worker' ? [] : [DisplayGateway]),
      ],
    };
  }
}

/** The Display Mode gateway runs on the HTTP server with the Redis Streams adapter. */
export function configureTransactionsApp(app: NestFastifyApplication, config: TransactionsConfig) {
  app.useWebSocketAdapter(new RedisStreamsIoAdapter(app, config.REDIS_URL, config.QUEUE_PREFIX));
}
