import { mkdtempSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { io, type Socket } from 'socket.io-client';
import {
  MESSAGING_NAMESPACE,
  MESSAGING_SOCKET_EVENTS,
  SERVICE_NAMES,
  socketPathOf,
  type Comment,
  type DirectMessage,
  type InboxCounts,
  type MessagePush,
  type Role,
  type ServiceName,
} from '@app/contracts';
import { bootTestService, createTestDatabase, signTestToken, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { createEdge } from '../../../edge/src/edge';
import { messagingMigrations } from '../src/migrations';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { configureMessagingApp } from '../src/realtime/realtime.providers';

// The socket tests (issue 15, "Real-time gateway" and "Tests"), through the edge with two messaging
// API replicas: after a DM or a comment is posted, its recipients get message.created and inbox.counts on
// whichever replica their socket is; a third user, another team and a client (internal comments) get nothing.

describe('messaging real-time: DMs and comments reach their recipients (issue 15)', () => {
  let database: TestDatabase;
  /** Replica 1: API, gateway, consumer and worker ('all'). */
  let one: TestService<MessagingConfig>;
  /** Replica 2: API and gateway only. */
  let two: TestService<MessagingConfig>;
  const edges: HttpServer[] = [];
  /** Edge 0 proxies messaging to replica 1, edge 1 to replica 2. */
  let origins: string[];
  const sockets: Socket[] = [];

  const TEAM = 1601;
  const RIVAL = 1602;
  const ANN = 16011; // AGENT, primary agent of the transaction
  const BEN = 16012; // AGENT, DM recipient
  const CAL = 16013; // AGENT of the team, not on the transaction, never mentioned
  const TIA = 16014; // TRANC, the transaction's TC
  const CLI = 16015; // CLIENT of the transaction
  const RIV = 16021; // ADMIN of another team
  const DEAL = 16101;
  const ROLES: Record<number, { team: number; roles: Role[]; first: string }> = {
    [ANN]: { team: TEAM, roles: ['AGENT'], first: 'Ann' },
    [BEN]: { team: TEAM, roles: ['AGENT'], first: 'Ben' },
    [CAL]: { team: TEAM, roles: ['AGENT'], first: 'Cal' },
    [TIA]: { team: TEAM, roles: ['TRANC'], first: 'Tia' },
    [CLI]: { team: TEAM, roles: ['CLIENT'], first: 'Cli' },
    [RIV]: { team: RIVAL, roles: ['ADMIN'], first: 'Riv' },
  };

  const boot = (mode: 'all' | 'api') =>
    bootTestService<MessagingConfig>({
      service: 'messaging',
      env: testEnv(database, { MAIL_DRIVER: 'mailbox', MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'realtime-messages-mail-')) }),
      configSpec: messagingConfigSpec,
      migrations: mode === 'all' ? messagingMigrations : [],
      module: (config) => MessagingModule.forRoot(config, mode),
      configure: (app, config) => configureMessagingApp(app, config),
    });

  /** An edge whose messaging upstream is `replica` (the other services are never called here). */
  const edgeFor = async (replica: TestService<MessagingConfig>) => {
    await replica.app.listen({ port: 0, host: '127.0.0.1' });
    const upstream = `http://127.0.0.1:${(replica.app.getHttpServer().address() as AddressInfo).port}`;
    const upstreams = Object.fromEntries(SERVICE_NAMES.map((service) => [service, service === 'messaging' ? upstream : 'http://127.0.0.1:9'])) as Record<ServiceName, string>;
    const empty = mkdtempSync(path.join(tmpdir(), 'realtime-edge-'));
    const edge = createEdge({ upstreams, consoleDir: empty, displayDir: empty });
    edges.push(edge);
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
  };

  const tokenOf = (agentId: number) => signTestToken({ agent_id: agentId, team_id: ROLES[agentId].team, roles: ROLES[agentId].roles, permissions: [], market_id: 0 });

  /** An HTTP call through edge `edge` as `agentId`. */
  const api = (agentId: number, edge = 0) => ({
    post: async (url: string, body: object) => request(origins[edge]).post(`/api${url}`).set('authorization', `Bearer ${await tokenOf(agentId)}`).send(body),
    patch: async (url: string, body: object) => request(origins[edge]).patch(`/api${url}`).set('authorization', `Bearer ${await tokenOf(agentId)}`).send(body),
    get: async (url: string) => request(origins[edge]).get(`/api${url}`).set('authorization', `Bearer ${await tokenOf(agentId)}`),
  });

  interface Tab {
    socket: Socket;
    messages: { event: string; push: MessagePush }[];
    counts: InboxCounts[];
  }

  /** A console tab of `agentId` connected through edge `edge`, collecting what it is pushed. */
  const tab = async (agentId: number, edge: number): Promise<Tab> => {
    const socket = io(`${origins[edge]}${MESSAGING_NAMESPACE}`, { path: socketPathOf('messaging'), auth: { token: await tokenOf(agentId) }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const received: Tab = { socket, messages: [], counts: [] };
    for (const event of [MESSAGING_SOCKET_EVENTS.messageCreated, MESSAGING_SOCKET_EVENTS.messageUpdated]) {
      socket.on(event, (push: MessagePush) => received.messages.push({ event, push }));
    }
    socket.on(MESSAGING_SOCKET_EVENTS.inboxCounts, (counts: InboxCounts) => received.counts.push(counts));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return received;
  };
  const closeTabs = (...tabs: Tab[]) => tabs.forEach((t) => t.socket.disconnect());

  const waitFor = async <T>(probe: () => T | undefined | false, ms = 8_000): Promise<T> => {
    const started = Date.now();
    for (;;) {
      const value = probe();
      if (value) return value;
      if (Date.now() - started > ms) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  const settle = (ms = 600) => new Promise((resolve) => setTimeout(resolve, ms));
  const mention = (agentId: number) => `<span data-mention="user:${agentId}">@${ROLES[agentId].first} Push</span>`;
  const countsOf = async (agentId: number, edge = 0) => {
    const response = await api(agentId, edge).get('/messages/unread-counts');
    expect(response.status).toBe(200);
    return response.body as InboxCounts;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await boot('all');
    two = await boot('api');
    origins = [await edgeFor(one), await edgeFor(two)];
    // The read copies identity's and transactions' events keep (users, one transaction).
    for (const [id, user] of Object.entries(ROLES)) {
      await one.dataSource.query(
        `INSERT INTO messaging.users (agent_id, team_id, first_name, last_name, email, roles, status, source_occurred_at)
         VALUES ($1, $2, $3, 'Push', $4, $5, 'active', now())`,
        [Number(id), user.team, user.first, `${user.first.toLowerCase()}.push@example.test`, user.roles],
      );
    }
    await one.dataSource.query(
      `INSERT INTO messaging.transactions (client_id, team_id, version, type, first_name, last_name, formatted_address, primary_agent_id, tc_agent_id, client_user_ids)
       VALUES ($1, $2, 1, 'b', 'Dana', 'Deal', '1 Push St, Austin, TX', $3, $4, $5)`,
      [DEAL, TEAM, ANN, TIA, [CLI]],
    );
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

  it('a DM posted through one replica reaches its recipient\'s socket on the other with message.created and inbox.counts; a third user and another team get nothing', async () => {
    const ben = await tab(BEN, 1);
    const cal = await tab(CAL, 1);
    const rival = await tab(RIV, 1);
    const annElsewhere = await tab(ANN, 1);

    const posted = await api(ANN, 0).post('/messages/dms', { dm_value: `<p>Hi ${mention(BEN)}, the inspection is Friday</p>` });
    expect(posted.status).toBe(201);
    const created = await waitFor(() => ben.messages.find((m) => m.push.kind === 'dm'));
    expect(created.event).toBe('message.created');
    const record = created.push.record as DirectMessage;
    expect(record.dm_value).toContain('the inspection is Friday');
    expect(record.author.agent_id).toBe(ANN);
    expect(record.parent_dm_id).toBeNull();
    // Unread for Ben: his read mark, not the author's.
    expect(record.read_ts).toBeNull();

    // Ben's counts as GET /messages/unread-counts answers them, one unread DM.
    const counts = await waitFor(() => ben.counts[ben.counts.length - 1]);
    expect(counts).toEqual(await countsOf(BEN, 1));
    expect(counts.dms).toBe(1);

    // The author's other tab hears of the thread too (it joins their list).
    await waitFor(() => annElsewhere.messages.find((m) => m.push.kind === 'dm' && (m.push.record as DirectMessage).dm_id === record.dm_id));

    await settle();
    expect(cal.messages).toEqual([]);
    expect(cal.counts).toEqual([]);
    expect(rival.messages).toEqual([]);
    expect(rival.counts).toEqual([]);
    closeTabs(ben, cal, rival, annElsewhere);
  });

  it('a reply through the second replica reaches the author on the first; an edit arrives as message.updated', async () => {
    const ann = await tab(ANN, 0);
    const ben = await tab(BEN, 0);
    const cal = await tab(CAL, 1);
    const thread = await api(ANN, 1).post('/messages/dms', { dm_value: `<p>${mention(BEN)} keys?</p>` });
    expect(thread.status).toBe(201);
    const dmId = await waitFor(() => (ben.messages.find((m) => m.push.kind === 'dm' && (m.push.record as DirectMessage).dm_value.includes('keys?'))?.push.record as DirectMessage | undefined)?.dm_id);
    ann.messages.length = 0;
    ann.counts.length = 0;

    const reply = await api(BEN, 1).post('/messages/dms', { dm_value: '<p>Under the mat</p>', parent_dm_id: dmId });
    expect(reply.status).toBe(201);
    const replied = await waitFor(() => ann.messages.find((m) => m.push.kind === 'dm' && (m.push.record as DirectMessage).thread.some((r) => r.dm_value.includes('Under the mat'))));
    expect(replied.event).toBe('message.created');
    expect((replied.push.record as DirectMessage).dm_id).toBe(dmId);
    // The thread is unread for Ann again: her counts say so.
    const annCounts = await waitFor(() => ann.counts[ann.counts.length - 1]);
    expect(annCounts).toEqual(await countsOf(ANN));

    const replyId = ((replied.push.record as DirectMessage).thread.find((r) => r.dm_value.includes('Under the mat')) as DirectMessage).dm_id;
    ann.messages.length = 0;
    const edited = await api(BEN, 0).patch('/messages/dms', { dm_id: replyId, dm_value: '<p>Under the blue mat</p>' });
    expect(edited.status).toBe(200);
    const updated = await waitFor(() => ann.messages.find((m) => m.event === 'message.updated'));
    const editedReply = (updated.push.record as DirectMessage).thread.find((r) => r.dm_id === replyId)!;
    expect(editedReply.dm_value).toContain('Under the blue mat');
    expect(editedReply.updated_ts).not.toBeNull();

    await settle();
    expect(cal.messages).toEqual([]);
    expect(cal.counts).toEqual([]);
    closeTabs(ann, ben, cal);
  });

  it('an internal comment reaches the TC it mentions with message.created and inbox.counts; the client, a third user and another team get nothing; a client-facing one reaches the client', async () => {
    const tia = await tab(TIA, 1);
    const client = await tab(CLI, 1);
    const cal = await tab(CAL, 0);
    const rival = await tab(RIV, 0);

    const internal = await api(ANN, 0).post('/messages/comments', { comment_type: 'trans', comment_on_id: DEAL, comment_value: `<p>${mention(TIA)} appraisal came in low</p>`, visibility: 'i' });
    expect(internal.status).toBe(201);
    const created = await waitFor(() => tia.messages.find((m) => m.push.kind === 'comment' && (m.push.record as Comment).comment_value.includes('appraisal')));
    expect(created.event).toBe('message.created');
    const comment = created.push.record as Comment;
    expect(comment).toMatchObject({ comment_type: 'trans', comment_on_id: DEAL, visibility: 'i', viewed_ts: null, parent_comment_id: null });
    expect(comment.transaction).toMatchObject({ client_id: DEAL, formatted_address: '1 Push St, Austin, TX' });
    const tiaCounts = await waitFor(() => tia.counts[tia.counts.length - 1]);
    expect(tiaCounts).toEqual(await countsOf(TIA, 1));
    expect(tiaCounts.comments).toBeGreaterThanOrEqual(1);
    expect(tiaCounts.mentions).toBeGreaterThanOrEqual(1);

    await settle();
    expect(client.messages).toEqual([]);
    expect(client.counts).toEqual([]);
    expect(cal.messages).toEqual([]);
    expect(cal.counts).toEqual([]);
    expect(rival.messages).toEqual([]);
    expect(rival.counts).toEqual([]);

    // The same transaction, client-facing: now the client is told (so the silence above was the rule).
    const facing = await api(ANN, 1).post('/messages/comments', { comment_type: 'trans', comment_on_id: DEAL, comment_value: '<p>Closing moved to the 28th</p>', visibility: 'c' });
    expect(facing.status).toBe(201);
    const seen = await waitFor(() => client.messages.find((m) => m.push.kind === 'comment'));
    expect(seen.event).toBe('message.created');
    expect(seen.push.record as Comment).toMatchObject({ visibility: 'c', comment_on_id: DEAL });
    expect((seen.push.record as Comment).comment_value).toContain('Closing moved');
    // Never the internal comment, not even inside a thread.
    expect(JSON.stringify(client.messages)).not.toContain('appraisal');
    await settle();
    expect(cal.messages).toEqual([]);
    expect(rival.messages).toEqual([]);
    closeTabs(tia, client, cal, rival);
  });
});
