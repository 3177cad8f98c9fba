import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { KeyObject } from 'node:crypto';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { ACCESS_TOKEN_PUBLIC_KEY, accessTokenPublicKey, AccessTokenVerifier } from './tokens';

/** Every route needs a valid access token unless marked @Public(). */
@Global()
@Module({})
export class AuthModule {
  static forRoot(publicKeyPem: string): DynamicModule {
    return {
      module: AuthModule,
      providers: [
        // Parsed once at boot; passport-jwt verifies with it on HTTP (JwtStrategy) and on sockets (AccessTokenVerifier).
        { provide: ACCESS_TOKEN_PUBLIC_KEY, useFactory: () => accessTokenPublicKey(publicKeyPem) },
        { provide: AccessTokenVerifier, useFactory: (key: KeyObject) => new AccessTokenVerifier(key), inject: [ACCESS_TOKEN_PUBLIC_KEY] },
        JwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
      ],
      exports: [AccessTokenVerifier],
    };
  }
}
