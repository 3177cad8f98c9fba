import { DynamicModule, Module } from '@nestjs/common';
import { readConfig, serviceInfrastructure, type ProcessMode } from '@app/platform';
import { StorageModule, storageConfigSpec, storageOptionsFrom } from '@app/storage';
import { UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange } from './document-lists/document-lists.listener';
import { DocumentListsRepository } from './document-lists/document-lists.repository';
import type { EsignConfig } from './esign.config';
import { esignMigrations } from './migrations';
import { EsignOptionsController } from './options/options.controller';
import { PacketsController } from './packets/packets.controller';
import { PacketsRepository } from './packets/packets.repository';
import { PacketsService } from './packets/packets.service';
import { esignProviderOf } from './provider/provider.factory';
import { TemplateUploadsRepository } from './templates/template-uploads.repository';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesRepository } from './templates/templates.repository';
import { TemplatesService } from './templates/templates.service';

/** E-sign templates, packet blueprints, the send flow, requests, audit log and provider adapters. */
@Module({})
export class EsignModule {
  static forRoot(config: EsignConfig, mode: ProcessMode): DynamicModule {
    return {
      module: EsignModule,
      imports: [
        ...serviceInfrastructure({ config, mode, entities: [], migrations: esignMigrations }),
        // Template PDFs; with the local driver the API process serves /api/esign/files/<key>.
        StorageModule.forRoot({ ...storageOptionsFrom({ ...readConfig(storageConfigSpec, {}), ...config }), http: mode !== 'worker' }),
      ],
      controllers: mode === 'worker' ? [] : [TemplatesController, PacketsController, EsignOptionsController],
      providers: [
        esignProviderOf(config),
        DocumentListsRepository,
        UpdateDocumentFoldersWhenFoldersChange,
        UpdateDocumentTypesWhenTypesChange,
        TemplatesRepository,
        TemplateUploadsRepository,
        TemplatesService,
        PacketsRepository,
        PacketsService,
      ],
    };
  }
}
