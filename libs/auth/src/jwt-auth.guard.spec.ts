import { Controller, Get, Global, Module } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { AuthModule } from './auth.module';
import { CurrentUser, Permissions, Public, Roles } from './decorators';
import { importPKCS8, SignJWT } from 'jose';
import { refusedByMark, TOKEN_REVOCATIONS, type TokenRevocations } from './token-revocations';
import { AccessTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER, type AuthenticatedUser } from './tokens';

@Controller()
class ProbeController {
  @Public() @Get('open') open() { return { ok: true }; }
  @Get('me') me(@CurrentUser() user: AuthenticatedUser) { return user; }
  @Roles('ADMIN', 'TRANC') @Get('admin-or-tc') adminOrTc() { return { ok: true }; }
  @Permissions('team_esign', 'agent_esign') @Get('esign') esign() { return { ok: true }; }
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
    revokeTokensOf: async (agentId, options = {}) => void marks.set(agentId, { at: options.at ?? Date.now(), keepSessionId: options.keepSessionId ?? null }),
    endSession: async (sessionId) => void ended.add(sessionId),
    isRevoked: async (user) =>
      (!!user.session_id && ended.has(user.session_id)) || refusedByMark(marks.get(user.agent_id) ?? null, user.issued_at_ms ?? 0, user.session_id),
  };
  let sut: NestFastifyApplication;
  let signer: AccessTokenSigner;
  const agent: AuthenticatedUser = { agent_id: 7, team_id: 3, roles: ['AGENT'], permissions: ['team_esign'], market_id: 0 };

  beforeAll(async () => {
    // As PlatformModule does: a global provider the guard picks up.
    @Global()
    @Module({ providers: [{ provide: TOKEN_REVOCATIONS, useValue: revocations }], exports: [TOKEN_REVOCATIONS] })
    class RevocationsModule {}
    const moduleRef = await Test.createTestingModule({ imports: [RevocationsModule, AuthModule.forRoot(keys.publicKey)], controllers: [ProbeController] }).compile();
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
    expect(await get('/me', agent)).toEqual({ status: 200, body: { ...agent, issued_at_ms: expect.any(Number), expires_at_ms: expect.any(Number) } });
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

  it('keeps the session a mark exempts (a password changed from it) and refuses the user\'s other sessions', async () => {
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
    const base = () => new SignJWT({ team_id: 3, roles: ['ADMIN'], permissions: [], market_id: 0 }).setProtectedHeader({ alg: 'ES256' }).setSubject('7').setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt();
    for (const token of [await base().sign(key), await base().setExpirationTime('1d').sign(key)]) {
      await request(sut.getHttpServer()).get('/me').set('authorization', `Bearer ${token}`).expect(401);
    }
    await expect(signer.sign(agent, 24 * 3600)).rejects.toThrow('access tokens live at most 900 s');
  });
});
