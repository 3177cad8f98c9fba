import { DynamicModule, Module } from '@nestjs/common';
import { readConfig, serviceInfrastructure, type ProcessMode } from '@app/platform';
import { MailModule } from '@app/mail';
import { StorageModule, storageConfigSpec, storageOptionsFrom } from '@app/storage';
import { BoardController } from './board/board.controller';
import { BoardRepository } from './board/board.repository';
import { BoardService } from './board/board.service';
import { UpdateDocumentFoldersWhenFoldersChange, UpdateDocumentTypesWhenTypesChange } from './document-lists/document-lists.listener';
import { DraftsController } from './drafts/drafts.controller';
import { DraftsRepository } from './drafts/drafts.repository';
import { DraftsService } from './drafts/drafts.service';
import { RemoveOldDraftsJob } from './drafts/remove-old-drafts.job';
import { SignerOptionsController } from './drafts/signer-options.controller';
import { SignerOptionsRepository } from './drafts/signer-options.repository';
import { SignerOptionsService } from './drafts/signer-options.service';
import { DocumentListsRepository } from './document-lists/document-lists.repository';
import type { EsignConfig } from './esign.config';
import { esignMigrations } from './migrations';
import { EsignOptionsController } from './options/options.controller';
import { PacketsController } from './packets/packets.controller';
import { PacketsRepository } from './packets/packets.repository';
import { PacketsService } from './packets/packets.service';
import { EsignProviderController } from './provider/provider.controller';
import { esignProvidersOf } from './provider/provider.factory';
import { ESIGN_READ_COPY_LISTENERS } from './read-copies/read-copies.listeners';
import { MarkInvitationFailedWhenMailFails } from './requests/mark-invitation-failed.listener';
import { PollRequestsJob } from './requests/poll-requests.job';
import { RequestMailer } from './requests/request-mailer';
import { RequestCompletion } from './requests/request-completion';
import { RequestTemplatesReader } from './requests/request-schema';
import { RequestSending } from './requests/request-sending';
import { RequestStatusWriter } from './requests/request-status';
import { RequestsController } from './requests/requests.controller';
import { RequestsRepository } from './requests/requests.repository';
import { RequestsService } from './requests/requests.service';
import { SealQueue } from './requests/seal-queue';
import { SealRequestJob } from './requests/seal-request.job';
import { SigningController } from './requests/signing.controller';
import { SigningEngine } from './requests/signing-engine';
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
        MailModule.forRoot({
          service: config.service,
          redisUrl: config.REDIS_URL,
          queuePrefix: config.QUEUE_PREFIX,
          driver: config.MAIL_DRIVER,
          mailDir: config.MAIL_DIR,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          // esign only queues its mails (invitations, completions, notices); messaging's worker delivers them.
          process: false,
        }),
      ],
      controllers:
        mode === 'worker'
          ? []
          : [
              TemplatesController,
              PacketsController,
              EsignOptionsController,
              RequestsController,
              SigningController,
              DraftsController,
              SignerOptionsController,
              BoardController,
              EsignProviderController,
            ],
      providers: [
        // The own engine, the DocuSeal adapter when configured, ESIGN_PROVIDER's choice and the per-request router.
        ...esignProvidersOf(config),
        DocumentListsRepository,
        UpdateDocumentFoldersWhenFoldersChange,
        UpdateDocumentTypesWhenTypesChange,
        TemplatesRepository,
        TemplateUploadsRepository,
        TemplatesService,
        PacketsRepository,
        PacketsService,
        ...ESIGN_READ_COPY_LISTENERS,
        RequestsRepository,
        RequestTemplatesReader,
        DraftsRepository,
        DraftsService,
        SignerOptionsRepository,
        SignerOptionsService,
        RequestStatusWriter,
        RequestMailer,
        RequestSending,
        RequestCompletion,
        SealQueue,
        SigningEngine,
        RequestsService,
        MarkInvitationFailedWhenMailFails,
        BoardRepository,
        BoardService,
        // The worker seals completed requests, walks the open ones and removes old send drafts.
        ...(mode !== 'api' ? [SealRequestJob, PollRequestsJob, RemoveOldDraftsJob] : []),
      ],
    };
  }
}
