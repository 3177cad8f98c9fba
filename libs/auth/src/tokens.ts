import { createPublicKey, type KeyObject } from 'node:crypto';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { Strategy as PassportJwtStrategy } from 'passport-jwt';
import type { AccessTokenClaims, Permission, Role } from '@app/contracts';
import { ACCESS_TOKEN_TTL_SECONDS } from '@app/contracts';

export const TOKEN_ALGORITHM = 'ES256';
export const TOKEN_ISSUER = 'realty-identity';
export const TOKEN_AUDIENCE = 'realty-api';

/** The signed-in caller, as every service sees it. */
export interface AuthenticatedUser {
  agent_id: number;
  team_id: number;
  roles: Role[];
  permissions: Permission[];
  market_id: number;
  /** When the token was issued (epoch ms), for the revocation check; set by the verifier. */
  issued_at_ms?: number;
  /** The session (refresh token family) it belongs to; absent on tokens signed outside a session. */
  session_id?: string;
  /** When the token expires (epoch ms); set by the verifier (sockets disconnect then). */
  expires_at_ms?: number;
}

/** Provider of the access-token public key (a KeyObject parsed once from JWT_PUBLIC_KEY). */
export const ACCESS_TOKEN_PUBLIC_KEY = Symbol('ACCESS_TOKEN_PUBLIC_KEY');

/**
 * The verification passport-jwt does (jsonwebtoken under it), for HTTP (JwtStrategy) and sockets
 * (AccessTokenVerifier) alike: ES256 only (an HS256 token "signed" with the public key is refused),
 * identity's issuer and the API audience, and exp enforced when present (its presence and the
 * lifetime are userFromAccessTokenClaims' rules).
 */
export function accessTokenVerifyOptions() {
  return {
    algorithms: [TOKEN_ALGORITHM] as ['ES256'],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    ignoreExpiration: false,
  };
}

/** The public key as a KeyObject, parsed once: jsonwebtoken would parse a PEM string again on every call. */
export function accessTokenPublicKey(publicKeyPem: string): KeyObject {
  const key = createPublicKey(publicKeyPem);
  // Fail at boot, not on every request: jsonwebtoken refuses an ES256 token checked with any other key.
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('JWT_PUBLIC_KEY must be an ES256 (EC P-256) public key');
  }
  return key;
}

/**
 * The claim rules of an access token whose signature, algorithm, issuer, audience and expiry were
 * verified: the caller it names, or an Error. One copy, used by JwtStrategy.validate (HTTP) and
 * AccessTokenVerifier (sockets).
 */
export function userFromAccessTokenClaims(payload: unknown): AuthenticatedUser {
  if (!payload || typeof payload !== 'object') throw new Error('malformed claims');
  const claims = payload as Partial<AccessTokenClaims> & { iat?: unknown; exp?: unknown; iat_ms?: unknown };
  const agentId = Number(claims.sub);
  if (!Number.isInteger(agentId) || typeof claims.team_id !== 'number') throw new Error('malformed claims');
  // Every token identity signs expires, within the configured lifetime: anything else is not ours.
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number' || claims.exp - claims.iat > ACCESS_TOKEN_TTL_SECONDS) {
    throw new Error('token lifetime missing or too long');
  }
  return {
    agent_id: agentId,
    team_id: claims.team_id,
    roles: claims.roles ?? [],
    permissions: claims.permissions ?? [],
    market_id: claims.market_id ?? 0,
    issued_at_ms: typeof claims.iat_ms === 'number' ? claims.iat_ms : claims.iat * 1000,
    expires_at_ms: claims.exp * 1000,
    ...(typeof claims.sid === 'string' && claims.sid ? { session_id: claims.sid } : {}),
  };
}

/** passport-jwt's own verification step (jsonwebtoken.verify), which its types do not declare. */
type JwtVerifier = (
  token: string,
  key: KeyObject,
  options: ReturnType<typeof accessTokenVerifyOptions>,
  done: (error: Error | null, payload?: unknown) => void,
) => void;

/**
 * Verifies access tokens outside HTTP (the Display Mode and inbox sockets, on connect) exactly as
 * JwtStrategy does on HTTP: passport-jwt's verification with the same key and options, then the same
 * claim rules.
 */
export class AccessTokenVerifier {
  constructor(readonly publicKey: KeyObject) {}

  static async fromPem(publicKeyPem: string): Promise<AccessTokenVerifier> {
    return new AccessTokenVerifier(accessTokenPublicKey(publicKeyPem));
  }

  /** Resolves the caller or rejects when the token is invalid or expired. */
  verify(token: string): Promise<AuthenticatedUser> {
    const verifyJwt = (PassportJwtStrategy as unknown as { JwtVerifier: JwtVerifier }).JwtVerifier;
    return new Promise((resolve, reject) => {
      verifyJwt(token, this.publicKey, accessTokenVerifyOptions(), (error, payload) => {
        if (error) return reject(error);
        try {
          resolve(userFromAccessTokenClaims(payload));
        } catch (invalid) {
          reject(invalid);
        }
      });
    });
  }
}

/** Signs access tokens; only identity holds the private key (signing stays on jose). */
export class AccessTokenSigner {
  private constructor(private readonly key: CryptoKey | KeyObject) {}

  static async fromPem(privateKeyPem: string): Promise<AccessTokenSigner> {
    return new AccessTokenSigner(await importPKCS8(privateKeyPem, TOKEN_ALGORITHM));
  }

  async sign(user: AuthenticatedUser, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    if (ttlSeconds > ACCESS_TOKEN_TTL_SECONDS) throw new Error(`access tokens live at most ${ACCESS_TOKEN_TTL_SECONDS} s`);
    const claims: Omit<AccessTokenClaims, 'sub'> = {
      team_id: user.team_id,
      roles: user.roles,
      permissions: user.permissions,
      market_id: user.market_id,
      ...(user.session_id ? { sid: user.session_id } : {}),
    };
    // iat is in seconds; the revocation check compares milliseconds (a mark and a new token in the same second).
    return new SignJWT({ ...claims, iat_ms: Date.now() })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.agent_id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }
}
