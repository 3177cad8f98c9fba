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
    const claims = payload as unknown as AccessTokenClaims;
    const agentId = Number(claims.sub);
    if (!Number.isInteger(agentId) || typeof claims.team_id !== 'number') throw new Error('malformed claims');
    return {
      agent_id: agentId,
      team_id: claims.team_id,
      roles: claims.roles ?? [],
      permissions: claims.permissions ?? [],
      market_id: claims.market_id ?? 0,
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
    const claims: Omit<AccessTokenClaims, 'sub'> = {
      team_id: user.team_id,
      roles: user.roles,
      permissions: user.permissions,
      market_id: user.market_id,
    };
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(String(user.agent_id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.key);
  }
}
