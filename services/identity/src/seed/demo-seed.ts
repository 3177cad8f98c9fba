import type { DataSource, EntityManager } from 'typeorm';
import { VENDOR_INVITE_TTL_DAYS, type Permission } from '@app/contracts';
import type { EventOutbox } from '@app/events';
import {
  DEMO_PASSWORD,
  DEMO_VENDOR_INVITE,
  SEED_TEAMS,
  volumeUsers,
  type SeedTeamSet,
  type Seeder,
  type SeedState,
  type SeedTeam,
  type SeedUser,
} from '@app/seed';
import { PasswordHasher } from '../auth/password-hasher';
import { TeamEntity } from '../users/team.entity';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/user-snapshot';
import { hashToken } from '../auth/refresh-tokens.repository';
import { inviteStatusOf, VendorEnrollmentRepository } from '../vendor-enrollment/vendor-enrollment.repository';

export { DEMO_PASSWORD };

export interface IdentitySeedResult {
  created: string[];
  updated: string[];
  teams: SeedState['teams'];
  users: SeedState['users'];
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** extraUsers: the volume staff of this run; they get licences of their own on top of the plan's. */
async function upsertTeam(
  manager: EntityManager,
  outbox: EventOutbox,
  seedTeam: SeedTeam,
  extraUsers: number,
): Promise<{ team: TeamEntity; planChanged: boolean }> {
  const teams = manager.getRepository(TeamEntity);
  const licences = seedTeam.user_licenses_total + extraUsers;
  const team = await teams.createQueryBuilder('t').where('lower(t.name) = lower(:name)', { name: seedTeam.name }).getOne();
  if (!team) {
    const created = await teams.save(
      teams.create({
        name: seedTeam.name,
        market_id: 0,
        permissions: seedTeam.permissions,
        user_licenses_total: licences,
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
  const seatsShort = team.user_licenses_total < licences || team.esign_seats_total < seedTeam.esign_seats_total;
  const planChanged = !sameSet(team.permissions, seedTeam.permissions);
  if (planChanged || seatsShort) {
    team.permissions = [...seedTeam.permissions];
    team.user_licenses_total = Math.max(team.user_licenses_total, licences);
    team.esign_seats_total = Math.max(team.esign_seats_total, seedTeam.esign_seats_total);
    await teams.save(team);
  }
  return { team, planChanged };
}

/**
 * Creates the team's missing users (one multi-row insert per chunk, every one with the same password
 * hash) and brings existing ones' permissions and e-sign switch up to date (never a password). Each
 * change publishes its event in the caller's transaction.
 */
async function upsertUsers(
  manager: EntityManager,
  outbox: EventOutbox,
  team: TeamEntity,
  seedUsers: readonly SeedUser[],
  passwordHash: () => Promise<string>,
  planChanged: boolean,
  result: IdentitySeedResult,
): Promise<void> {
  const users = manager.getRepository(UserEntity);
  const existing = seedUsers.length
    ? await users
        .createQueryBuilder('u')
        .where('lower(u.email) IN (:...emails)', { emails: seedUsers.map((u) => u.email.toLowerCase()) })
        .getMany()
    : [];
  const byEmail = new Map(existing.map((user) => [user.email.toLowerCase(), user]));
  const missing = new Set(seedUsers.filter((seedUser) => !byEmail.has(seedUser.email.toLowerCase())));
  const hash = missing.size ? await passwordHash() : '';
  // Chunks keep each insert far below Postgres's 65,535 parameters (--transactions 10000000 adds 20,000 agents).
  const created = await users.save(
    [...missing].map((seedUser) =>
      users.create({
        email: seedUser.email,
        first_name: seedUser.first_name,
        last_name: seedUser.last_name,
        roles: seedUser.roles,
        team_id: team.team_id,
        password_hash: hash,
        mobile_phone: '5555550100',
        timezone: 'America/New_York',
        status: 'active',
        permissions: seedUser.permissions ?? [],
        esign_enabled: seedUser.esign_enabled ?? false,
      }),
    ),
    { chunk: 1000 },
  );
  for (const user of created) {
    await outbox.publish(manager, 'identity.user.created', team.team_id, userSnapshotOf({ ...user, team }));
    byEmail.set(user.email.toLowerCase(), user);
    result.created.push(user.email);
  }

  for (const seedUser of seedUsers) {
    const user = byEmail.get(seedUser.email.toLowerCase())!;
    result.users.push({ email: seedUser.email, agent_id: user.agent_id, team_id: team.team_id, roles: user.roles });
    if (missing.has(seedUser)) continue;
    const permissions: Permission[] = seedUser.permissions ?? [];
    const esign = seedUser.esign_enabled ?? false;
    const grantsChanged = !sameSet(user.permissions, permissions) || user.esign_enabled !== esign;
    if (grantsChanged) {
      user.permissions = permissions;
      user.esign_enabled = esign;
      user.updated_ts = new Date();
      await users.save(user);
    }
    if (!grantsChanged && !planChanged) continue;
    // Its effective permissions changed: the snapshot (and the next token) carry them.
    await outbox.publish(manager, 'identity.user.updated', team.team_id, userSnapshotOf({ ...user, team }));
    result.updated.push(seedUser.email);
  }
}

/**
 * The seeded teams and users of the given sets, created when missing and brought up to date when not
 * (plan, permissions, e-sign; never a password a user changed). With transactions > 0 each volume team
 * also gets its volume staff (volumeUsers). Every change publishes its event through the outbox in the
 * same transaction, so other services' read copies fill in.
 */
export async function seedIdentityDemo(
  dataSource: DataSource,
  outbox: EventOutbox,
  sets: readonly SeedTeamSet[] = ['demo', 'bench'],
  transactions = 0,
): Promise<IdentitySeedResult> {
  const hasher = new PasswordHasher();
  let hash: Promise<string> | undefined;
  const passwordHash = () => (hash ??= hasher.hash(DEMO_PASSWORD));
  const result: IdentitySeedResult = { created: [], updated: [], teams: [], users: [] };
  await dataSource.transaction(async (manager) => {
    for (const seedTeam of SEED_TEAMS.filter((t) => sets.includes(t.set))) {
      const generated = volumeUsers(seedTeam, transactions);
      const { team, planChanged } = await upsertTeam(manager, outbox, seedTeam, generated.length);
      result.teams.push({
        key: seedTeam.key,
        team_id: team.team_id,
        name: team.name,
        timezone: seedTeam.timezone,
        volume: seedTeam.volume ?? false,
      });
      await upsertUsers(manager, outbox, team, [...seedTeam.users, ...generated], passwordHash, planChanged, result);
    }
  });
  return result;
}

/**
 * Keeps one pending invite with the demo token for Demo Realty (DEMO_VENDOR_INVITE): none yet, or the last
 * one used, expired or revoked, adds a new one. Answers whether it added one.
 */
export async function seedDemoVendorInvite(dataSource: DataSource, teamId: number): Promise<boolean> {
  const invites = new VendorEnrollmentRepository(dataSource);
  const tokenHash = hashToken(DEMO_VENDOR_INVITE.token);
  const last = await invites.inviteByHash(tokenHash);
  if (last && inviteStatusOf(last) === 'pending') return false;
  await invites.insertInvite({
    team_id: teamId,
    token_hash: tokenHash,
    email: null,
    name: DEMO_VENDOR_INVITE.name,
    vendor_type: DEMO_VENDOR_INVITE.vendor_type,
    created_by_agent_id: null,
    ttl_days: VENDOR_INVITE_TTL_DAYS,
    seeded: true,
  });
  return true;
}

/** identity's seeder: the teams and users every other seeder builds on, and the demo vendor invite. */
export const identitySeeder: Seeder = {
  service: 'identity',
  entities: [TeamEntity, UserEntity],
  async seed({ dataSource, outbox, options, state }) {
    const { created, updated, teams, users } = await seedIdentityDemo(dataSource, outbox, options.teams, options.transactions);
    state.teams.push(...teams);
    state.users.push(...users);
    const demoTeam = teams.find((team) => team.key === DEMO_VENDOR_INVITE.team);
    const invited = demoTeam ? await seedDemoVendorInvite(dataSource, demoTeam.team_id) : false;
    const parts = [
      created.length ? `created ${created.length} users` : '',
      updated.length ? `brought ${updated.length} users up to date` : '',
      invited ? 'added a pending vendor invite' : '',
    ].filter(Boolean);
    return `${teams.length} teams; ${parts.length ? parts.join(', ') : 'users already present'}`;
  },
};
