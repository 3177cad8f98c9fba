import { STAFF_ROLES } from '@app/contracts';
import type { Seeder } from '@app/seed';
import { TeamEntity } from '../users/team.entity';
import { UserEntity } from '../users/user.entity';
import { userSnapshotOf } from '../users/user-snapshot';

/** The seeded caps (spec 000): brokerage 20,000 and royalty 3,000, anniversaries spread over the year. */
export const SEED_BROKERAGE_CAP = 20_000;
export const SEED_ROYALTY_CAP = 3_000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A seeded user's anniversaries: the n-th user of the team gets month n mod 12 and a day from 1 to 28
 * (royalty half a year after brokerage), so the cards show cap years at every stage. The year is the
 * previous one: only month and day count.
 */
export function seedAnniversaries(index: number, year: number): { brokerage: string; royalty: string } {
  const month = (index * 5) % 12;
  const day = ((index * 11) % 28) + 1;
  return { brokerage: `${year}-${pad(month + 1)}-${pad(day)}`, royalty: `${year}-${pad(((month + 6) % 12) + 1)}-${pad(day)}` };
}

/**
 * identity's commission-defaults step, after transactions' seeder made the commission templates
 * (SeedState.commission_templates): every seeded agent of those teams without defaults and caps gets the
 * team's templates as their defaults and the seeded caps and anniversaries, published as identity.user.updated
 * so the agents read copies follow. A user an admin has already given defaults or caps is left alone.
 */
export const identityCommissionDefaultsSeeder: Seeder = {
  service: 'identity',
  step: 'commission-defaults',
  after: ['transactions'],
  entities: [TeamEntity, UserEntity],
  async seed({ dataSource, outbox, state }) {
    const year = new Date().getUTCFullYear() - 1;
    let updated = 0;
    for (const team of state.commission_templates ?? []) {
      const agentIds = state.users
        .filter((u) => u.team_id === team.team_id && u.roles.some((role) => STAFF_ROLES.includes(role)))
        .map((u) => u.agent_id);
      if (agentIds.length === 0) continue;
      updated += await dataSource.transaction(async (manager) => {
        const users = await manager
          .getRepository(UserEntity)
          .createQueryBuilder('u')
          .leftJoinAndSelect('u.team', 'team')
          .where('u.agent_id IN (:...ids)', { ids: agentIds })
          .orderBy('u.agent_id')
          .setLock('pessimistic_write', undefined, ['u'])
          .getMany();
        let changed = 0;
        for (const [index, user] of users.entries()) {
          const untouched =
            user.brokerage_cap_amt === null &&
            user.royalty_cap_amt === null &&
            (user.default_buyer_commission_templates ?? []).length === 0 &&
            (user.default_seller_commission_templates ?? []).length === 0;
          if (!untouched) continue;
          // The transactions seeder may have chosen one from the agent's closings (the demo agent's).
          const chosen = state.cap_anniversaries?.find((a) => a.agent_id === user.agent_id)?.date;
          const anniversaries = chosen ? { brokerage: chosen, royalty: chosen } : seedAnniversaries(index, year);
          user.default_buyer_commission_templates = team.buyer;
          user.default_seller_commission_templates = team.seller;
          user.brokerage_cap_amt = SEED_BROKERAGE_CAP;
          user.royalty_cap_amt = SEED_ROYALTY_CAP;
          user.brokerage_cap_anniversary_dt = anniversaries.brokerage;
          user.royalty_cap_anniversary_dt = anniversaries.royalty;
          user.updated_ts = new Date();
          await manager.getRepository(UserEntity).save(user);
          await outbox.publish(manager, 'identity.user.updated', team.team_id, userSnapshotOf(user));
          changed++;
        }
        return changed;
      });
    }
    return updated ? `gave ${updated} agents default commission templates and caps` : 'commission defaults already present';
  },
  async missing(dataSource, state) {
    const teamIds = (state.commission_templates ?? []).map((team) => team.team_id);
    const [{ known }]: { known: number }[] = await dataSource.query(
      `SELECT count(*)::int AS known FROM identity.commission_templates WHERE team_id = ANY($1::int[])`,
      [teamIds],
    );
    return known < teamIds.length
      ? `${teamIds.length - known} of ${teamIds.length} teams' commission templates have not reached identity yet`
      : null;
  },
};
