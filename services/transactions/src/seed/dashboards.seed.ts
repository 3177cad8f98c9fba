import type { DataSource } from 'typeorm';
import { GOAL_METRICS } from '@app/contracts';
import { teamTodaySql } from '../tasks/task-writer';

/**
 * Display Mode's seed (spec 002 section 2.1), on the team's seeded transactions and tasks: this year's goals for the
 * team and each of its members (memberIds, from identity's seed: the read copy may still be filling), from what each closed over the last twelve months (a fifth more, at least
 * a little), so the pacing reads like a real team's; and the seed's task completions dated when they were
 * due (the writers date them now), so the activity feed reads like a real one. The ISA appointment setters
 * come with the transactions (demoTransaction). A second run adds nothing.
 */
export async function seedDashboards(dataSource: DataSource, teamId: number, memberIds: readonly number[]): Promise<{ goals: number }> {
  return dataSource.transaction(async (manager) => {
    // Bulk work of the seed, not a request: the service's statement_timeout does not apply.
    await manager.query(`SET LOCAL statement_timeout = 0`);
    // The tables were just bulk-loaded: planned on empty-table statistics, the UPDATE below took minutes.
    await manager.query(`ANALYZE transactions.activities, transactions.tasks, transactions.transactions, transactions.transaction_history`);
    // A seeded completion happened by its due date, and by the closing at the latest (never in the future).
    await manager.query(
      `UPDATE transactions.activities x
          SET ts = least(now(), coalesce((k.due_dt + time '12:00') AT TIME ZONE 'UTC', now()), coalesce((t.closed_dt + time '12:00') AT TIME ZONE 'UTC', now()))
         FROM transactions.tasks k JOIN transactions.transactions t ON t.client_id = k.client_id
        WHERE x.team_id = $1 AND x.kind = 'task_completed' AND k.task_id = x.task_id
          AND x.ts > least(now(), coalesce((k.due_dt + time '12:00') AT TIME ZONE 'UTC', now()), coalesce((t.closed_dt + time '12:00') AT TIME ZONE 'UTC', now())) + interval '1 minute'
          AND t.client_id IN (SELECT h.client_id FROM transactions.transaction_history h WHERE h.team_id = $1 AND h.source = 'seed' AND h.field = 'created')`,
      [teamId],
    );
    const rows: { n: number }[] = await manager.query(
      `WITH year AS (SELECT extract(year FROM ${teamTodaySql('$1')})::int AS y, ${teamTodaySql('$1')} AS today),
       members AS (SELECT unnest($3::int[]) AS agent_id),
       past AS (
         SELECT m.agent_id,
                count(t.client_id) FILTER (WHERE t.closed_dt > (SELECT today FROM year) - 365) AS closed,
                coalesce(avg(t.trans_amt) FILTER (WHERE t.closed_dt IS NOT NULL), 350000) AS price
           FROM members m LEFT JOIN transactions.transactions t ON t.primary_agent_id = m.agent_id AND t.team_id = $1
          GROUP BY m.agent_id
       ),
       per_agent AS (
         SELECT agent_id, greatest(2, ceil(closed * 1.2))::numeric AS closed, price FROM past WHERE closed > 0
       ),
       goals AS (
         SELECT agent_id, metric, CASE metric
                  WHEN 'appointments_set' THEN closed * 4 WHEN 'appointments_met' THEN closed * 3 WHEN 'signed' THEN closed * 2
                  WHEN 'under_contract' THEN ceil(closed * 1.5) WHEN 'closed' THEN closed
                  WHEN 'closed_volume' THEN round(closed * price, -3) ELSE round(closed * price * 0.03, -2) END AS value
           FROM per_agent, unnest($2::text[]) AS metric
       ),
       team AS (SELECT NULL::int AS agent_id, metric, sum(value) AS value FROM goals GROUP BY metric)
       INSERT INTO transactions.goals (team_id, year, metric, agent_id, value)
       SELECT $1, (SELECT y FROM year), metric, agent_id, value FROM (SELECT * FROM goals UNION ALL SELECT * FROM team) g
        WHERE NOT EXISTS (SELECT 1 FROM transactions.goals x WHERE x.team_id = $1 AND x.year = (SELECT y FROM year))
       RETURNING 1 AS n`,
      [teamId, [...GOAL_METRICS], memberIds],
    );
    return { goals: rows.length };
  });
}
