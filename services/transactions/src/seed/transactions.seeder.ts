import type { Seeder } from '@app/seed';
import { seedTransactionsDemoForms } from '../forms/forms-demo-seed';

/**
 * transactions' seeder: the seeded teams' forms. The team ids come from identity's seeder (in memory:
 * never from identity's schema); the agents and teams read copies fill in from identity's events.
 */
export const transactionsSeeder: Seeder = {
  service: 'transactions',
  after: ['identity'],
  async seed({ dataSource, state }) {
    const forms = await seedTransactionsDemoForms(dataSource, state.teams.map((team) => team.team_id));
    return forms ? `created ${forms} forms` : 'forms already present';
  },
  async missing(dataSource, state) {
    const agentIds = state.users.map((user) => user.agent_id);
    const teamIds = state.teams.map((team) => team.team_id);
    const [row]: { agents: number; teams: number }[] = await dataSource.query(
      `SELECT (SELECT count(*)::int FROM transactions.agents WHERE agent_id = ANY($1::int[])) AS agents,
              (SELECT count(*)::int FROM transactions.teams WHERE team_id = ANY($2::int[])) AS teams`,
      [agentIds, teamIds],
    );
    if (row.agents < agentIds.length) return `${agentIds.length - row.agents} of ${agentIds.length} users are not in the agents read copy yet`;
    if (row.teams < teamIds.length) return `${teamIds.length - row.teams} of ${teamIds.length} teams are not in the teams read copy yet`;
    return null;
  },
};
