import { DynamicModule, Module } from '@nestjs/common';
import { AccessTokenSigner } from '@app/auth';
import { MailModule } from '@app/mail';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { StorageModule, storageOptionsFrom } from '@app/storage';
import { AdminUserAccessController } from './admin-users/admin-user-access.controller';
import { AdminUserAccessService } from './admin-users/admin-user-access.service';
import { AdminUserController } from './admin-users/admin-user.controller';
import { AdminUserListService } from './admin-users/admin-user-list.service';
import { AdminUsersController } from './admin-users/admin-users.controller';
import { AdminUsersRepository } from './admin-users/admin-users.repository';
import { AdminUsersService } from './admin-users/admin-users.service';
import { LicencesService } from './admin-users/licences.service';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginHistoryRepository } from './auth/login-history.repository';
import { PasswordHasher } from './auth/password-hasher';
import { RefreshGrace } from './auth/refresh-grace';
import { RefreshTokensRepository } from './auth/refresh-tokens.repository';
import { CaptchaGenerator } from './captcha/captcha-generator';
import { CaptchaController } from './captcha/captcha.controller';
import { CaptchaRepository } from './captcha/captcha.repository';
import { CaptchaService } from './captcha/captcha.service';
import { UpdateClientCountWhenContactChanges } from './contacts-read-copy/contacts-read-copy.listener';
import { ContactsReadCopyRepository } from './contacts-read-copy/contacts-read-copy.repository';
import { UpdateCommissionTemplatesWhenTemplatesChange } from './commission-templates/commission-templates.listener';
import { CommissionTemplatesRepository } from './commission-templates/commission-templates.repository';
import type { IdentityConfig } from './identity.config';
import { identityMigrations } from './migrations';
import { OpsModule } from './ops/ops.module';
import { ChangePasswordService } from './password/change-password.service';
import { PasswordRecoveryController } from './password/password-recovery.controller';
import { PasswordRecoveryService } from './password/password-recovery.service';
import { PasswordController } from './password/password.controller';
import { PasswordRepository } from './password/password.repository';
import { ResetMailer } from './password/reset-mailer.service';
import { DefaultsController } from './defaults/defaults.controller';
import { DefaultsService } from './defaults/defaults.service';
import { UserDefaultsRepository } from './defaults/user-defaults.repository';
import { NotificationSettingsController } from './notifications/notification-settings.controller';
import { NotificationSettingsRepository } from './notifications/notification-settings.repository';
import { NotificationSettingsService } from './notifications/notification-settings.service';
import { ProfileImageService } from './profile/profile-image.service';
import { ProfileController } from './profile/profile.controller';
import { ProfileRepository } from './profile/profile.repository';
import { ProfileService } from './profile/profile.service';
import { ApplyTeamSettingsFromTeamAdmin } from './teams/team-settings.listener';
import { TeamsSyncRepository } from './teams/teams-sync.repository';
import { TeamEntity } from './users/team.entity';
import { UserEntity } from './users/user.entity';
import { UsersRepository } from './users/users.repository';
import { UsersLookupController } from './users-lookup/users-lookup.controller';
import { UsersLookupRepository } from './users-lookup/users-lookup.repository';
import { UsersLookupService } from './users-lookup/users-lookup.service';
import { SendLoginInstructionsWhenVendorEnrolled } from './vendor-enrollment/send-login-instructions-when-vendor-enrolled.listener';
import { VendorEnrollmentController } from './vendor-enrollment/vendor-enrollment.controller';
import { VendorEnrollmentRepository } from './vendor-enrollment/vendor-enrollment.repository';
import { VendorEnrollmentService } from './vendor-enrollment/vendor-enrollment.service';
import { VendorInviteMailer } from './vendor-enrollment/vendor-invite-mailer';

export const identityEntities = [TeamEntity, UserEntity];

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, mode: ProcessMode): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ...serviceInfrastructure({ config, mode, entities: identityEntities, migrations: identityMigrations }),
        MailModule.forRoot({
          service: config.service,
          redisUrl: config.REDIS_URL,
          queuePrefix: config.QUEUE_PREFIX,
          driver: config.MAIL_DRIVER,
          mailDir: config.MAIL_DIR,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          // identity only queues its mails (reset, welcome, login instructions); messaging's worker delivers them.
          process: false,
        }),
        // Profile images; with the local driver the API process serves /api/identity/files/<key>.
        StorageModule.forRoot({ ...storageOptionsFrom(config), http: mode !== 'worker' }),
        // The operators' board of every service's queues, served by the API process only.
        ...(mode !== 'worker' ? [OpsModule] : []),
      ],
      // RPC answers come from the worker; HTTP from the API process ('all' runs both).
      controllers: [
        ...(mode !== 'api' ? [UsersLookupController] : []),
        ...(mode !== 'worker'
          ? [
              AuthController,
              ProfileController,
              CaptchaController,
              PasswordRecoveryController,
              PasswordController,
              DefaultsController,
              NotificationSettingsController,
              AdminUsersController,
              AdminUserController,
              AdminUserAccessController,
              VendorEnrollmentController,
            ]
          : []),
      ],
      providers: [
        { provide: AccessTokenSigner, useFactory: () => AccessTokenSigner.fromPem(config.JWT_PRIVATE_KEY) },
        UsersRepository,
        RefreshTokensRepository,
        RefreshGrace,
        LoginHistoryRepository,
        PasswordHasher,
        AuthService,
        ProfileService,
        ProfileRepository,
        CaptchaGenerator,
        CaptchaRepository,
        CaptchaService,
        PasswordRepository,
        ResetMailer,
        PasswordRecoveryService,
        ChangePasswordService,
        ProfileImageService,
        UserDefaultsRepository,
        DefaultsService,
        NotificationSettingsRepository,
        NotificationSettingsService,
        AdminUsersRepository,
        LicencesService,
        AdminUsersService,
        AdminUserListService,
        AdminUserAccessService,
        TeamsSyncRepository,
        ApplyTeamSettingsFromTeamAdmin,
        ContactsReadCopyRepository,
        UpdateClientCountWhenContactChanges,
        CommissionTemplatesRepository,
        UpdateCommissionTemplatesWhenTemplatesChange,
        UsersLookupRepository,
        UsersLookupService,
        VendorEnrollmentRepository,
        VendorInviteMailer,
        VendorEnrollmentService,
        SendLoginInstructionsWhenVendorEnrolled,
      ],
    };
  }
}
