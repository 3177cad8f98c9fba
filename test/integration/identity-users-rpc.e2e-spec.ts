// RPC over Redis, proven with identity.users.lookup: the real identity worker answers from its own
// process; a caller (the transactions service with a probe route) turns no answer into a 503.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Controller, Get, Module, Query, type DynamicModule } from '@nestjs/common';
import { CurrentUser, type AuthenticatedUser } from '@app/auth';
import { RpcClient, RpcUnavailableException } from '@app/rpc';
import {
  bootTestService,
  createTestDatabase,
  eventually,
  IdentityFactory,
  signedInClient,
  testEnv,
  type SignedInClient,
  type TestDatabase,
  type TestService,
  type UserRow,
} from '@app/testing';
import { identityConfigSpec } from '../../services/identity/src/identity.config';
import { IdentityModule } from '../../services/identity/src/identity.module';
import { identityMigrations } from '../../services/identity/src/migrations';
import { transactionsMigrations } from '../../services/transactions/src/migrations';
import { TransactionsModule } from '../../services/transactions/src/transactions.module';
import type { ServiceConfig } from '@app/platform';

const root = path.join(__dirname, '..', '..');
const workerEntry = path.join(root, 'dist', 'services', 'identity', 'src', 'worker.js');
const TIMEOUT_MS = 1000;

/** A route of the caller that asks identity for users of the caller's own team. */
@Controller('rpc-probe')
class RpcProbeController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('users')
  users(@CurrentUser() caller: AuthenticatedUser, @Query('ids') ids: string) {
    return this.rpc.send('identity.users.lookup', { team_id: caller.team_id, agent_ids: ids.split(',').map(Number) });
  }
}

const callerModule = (config: ServiceConfig): DynamicModule => {
  @Module({ imports: [TransactionsModule.forRoot(config as never, 'api')], controllers: [RpcProbeController] })
  class CallerModule {}
  return { module: CallerModule };
};

describe('RPC over Redis: identity.users.lookup', () => {
  let database: TestDatabase;
  let identity: TestService<ServiceConfig>;
  let caller: TestService<ServiceConfig>;
  let worker: ChildProcess | undefined;
  let workerLog = '';
  let teamA: { users: UserRow[] };
  let outsider: UserRow;
  let asTeamA: SignedInClient;
  let asTeamB: SignedInClient;

  const lookup = (client: SignedInClient, ids: number[]) => client.get(`/api/rpc-probe/users?ids=${ids.join(',')}`);

  beforeAll(async () => {
    if (!existsSync(workerEntry)) spawnSync(process.execPath, ['scripts/build.mjs', '--backend'], { cwd: root, stdio: 'inherit' });
    database = await createTestDatabase();
    const env = testEnv(database, { RPC_TIMEOUT_MS: String(TIMEOUT_MS) });
    // identity's API process only migrates the schema here: it answers no pattern (its worker does).
    identity = await bootTestService<ServiceConfig>({
      service: 'identity',
      env,
      configSpec: identityConfigSpec,
      migrations: identityMigrations,
      module: (config) => IdentityModule.forRoot(config as never, 'api'),
    });
    caller = await bootTestService<ServiceConfig>({
      service: 'transactions',
      env,
      migrations: transactionsMigrations,
      module: callerModule,
    });

    const factory = new IdentityFactory(identity.dataSource);
    teamA = await factory.teamWith(['ADMIN', 'AGENT']);
    const teamB = await factory.teamWith(['TRANC']);
    outsider = teamB.users[0];
    asTeamA = await signedInClient(caller.server, teamA.users[0]);
    asTeamB = await signedInClient(caller.server, outsider);

    worker = spawn(process.execPath, [workerEntry], {
      env: { PATH: process.env.PATH ?? '', ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk) => (workerLog += chunk));
    worker.stderr!.on('data', (chunk) => (workerLog += chunk));
    // The worker subscribes a moment after it starts: ask until it answers.
    await eventually(async () => (await lookup(asTeamA, [teamA.users[0].agent_id])).status === 200, 30_000, 250).catch((error) => {
      throw new Error(`${error.message}\nworker output:\n${workerLog}`);
    });
  }, 120_000);

  afterAll(async () => {
    worker?.kill('SIGKILL');
    await caller?.close();
    await identity?.close();
    await database?.drop();
  });

  it("answers across processes with the team's users only, in the pattern's reply shape", async () => {
    const [admin, agent] = teamA.users;
    const response = await lookup(asTeamA, [agent.agent_id, admin.agent_id, outsider.agent_id, 2_000_000_000]).expect(200);
    expect(response.body).toEqual(
      [admin, agent].map((u) => ({
        agent_id: u.agent_id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        roles: u.roles,
        status: 'active',
      })),
    );
  });

  it("never answers another team's ids", async () => {
    const response = await lookup(
      asTeamB,
      teamA.users.map((u) => u.agent_id),
    ).expect(200);
    expect(response.body).toEqual([]);
  });

  it('turns an error from the owner into the 503 at once, without waiting for the timeout', async () => {
    const started = Date.now();
    const call = caller.app.get(RpcClient).send('identity.users.lookup', { team_id: 0, agent_ids: [1] });
    await expect(call).rejects.toBeInstanceOf(RpcUnavailableException);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
  });

  it("answers 503 'User data is unavailable. Please try again.' after the configured timeout when the owner is stopped", async () => {
    // Still running: the error answered above must not have taken it down.
    expect(worker!.exitCode).toBeNull();
    const exited = new Promise((resolve) => worker!.once('exit', resolve));
    worker!.kill('SIGKILL');
    await exited;
    const started = Date.now();
    const response = await lookup(asTeamA, [teamA.users[0].agent_id]).expect(503);
    const elapsed = Date.now() - started;
    expect(response.body).toEqual({ status: 'error', message: 'User data is unavailable. Please try again.' });
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 2000);
  }, 15_000);
});
