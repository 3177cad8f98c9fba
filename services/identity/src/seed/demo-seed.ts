import type { DataSource, EntityManager } from 'typeorm';
import type { Permission } from '@app/contracts';
import type { EventOutbox } from '@app/events';
import { DEMO_PASSWORD, SEED_TEAMS, type SeedTeamSet, type Seeder, type SeedState, type SeedTeam, type SeedUser } from '@app/seed';
import { PasswordHasher } from '../auth/password-hasher';
import { TeamEntity } from '../users/team.entity';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/user-snapshot';

export { DEMO_PASSWORD };

export interface IdentitySeedResult {
  created: string[];
  updated: string[];
  teams: SeedState['teams'];
  users: SeedState['users'];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

async function upsertTeam(manager: EntityManager, outbox: EventOutbox, seedTeam: SeedTeam): Promise<{ team: TeamEntity; planChanged: boolean }> {
  const teams = manager.getRepository(TeamEntity);
  const team = await teams.createQueryBuilder('t').where('lower(t.name) = lower(:name)', { name: seedTeam.name }).getOne();
  if (!team) {
    const created = await teams.save(
      teams.create({
        name: seedTeam.name,
        market_id: 0,
        permissions: seedTeam.permissions,
        user_licenses_total: seedTeam.user_licenses_total,
        esign_seats_total: seedTeam.esign_seats_total,
      }),
    );
    // team-admin sets up the team's settings (name, timezone, folders) from this event.
    await outbox.publish(manager, 'identity.team.provisioned', created.team_id, {
      team_id: created.team_id,
      name: created.name,
      market_id: created.market_id,
      timezone: seedTeam.timezone,
    });
    return { team: created, planChanged: false };
  }
  // The plan is the seed's: a re-run brings it up to date (e.g. agent_esign became a per-user permission).
  // Seats only grow: an admin may have bought more.
  const seatsShort = team.user_licenses_total < seedTeam.user_licenses_total || team.esign_seats_total < seedTeam.esign_seats_total;
  const planChanged = !sameSet(team.permissions, seedTeam.permissions);
  if (planChanged || seatsShort) {
    team.permissions = [...seedTeam.permissions];
    team.user_licenses_total = Math.max(team.user_licenses_total, seedTeam.user_licenses_total);
    team.esign_seats_total = Math.max(team.esign_seats_total, seedTeam.esign_seats_total);
    await teams.save(team);
  }
  return { team, planChanged };
}

/** Creates a missing user; brings an existing one's permissions and e-sign switch up to date (never its password). */
async function upsertUser(
  manager: EntityManager,
  outbox: EventOutbox,
  team: TeamEntity,
  seedUser: SeedUser,
  passwordHash: () => Promise<string>,
  planChanged: boolean,
): Promise<{ user: UserEntity; change: 'created' | 'updated' | null }> {
  const users = manager.getRepository(UserEntity);
  const permissions: Permission[] = seedUser.permissions ?? [];
  const esign = seedUser.esign_enabled ?? false;
  const existing = await users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email: seedUser.email }).getOne();
  if (!existing) {
    const user = await users.save(
      users.create({
        email: seedUser.email,
        first_name: seedUser.first_name,
        last_name: seedUser.last_name,
        roles: seedUser.roles,
        team_id: team.team_id,
        password_hash: await passwordHash(),
        mobile_phone: '5555550100',
        timezone: 'America/New_York',
        status: 'active',
        permissions,
        esign_enabled: esign,
      }),
    );
    await outbox.publish(manager, 'identity.user.created', team.team_id, userSnapshotOf({ ...user, team }));
    return { user, change: 'created' };
  }
  const grantsChanged = !sameSet(existing.permissions, permissions) || existing.esign_enabled !== esign;
  if (grantsChanged) {
    existing.permissions = permissions;
    existing.esign_enabled = esign;
    existing.updated_ts = new Date();
    await users.save(existing);
  }
  if (!grantsChanged && !planChanged) return { user: existing, change: null };
  // Its effective permissions changed: the snapshot (and the next token) carry them.
  await outbox.publish(manager, 'identity.user.updated', team.team_id, userSnapshotOf({ ...existing, team }));
  return { user: existing, change: 'updated' };
}

/**
 * The seeded teams and users of the given sets, created when missing and brought up to date when not
 * (plan, permissions, e-sign; never a password a user changed). Every change publishes its event
 * through the outbox in the same transaction, so other services' read copies fill in.
 */
export async function seedIdentityDemo(
  dataSource: DataSource,
  outbox: EventOutbox,
  sets: readonly SeedTeamSet[] = ['demo', 'bench'],
): Promise<IdentitySeedResult> {
  const hasher = new PasswordHasher();
  let hash: Promise<string> | undefined;
  const passwordHash = () => (hash ??= hasher.hash(DEMO_PASSWORD));
  const result: IdentitySeedResult = { created: [], updated: [], teams: [], users: [] };
  await dataSource.transaction(async (manager) => {
    for (const seedTeam of SEED_TEAMS.filter((t) => sets.includes(t.set))) {
      const { team, planChanged } = await upsertTeam(manager, outbox, seedTeam);
      result.teams.push({ key: seedTeam.key, team_id: team.team_id, name: team.name, timezone: seedTeam.timezone });
      for (const seedUser of seedTeam.users) {
        const { user, change } = await upsertUser(manager, outbox, team, seedUser, passwordHash, planChanged);
        if (change) result[change].push(seedUser.email);
        result.users.push({ email: seedUser.email, agent_id: user.agent_id, team_id: team.team_id });
      }
    }
  });
  return result;
}

/** identity's seeder: the teams and users every other seeder builds on. */
export const identitySeeder: Seeder = {
  service: 'identity',
  entities: [TeamEntity, UserEntity],
  async seed({ dataSource, outbox, options, state }) {
    const { created, updated, teams, users } = await seedIdentityDemo(dataSource, outbox, options.teams);
    state.teams.push(...teams);
    state.users.push(...users);
    const parts = [created.length ? `created ${created.length} users` : '', updated.length ? `brought ${updated.length} users up to date` : ''].filter(Boolean);
    return `${teams.length} teams; ${parts.length ? parts.join(', ') : 'users already present'}`;
  },
};
