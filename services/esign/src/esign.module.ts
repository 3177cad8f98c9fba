import { DynamicModule, Module } from '@nestjs/common';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { esignMigrations } from './migrations';
import type { EsignConfig } from './esign.config';

/** E-sign templates, packet blueprints, the send flow, requests, audit log and provider adapters. */
@Module({})
export class EsignModule {
  static forRoot(config: EsignConfig, mode: ProcessMode): DynamicModule {
    return {
      module: EsignModule,
      imports: serviceInfrastructure({ config, mode, entities: [], migrations: esignMigrations }),
    };
  }
}
