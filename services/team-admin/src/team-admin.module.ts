import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { StorageModule, storageOptionsFrom } from '@app/storage';
import { BlackoutDaysController } from './blackout-days/blackout-days.controller';
import { BlackoutDaysEvents } from './blackout-days/blackout-days.events';
import { BlackoutDaysRepository } from './blackout-days/blackout-days.repository';
import { BlackoutDaysService } from './blackout-days/blackout-days.service';
import { CategoriesController } from './documents/categories/categories.controller';
import { CategoriesRepository } from './documents/categories/categories.repository';
import { CategoriesService } from './documents/categories/categories.service';
import { DocumentListEvents } from './documents/document-lists.events';
import { FoldersController } from './documents/folders/folders.controller';
import { FoldersRepository } from './documents/folders/folders.repository';
import { FoldersService } from './documents/folders/folders.service';
import { MessageTemplateController } from './documents/message-template/message-template.controller';
import { MessageTemplateService } from './documents/message-template/message-template.service';
import { DocumentTypesController } from './documents/types/document-types.controller';
import { DocumentTypesRepository } from './documents/types/document-types.repository';
import { DocumentTypesService } from './documents/types/document-types.service';
import { teamAdminMigrations } from './migrations';
import { TeamNotificationSettingsController } from './notifications/team-notification-settings.controller';
import { TeamNotificationSettingsRepository } from './notifications/team-notification-settings.repository';
import { TeamNotificationSettingsService } from './notifications/team-notification-settings.service';
import type { TeamAdminConfig } from './team-admin.config';
import { TeamLogoController } from './team/team-logo.controller';
import { TeamLogoService } from './team/team-logo.service';
import { TeamSettingsController } from './team/team-settings.controller';
import { TeamSettingsService } from './team/team-settings.service';
import { TeamTransactions } from './team/team-transactions';
import { TeamsRepository } from './team/teams.repository';
import { CreateTeamWhenTeamIsProvisioned } from './teams-provisioning/create-team-when-team-is-provisioned.listener';
import { TooltipsController } from './tooltips/tooltips.controller';
import { TooltipsRepository } from './tooltips/tooltips.repository';
import { TooltipsService } from './tooltips/tooltips.service';

/** Team settings and logo, document folders, categories and types, message template, team notifications, blackout days, tooltips. */
@Module({})
export class TeamAdminModule {
  static forRoot(config: TeamAdminConfig, mode: ProcessMode): DynamicModule {
    return {
      module: TeamAdminModule,
      imports: [
        ...serviceInfrastructure({ config, mode, entities: [], migrations: teamAdminMigrations }),
        // Team logos; with the local driver the API process serves /api/team-admin/files/<key>.
        StorageModule.forRoot({ ...storageOptionsFrom(config), http: mode !== 'worker' }),
      ],
      controllers:
        mode === 'worker'
          ? []
          : [
              TeamSettingsController,
              TeamLogoController,
              FoldersController,
              CategoriesController,
              DocumentTypesController,
              MessageTemplateController,
              TeamNotificationSettingsController,
              BlackoutDaysController,
              TooltipsController,
            ],
      providers: [
        TeamsRepository,
        TeamTransactions,
        TeamSettingsService,
        TeamLogoService,
        FoldersRepository,
        FoldersService,
        DocumentListEvents,
        CategoriesRepository,
        CategoriesService,
        DocumentTypesRepository,
        DocumentTypesService,
        MessageTemplateService,
        TeamNotificationSettingsRepository,
        TeamNotificationSettingsService,
        BlackoutDaysRepository,
        BlackoutDaysEvents,
        BlackoutDaysService,
        TooltipsRepository,
        TooltipsService,
        // Every process discovers the handlers (the start-up check); only worker and all consume.
        CreateTeamWhenTeamIsProvisioned,
      ],
    };
  }
}
