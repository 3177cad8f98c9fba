import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { DISPLAY_NAMESPACE, SOCKET_RECONNECTION, socketPathOf } from '@app/contracts';
import { bootTestService, createTestDatabase, signTestToken, testEnv, type TestDatabase, type TestService } from '@app/testing';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { transactionsConfigSpec, type TransactionsConfig } from '../../services/transactions/src/transactions.config';
import { configureTransactionsApp, TransactionsModule } from '../../services/transactions/src/transactions.module';

// A TV (Display Mode's socket options, SOCKET_RECONNECTION) whose transactions API goes away and comes back on
// the same address: it is connected again within 3 s of the API answering, without a reload, and its
// session (rooms, missed packets) is recovered across the restart.

describe('Display socket reconnection after an API restart', () => {
  let database: TestDatabase;
  let api: TestService<TransactionsConfig> | undefined;
  let socket: Socket | undefined;

  const boot = () =>
    bootTestService<TransactionsConfig>({
      service: 'transactions',
      env: testEnv(database),
      configSpec: transactionsConfigSpec,
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config, 'api'),
      configure: (app, config) => configureTransactionsApp(app, config),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    socket?.close();
    await api?.close();
    await database?.drop();
  });

  it('connects again within 3 s of the API being back', async () => {
    api = await boot();
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (api.app.getHttpServer().address() as AddressInfo).port;
    const token = await signTestToken({ agent_id: 7, team_id: 31, roles: ['ADMIN'], permissions: [], market_id: 0 });
    socket = io(`http://127.0.0.1:${port}${DISPLAY_NAMESPACE}`, {
      path: socketPathOf('transactions'),
      auth: { token },
      forceNew: true,
      ...SOCKET_RECONNECTION,
    });
    const connects: { at: number; recovered: boolean }[] = [];
    socket.on('connect', () => connects.push({ at: Date.now(), recovered: socket!.recovered }));
    await new Promise((resolve) => socket!.once('display:welcome', resolve));

    // Down long enough for several failed attempts, which doubled the wait to 16 s before.
    await api.close();
    api = undefined;
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(socket.connected).toBe(false);

    api = await boot();
    await api.app.listen({ port, host: '127.0.0.1' });
    const back = Date.now();
    const deadline = back + 10_000;
    while (connects.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connects).toHaveLength(2);
    expect(connects[1].at - back).toBeLessThan(3_000);
    // The session survived the process (the Redis Streams adapter keeps it): rooms kept, missed packets replayed.
    expect(connects[1].recovered).toBe(true);
  }, 40_000);
});
