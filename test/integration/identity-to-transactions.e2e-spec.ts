import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import type { AddressInfo } from 'node:net';
import { DISPLAY_NAMESPACE, socketPathOf, type DisplayAgent } from '@app/contracts';
import { EventConsumer } from '@app/events';
import { bootTestService, buildUserSnapshot, eventually, signTestToken } from '@app/testing';
import { bootTransactionsBeside } from '../../services/transactions/test/transactions-test-kit';
import { bootIdentity } from '../../services/identity/test/identity-test-app';
import { SEED_TEAMS } from '@app/seed';
import { DEMO_PASSWORD } from '../../services/identity/src/seed/demo-seed';
import type { TransactionsConfig } from '../../services/transactions/src/transactions.config';

/** identity and transactions on one database and one Redis, talking only through the event bus. */
describe('agents read copy fed by identity.user.* events', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;
  let transactions: Awaited<ReturnType<typeof bootTestService<TransactionsConfig>>>;
  let origin: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    identity = await bootIdentity({ mode: 'all' });
    transactions = await bootTransactionsBeside(identity.database);
    await transactions.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(transactions.app.getHttpServer().address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await transactions.close();
    await identity.close();
  });

  const rosterRow = (agentId: number) =>
    transactions.dataSource.query(`SELECT first_name, last_name, team_id, status, roles FROM transactions.agents WHERE agent_id = $1`, [
      agentId,
    ]);

  const login = async (email: string) =>
    (await request(identity.server).post('/api/auth/login').send({ email, password: DEMO_PASSWORD }).expect(200)).body;

  const connectDisplay = (token: string | undefined) => {
    const socket = io(`${origin}${DISPLAY_NAMESPACE}`, {
      path: socketPathOf('transactions'),
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };

  it('fills the read copy from the seed events of every team', async () => {
    const admin = await login('admin@demo-realty.test');
    const rival = await login('admin@rival-homes.test');
    const bench = await login('admin@bench-realty.test');
    const expected = [admin, rival, bench].map((session, i) => ({ team_id: session.user.team.team_id, n: SEED_TEAMS[i].users.length }));
    // Wait for every seeded agent, not only for the teams to appear.
    const rows = await eventually(async () => {
      const found = await transactions.dataSource.query(
        `SELECT team_id, count(*)::int AS n FROM transactions.agents GROUP BY team_id ORDER BY team_id`,
      );
      return JSON.stringify(found) === JSON.stringify(expected) ? found : null;
    });
    expect(rows).toEqual(expected);
  });

  it('applies a profile change and pushes the new roster to that team only', async () => {
    const agent = await login('agent@demo-realty.test');
    const demoAdmin = await login('admin@demo-realty.test');
    const rivalAdmin = await login('admin@rival-homes.test');

    const demoTv = connectDisplay(demoAdmin.access_token);
    const rivalTv = connectDisplay(rivalAdmin.access_token);
    // Both listeners before either wait: the rival's first roster may arrive while the demo's welcome is awaited.
    const welcome = new Promise<{ team_name: string | null }>((resolve) => demoTv.once('display:welcome', resolve));
    const rivalRoster = new Promise((resolve) => rivalTv.once('display:agents', resolve));
    expect((await welcome).team_name).toBe('Demo Realty');
    await rivalRoster;

    const pushedToRival: unknown[] = [];
    rivalTv.on('display:agents', (payload) => pushedToRival.push(payload));
    const pushed = new Promise<{ agents: DisplayAgent[] }>((resolve) =>
      demoTv.on('display:agents', (payload: { agents: DisplayAgent[] }) => {
        if (payload.agents.some((a) => a.name === 'Pushed Agent')) resolve(payload);
      }),
    );

    await request(identity.server)
      .patch('/api/user/profile')
      .set('authorization', `Bearer ${agent.access_token}`)
      .send({ first_name: 'Pushed', last_name: 'Agent', mobile_phone: '(555) 555-0101' })
      .expect(200);

    const payload = await pushed;
    expect(payload.agents.find((a) => a.agent_id === agent.user.agent_id)).toMatchObject({
      name: 'Pushed Agent',
      status: 'active',
      roles: ['AGENT'],
    });
    expect(await rosterRow(agent.user.agent_id)).toEqual([
      { first_name: 'Pushed', last_name: 'Agent', team_id: agent.user.team.team_id, status: 'active', roles: ['AGENT'] },
    ]);
    expect(pushedToRival).toEqual([]);
  });

  it('refuses a display socket without a valid token', async () => {
    const forgedToken = await signTestToken({ agent_id: 1, team_id: 1, roles: ['ADMIN'], permissions: [], market_id: 0 }).then(
      (t) => t.slice(0, -4) + 'AAAA',
    );
    // Every listener before any wait: the second socket's refusal may come while the first's is awaited.
    const refusals = [connectDisplay(undefined), connectDisplay(forgedToken)].map(
      (socket) => new Promise<Error>((resolve) => socket.once('connect_error', resolve)),
    );
    for (const error of await Promise.all(refusals)) expect(error.message).toBe('unauthorized');
  });

  it("refuses a CLIENT's or VENDOR's display socket, and a token whose session was logged out", async () => {
    const outsiders = [await login('client@demo-realty.test'), await login('vendor@demo-realty.test')].map((s) =>
      connectDisplay(s.access_token),
    );
    const refusals = outsiders.map((socket) => new Promise<Error>((resolve) => socket.once('connect_error', resolve)));
    for (const error of await Promise.all(refusals)) expect(error.message).toBe('forbidden');
    const session = await login('isa@demo-realty.test');
    await request(identity.server).post('/api/auth/logout').send({ refresh_token: session.refresh_token }).expect(200);
    const ended = connectDisplay(session.access_token);
    expect((await new Promise<Error>((resolve) => ended.once('connect_error', resolve))).message).toBe('unauthorized');
  });

  it('sends only the active staff of the team in the roster', async () => {
    const admin = await login('admin@demo-realty.test');
    const tv = connectDisplay(admin.access_token);
    const roster = await new Promise<{ agents: DisplayAgent[] }>((resolve) => tv.once('display:agents', resolve));
    expect(roster.agents.length).toBeGreaterThan(0);
    for (const agent of roster.agents) {
      expect(agent.status).toBe('active');
      expect(agent.roles.some((role) => ['ADMIN', 'TRANC', 'ISISA', 'AGENT'].includes(role))).toBe(true);
    }
    const [{ outsiders }] = await transactions.dataSource.query(
      `SELECT count(*)::int AS outsiders FROM transactions.agents WHERE team_id = $1 AND (roles && ARRAY['CLIENT','VENDOR']::text[] OR status <> 'active')`,
      [admin.user.team.team_id],
    );
    expect(outsiders).toBeGreaterThan(0);
  });

  it('closes a display socket when its token expires (the TV reconnects with a fresh one)', async () => {
    const admin = await login('admin@rival-homes.test');
    const shortLived = await signTestToken(
      { agent_id: admin.user.agent_id, team_id: admin.user.team.team_id, roles: ['ADMIN'], permissions: [], market_id: 0 },
      2,
    );
    const tv = connectDisplay(shortLived);
    await new Promise<void>((resolve) => tv.once('connect', () => resolve()));
    const startedAt = Date.now();
    const reason = await new Promise<string>((resolve) => tv.once('disconnect', resolve));
    expect(reason).toBe('io server disconnect');
    expect(Date.now() - startedAt).toBeLessThan(3_500);
    // A fresh token connects again.
    const fresh = connectDisplay(admin.access_token);
    await new Promise<void>((resolve) => fresh.once('connect', () => resolve()));
  });

  it('applies a redelivered event once and ignores an older snapshot', async () => {
    const consumer = transactions.app.get(EventConsumer);
    const agent = await login('tc@demo-realty.test');
    const base = {
      type: 'identity.user.updated' as const,
      team_id: agent.user.team.team_id,
      version: 1,
      payload: buildUserSnapshot({
        agent_id: agent.user.agent_id,
        team_id: agent.user.team.team_id,
        team_name: 'Demo Realty',
        first_name: 'Newest',
        last_name: 'Coordinator',
        email: 'tc@demo-realty.test',
        roles: ['TRANC' as const],
      }),
    };
    const newest = { ...base, id: '00000000-0000-4000-8000-000000000001', occurred_at: new Date(Date.now() + 60_000).toISOString() };
    expect(await consumer.consume(newest)).toBe('applied');
    expect(await consumer.consume(newest)).toBe('duplicate');
    const older = {
      ...base,
      id: '00000000-0000-4000-8000-000000000002',
      occurred_at: new Date(Date.now() - 60_000).toISOString(),
      payload: { ...base.payload, first_name: 'Stale' },
    };
    expect(await consumer.consume(older)).toBe('applied');
    expect((await rosterRow(agent.user.agent_id))[0].first_name).toBe('Newest');
  });

  it('serves the roster of the caller team on display:refresh', async () => {
    const admin = await login('admin@rival-homes.test');
    const tv = connectDisplay(admin.access_token);
    await new Promise((resolve) => tv.once('display:agents', resolve));
    tv.emit('display:refresh');
    const again = await new Promise<{ team_id: number; agents: DisplayAgent[] }>((resolve) => tv.once('display:agents', resolve));
    expect(again.team_id).toBe(admin.user.team.team_id);
    expect(again.agents.map((a) => a.name)).toEqual(['Riley Rival']);
  });
});
