import { IdentityProvisionExistingTeams1763700000150 } from '../src/migrations/1763700000150-identity-provision-existing-teams';
import { SEED_TEAMS } from '@app/seed';
import { bootIdentity } from './identity-test-app';

const SEEDED_NAMES = SEED_TEAMS.map((team) => team.name);

/** identity.team.provisioned: team-admin sets up a team's settings from it. */
describe('team provisioning events', () => {
  let identity: Awaited<ReturnType<typeof bootIdentity>>;

  beforeAll(async () => {
    identity = await bootIdentity();
  });
  afterAll(() => identity.close());

  const provisioned = () =>
    identity.dataSource.query(
      `SELECT team_id, payload FROM identity.outbox WHERE type = 'identity.team.provisioned' ORDER BY seq`,
    ) as Promise<{ team_id: number; payload: { team_id: number; name: string; market_id: number } }[]>;

  it('is published by the seed for every team it creates, in the same transaction', async () => {
    const teams: { team_id: number; name: string }[] = await identity.dataSource.query(
      `SELECT team_id, name FROM identity.teams ORDER BY team_id`,
    );
    expect(teams.map((t) => t.name)).toEqual(['Demo Realty', 'Rival Homes', 'Bench Realty']);
    // The seed gives each team its starting time zone (Demo Realty America/Chicago).
    const zones = new Map(SEED_TEAMS.map((team) => [team.name, team.timezone]));
    expect(zones.get('Demo Realty')).toBe('America/Chicago');
    expect(await provisioned()).toEqual(
      teams.map((t) => ({ team_id: t.team_id, payload: { team_id: t.team_id, name: t.name, market_id: 0, timezone: zones.get(t.name) } })),
    );
  });

  it('is published once more for every existing team by the backfill migration (teams made before the event existed)', async () => {
    const before = (await provisioned()).length;
    const runner = identity.dataSource.createQueryRunner();
    try {
      await new IdentityProvisionExistingTeams1763700000150().up(runner);
    } finally {
      await runner.release();
    }
    const after = await provisioned();
    expect(after).toHaveLength(before + SEEDED_NAMES.length);
    expect(after.slice(before).map((e) => e.payload.name)).toEqual(SEEDED_NAMES);
  });
});
