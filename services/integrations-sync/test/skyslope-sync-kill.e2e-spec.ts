import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@app/testing';
import { bootIntegrationsSync } from './skyslope-test-kit';
import { connectTeam, envelopeOf, FAST_SYNC_ENV, filesOf, seedTeamUsers, syncRowOf, transactionRow, until } from './transaction-sync-kit';

// The integrations-sync worker killed (SIGKILL) after SkySlope created the file and before the guid was
// recorded: another worker takes the stalled job up, finds the file by our fileId and adopts it.

const root = path.join(__dirname, '..', '..', '..');
const workerEntry = path.join(root, 'dist', 'services', 'integrations-sync', 'src', 'worker.js');

describe('SkySlope transaction sync: a worker killed mid-create', () => {
  let booted: Awaited<ReturnType<typeof bootIntegrationsSync>>;
  const workers: ChildProcess[] = [];
  let log = '';
  const TEAM = 71;

  const startWorker = () => {
    const child = spawn(process.execPath, [workerEntry], {
      env: { PATH: process.env.PATH ?? '', ...booted.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (log += chunk));
    child.stderr!.on('data', (chunk) => (log += chunk));
    workers.push(child);
    return child;
  };

  beforeAll(async () => {
    if (!existsSync(workerEntry)) spawnSync(process.execPath, ['scripts/build.mjs', '--backend'], { cwd: root, stdio: 'inherit' });
    // The API process only: the events, the sync and the matching run in the worker processes.
    booted = await bootIntegrationsSync('api', FAST_SYNC_ENV);
    await seedTeamUsers(booted, TEAM);
  }, 60_000);

  afterAll(async () => {
    for (const child of workers) child.kill('SIGKILL');
    await booted?.close();
  });

  it('ends with exactly one file holding the latest values', async () => {
    const first = startWorker();
    await connectTeam(booted, TEAM, 1);
    const row = transactionRow(TEAM, 9101);
    let killed = false;
    booted.fake.control.onCreate(async () => {
      // SkySlope has the file; the worker dies before it hears the guid.
      const exited = new Promise((resolve) => first.once('exit', resolve));
      first.kill('SIGKILL');
      await exited;
      killed = true;
    });
    await booted.deliver(envelopeOf('transactions.transaction.created', TEAM, row));
    await eventually(async () => killed, 15_000).catch((error) => {
      throw new Error(`${error.message}\nworker output:\n${log}`);
    });
    booted.fake.control.onCreate(undefined);
    expect(filesOf(booted, row.client_id)).toHaveLength(1);
    expect(await syncRowOf(booted, row.client_id)).toMatchObject({ guid: null, result: 'pending' });

    // A newer version arrives while nobody runs; the next worker takes both up.
    startWorker();
    await booted.deliver(envelopeOf('transactions.transaction.updated', TEAM, { ...row, version: 2, trans_amt: 472500 }));
    const synced = await until(booted, row.client_id, 'synced', 2, 30_000).catch((error) => {
      throw new Error(`${error.message}\nworker output:\n${log}`);
    });
    const files = filesOf(booted, row.client_id);
    expect(files).toHaveLength(1);
    expect(synced.guid).toBe(files[0].guid);
    expect(files[0].body).toMatchObject({ salePrice: 472500 });
    expect(files[0].contacts).toHaveLength(2);
  }, 60_000);
});
