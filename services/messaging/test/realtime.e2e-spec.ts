import { mkdtempSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { SignJWT, importPKCS8 } from 'jose';
import {
  MESSAGING_NAMESPACE,
  MESSAGING_SOCKET_EVENTS,
  SERVICE_NAMES,
  socketPathOf,
  type DirectMessage,
  type InboxCounts,
  type MessagePush,
  type Role,
  type ServiceName,
} from '@app/contracts';
import { AccessTokenSigner, TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_REVOCATIONS, type TokenRevocations } from '@app/auth';
import { REDIS } from '@app/platform';
import { realtimeStreamName } from '@app/realtime';
import {
  bootTestService,
  createTestDatabase,
  signTestToken,
  testEnv,
  testSigningKeys,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { createEdge } from '../../../edge/src/edge';
import { messagingMigrations } from '../src/migrations';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { InboxPublisher } from '../src/realtime/inbox.publisher';
import { configureMessagingApp } from '../src/realtime/realtime.providers';

// The real-time inbox (spec 001 message center), always through the edge: socket.io at
// /api/messaging/socket.io, namespace /inbox, the access token checked on connect, a room per user, and
// two messaging API replicas fanned out through the Redis Streams adapter (libs/realtime).

describe('messaging real-time gateway', () => {
  let database: TestDatabase;
  /** Replica 1: API, gateway, consumer and worker ('all'). */
  let one: TestService<MessagingConfig>;
  /** Replica 2: API and gateway only. */
  let two: TestService<MessagingConfig>;
  /** One edge per replica: each proxies /api/messaging/socket.io to its own replica. */
  const edges: HttpServer[] = [];
  let origins: string[];
  const sockets: Socket[] = [];
  const TEAM = 1501;
  const RIVAL = 1502;
  const ANN = 15011;
  const BEN = 15012;
  const RIVAL_ADMIN = 15021;

  const boot = (mode: 'all' | 'api') =>
    bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'realtime-mail-')) }),
      configSpec: messagingConfigSpec,
      migrations: mode === 'all' ? messagingMigrations : [],
      module: (config) => MessagingModule.forRoot(config, mode),
      configure: (app, config) => configureMessagingApp(app, config),
    });

  const listen = async (server: HttpServer) => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  /** An edge whose messaging upstream is `replica`; the other services point nowhere (never called here). */
  const edgeFor = async (replica: TestService<MessagingConfig>) => {
    await replica.app.listen({ port: 0, host: '127.0.0.1' });
    const upstream = `http://127.0.0.1:${(replica.app.getHttpServer().address() as AddressInfo).port}`;
    const upstreams = Object.fromEntries(
      SERVICE_NAMES.map((service) => [service, service === 'messaging' ? upstream : 'http://127.0.0.1:9']),
    ) as Record<ServiceName, string>;
    const empty = mkdtempSync(path.join(tmpdir(), 'realtime-edge-'));
    const edge = createEdge({ upstreams, consoleDir: empty, displayDir: empty });
    edges.push(edge);
    return listen(edge);
  };

  const tokenOf = (agentId: number, teamId = TEAM, roles: Role[] = ['AGENT'], ttlSeconds?: number) =>
    ttlSeconds === undefined
      ? signTestToken({ agent_id: agentId, team_id: teamId, roles, permissions: [], market_id: 0 })
      : AccessTokenSigner.fromPem(testSigningKeys().privateKey).then((signer) =>
          signer.sign({ agent_id: agentId, team_id: teamId, roles, permissions: [], market_id: 0 }, ttlSeconds),
        );

  const open = (edge: number, auth: Record<string, unknown> | undefined, reconnection = false) => {
    const socket = io(`${origins[edge]}${MESSAGING_NAMESPACE}`, {
      path: socketPathOf('messaging'),
      auth,
      transports: ['websocket'],
      reconnection,
      reconnectionDelay: 100,
      forceNew: true,
    });
    sockets.push(socket);
    return socket;
  };

  /** Resolves with the connect_error's message, or fails if the socket connects. */
  const refusal = (socket: Socket) =>
    new Promise<string>((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (error) => resolve(error.message));
    });

  interface Tab {
    socket: Socket;
    messages: { event: string; push: MessagePush }[];
    counts: InboxCounts[];
  }

  /** A console tab of a signed-in user, connected through edge `edge`, collecting what it is pushed. */
  const tab = async (agentId: number, teamId = TEAM, edge = 0, roles: Role[] = ['AGENT']): Promise<Tab> => {
    const socket = open(edge, { token: await tokenOf(agentId, teamId, roles) }, true);
    const received: Tab = { socket, messages: [], counts: [] };
    socket.on(MESSAGING_SOCKET_EVENTS.messageCreated, (push: MessagePush) =>
      received.messages.push({ event: MESSAGING_SOCKET_EVENTS.messageCreated, push }),
    );
    socket.on(MESSAGING_SOCKET_EVENTS.messageUpdated, (push: MessagePush) =>
      received.messages.push({ event: MESSAGING_SOCKET_EVENTS.messageUpdated, push }),
    );
    socket.on(MESSAGING_SOCKET_EVENTS.inboxCounts, (counts: InboxCounts) => received.counts.push(counts));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  };

  const waitFor = async <T>(probe: () => T | undefined | false, ms = 5_000): Promise<T> => {
    const started = Date.now();
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() - started > ms) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));

  const dm = (id: number, text: string): DirectMessage => ({
    dm_id: id,
    parent_dm_id: null,
    dm_value: `<p>${text}</p>`,
    author: { agent_id: ANN, name: 'Ann Inbox', profile_image: null },
    created_ts: new Date().toISOString(),
    updated_ts: null,
    read_ts: null,
    thread: [],
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await boot('all');
    two = await boot('api');
    origins = [await edgeFor(one), await edgeFor(two)];
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const edge of edges) {
      edge.closeAllConnections();
      await new Promise((resolve) => edge.close(resolve));
    }
    await two?.close();
    await one?.close();
    await database?.drop();
  });

  it('a user connects through the edge with their access token; a missing, malformed, foreign-signed, wrong-audience or expired token is refused', async () => {
    const ann = await tab(ANN);
    expect(ann.socket.connected).toBe(true);

    expect(await refusal(open(0, undefined))).toBe('unauthorized');
    expect(await refusal(open(1, { token: '' }))).toBe('unauthorized');
    expect(await refusal(open(0, { token: 'not.a.jwt' }))).toBe('unauthorized');
    expect(await refusal(open(1, { token: 42 }))).toBe('unauthorized');

    // Signed by another key (not identity's).
    const { generateKeyPairSync } = await import('node:crypto');
    const foreign = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const forged = await (
      await AccessTokenSigner.fromPem(foreign.privateKey)
    ).sign({ agent_id: ANN, team_id: TEAM, roles: ['ADMIN'], permissions: [], market_id: 0 });
    expect(await refusal(open(0, { token: forged }))).toBe('unauthorized');

    // The right key, but for another audience, and one already expired.
    const key = await importPKCS8(testSigningKeys().privateKey, 'ES256');
    const claims = { team_id: TEAM, roles: ['AGENT'], permissions: [], market_id: 0 };
    const otherAudience = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(String(ANN))
      .setIssuer(TOKEN_ISSUER)
      .setAudience('elsewhere')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    expect(await refusal(open(1, { token: otherAudience }))).toBe('unauthorized');
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(String(ANN))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(now - 120)
      .setExpirationTime(now - 60)
      .sign(key);
    expect(await refusal(open(0, { token: expired }))).toBe('unauthorized');

    // A refused socket receives nothing pushed to that user.
    const refused = open(1, { token: expired });
    const leaked: unknown[] = [];
    refused.on(MESSAGING_SOCKET_EVENTS.inboxCounts, (counts) => leaked.push(counts));
    await refusal(refused);
    await one.app.get(InboxPublisher).pushCounts([{ agent_id: ANN, counts: { dms: 1, comments: 0, mentions: 0 } }]);
    await waitFor(() => ann.counts.length === 1);
    await settle();
    expect(leaked).toEqual([]);
    ann.socket.disconnect();
  });

  it('a token ended since it was issued (its user marked, its session ended) is refused as on HTTP; a newer one or another session connects', async () => {
    const revocations = one.app.get<TokenRevocations>(TOKEN_REVOCATIONS);
    const user = (agentId: number, session_id?: string) => ({
      agent_id: agentId,
      team_id: TEAM,
      roles: ['AGENT'] as Role[],
      permissions: [],
      market_id: 0,
      ...(session_id ? { session_id } : {}),
    });
    // Users no replica has looked up yet (revocation marks are cached per user for a few seconds).
    const marked = 15013;
    const before = await signTestToken(user(marked));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await revocations.revokeTokensOf(marked);
    expect(await refusal(open(0, { token: before }))).toBe('unauthorized');
    expect(await refusal(open(1, { token: before }))).toBe('unauthorized');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = await tab(marked, TEAM, 1);
    expect(after.socket.connected).toBe(true);

    const loggedOut = await signTestToken(user(15014, 'session-ended'));
    const other = await signTestToken(user(15014, 'session-kept'));
    await revocations.endSession('session-ended');
    expect(await refusal(open(0, { token: loggedOut }))).toBe('unauthorized');
    const kept = open(0, { token: other });
    await new Promise<void>((resolve, reject) => {
      kept.once('connect', () => resolve());
      kept.once('connect_error', reject);
    });
    after.socket.disconnect();
    kept.disconnect();
  });

  it('a socket ends when its token expires, and the console connects again with a fresh token', async () => {
    // 3 to 4 s of life (exp counts from the whole second): enough to connect on a loaded machine.
    const socket = open(0, { token: await tokenOf(BEN, TEAM, ['AGENT'], 4) });
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await waitFor(() => reasons.length > 0, 8_000);
    expect(reasons).toEqual(['io server disconnect']);

    const fresh = await tab(BEN, TEAM, 1);
    await two.app.get(InboxPublisher).pushCounts([{ agent_id: BEN, counts: { dms: 0, comments: 2, mentions: 1 } }]);
    expect(await waitFor(() => fresh.counts[0])).toEqual({ dms: 0, comments: 2, mentions: 1 });
    fresh.socket.disconnect();
  });

  it("with two replicas, a push published through one process reaches the user's sockets on both; other users and teams get nothing", async () => {
    const annOnTwo = await tab(ANN, TEAM, 1);
    const annOnOne = await tab(ANN, TEAM, 0);
    const ben = await tab(BEN, TEAM, 1);
    const rival = await tab(RIVAL_ADMIN, RIVAL, 1, ['ADMIN']);
    const publisher = one.app.get(InboxPublisher);

    const created: MessagePush = { kind: 'dm', record: dm(71, 'Hello Ann') };
    await publisher.pushMessages([{ agent_id: ANN, event: 'message.created', push: created }]);
    await publisher.pushCounts([{ agent_id: ANN, counts: { dms: 3, comments: 1, mentions: 0 } }]);
    await waitFor(() => annOnTwo.messages.length === 1 && annOnTwo.counts.length === 1);
    await waitFor(() => annOnOne.messages.length === 1 && annOnOne.counts.length === 1);
    expect(annOnTwo.messages).toEqual([{ event: 'message.created', push: created }]);
    expect(annOnTwo.counts).toEqual([{ dms: 3, comments: 1, mentions: 0 }]);
    expect(annOnOne.messages).toEqual(annOnTwo.messages);

    // An edit, from the other replica's process, to Ben only.
    const updated: MessagePush = { kind: 'dm', record: { ...dm(71, 'Hello Ben'), updated_ts: new Date().toISOString() } };
    await two.app.get(InboxPublisher).pushMessages([{ agent_id: BEN, event: 'message.updated', push: updated }]);
    await waitFor(() => ben.messages.length === 1);
    expect(ben.messages).toEqual([{ event: 'message.updated', push: updated }]);

    await settle();
    expect(annOnTwo.messages).toHaveLength(1);
    expect(annOnOne.messages).toHaveLength(1);
    expect(ben.counts).toEqual([]);
    expect(rival.messages).toEqual([]);
    expect(rival.counts).toEqual([]);
    for (const tab of [annOnTwo, annOnOne, ben, rival]) tab.socket.disconnect();
  });

  it('a tab that drops off briefly gets the pushes it missed when it reconnects (connection state recovery)', async () => {
    const ann = await tab(ANN, TEAM, 1);
    const publisher = one.app.get(InboxPublisher);
    await publisher.pushCounts([{ agent_id: ANN, counts: { dms: 1, comments: 0, mentions: 0 } }]);
    await waitFor(() => ann.counts.length === 1);
    // Drop the transport (as a network loss would): the client reconnects and recovers.
    ann.socket.io.engine.close();
    await waitFor(() => ann.socket.disconnected || undefined, 2_000).catch(() => undefined);
    await publisher.pushCounts([{ agent_id: ANN, counts: { dms: 2, comments: 0, mentions: 0 } }]);
    await waitFor(() => ann.socket.connected || undefined, 5_000);
    await waitFor(() => ann.counts.length === 2, 5_000);
    expect(ann.socket.recovered).toBe(true);
    expect(ann.counts).toEqual([
      { dms: 1, comments: 0, mentions: 0 },
      { dms: 2, comments: 0, mentions: 0 },
    ]);
    ann.socket.disconnect();
  });

  it("the pushes ride messaging's own stream of this install (prefix:socket.io:messaging), not Display Mode's", async () => {
    const redis = one.app.get<Redis>(REDIS);
    const stream = realtimeStreamName(one.config.QUEUE_PREFIX, 'messaging');
    expect(stream).toBe(`${one.config.QUEUE_PREFIX}:socket.io:messaging`);
    expect(await redis.type(stream)).toBe('stream');
    expect(await redis.exists(realtimeStreamName(one.config.QUEUE_PREFIX, 'transactions'))).toBe(0);
  });
});
