import { importPKCS8, importSPKI, jwtVerify, SignJWT, type CryptoKey, type KeyObject } from 'jose';
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

type Key = CryptoKey | KeyObject;

/** Verifies access tokens with the public key only. */
export class AccessTokenVerifier {
  private constructor(private readonly key: Key) {}

  static async fromPem(publicKeyPem: string): Promise<AccessTokenVerifier> {
    return new AccessTokenVerifier(await importSPKI(publicKeyPem, TOKEN_ALGORITHM));
  }

  /** Resolves the caller or rejects when the token is invalid or expired. */
  async verify(token: string): Promise<AuthenticatedUser> {
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
    });
    const claims = payload as unknown as AccessTokenClaims & { iat?: number; exp?: number; iat_ms?: number };
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
}

/** Signs access tokens; only identity holds the private key. */
export class AccessTokenSigner {
  private constructor(private readonly key: Key) {}

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
