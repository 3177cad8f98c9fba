// The SkySlope backfill (spec 002 section 2.6): the first office save queues the team's open transactions, read page by
// page from the transactions worker over RPC (transactions.sync.open-transactions); while that worker is
// stopped the backfill job retries with backoff, and it ends synced once the worker answers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServiceConfig } from '@app/platform';
import { RpcClient } from '@app/rpc';
import { bootTestService, eventually, TransactionsFactory, type TestService } from '@app/testing';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';
import { TransactionSyncQueue } from '../../services/integrations-sync/src/transaction-sync/transaction-sync.queue';
import { bootIntegrationsSync } from '../../services/integrations-sync/test/skyslope-test-kit';
import { connectTeam, FAST_SYNC_ENV, filesOf, seedTeamUsers, until } from '../../services/integrations-sync/test/transaction-sync-kit';

describe('SkySlope backfill over RPC', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  let transactions: TestService<ServiceConfig>;
  let worker: ChildProcess | undefined;
  let workerLog = '';
  const TEAM = 81;
  const OTHER = 82;
  const made: Record<string, number> = {};

  const root = path.join(__dirname, '..', '..');
  const workerEntry = path.join(root, 'dist', 'services', 'transactions', 'src', 'worker.js');
  /** The real transactions worker (dist/services/transactions/src/worker.js) on the same database and namespace. */
  const startTransactionsWorker = () => {
    const child = spawn(process.execPath, [workerEntry], {
      env: { PATH: process.env.PATH ?? '', ...booted.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (workerLog += chunk));
    child.stderr!.on('data', (chunk) => (workerLog += chunk));
    return child;
  };

  beforeAll(async () => {
    if (!existsSync(workerEntry)) spawnSync(process.execPath, ['scripts/build.mjs', '--backend'], { cwd: root, stdio: 'inherit' });
    booted = await bootIntegrationsSync('all', { ...FAST_SYNC_ENV, RPC_TIMEOUT_MS: '300' });
    // transactions on the same database and namespace: its API process migrates; its worker starts later.
    transactions = await bootTestService<ServiceConfig>({
      service: 'transactions',
      env: booted.env,
      migrations: transactionsMigrations,
      module: (config) => TransactionsModule.forRoot(config as never, 'api'),
    });
    const factory = new TransactionsFactory(transactions.dataSource);
    const options = await factory.options(TEAM);
    const otherOptions = await factory.options(OTHER);
    made.pipeline = (await factory.transaction(options, { primary_agent_id: 3, address_1: '10 First St' })).client_id;
    made.active = (
      await factory.transaction(options, { primary_agent_id: 3, status: 'underContract', type: 's', address_1: '20 Second St' })
    ).client_id;
    made.closed = (await factory.transaction(options, { primary_agent_id: 3, status: 'closed' })).client_id;
    made.lost = (await factory.transaction(options, { primary_agent_id: 3, status: 'lost' })).client_id;
    made.third = (await factory.transaction(options, { primary_agent_id: 3, address_1: '30 Third St' })).client_id;
    made.other = (await factory.transaction(otherOptions, { primary_agent_id: 3 })).client_id;
    await seedTeamUsers(booted, TEAM);
  }, 90_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await transactions?.close();
    await booted?.close();
  });

  it('retries while the transactions worker is stopped, then syncs every open transaction of the team once', async () => {
    await connectTeam(booted, TEAM, 1);
    const backfills = booted.sut.app.get(TransactionSyncQueue).backfillQueueOf();
    // Nobody answers: the job fails and is retried with backoff.
    await eventually(async () => ((await backfills.getJob(`backfill-${TEAM}`))?.attemptsMade ?? 0) >= 2, 15_000);
    expect(filesOf(booted, made.pipeline)).toHaveLength(0);

    worker = startTransactionsWorker();
    for (const key of ['pipeline', 'active', 'third']) {
      await until(booted, made[key], 'synced', undefined, 30_000).catch((error) => {
        throw new Error(`${error.message}\ntransactions worker output:\n${workerLog}`);
      });
    }
    expect(filesOf(booted, made.pipeline)).toHaveLength(1);
    expect(filesOf(booted, made.pipeline)[0]).toMatchObject({
      kind: 'sale',
      body: expect.objectContaining({ property: expect.objectContaining({ streetNumber: '10', streetAddress: 'First St' }) }),
    });
    expect(filesOf(booted, made.active)[0]).toMatchObject({ kind: 'listing' });
    expect(filesOf(booted, made.closed)).toHaveLength(0);
    expect(filesOf(booted, made.lost)).toHaveLength(0);
    expect(filesOf(booted, made.other)).toHaveLength(0);
    await eventually(async () => !(await backfills.getJob(`backfill-${TEAM}`)), 10_000);
  }, 60_000);

  it('answers pages of the caller team only, in client_id order, and refuses a bad limit', async () => {
    const rpc = booted.sut.app.get(RpcClient);
    const first = await rpc.send('transactions.sync.open-transactions', { team_id: TEAM, after_client_id: 0, limit: 2 });
    expect(first.map((row) => row.client_id)).toEqual([made.pipeline, made.active]);
    expect(first[0]).toMatchObject({ team_id: TEAM, type: 'b', address_1: '10 First St', version: 1 });
    const rest = await rpc.send('transactions.sync.open-transactions', { team_id: TEAM, after_client_id: made.active, limit: 2 });
    expect(rest.map((row) => row.client_id)).toEqual([made.third]);
    expect(
      (await rpc.send('transactions.sync.open-transactions', { team_id: OTHER, after_client_id: 0, limit: 10 })).map(
        (row) => row.client_id,
      ),
    ).toEqual([made.other]);
    await expect(rpc.send('transactions.sync.open-transactions', { team_id: TEAM, after_client_id: 0, limit: 0 })).rejects.toThrow();
  });

  it('does not backfill again on a later office save', async () => {
    const backfills = booted.sut.app.get(TransactionSyncQueue).backfillQueueOf();
    await connectTeam(booted, TEAM, 1);
    expect(await backfills.getJob(`backfill-${TEAM}`)).toBeUndefined();
    expect(filesOf(booted, made.pipeline)).toHaveLength(1);
  });
});
