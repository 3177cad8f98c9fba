import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { KeyObject } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { ACCESS_TOKEN_PUBLIC_KEY, accessTokenVerifyOptions, userFromAccessTokenClaims, type AuthenticatedUser } from './tokens';

/** The passport strategy name JwtAuthGuard authenticates with. */
export const JWT_STRATEGY = 'jwt';

/**
 * passport-jwt's JwtStrategy on identity's public key: a Bearer token, ES256 only, issuer, audience
 * and expiry checked by jsonwebtoken, then the claim rules (exp required, lifetime at most the
 * configured one) map it to the AuthenticatedUser that JwtAuthGuard puts on request.user.
 *
 * passport keeps strategies in one registry per process: the last AuthModule built there names the
 * key (every service process verifies with the one JWT_PUBLIC_KEY).
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(@Inject(ACCESS_TOKEN_PUBLIC_KEY) publicKey: KeyObject) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject parsed once at boot (passport-jwt hands it to jsonwebtoken as is; its types only
      // name string | Buffer, and a PEM string would be parsed again on every request).
      secretOrKey: publicKey as unknown as string,
      ...accessTokenVerifyOptions(),
    });
  }

  /** Throws (the guard answers 401) unless the verified claims are a token identity would sign. */
  validate(payload: unknown): AuthenticatedUser {
    return userFromAccessTokenClaims(payload);
  }
}
