import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { integrationsSyncMigrations } from './migrations';
import type { IntegrationsSyncConfig } from './integrations-sync.config';
import { MatchUsersQueue } from './matching/match-users.queue';
import { MatchUsersWorker } from './matching/match-users.worker';
import { MatchingRepository } from './matching/matching.repository';
import { SkySlopeConnection } from './skyslope-settings/skyslope.providers';
import { SkySlopeTeamService } from './skyslope-settings/skyslope-team.service';
import { SkySlopeSettingsController } from './skyslope-settings/skyslope-settings.controller';
import { SkySlopeSettingsRepository } from './skyslope-settings/skyslope-settings.repository';
import { SkySlopeSettingsService } from './skyslope-settings/skyslope-settings.service';
import { SkySlopeFileSync } from './transaction-sync/skyslope-file-sync.service';
import { SyncActivityController } from './transaction-sync/sync-activity.controller';
import { SyncActivityService } from './transaction-sync/sync-activity.service';
import { SyncSkySlopeFileWhenTransactionChanges } from './transaction-sync/sync-skyslope-file.listener';
import { TransactionSyncQueue } from './transaction-sync/transaction-sync.queue';
import { TransactionSyncRepository } from './transaction-sync/transaction-sync.repository';
import { TransactionSyncWorker } from './transaction-sync/transaction-sync.worker';
import { UpdateUsersWhenUserChanges } from './users/users-read-copy.listener';

/** SkySlope credentials, office mapping, primary agent, matched users and transaction sync. */
@Module({})
export class IntegrationsSyncModule {
  static forRoot(config: IntegrationsSyncConfig, mode: ProcessMode): DynamicModule {
    return {
      module: IntegrationsSyncModule,
      imports: serviceInfrastructure({ config, mode, entities: [], migrations: integrationsSyncMigrations }),
      controllers: mode === 'worker' ? [] : [SkySlopeSettingsController, SyncActivityController],
      providers: [
        UpdateUsersWhenUserChanges,
        SkySlopeConnection,
        SkySlopeSettingsRepository,
        SkySlopeSettingsService,
        SkySlopeTeamService,
        MatchingRepository,
        MatchUsersQueue,
        TransactionSyncRepository,
        TransactionSyncQueue,
        SyncActivityService,
        SkySlopeFileSync,
        SyncSkySlopeFileWhenTransactionChanges,
        ...(mode === 'api' ? [] : [MatchUsersWorker, TransactionSyncWorker]),
      ],
    };
  }
}
