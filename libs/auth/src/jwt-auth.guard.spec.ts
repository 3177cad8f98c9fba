import { Controller, Get, Global, Module, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { Strategy as PassportJwtStrategy } from 'passport-jwt';
import request from 'supertest';
import { AuthModule } from './auth.module';
import { CurrentUser, Permissions, Public, Roles } from './decorators';
import { importPKCS8, SignJWT } from 'jose';
import { JwtAuthGuard } from './jwt-auth.guard';
import { JwtStrategy } from './jwt.strategy';
import { refusedByMark, TOKEN_REVOCATIONS, type TokenRevocations } from './token-revocations';
import {
  accessTokenPublicKey,
  AccessTokenSigner,
  AccessTokenVerifier,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type AuthenticatedUser,
} from './tokens';

const SESSION_ENDED = 'Session expired or invalid. Please sign in again.';
const AUTHENTICATION_REQUIRED = 'Authentication required';
const NO_PERMISSION = 'You do not have permission to do this';
/** passport-jwt's verification step (jsonwebtoken.verify), read by its strategy on every call. */
const passportJwt = PassportJwtStrategy as unknown as {
  JwtVerifier: (token: string, key: unknown, options: object, done: (error: Error | null, payload?: unknown) => void) => void;
};

@Controller()
class ProbeController {
  @Public() @Get('open') open() {
    return { ok: true };
  }
  @Get('me') me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
  @Roles('ADMIN', 'TRANC') @Get('admin-or-tc') adminOrTc() {
    return { ok: true };
  }
  @Permissions('team_esign', 'agent_esign') @Get('esign') esign() {
    return { ok: true };
  }
}

describe('JwtAuthGuard', () => {
  const keys = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const otherKeys = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // The same rule as RedisTokenRevocations (refusedByMark), kept in memory.
  const marks = new Map<number, { at: number; keepSessionId: string | null }>();
  const ended = new Set<string>();
  const revocations: TokenRevocations = {
    revokeTokensOf: async (agentId, options = {}) =>
      void marks.set(agentId, { at: options.at ?? Date.now(), keepSessionId: options.keepSessionId ?? null }),
    endSession: async (sessionId) => void ended.add(sessionId),
    isRevoked: async (user) =>
      (!!user.session_id && ended.has(user.session_id)) ||
      refusedByMark(marks.get(user.agent_id) ?? null, user.issued_at_ms ?? 0, user.session_id),
  };
  let sut: NestFastifyApplication;
  let signer: AccessTokenSigner;
  const agent: AuthenticatedUser = { agent_id: 7, team_id: 3, roles: ['AGENT'], permissions: ['team_esign'], market_id: 0 };

  beforeAll(async () => {
    // As PlatformModule does: a global provider the guard picks up.
    @Global()
    @Module({ providers: [{ provide: TOKEN_REVOCATIONS, useValue: revocations }], exports: [TOKEN_REVOCATIONS] })
    class RevocationsModule {}
    const moduleRef = await Test.createTestingModule({
      imports: [RevocationsModule, AuthModule.forRoot(keys.publicKey)],
      controllers: [ProbeController],
    }).compile();
    sut = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    await sut.init();
    await sut.getHttpAdapter().getInstance().ready();
    signer = await AccessTokenSigner.fromPem(keys.privateKey);
  });
  afterAll(() => sut.close());

  /** Status and body of GET path, signed as `user` when given. */
  const get = async (path: string, user?: AuthenticatedUser, ttl?: number) => {
    const call = request(sut.getHttpServer()).get(path);
    const response = await (user ? call.set('authorization', `Bearer ${await signer.sign(user, ttl)}`) : call);
    return { status: response.status, body: response.body };
  };

  it('lets @Public routes through without a token', async () => {
    expect((await get('/open')).status).toBe(200);
  });

  it('answers 401 without a token, with an expired one and with one signed by another key', async () => {
    expect((await get('/me')).status).toBe(401);
    expect((await get('/me', agent, -10)).status).toBe(401);
    const foreign = await (await AccessTokenSigner.fromPem(otherKeys.privateKey)).sign(agent);
    await request(sut.getHttpServer()).get('/me').set('authorization', `Bearer ${foreign}`).expect(401);
  });

  it('gives @CurrentUser the claims of the token', async () => {
    expect(await get('/me', agent)).toEqual({
      status: 200,
      body: { ...agent, issued_at_ms: expect.any(Number), expires_at_ms: expect.any(Number) },
    });
  });

  it('enforces @Roles: one of the listed roles', async () => {
    expect((await get('/admin-or-tc', agent)).status).toBe(403);
    expect((await get('/admin-or-tc', { ...agent, roles: ['TRANC'] })).status).toBe(200);
  });

  it('enforces @Permissions: every listed permission', async () => {
    expect((await get('/esign', agent)).status).toBe(403);
    expect((await get('/esign', { ...agent, permissions: ['team_esign', 'agent_esign'] })).status).toBe(200);
  });

  it("refuses a token issued before its user's valid-after mark, and accepts one issued after", async () => {
    const user = { ...agent, agent_id: 70 };
    const before = `Bearer ${await signer.sign(user)}`;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revocations.revokeTokensOf(user.agent_id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = `Bearer ${await signer.sign(user)}`;
    const refused = await request(sut.getHttpServer()).get('/me').set('authorization', before).expect(401);
    expect(refused.body.message).toBe('Session expired or invalid. Please sign in again.');
    await request(sut.getHttpServer()).get('/me').set('authorization', after).expect(200);
    // Other users are untouched.
    expect((await get('/me', { ...agent, agent_id: 71 })).status).toBe(200);
  });

  it("keeps the session a mark exempts (a password changed from it) and refuses the user's other sessions", async () => {
    const user = { ...agent, agent_id: 72 };
    const kept = `Bearer ${await signer.sign({ ...user, session_id: 'session-a' })}`;
    const other = `Bearer ${await signer.sign({ ...user, session_id: 'session-b' })}`;
    const none = `Bearer ${await signer.sign(user)}`;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revocations.revokeTokensOf(user.agent_id, { keepSessionId: 'session-a' });
    await request(sut.getHttpServer()).get('/me').set('authorization', kept).expect(200);
    await request(sut.getHttpServer()).get('/me').set('authorization', other).expect(401);
    await request(sut.getHttpServer()).get('/me').set('authorization', none).expect(401);
  });

  it('refuses every token of an ended session (logout), and only of that session', async () => {
    const user = { ...agent, agent_id: 73 };
    const mine = `Bearer ${await signer.sign({ ...user, session_id: 'logged-out' })}`;
    const otherTab = `Bearer ${await signer.sign({ ...user, session_id: 'still-in' })}`;
    await request(sut.getHttpServer()).get('/me').set('authorization', mine).expect(200);
    await revocations.endSession('logged-out');
    await request(sut.getHttpServer()).get('/me').set('authorization', mine).expect(401);
    await request(sut.getHttpServer()).get('/me').set('authorization', otherTab).expect(200);
  });

  it('refuses tokens without an expiry, or living longer than the configured lifetime', async () => {
    const key = await importPKCS8(keys.privateKey, 'ES256');
    const base = () =>
      new SignJWT({ team_id: 3, roles: ['ADMIN'], permissions: [], market_id: 0 })
        .setProtectedHeader({ alg: 'ES256' })
        .setSubject('7')
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt();
    for (const token of [await base().sign(key), await base().setExpirationTime('1d').sign(key)]) {
      await request(sut.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(401);
    }
    await expect(signer.sign(agent, 24 * 3600)).rejects.toThrow('access tokens live at most 900 s');
  });
  describe('through passport (JwtStrategy, passport-jwt)', () => {
    const privateKey = () => importPKCS8(keys.privateKey, 'ES256');
    /** A token signed with identity's key, claims and header as given. */
    const craft = async (build: (jwt: SignJWT) => SignJWT, claims: Record<string, unknown> = {}) =>
      build(
        new SignJWT({ team_id: 3, roles: ['ADMIN'], permissions: ['team_esign', 'agent_esign'], market_id: 0, ...claims })
          .setProtectedHeader({ alg: 'ES256' })
          .setSubject('7'),
      ).sign(await privateKey());
    const valid = (jwt: SignJWT) => jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('10m');
    const call = (path: string, authorization?: string) => {
      const pending = request(sut.getHttpServer()).get(path);
      return authorization === undefined ? pending : pending.set('authorization', authorization);
    };
    afterEach(() => jest.restoreAllMocks());

    it('maps a verified token with JwtStrategy.validate, verified by passport-jwt with the public KeyObject parsed once', async () => {
      const validate = jest.spyOn(JwtStrategy.prototype, 'validate');
      const verifier = jest.spyOn(passportJwt, 'JwtVerifier');
      const token = await signer.sign({ ...agent, session_id: 'passport' });
      await call('/me', `Bearer ${token}`).expect(200);
      await call('/me', `Bearer ${token}`).expect(200);
      expect(validate).toHaveBeenCalledTimes(2);
      expect(validate.mock.calls[0][0]).toMatchObject({ sub: '7', team_id: 3, sid: 'passport', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE });
      expect(verifier).toHaveBeenCalledTimes(2);
      const [[firstToken, firstKey, options], [, secondKey]] = verifier.mock.calls;
      expect(firstToken).toBe(token);
      expect(firstKey).toBeInstanceOf(KeyObject);
      expect(secondKey).toBe(firstKey);
      expect(options).toEqual({ algorithms: ['ES256'], issuer: TOKEN_ISSUER, audience: TOKEN_AUDIENCE, ignoreExpiration: false });
    });

    it('refuses an HS256 token whose HMAC secret is the public key (algorithm confusion), and alg none', async () => {
      const confused = await valid(
        new SignJWT({ team_id: 3, roles: ['ADMIN'], permissions: [], market_id: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('7'),
      ).sign(new TextEncoder().encode(keys.publicKey));
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const now = Math.floor(Date.now() / 1000);
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: '7', team_id: 3, roles: ['ADMIN'], permissions: [], market_id: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 })}.`;
      for (const token of [confused, unsigned]) {
        const refused = await call('/me', `Bearer ${token}`).expect(401);
        expect(refused.body.message).toBe(SESSION_ENDED);
      }
    });

    it('answers the same 401 message for an expired, lifetime-less, over-long, foreign-issuer, foreign-audience or malformed token', async () => {
      const tokens = {
        expired: await craft((jwt) =>
          jwt
            .setIssuer(TOKEN_ISSUER)
            .setAudience(TOKEN_AUDIENCE)
            .setIssuedAt(Math.floor(Date.now() / 1000) - 700)
            .setExpirationTime(Math.floor(Date.now() / 1000) - 100),
        ),
        'without exp': await craft((jwt) => jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt()),
        'without iat': await craft((jwt) => jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setExpirationTime('10m')),
        'over the configured lifetime': await craft((jwt) =>
          jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('901s'),
        ),
        'another issuer': await craft((jwt) =>
          jwt.setIssuer('someone-else').setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('10m'),
        ),
        'no issuer': await craft((jwt) => jwt.setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('10m')),
        'another audience': await craft((jwt) =>
          jwt.setIssuer(TOKEN_ISSUER).setAudience('elsewhere').setIssuedAt().setExpirationTime('10m'),
        ),
        'a non-numeric subject': await craft((jwt) => valid(jwt).setSubject('admin')),
        'no team': await craft(valid, { team_id: undefined }),
        'not a JWT': 'not-a-jwt',
      };
      for (const [name, token] of Object.entries(tokens)) {
        const refused = await call('/me', `Bearer ${token}`);
        expect({ name, status: refused.status, message: refused.body.message }).toEqual({ name, status: 401, message: SESSION_ENDED });
      }
      // The same claims, within the rules, pass: the refusals above are the rules, not the crafting.
      await call('/me', `Bearer ${await craft(valid)}`).expect(200);
      await call(
        '/me',
        `Bearer ${await craft((jwt) => jwt.setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt().setExpirationTime('900s'))}`,
      ).expect(200);
    });

    it("answers 'Authentication required' without a Bearer token, before passport (which would accept 'bearer')", async () => {
      const verifier = jest.spyOn(passportJwt, 'JwtVerifier');
      const token = await signer.sign(agent);
      for (const header of [undefined, '', 'Bearer', 'Bearer ', `Basic ${token}`, `bearer ${token}`, `Bearer  ${token}`, token]) {
        const refused = await call('/me', header);
        expect({ header, status: refused.status, message: refused.body.message }).toEqual({
          header,
          status: 401,
          message: AUTHENTICATION_REQUIRED,
        });
      }
      expect(verifier).not.toHaveBeenCalled();
    });

    it('lets @Public routes through without looking at the token, even a bad one', async () => {
      const verifier = jest.spyOn(passportJwt, 'JwtVerifier');
      await call('/open', 'Bearer not-a-jwt').expect(200, { ok: true });
      await call('/open', 'Basic abc').expect(200);
      expect(verifier).not.toHaveBeenCalled();
    });

    it("answers 403 'You do not have permission to do this' for a missing role or permission, after a valid token", async () => {
      for (const path of ['/admin-or-tc', '/esign']) {
        const refused = await call(path, `Bearer ${await signer.sign(agent)}`).expect(403);
        expect(refused.body.message).toBe(NO_PERMISSION);
      }
      await call('/admin-or-tc', `Bearer ${await craft(valid)}`).expect(200);
      await call('/esign', `Bearer ${await craft(valid)}`).expect(200);
    });

    it('checks revocation after passport: a revoked token is 401 even where the role would give 403', async () => {
      const user = { ...agent, agent_id: 74 };
      const token = await signer.sign(user);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await revocations.revokeTokensOf(user.agent_id);
      const refused = await call('/admin-or-tc', `Bearer ${token}`).expect(401);
      expect(refused.body.message).toBe(SESSION_ENDED);
    });

    it('lets non-HTTP contexts through (sockets and RPC check their own way)', async () => {
      const guard = new JwtAuthGuard(new Reflector());
      for (const type of ['ws', 'rpc']) {
        await expect(guard.canActivate({ getType: () => type } as unknown as ExecutionContext)).resolves.toBe(true);
      }
    });
  });

  describe('AccessTokenVerifier (the sockets): the same passport-jwt verification and claim rules', () => {
    afterEach(() => jest.restoreAllMocks());

    it('resolves the same caller the guard gives @CurrentUser, through passport-jwt with the same key and options', async () => {
      const spy = jest.spyOn(passportJwt, 'JwtVerifier');
      const token = await signer.sign({ ...agent, session_id: 'socket' });
      const viaSocket = await sut.get(AccessTokenVerifier).verify(token);
      const viaHttp = await request(sut.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(200);
      expect(viaSocket).toEqual(viaHttp.body);
      expect(spy).toHaveBeenCalledTimes(2);
      const [[, socketKey, socketOptions], [, httpKey, httpOptions]] = spy.mock.calls;
      expect(socketKey).toBe(httpKey);
      expect(socketOptions).toEqual(httpOptions);
    });

    it('refuses what the guard refuses: another key, HS256 with the public key, no exp, an over-long life, expired', async () => {
      const verifier = sut.get(AccessTokenVerifier);
      const key = await importPKCS8(keys.privateKey, 'ES256');
      const claims = () =>
        new SignJWT({ team_id: 3, roles: ['ADMIN'], permissions: [], market_id: 0 })
          .setSubject('7')
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setIssuedAt();
      const refused = [
        await (await AccessTokenSigner.fromPem(otherKeys.privateKey)).sign(agent),
        await claims().setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(new TextEncoder().encode(keys.publicKey)),
        await claims().setProtectedHeader({ alg: 'ES256' }).sign(key),
        await claims().setProtectedHeader({ alg: 'ES256' }).setExpirationTime('1d').sign(key),
        await signer.sign(agent, -10),
        await claims().setProtectedHeader({ alg: 'ES256' }).setIssuer('someone-else').setExpirationTime('10m').sign(key),
        await claims().setProtectedHeader({ alg: 'ES256' }).setAudience('elsewhere').setExpirationTime('10m').sign(key),
      ];
      for (const token of refused) await expect(verifier.verify(token)).rejects.toThrow();
      await expect(
        verifier.verify(await claims().setProtectedHeader({ alg: 'ES256' }).setExpirationTime('900s').sign(key)),
      ).resolves.toMatchObject({ agent_id: 7, roles: ['ADMIN'] });
    });
  });

  it('refuses at boot a public key that cannot verify ES256 tokens', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const p384 = generateKeyPairSync('ec', {
      namedCurve: 'P-384',
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => accessTokenPublicKey(rsa.publicKey)).toThrow('ES256');
    expect(() => accessTokenPublicKey(p384.publicKey)).toThrow('ES256');
    expect(() => accessTokenPublicKey('not a key')).toThrow();
    expect(accessTokenPublicKey(keys.publicKey).asymmetricKeyType).toBe('ec');
  });
});
