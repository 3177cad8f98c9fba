import type { EventEnvelope } from '@app/contracts';
import {
  bootTestService,
  createTestDatabase,
  eventDelivery,
  signTestToken,
  testEnv,
  type TestDatabase,
  type TestService,
} from '@app/testing';
import type { ProcessMode } from '@app/platform';
import type { Role } from '@app/contracts';
import { FAKE_SKYSLOPE_CLIENT_ID, FAKE_SKYSLOPE_CLIENT_SECRET, startFakeSkySlope, type FakeSkySlope } from '../fake-skyslope';
import { integrationsSyncConfigSpec, type IntegrationsSyncConfig } from '../src/integrations-sync.config';
import { IntegrationsSyncModule } from '../src/integrations-sync.module';
import { integrationsSyncMigrations } from '../src/migrations';
import { generateCredentialsKey } from '../src/skyslope/credentials-cipher';

/**
 * integrations-sync on a database of its own, talking to a fake SkySlope of its own (the integrator's id
 * and secret the fake knows, a fresh credentials key); close() stops all three.
 */
export async function bootIntegrationsSync(
  mode: ProcessMode = 'api',
  extraEnv: Record<string, string> = {},
): Promise<{
  sut: TestService<IntegrationsSyncConfig>;
  fake: FakeSkySlope;
  database: TestDatabase;
  /** The environment the service was booted with (for a worker process of its own). */
  env: NodeJS.ProcessEnv;
  /** Puts an event on the service's events queue as the relay does and waits until it was consumed (mode 'all'). */
  deliver: (envelope: EventEnvelope, jobId?: string) => Promise<void>;
  close: () => Promise<void>;
}> {
  const database = await createTestDatabase();
  const fake = await startFakeSkySlope({ latencyMs: 0 });
  const env = testEnv(database, {
    SKYSLOPE_BASE_URL: fake.url,
    SKYSLOPE_CLIENT_ID: FAKE_SKYSLOPE_CLIENT_ID,
    SKYSLOPE_CLIENT_SECRET: FAKE_SKYSLOPE_CLIENT_SECRET,
    SKYSLOPE_CREDENTIALS_KEY: generateCredentialsKey(),
    ...extraEnv,
  });
  const sut = await bootTestService<IntegrationsSyncConfig>({
    service: 'integrations-sync',
    env,
    configSpec: integrationsSyncConfigSpec,
    migrations: integrationsSyncMigrations,
    module: (config) => IntegrationsSyncModule.forRoot(config, mode),
  });
  const events = eventDelivery('integrations-sync', sut.config);
  return {
    sut,
    fake,
    database,
    env,
    deliver: events.deliver,
    close: async () => {
      await events.close();
      await sut.close();
      await fake.close();
      await database.drop();
    },
  };
}

/** A bearer header for a user of the team with one role and the given team permissions. */
export async function bearerOf(
  agentId: number,
  teamId: number,
  role: Role,
  permissions: string[] = ['transaction_sync'],
): Promise<Record<string, string>> {
  const token = await signTestToken({ agent_id: agentId, team_id: teamId, roles: [role], permissions: permissions as never, market_id: 0 });
  return { authorization: `Bearer ${token}` };
}
