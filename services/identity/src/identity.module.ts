import { DynamicModule, Module } from '@nestjs/common';
import { AccessTokenSigner } from '@app/auth';
import { serviceInfrastructure, type ProcessMode } from '@app/platform';
import { AuthController } from './auth/auth.controller';
import { AuthService } from './auth/auth.service';
import { LoginHistoryRepository } from './auth/login-history.repository';
import { LoginThrottleService } from './auth/login-throttle.service';
import { PasswordHasher } from './auth/password-hasher';
import { RefreshTokensRepository } from './auth/refresh-tokens.repository';
import type { IdentityConfig } from './identity.config';
import { identityMigrations } from './migrations';
import { ProfileController } from './profile/profile.controller';
import { ProfileService } from './profile/profile.service';
import { TeamEntity } from './users/team.entity';
import { UserEntity } from './users/user.entity';
import { UsersRepository } from './users/users.repository';

export const identityEntities = [TeamEntity, UserEntity];

@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig, mode: ProcessMode): DynamicModule {
    return {
      module: IdentityModule,
      imports: serviceInfrastructure({ config, mode, entities: identityEntities, migrations: identityMigrations }),
      controllers: mode === 'worker' ? [] : [AuthController, ProfileController],
      providers: [
        { provide: AccessTokenSigner, useFactory: () => AccessTokenSigner.fromPem(config.JWT_PRIVATE_KEY) },
        UsersRepository,
        RefreshTokensRepository,
        LoginHistoryRepository,
        LoginThrottleService,
        PasswordHasher,
        AuthService,
        ProfileService,
      ],
    };
  }
}
