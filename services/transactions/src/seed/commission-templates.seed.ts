import type { DataSource } from 'typeorm';
import type { CommissionTemplate } from '@app/contracts';
import type { EventOutbox } from '@app/events';
import { CommissionRepository } from '../commission/commission.repository';
import { seedLinesWhereNone } from '../commission/commission-lines';

/** Per side (spec 000): the seeded teams' commission templates, which the seed makes every agent's defaults. */
export const SEED_COMMISSION_TEMPLATES: readonly Omit<CommissionTemplate, 'commission_template_id' | 'client_type_id'>[] = [
  { name: 'Brokerage Split', cap_kind: 'B', pct: 30, flat_amt: 0 },
  { name: 'Royalty', cap_kind: 'R', pct: 6, flat_amt: 0 },
  { name: 'Transaction Fee', cap_kind: null, pct: 0, flat_amt: 395 },
];

/**
 * Adds the team's missing seed templates (by side and name) and publishes the team's list when it added one
 * or never published it; answers the team's seed template ids per side and how many it added.
 */
export async function seedCommissionTemplates(
  dataSource: DataSource,
  outbox: EventOutbox,
  teamId: number,
): Promise<{ added: number; buyer: number[]; seller: number[] }> {
  const repository = new CommissionRepository(dataSource, outbox);
  return dataSource.transaction(async (manager) => {
    // One seed at a time per team: the revision row is the team's lock.
    await manager.query(
      `INSERT INTO transactions.commission_template_revisions (team_id, revision) VALUES ($1, 0) ON CONFLICT DO NOTHING`,
      [teamId],
    );
    const [{ revision }]: { revision: number }[] = await manager.query(
      `SELECT revision FROM transactions.commission_template_revisions WHERE team_id = $1 FOR UPDATE`,
      [teamId],
    );
    const existing = await repository.templates(teamId, manager);
    const ids = { buyer: [] as number[], seller: [] as number[] };
    let added = 0;
    for (const side of ['b', 's'] as const) {
      for (const template of SEED_COMMISSION_TEMPLATES) {
        const found = existing.find((t) => t.client_type_id === side && t.name.toLowerCase() === template.name.toLowerCase());
        const id = found?.commission_template_id ?? (await repository.insert(manager, teamId, { ...template, client_type_id: side }));
        if (!found) added++;
        (side === 'b' ? ids.buyer : ids.seller).push(id);
      }
    }
    if (added > 0 || revision === 0) await repository.publishList(manager, teamId);
    return { added, ...ids };
  });
}

/** The team's seeded transactions without lines get the seed templates' lines (see seedLinesWhereNone). */
export async function seedCommissionLines(dataSource: DataSource, teamId: number, templateIds: readonly number[]): Promise<number> {
  return dataSource.transaction((manager) => seedLinesWhereNone(manager, teamId, templateIds));
}

/**
 * The demo agent's cap year start ('YYYY-MM-DD'): the oldest closing date of the last year from which their
 * brokerage lines still add up to under 14,000 (at least their latest closing), so that the card shows the
 * brokerage cap (20,000) and the royalty cap (3,000, a fifth of it at 30 % against 6 %) both part-way. Null
 * without a closing in the last year.
 */
export async function demoCapYearStart(dataSource: DataSource, teamId: number, agentId: number): Promise<string | null> {
  const [row]: { start: string | null }[] = await dataSource.query(
    `WITH c AS (
       SELECT t.closed_dt, sum(l.amount) AS b
         FROM transactions.transactions t JOIN transactions.commission_lines l ON l.client_id = t.client_id AND l.cap_kind = 'B'
        WHERE t.team_id = $1 AND t.primary_agent_id = $2 AND t.status_category = 'closed'
          AND t.closed_dt > current_date - 365 AND t.closed_dt <= current_date
        GROUP BY t.client_id, t.closed_dt
     ), running AS (SELECT closed_dt, sum(b) OVER (ORDER BY closed_dt DESC ROWS UNBOUNDED PRECEDING) AS total, row_number() OVER (ORDER BY closed_dt DESC) AS n FROM c)
     SELECT to_char(min(closed_dt), 'YYYY-MM-DD') AS start FROM running WHERE total < 14000 OR n = 1`,
    [teamId, agentId],
  );
  return row?.start ?? null;
}
