import type { DataSource } from 'typeorm';
import { FILTER_COMPONENTS, type TransactionFilterKeys } from '@app/contracts';

/** Team filters every component gets (spec 001 section 3). */
const TEAM_FILTERS: readonly { name: string; filters: TransactionFilterKeys }[] = [
  { name: 'Under Contract', filters: { client_filter: 'under_contract' } },
  { name: 'Closed This Year', filters: { client_filter: 'closed', status_date_preset: 'thisYear' } },
];

/**
 * The team's saved filters: 'Under Contract' and 'Closed This Year' for each component, made by the team's
 * admin, and the demo agent's own 'My Buyers' on the transactions screen. Seeded again, nothing doubles.
 */
export async function seedSavedFilters(dataSource: DataSource, teamId: number, adminId: number, demoAgentId?: number): Promise<number> {
  let added = 0;
  for (const component of FILTER_COMPONENTS) {
    for (const filter of TEAM_FILTERS) {
      const rows = await dataSource.query(
        `INSERT INTO transactions.transaction_filters (team_id, owner_type, owner_agent_id, component, filter_name, filters, created_by)
         VALUES ($1, 'team', NULL, $2, $3, $4, $5)
         ON CONFLICT (team_id, component, lower(filter_name)) WHERE owner_type = 'team' DO NOTHING RETURNING filter_id`,
        [teamId, component, filter.name, JSON.stringify(filter.filters), adminId],
      );
      added += rows.length;
    }
  }
  if (demoAgentId !== undefined) {
    const rows = await dataSource.query(
      `INSERT INTO transactions.transaction_filters (team_id, owner_type, owner_agent_id, component, filter_name, filters, created_by)
       VALUES ($1, 'personal', $2, 'transactions', 'My Buyers', $3, $2)
       ON CONFLICT (team_id, component, owner_agent_id, lower(filter_name)) WHERE owner_type = 'personal' DO NOTHING RETURNING filter_id`,
      [teamId, demoAgentId, JSON.stringify({ type_filter: 'b' } satisfies TransactionFilterKeys)],
    );
    added += rows.length;
  }
  return added;
}
