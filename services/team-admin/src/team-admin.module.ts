import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { teamAdminMigrations } from './migrations';
import type { TeamAdminConfig } from './team-admin.config';

/** Team settings and logo, document folders, categories and types, message template, team notifications, blackout days, tooltips. */
@Module({})
export class TeamAdminModule {
  static forRoot(config: TeamAdminConfig, mode: ProcessMode): DynamicModule {
    return {
      module: TeamAdminModule,
      imports: serviceInfrastructure({ config, mode, entities: [], migrations: teamAdminMigrations }),
    };
  }
}
