import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EventEnvelope, type EventPayloads, type EventType, type Role } from '@app/contracts';
import { bootTestService, createTestDatabase, eventDelivery, signTestToken, testEnv } from '@app/testing';
import { teamAdminMigrations } from '../src/migrations';
import { teamAdminConfigSpec, type TeamAdminConfig } from '../src/team-admin.config';
import { TeamAdminModule } from '../src/team-admin.module';

/** The two teams every suite starts with (ids as identity would have given them). */
export const TEAM_1 = { team_id: 1, name: 'Demo Realty' };
export const TEAM_2 = { team_id: 2, name: 'Rival Homes' };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let agentIds = 1000;

/** An access token as identity would sign it, for one user of the team with one role. */
export function tokenFor(teamId: number, role: Role): Promise<string> {
  return signTestToken({ agent_id: ++agentIds, team_id: teamId, roles: [role], permissions: [], market_id: 0 });
}

/** One token per role of a team. */
export async function teamTokens(teamId: number) {
  const [admin, tc, isa, agent, vendor, client] = await Promise.all(
    (['ADMIN', 'TRANC', 'ISISA', 'AGENT', 'VENDOR', 'CLIENT'] as const).map((role) => tokenFor(teamId, role)),
  );
  return { admin, tc, isa, agent, vendor, client };
}

/** An envelope as identity's relay would deliver it. */
export function envelopeOf<T extends EventType>(type: T, teamId: number, payload: EventPayloads[T]): EventEnvelope<T> {
  return { id: randomUUID(), type, team_id: teamId, occurred_at: new Date().toISOString(), version: 1, payload };
}

export const provisionedEvent = (teamId: number, name: string, market_id = 0, timezone?: string | null) =>
  envelopeOf('identity.team.provisioned', teamId, { team_id: teamId, name, market_id, ...(timezone === undefined ? {} : { timezone }) });

/**
 * team-admin on a fresh database with the local storage driver in a temporary folder. `all` runs the
 * event consumer in process (deliver() needs it); teams 1 and 2 are then provisioned through the bus,
 * otherwise their rows are inserted directly.
 */
export async function bootTeamAdmin(options: { mode?: 'api' | 'all'; env?: Record<string, string> } = {}) {
  const mode = options.mode ?? 'api';
  const database = await createTestDatabase();
  const storageDir = mkdtempSync(path.join(tmpdir(), 'team-admin-storage-'));
  const service = await bootTestService<TeamAdminConfig>({
    service: 'team-admin',
    env: testEnv(database, { STORAGE_DIR: storageDir, ...options.env }),
    configSpec: teamAdminConfigSpec,
    migrations: teamAdminMigrations,
    module: (config) => TeamAdminModule.forRoot(config, mode),
  });
  const events = eventDelivery('team-admin', service.config);
  let nextTeamId = 100;

  const sut = {
    ...service,
    database,
    storageDir,

    /**
     * Puts an event on team-admin's events queue, as identity's relay does (job id = event id unless
     * `jobId` is given, to redeliver the same event as a new job), and waits until it was consumed.
     */
    deliver: events.deliver,

    /** A team row as identity.team.provisioned creates it, inserted directly. */
    async insertTeam(teamId: number, name: string): Promise<void> {
      await service.dataSource.query(`INSERT INTO team_admin.teams (team_id, name) VALUES ($1, $2)`, [teamId, name]);
    },

    /** A team of its own (for tests that count rows), with a token per role. */
    async newTeam(name = `Team ${randomUUID().slice(0, 8)}`) {
      const teamId = nextTeamId++;
      await sut.insertTeam(teamId, name);
      return { team_id: teamId, name, tokens: await teamTokens(teamId) };
    },

    /** Events of one type the team published, oldest first (payloads as stored in the outbox). */
    async published<T extends EventType>(type: T, teamId: number): Promise<EventPayloads[T][]> {
      const rows: { payload: EventPayloads[T] }[] = await service.dataSource.query(
        `SELECT payload FROM team_admin.outbox WHERE type = $1 AND team_id = $2 ORDER BY seq`,
        [type, teamId],
      );
      return rows.map((r) => r.payload);
    },

    close: async () => {
      await events.close();
      await service.close();
      await database.drop();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };

  for (const team of [TEAM_1, TEAM_2]) {
    if (mode === 'all') await sut.deliver(provisionedEvent(team.team_id, team.name));
    else await sut.insertTeam(team.team_id, team.name);
  }
  const team1 = await teamTokens(TEAM_1.team_id);
  return { ...sut, tokens: { ...team1, team2Admin: await tokenFor(TEAM_2.team_id, 'ADMIN') } };
}

export type TeamAdminUnderTest = Awaited<ReturnType<typeof bootTeamAdmin>>;
