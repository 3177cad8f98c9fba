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
import {
  bootTestService,
  createTestDatabase,
  MessagingFactory,
  signTestToken,
  testEnv,
  type MessagingUserRow,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { createEdge } from '../../../edge/src/edge';
import { messagingMigrations } from '../src/migrations';
import { messagingConfigSpec, type MessagingConfig } from '../src/messaging.config';
import { MessagingModule } from '../src/messaging.module';
import { configureMessagingApp } from '../src/realtime/realtime.providers';

// The real-time gateway's socket tests (spec 001 message center), through the edge with two messaging
// API replicas: after a DM or a comment is posted, its recipients get message.created and inbox.counts on
// whichever replica their socket is; a third user, another team and a client (internal comments) get nothing.

describe('messaging real-time: DMs and comments reach their recipients', () => {
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
  /** The read copies' users (MessagingFactory), by role in these tests. */
  type Person = 'ann' | 'ben' | 'cal' | 'tia' | 'cli' | 'riv';
  const PEOPLE: Record<Person, { team: number; role: Role; first: string }> = {
    ann: { team: TEAM, role: 'AGENT', first: 'Ann' }, // primary agent of the transaction
    ben: { team: TEAM, role: 'AGENT', first: 'Ben' }, // DM recipient
    cal: { team: TEAM, role: 'AGENT', first: 'Cal' }, // of the team, not on the transaction, never mentioned
    tia: { team: TEAM, role: 'TRANC', first: 'Tia' }, // the transaction's TC
    cli: { team: TEAM, role: 'CLIENT', first: 'Cli' }, // client of the transaction
    riv: { team: RIVAL, role: 'ADMIN', first: 'Riv' }, // another team's admin
  };
  const users = {} as Record<Person, MessagingUserRow>;
  let deal: number;

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
    const upstreams = Object.fromEntries(
      SERVICE_NAMES.map((service) => [service, service === 'messaging' ? upstream : 'http://127.0.0.1:9']),
    ) as Record<ServiceName, string>;
    const empty = mkdtempSync(path.join(tmpdir(), 'realtime-edge-'));
    const edge = createEdge({ upstreams, consoleDir: empty, displayDir: empty });
    edges.push(edge);
    await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
  };

  const tokenOf = (person: Person) =>
    signTestToken({
      agent_id: users[person].agent_id,
      team_id: users[person].team_id,
      roles: users[person].roles,
      permissions: [],
      market_id: 0,
    });

  /** An HTTP call through edge `edge` as `person`. */
  const api = (person: Person, edge = 0) => ({
    post: async (url: string, body: object) =>
      request(origins[edge])
        .post(`/api${url}`)
        .set('authorization', `Bearer ${await tokenOf(person)}`)
        .send(body),
    patch: async (url: string, body: object) =>
      request(origins[edge])
        .patch(`/api${url}`)
        .set('authorization', `Bearer ${await tokenOf(person)}`)
        .send(body),
    get: async (url: string) =>
      request(origins[edge])
        .get(`/api${url}`)
        .set('authorization', `Bearer ${await tokenOf(person)}`),
  });

  interface Tab {
    socket: Socket;
    messages: { event: string; push: MessagePush }[];
    counts: InboxCounts[];
  }

  /** A console tab of `person` connected through edge `edge`, collecting what it is pushed. */
  const tab = async (person: Person, edge: number): Promise<Tab> => {
    const socket = io(`${origins[edge]}${MESSAGING_NAMESPACE}`, {
      path: socketPathOf('messaging'),
      auth: { token: await tokenOf(person) },
      transports: ['websocket'],
      forceNew: true,
    });
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
  const mention = (person: Person) => `<span data-mention="user:${users[person].agent_id}">@${users[person].first_name}</span>`;
  const countsOf = async (person: Person, edge = 0) => {
    const response = await api(person, edge).get('/messages/unread-counts');
    expect(response.status).toBe(200);
    return response.body as InboxCounts;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await boot('all');
    two = await boot('api');
    origins = [await edgeFor(one), await edgeFor(two)];
    // The read copies identity's and transactions' events keep (users, one transaction).
    const factory = new MessagingFactory(one.dataSource);
    for (const [person, { team, role, first }] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
      users[person] = await factory.user(team, { role, first_name: first });
    }
    deal = await factory.transaction(TEAM, {
      primary_agent_id: users.ann.agent_id,
      tc_agent_id: users.tia.agent_id,
      client_user_ids: [users.cli.agent_id],
      formatted_address: '1 Push St, Austin, TX',
    });
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

  it("a DM posted through one replica reaches its recipient's socket on the other with message.created and inbox.counts; a third user and another team get nothing", async () => {
    const ben = await tab('ben', 1);
    const cal = await tab('cal', 1);
    const rival = await tab('riv', 1);
    const annElsewhere = await tab('ann', 1);

    const posted = await api('ann', 0).post('/messages/dms', { dm_value: `<p>Hi ${mention('ben')}, the inspection is Friday</p>` });
    expect(posted.status).toBe(201);
    const created = await waitFor(() => ben.messages.find((m) => m.push.kind === 'dm'));
    expect(created.event).toBe('message.created');
    const record = created.push.record as DirectMessage;
    expect(record.dm_value).toContain('the inspection is Friday');
    expect(record.author.agent_id).toBe(users.ann.agent_id);
    expect(record.parent_dm_id).toBeNull();
    // Unread for Ben: his read mark, not the author's.
    expect(record.read_ts).toBeNull();

    // Ben's counts as GET /messages/unread-counts answers them, one unread DM.
    const counts = await waitFor(() => ben.counts[ben.counts.length - 1]);
    expect(counts).toEqual(await countsOf('ben', 1));
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
    const ann = await tab('ann', 0);
    const ben = await tab('ben', 0);
    const cal = await tab('cal', 1);
    const thread = await api('ann', 1).post('/messages/dms', { dm_value: `<p>${mention('ben')} keys?</p>` });
    expect(thread.status).toBe(201);
    const dmId = await waitFor(
      () =>
        (
          ben.messages.find((m) => m.push.kind === 'dm' && (m.push.record as DirectMessage).dm_value.includes('keys?'))?.push.record as
            DirectMessage | undefined
        )?.dm_id,
    );
    ann.messages.length = 0;
    ann.counts.length = 0;

    const reply = await api('ben', 1).post('/messages/dms', { dm_value: '<p>Under the mat</p>', parent_dm_id: dmId });
    expect(reply.status).toBe(201);
    const replied = await waitFor(() =>
      ann.messages.find(
        (m) => m.push.kind === 'dm' && (m.push.record as DirectMessage).thread.some((r) => r.dm_value.includes('Under the mat')),
      ),
    );
    expect(replied.event).toBe('message.created');
    expect((replied.push.record as DirectMessage).dm_id).toBe(dmId);
    // The thread is unread for Ann again: her counts say so.
    const annCounts = await waitFor(() => ann.counts[ann.counts.length - 1]);
    expect(annCounts).toEqual(await countsOf('ann'));

    const replyId = ((replied.push.record as DirectMessage).thread.find((r) => r.dm_value.includes('Under the mat')) as DirectMessage)
      .dm_id;
    ann.messages.length = 0;
    const edited = await api('ben', 0).patch('/messages/dms', { dm_id: replyId, dm_value: '<p>Under the blue mat</p>' });
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

  it("reading a thread in one tab updates the counts of the user's other tabs, on the other replica too", async () => {
    const here = await tab('cal', 0);
    const there = await tab('cal', 1);
    const posted = await api('tia', 0).post('/messages/dms', { dm_value: `<p>${mention('cal')} signed copy attached</p>` });
    expect(posted.status).toBe(201);
    const dm = await waitFor(() => there.messages.find((m) => m.push.kind === 'dm')?.push.record as DirectMessage | undefined);
    const unread = await waitFor(() => there.counts[there.counts.length - 1]);
    expect(unread.dms).toBe(1);
    here.counts.length = 0;
    there.counts.length = 0;

    const read = await api('cal', 0).patch('/messages/dms/status', { dm_id: dm.dm_id, status: 'read' });
    expect(read.status).toBe(200);
    const after = await waitFor(() => there.counts[0]);
    expect(after).toEqual({ ...unread, dms: 0 });
    expect(await waitFor(() => here.counts[0])).toEqual(after);
    closeTabs(here, there);
  });

  it('an internal comment reaches the TC it mentions with message.created and inbox.counts; the client, a third user and another team get nothing; a client-facing one reaches the client', async () => {
    const tia = await tab('tia', 1);
    const client = await tab('cli', 1);
    const cal = await tab('cal', 0);
    const rival = await tab('riv', 0);

    const internal = await api('ann', 0).post('/messages/comments', {
      comment_type: 'trans',
      comment_on_id: deal,
      comment_value: `<p>${mention('tia')} appraisal came in low</p>`,
      visibility: 'i',
    });
    expect(internal.status).toBe(201);
    const created = await waitFor(() =>
      tia.messages.find((m) => m.push.kind === 'comment' && (m.push.record as Comment).comment_value.includes('appraisal')),
    );
    expect(created.event).toBe('message.created');
    const comment = created.push.record as Comment;
    expect(comment).toMatchObject({
      comment_type: 'trans',
      comment_on_id: deal,
      visibility: 'i',
      viewed_ts: null,
      parent_comment_id: null,
    });
    expect(comment.transaction).toMatchObject({ client_id: deal, formatted_address: '1 Push St, Austin, TX' });
    const tiaCounts = await waitFor(() => tia.counts[tia.counts.length - 1]);
    expect(tiaCounts).toEqual(await countsOf('tia', 1));
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
    const facing = await api('ann', 1).post('/messages/comments', {
      comment_type: 'trans',
      comment_on_id: deal,
      comment_value: '<p>Closing moved to the 28th</p>',
      visibility: 'c',
    });
    expect(facing.status).toBe(201);
    const seen = await waitFor(() => client.messages.find((m) => m.push.kind === 'comment'));
    expect(seen.event).toBe('message.created');
    expect(seen.push.record as Comment).toMatchObject({ visibility: 'c', comment_on_id: deal });
    expect((seen.push.record as Comment).comment_value).toContain('Closing moved');
    // Never the internal comment, not even inside a thread.
    expect(JSON.stringify(client.messages)).not.toContain('appraisal');
    await settle();
    expect(cal.messages).toEqual([]);
    expect(rival.messages).toEqual([]);
    closeTabs(tia, client, cal, rival);
  });
});
