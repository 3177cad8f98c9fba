import type { DataSource, EntityManager } from 'typeorm';
import type { GoalMetric } from '@app/contracts';

/**
 * Goals and activity rows in the transactions schema of a test database (Display Mode's figures, spec 002),
 * written with SQL, on the pattern of TransactionsFactory.
 */
export class DashboardsFactory {
  constructor(private readonly db: DataSource | EntityManager) {}

  /** A yearly goal of the team (agentId null) or of one agent. */
  async goal(teamId: number, year: number, metric: GoalMetric, agentId: number | null, value: number): Promise<void> {
    await this.db.query(
      `INSERT INTO transactions.goals (team_id, year, metric, agent_id, value) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (team_id, year, metric, coalesce(agent_id, 0)) DO UPDATE SET value = EXCLUDED.value`,
      [teamId, year, metric, agentId, value],
    );
  }

  /** An activity row (ts ISO; default now). */
  async activity(
    teamId: number,
    row: { agent_id: number | null; client_id?: number | null; kind?: string; text?: string; ts?: string },
  ): Promise<number> {
    const [{ activity_id }]: { activity_id: number }[] = await this.db.query(
      `INSERT INTO transactions.activities (team_id, agent_id, client_id, kind, text, ts) VALUES ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now())) RETURNING activity_id::int`,
      [
        teamId,
        row.agent_id,
        row.client_id ?? null,
        row.kind ?? 'created',
        row.text ?? 'New buyer transaction: 1 Factory St',
        row.ts ?? null,
      ],
    );
    return activity_id;
  }
}
