import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Boards (spec 001 sections 2-4): where a card sits in its column. Pinned cards come first,
 * the latest pin first (board_pinned_ts); cards moved to the bottom come last, in the order they were
 * moved (board_bottom_ts). The task board reads a column by team and status; its Completed column only
 * the last 30 days, hence the partial index. The task events carry pinned_on_boards.
 */
export class Boards1763700000310 implements MigrationInterface {
  name = 'Boards1763700000310';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['transactions', 'tasks']) {
      await q.query(`ALTER TABLE transactions.${table} ADD COLUMN board_pinned_ts timestamptz, ADD COLUMN board_bottom_ts timestamptz`);
      await q.query(`UPDATE transactions.${table} SET board_pinned_ts = updated_ts WHERE pinned_on_boards`);
    }
    await q.query(`CREATE INDEX tasks_board_idx ON transactions.tasks (team_id, status_id, due_dt NULLS LAST, task_id)`);
    await q.query(`CREATE INDEX tasks_board_completed_idx ON transactions.tasks (team_id, completed_ts) WHERE status_id = 3`);
    await q.query(`
      CREATE OR REPLACE VIEW transactions.task_snapshots AS
      SELECT k.task_id, k.team_id, k.version, jsonb_build_object(
        'task_id', k.task_id, 'client_id', k.client_id, 'team_id', k.team_id, 'name', k.name, 'task_type', k.task_type,
        'status_id', k.status_id, 'done', k.done, 'due_dt', k.due_dt,
        'assigned_to_agent_id', k.assigned_to_agent_id, 'previous_assigned_to_agent_id', k.previous_assigned_to_agent_id,
        'doc_type_id', k.doc_type_id, 'pinned_on_boards', k.pinned_on_boards, 'version', k.version
      ) AS payload
      FROM transactions.tasks k`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE VIEW transactions.task_snapshots AS
      SELECT k.task_id, k.team_id, k.version, jsonb_build_object(
        'task_id', k.task_id, 'client_id', k.client_id, 'team_id', k.team_id, 'name', k.name, 'task_type', k.task_type,
        'status_id', k.status_id, 'done', k.done, 'due_dt', k.due_dt,
        'assigned_to_agent_id', k.assigned_to_agent_id, 'previous_assigned_to_agent_id', k.previous_assigned_to_agent_id,
        'doc_type_id', k.doc_type_id, 'version', k.version
      ) AS payload
      FROM transactions.tasks k`);
    await q.query(`DROP INDEX transactions.tasks_board_completed_idx`);
    await q.query(`DROP INDEX transactions.tasks_board_idx`);
    for (const table of ['tasks', 'transactions']) {
      await q.query(`ALTER TABLE transactions.${table} DROP COLUMN board_bottom_ts, DROP COLUMN board_pinned_ts`);
    }
  }
}
