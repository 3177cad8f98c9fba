import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from './jwt-auth.guard';
import { AccessTokenVerifier } from './tokens';

/** Every route needs a valid access token unless marked @Public(). */
@Global()
@Module({})
export class AuthModule {
  static forRoot(publicKeyPem: string): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        { provide: AccessTokenVerifier, useFactory: () => AccessTokenVerifier.fromPem(publicKeyPem) },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
      exports: [AccessTokenVerifier],
    };
  }
}
