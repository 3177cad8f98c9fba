import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import {
  DISPLAY_NAMESPACE,
  socketPathOf,
  todayIn,
  type DisplayDataPush,
  type DisplaySubscribeAck,
  type DisplaySubscription,
  type Permission,
  type Role,
  type StatsDashboardData,
} from '@app/contracts';
import {
  bootTestService,
  createTestDatabase,
  signTestToken,
  testEnv,
  TransactionsFactory,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import { transactionsMigrations } from '../src/migrations';
import { DisplayFigures, DISPLAY_PUSH_WINDOW_MS } from '../src/display/display-figures.service';
import { transactionsConfigSpec, type TransactionsConfig } from '../src/transactions.config';
import { configureTransactionsApp, TransactionsModule } from '../src/transactions.module';
import { apiAs } from './transactions-test-kit';

// Live push to Display Mode (spec 002 section 2.1): display:subscribe checked like the HTTP calls, one room per key,
// figures computed once per change in the worker and pushed through the Redis Streams adapter to every
// gateway replica, at most once per key per 200 ms, only where they moved; a reconnecting TV gets what it missed.

describe('Display Mode live push', () => {
  let database: TestDatabase;
  /** Replica 1: API, gateway, event consumer and worker ('all'). */
  let one: TestService<TransactionsConfig>;
  /** Replica 2: API and gateway only. */
  let two: TestService<TransactionsConfig>;
  let factory: TransactionsFactory;
  const TEAM = 981;
  const RIVAL = 982;
  const ADMIN = 141;
  const ALEX = 142;
  const BLAKE = 143;
  const RESTRICTED = 144;
  const RIVAL_ADMIN = 145;
  const sockets: Socket[] = [];
  const today = () => todayIn('America/New_York');
  const us = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
  const month = () => ({ start_date: us(`${today().slice(0, 8)}01`), end_date: us(today()) });

  const boot = (mode: 'all' | 'api') =>
    bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database),
      configSpec: transactionsConfigSpec,
      migrations: mode === 'all' ? transactionsMigrations : [],
      module: (config) => TransactionsModule.forRoot(config, mode),
      configure: (app, config) => configureTransactionsApp(app, config),
    });
  const originOf = async (service: TestService<TransactionsConfig>) => {
    await service.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(service.app.getHttpServer().address() as AddressInfo).port}`;
  };
  let origins: string[];

  /** A TV: signed in as role, on replica `replica`, collecting what it is pushed. */
  const tv = async (role: Role, agentId: number, teamId = TEAM, replica = 0, permissions: Permission[] = []) => {
    const token = await signTestToken({ agent_id: agentId, team_id: teamId, roles: [role], permissions, market_id: 0 });
    const socket = io(`${origins[replica]}${DISPLAY_NAMESPACE}`, {
      path: socketPathOf('transactions'),
      auth: { token },
      transports: ['websocket'],
      reconnection: true,
      reconnectionDelay: 100,
    });
    sockets.push(socket);
    const pushes: DisplayDataPush[] = [];
    socket.on('display:data', (push: DisplayDataPush) => pushes.push(push));
    await new Promise((resolve) => socket.once('display:welcome', resolve));
    const subscribe = (subscription: Partial<DisplaySubscription>) =>
      new Promise<DisplaySubscribeAck>((resolve) => socket.emit('display:subscribe', subscription, resolve));
    return { socket, pushes, subscribe };
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
  const closedUnits = (push: DisplayDataPush): number =>
    Number((push.data as { data: StatsDashboardData }).data.row2.find((card) => card.id === 'closed_units')!.value);
  /** Closes a new transaction of agentId today through the API (the writer publishes its events). */
  const closeDeal = async (agentId: number) => {
    const admin = apiAs(one.server, 'ADMIN', ADMIN, TEAM);
    const { body } = await admin
      .post('/transactions', { type: 'b', address_1: `${Math.floor(Math.random() * 9000) + 100} Push St`, primary_agent_id: agentId })
      .expect(201);
    const iso = today();
    await admin
      .patch(`/transaction/${body.client_id}`, {
        client_id: body.client_id,
        preset: 'page',
        changes: { closed_dt: `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` },
      })
      .expect(200);
    return body.client_id as number;
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, DISPLAY_PUSH_WINDOW_MS * 4));

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await boot('all');
    two = await boot('api');
    origins = [await originOf(one), await originOf(two)];
    factory = new TransactionsFactory(one.dataSource);
    await factory.options(TEAM);
    await factory.options(RIVAL);
    for (const [id, teamId, roles, first] of [
      [ADMIN, TEAM, ['ADMIN'], 'Ada'],
      [ALEX, TEAM, ['AGENT'], 'Alex'],
      [BLAKE, TEAM, ['AGENT'], 'Blake'],
      [RESTRICTED, TEAM, ['AGENT'], 'Rita'],
      [RIVAL_ADMIN, RIVAL, ['ADMIN'], 'Riv'],
    ] as [number, number, string[], string][]) {
      await factory.agent(teamId, id, roles, { first_name: first, last_name: 'Tv' });
    }
  }, 60_000);

  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await two.close();
    await one.close();
    await database.drop();
  });

  it("refuses a subscription as the HTTP call would: another team 404, a restricted agent's team scope 403, malformed 400", async () => {
    const admin = await tv('ADMIN', ADMIN);
    expect(await admin.subscribe({ slide: 7, context: `t${RIVAL}`, ...month() })).toEqual({
      ok: false,
      status: 404,
      message: 'Scope not found',
    });
    expect(await admin.subscribe({ slide: 2, context: 'x9', ...month() })).toMatchObject({ ok: false, status: 400 });
    expect(await admin.subscribe({ slide: 5 as never, context: `t${TEAM}` })).toMatchObject({ ok: false, status: 400 });
    expect(await admin.subscribe({ slide: 2, context: `t${TEAM}`, start_date: '02-30-2026' })).toEqual({
      ok: false,
      status: 400,
      message: 'Invalid date',
    });
    const restricted = await tv('AGENT', RESTRICTED, TEAM, 0, ['agent_restricted_team_dashboard']);
    expect(await restricted.subscribe({ slide: 7, context: `t${TEAM}`, ...month() })).toEqual({
      ok: false,
      status: 403,
      message: 'You can only view your own dashboard',
    });
    expect(await restricted.subscribe({ slide: 7, context: `a${RESTRICTED}`, ...month() })).toEqual({
      ok: true,
      key: `${TEAM}:7:a${RESTRICTED}:${month().start_date}:${month().end_date}`,
    });
    // The leaderboard stays team-wide for them.
    expect((await restricted.subscribe({ slide: 4, report: 'closed', context: `t${TEAM}`, ...month() })).ok).toBe(true);
    admin.socket.disconnect();
    restricted.socket.disconnect();
  });

  it('a deal closed through the API reaches the TVs of that key on both replicas, once, with the new figures; other teams and scopes get nothing', async () => {
    const subscription = { slide: 2 as const, context: `t${TEAM}`, ...month() };
    const first = await tv('ADMIN', ADMIN, TEAM, 0);
    const second = await tv('AGENT', ALEX, TEAM, 1);
    const blakes = await tv('AGENT', BLAKE, TEAM, 1);
    const rival = await tv('ADMIN', RIVAL_ADMIN, RIVAL, 0);
    expect((await first.subscribe(subscription)).ok).toBe(true);
    expect((await second.subscribe(subscription)).ok).toBe(true);
    expect((await blakes.subscribe({ ...subscription, context: `a${BLAKE}` })).ok).toBe(true);
    expect((await rival.subscribe({ ...subscription, context: `t${RIVAL}` })).ok).toBe(true);
    const figures = one.app.get(DisplayFigures);
    const teamKey = `${TEAM}:2:t${TEAM}:${month().start_date}:${month().end_date}`;
    const before = figures.computationsByKey.get(teamKey) ?? 0;
    await closeDeal(ALEX);
    const pushed = await waitFor(() => first.pushes.find((push) => closedUnits(push) === 1));
    await waitFor(() => second.pushes.find((push) => closedUnits(push) === 1));
    await settle();
    expect(pushed.key).toBe(teamKey);
    // The deal's two events (created, then updated) are computed once each at most, in the worker, never per replica.
    expect(two.app.get(DisplayFigures).computations).toBe(0);
    expect((figures.computationsByKey.get(teamKey) ?? 0) - before).toBeLessThanOrEqual(2);
    expect(first.pushes.map((push) => push.version)).toEqual(second.pushes.map((push) => push.version));
    // Blake's figures did not move; the rival team heard nothing.
    expect(blakes.pushes).toEqual([]);
    expect(rival.pushes).toEqual([]);
    for (const screen of [first, second, blakes, rival]) screen.socket.disconnect();
  });

  it('a burst on one key is computed at most once per 200 ms, and the last push holds the last change', async () => {
    const screen = await tv('ADMIN', ADMIN);
    const ack = await screen.subscribe({ slide: 2, context: `a${ALEX}`, ...month() });
    expect(ack.ok).toBe(true);
    const key = (ack as { key: string }).key;
    const figures = one.app.get(DisplayFigures);
    const started = Date.now();
    // Per key: the other tests' keys stay followed for the recovery window and are computed too.
    const before = figures.computationsByKey.get(key) ?? 0;
    const [{ closed }] = await one.dataSource.query(
      `SELECT count(*)::int AS closed FROM transactions.transactions WHERE primary_agent_id = $1 AND closed_dt IS NOT NULL`,
      [ALEX],
    );
    await Promise.all(Array.from({ length: 8 }, () => closeDeal(ALEX)));
    await waitFor(() => screen.pushes.find((push) => closedUnits(push) === closed + 8), 10_000);
    await settle();
    const windows = Math.ceil((Date.now() - started) / DISPLAY_PUSH_WINDOW_MS) + 1;
    expect((figures.computationsByKey.get(key) ?? 0) - before).toBeLessThanOrEqual(windows);
    // 8 deals make 16+ events; far fewer pushes reached the TV, the last with every deal.
    expect(screen.pushes.length).toBeLessThan(16);
    expect(closedUnits(screen.pushes[screen.pushes.length - 1])).toBe(closed + 8);
    const versions = screen.pushes.map((push) => push.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    screen.socket.disconnect();
  });

  it('a TV that drops off during a change gets the push on reconnect (connection state recovery); a new connection follows nothing until it subscribes', async () => {
    const screen = await tv('ADMIN', ADMIN);
    expect((await screen.subscribe({ slide: 2, context: `a${BLAKE}`, ...month() })).ok).toBe(true);
    await closeDeal(BLAKE);
    await waitFor(() => screen.pushes.length > 0);
    const seen = screen.pushes.length;
    const last = closedUnits(screen.pushes[seen - 1]);
    // Drop the transport (as a network loss would): the client reconnects and recovers.
    screen.socket.io.engine.close();
    await waitFor(() => screen.socket.disconnected || undefined, 2_000).catch(() => undefined);
    await closeDeal(BLAKE);
    await waitFor(() => screen.socket.connected || undefined, 5_000);
    const recovered = await waitFor(() => screen.pushes.slice(seen).find((push) => closedUnits(push) === last + 1), 5_000);
    expect(screen.socket.recovered).toBe(true);
    expect(recovered.version).toBeGreaterThan(screen.pushes[seen - 1].version);
    screen.socket.disconnect();

    const fresh = await tv('ADMIN', ADMIN, TEAM, 1);
    await closeDeal(BLAKE);
    await settle();
    expect(fresh.pushes).toEqual([]);
    expect((await fresh.subscribe({ slide: 2, context: `a${BLAKE}`, ...month() })).ok).toBe(true);
    await closeDeal(BLAKE);
    await waitFor(() => fresh.pushes.find((push) => closedUnits(push) === last + 3));
    fresh.socket.disconnect();
  });
});
